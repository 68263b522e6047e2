"use client";

import { useQuery } from "@tanstack/react-query";
import { Pencil, Plus } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { lazyComponent } from "@/components/common/lazy-component";
import { StatusDot } from "@/components/dashboard/status-dot";
import { useRateFormat } from "@/components/dashboard/use-units";
import { useCan, useConsole } from "@/components/shell/use-console";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { Link } from "@/lib/links/schema";
import { nodeQueryOptions } from "@/lib/nodes/queries";
import { linkHealthQueryOptions } from "@/lib/telemetry/queries";
import { cn } from "@/lib/utils";
import { linkEnds } from "./link-ends";
import { ActionsHead } from "@/components/common/table-state";

const LinkDialog = lazyComponent(() => import("@/components/links/link-dialog").then((module) => module.LinkDialog));

/** A node's link page (SPEC §2): its links with far end, type, bandwidth, cost, status and health, live; create and edit. */
export function NodeLinkPage({ nodeId }: { nodeId: string }) {
  const t = useTranslations("nodes.links");
  const units = useRateFormat();
  const { organization } = useConsole();
  const canWrite = useCan("common:config:write");
  const node = useQuery(nodeQueryOptions(nodeId));
  const health = useQuery(linkHealthQueryOptions("node", nodeId));
  const [editing, setEditing] = useState<{ link?: Link } | null>(null);
  if (!node.data) return null;
  const states = new Map((health.data?.items ?? []).map((item) => [item.linkId, item]));
  return (
    <Card className="gap-0 pb-0" data-testid="node-links">
      <CardHeader className="border-b pb-4">
        <CardTitle>{t("title")}</CardTitle>
        <CardDescription>{t("description", { node: node.data.name })}</CardDescription>
        {canWrite && (
          <CardAction>
            <Button size="sm" onClick={() => setEditing({})} onMouseEnter={LinkDialog.preload} onFocus={LinkDialog.preload} data-testid="link-add">
              <Plus aria-hidden />
              {t("add")}
            </Button>
          </CardAction>
        )}
      </CardHeader>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead className="pl-6">{t("name")}</TableHead>
            <TableHead>{t("farEnd")}</TableHead>
            <TableHead>{t("type")}</TableHead>
            <TableHead className="text-right">{t("bandwidth")}</TableHead>
            <TableHead className="text-right">{t("cost")}</TableHead>
            <TableHead>{t("status")}</TableHead>
            <TableHead>{t("health")}</TableHead>
            <TableHead className="text-right">{t("traffic")}</TableHead>
            {canWrite && <ActionsHead className="w-12 pr-6" />}
          </TableRow>
        </TableHeader>
        <TableBody>
          {node.data.links.length === 0 && (
            <TableRow>
              <TableCell colSpan={canWrite ? 9 : 8} className="px-6 py-10 text-center whitespace-normal text-muted-foreground">
                {t("empty")}
              </TableCell>
            </TableRow>
          )}
          {node.data.links.map((link) => {
            const ends = linkEnds(node.data, link);
            const state = states.get(link.id);
            return (
              <TableRow key={link.id} data-testid="node-link-row">
                <TableCell className="pl-6 font-medium">{link.name}</TableCell>
                <TableCell>
                  <span className="font-mono">{ends.farName}</span>
                  <span className="ml-2 text-xs text-muted-foreground">{t("via", { port: ends.localPort, vlan: ends.localVlan })}</span>
                </TableCell>
                <TableCell>{t(`types.${link.type}`)}</TableCell>
                <TableCell className="text-right tabular-nums">{units.rate(link.bandwidth * 1e6)}</TableCell>
                <TableCell className="text-right tabular-nums">{link.cost}</TableCell>
                <TableCell data-testid="link-status" data-status={state?.status ?? "unknown"}>
                  <span className={cn("text-xs", state?.status === "down" && "font-medium text-status-bad")}>{t(`statuses.${state?.status ?? "unknown"}`)}</span>
                </TableCell>
                <TableCell>{state ? <StatusDot state={state.health} /> : <StatusDot state="unknown" />}</TableCell>
                <TableCell className="text-right text-xs whitespace-nowrap tabular-nums text-muted-foreground">
                  {t("rxTx", { rx: units.rate(state?.rxBps), tx: units.rate(state?.txBps) })}
                </TableCell>
                {canWrite && (
                  <TableCell className="pr-6 text-right">
                    <Button
                      variant="ghost"
                      size="icon"
                      onClick={() => setEditing({ link })}
                      onMouseEnter={LinkDialog.preload}
                      aria-label={t("edit", { name: link.name })}
                      title={t("edit", { name: link.name })}
                    >
                      <Pencil aria-hidden />
                    </Button>
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {editing && <LinkDialog mspId={organization.id} nodeId={nodeId} nodeName={node.data.name} link={editing.link} onClose={() => setEditing(null)} />}
    </Card>
  );
}
