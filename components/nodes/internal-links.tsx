"use client";

import { useTranslations } from "next-intl";
import { useRateFormat } from "@/components/dashboard/use-units";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { NodeDetail } from "@/lib/nodes/schema";
import { linkEnds } from "./link-ends";

/** The configuration's read view of the node's links: which of its interfaces or IPsec endpoints each one leaves from. */
export function InternalLinks({ node }: { node: NodeDetail }) {
  const t = useTranslations("nodes.internalLinks");
  const units = useRateFormat();
  return (
    <Card className="gap-0 pb-0" data-testid="internal-links">
      <CardHeader className="border-b pb-4">
        <CardTitle>{t("title")}</CardTitle>
        <CardDescription>{t("description")}</CardDescription>
      </CardHeader>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead className="pl-6">{t("local")}</TableHead>
            <TableHead>{t("vlan")}</TableHead>
            <TableHead>{t("farEnd")}</TableHead>
            <TableHead>{t("farVlan")}</TableHead>
            <TableHead>{t("link")}</TableHead>
            <TableHead className="pr-6 text-right">{t("bandwidth")}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {node.links.length === 0 && (
            <TableRow>
              <TableCell colSpan={6} className="px-6 py-8 text-center whitespace-normal text-muted-foreground">
                {t("empty")}
              </TableCell>
            </TableRow>
          )}
          {node.links.map((link) => {
            const ends = linkEnds(node, link);
            return (
              <TableRow key={link.id} data-testid="internal-link-row">
                <TableCell className="pl-6 font-mono">{ends.localPort}</TableCell>
                <TableCell className="tabular-nums">{ends.localVlan}</TableCell>
                <TableCell className="font-mono">{ends.farName}</TableCell>
                <TableCell className="tabular-nums">{ends.farVlan}</TableCell>
                <TableCell>
                  {link.name} <span className="text-xs text-muted-foreground">({t(`types.${link.type}`)})</span>
                </TableCell>
                <TableCell className="pr-6 text-right tabular-nums">{units.rate(link.bandwidth * 1e6)}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Card>
  );
}
