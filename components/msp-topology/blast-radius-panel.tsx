"use client";

import { useQuery } from "@tanstack/react-query";
import { ArrowRight, Filter, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { ErrorAlert } from "@/components/errors/error-alert";
import { StatusDot } from "@/components/dashboard/status-dot";
import { SlaBadge } from "@/components/paths/sla-badge";
import { IntentLink } from "@/components/shell/intent-link";
import { useConsole } from "@/components/shell/use-console";
import { useTopologyFormat } from "@/components/topology/use-topology-format";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { organizationPath } from "@/lib/routes";
import { blastRadiusQueryOptions, type TopologySelection } from "@/lib/topology/queries";
import type { TopologyGraph } from "@/lib/topology/schema";
import { nodeHref } from "./node-links";

function Fact({ label, wide, children }: { label: string; wide?: boolean; children: React.ReactNode }) {
  return (
    <div className={wide ? "col-span-2 grid gap-0.5" : "grid gap-0.5"}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

/** What the selected link or node is, from the graph already on the page. */
function Facts({ selection, graph }: { selection: TopologySelection; graph: TopologyGraph | undefined }) {
  const t = useTranslations("mspTopology");
  const types = useTranslations("topology.types");
  const kinds = useTranslations("topology.kinds");
  const format = useTopologyFormat();
  const { organization } = useConsole();
  const nodeName = (id: string) => graph?.nodes.find((node) => node.id === id)?.name ?? "—";
  if (selection.type === "link") {
    const link = graph?.links.find((item) => item.id === selection.id);
    if (!link) return null;
    return (
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-6" data-testid="selection-facts">
        <Fact label={t("details.ends")} wide>
          <span className="flex flex-wrap items-center gap-1.5">
            {nodeName(link.sourceNodeId)} <ArrowRight aria-hidden className="size-3.5 text-muted-foreground" /> {nodeName(link.destinationNodeId)}
          </span>
        </Fact>
        <Fact label={t("details.type")}>{kinds(link.type)}</Fact>
        <Fact label={t("details.priority")}>{link.cost}</Fact>
        <Fact label={t("details.bandwidth")}>{format.bandwidth(link.bandwidth)}</Fact>
        <Fact label={t("details.status")}>
          <StatusDot state={link.health} />
        </Fact>
      </dl>
    );
  }
  const node = graph?.nodes.find((item) => item.id === selection.id);
  if (!node) return null;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="selection-facts">
      <Fact label={t("details.kind")}>
        <IntentLink href={organizationPath(organization.id, nodeHref(node))} className="hover:underline">
          {types(node.kind)}
        </IntentLink>
      </Fact>
      <Fact label={t("details.place")}>{node.address || "—"}</Fact>
      <Fact label={t("details.device")}>{t(`nodeStates.${node.state}`)}</Fact>
      <Fact label={t("details.links")}>{graph?.links.filter((link) => link.sourceNodeId === node.id || link.destinationNodeId === node.id).length ?? 0}</Fact>
    </dl>
  );
}

/**
 * The selected link's or node's blast radius: the customers and paths whose route crosses it, the worst SLA first,
 * so an engineer knows who is hit before touching it.
 */
export function BlastRadiusPanel({
  selection,
  graph,
  onClose,
  onShowLinks,
}: {
  selection: TopologySelection;
  graph: TopologyGraph | undefined;
  onClose: () => void;
  onShowLinks: (nodeId: string) => void;
}) {
  const t = useTranslations("mspTopology.blast");
  const errors = useTranslations("errors");
  const { organization } = useConsole();
  const radius = useQuery(blastRadiusQueryOptions(selection.type, selection.id));
  const name =
    radius.data?.target.name ??
    (selection.type === "link" ? graph?.links.find((link) => link.id === selection.id)?.name : graph?.nodes.find((node) => node.id === selection.id)?.name) ??
    "";
  return (
    <Card className="mb-4 gap-4" data-testid="blast-radius" data-target={`${selection.type}:${selection.id}`}>
      <CardHeader>
        <CardTitle role="heading" aria-level={2} className="text-base">{t(selection.type === "link" ? "ofLink" : "ofNode", { name })}</CardTitle>
        <CardDescription>{t("description")}</CardDescription>
        <CardAction className="flex gap-1">
          {selection.type === "node" && (
            <Button variant="outline" size="sm" onClick={() => onShowLinks(selection.id)} data-testid="show-node-links">
              <Filter aria-hidden />
              {t("showLinks")}
            </Button>
          )}
          <Button variant="ghost" size="icon" onClick={onClose} aria-label={t("close")} data-testid="close-blast-radius">
            <X aria-hidden />
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Facts selection={selection} graph={graph} />
        {radius.isPending ? (
          <div className="grid gap-2">
            <Skeleton className="h-5 w-72" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : radius.isError ? (
          <ErrorAlert message={errors("loadingContent", { error: radius.error.message })} onRetry={() => radius.refetch()} />
        ) : (
          <>
            <p className="text-sm font-medium" data-testid="blast-summary">
              {t("summary", { paths: radius.data.pathCount, customers: radius.data.customers.length })}
            </p>
            {radius.data.customers.length > 0 && (
              <ul className="flex flex-wrap gap-2" aria-label={t("customers")} data-testid="blast-customers">
                {radius.data.customers.map((customer) => (
                  <li key={customer.organizationId} className="flex items-center gap-2 rounded-md border px-2.5 py-1 text-sm" data-testid="blast-customer">
                    <span className="font-medium">{customer.name}</span>
                    <span className="text-muted-foreground tabular-nums">{t("pathCount", { count: customer.pathCount })}</span>
                    <SlaBadge health={customer.worstSla} />
                  </li>
                ))}
              </ul>
            )}
            {radius.data.paths.length > 0 && (
              <div className="max-h-80 overflow-auto rounded-md border">
                <Table data-testid="blast-paths">
                  <TableHeader>
                    <TableRow>
                      <TableHead className="pl-3">{t("columns.path")}</TableHead>
                      <TableHead>{t("columns.customer")}</TableHead>
                      <TableHead>{t("columns.ends")}</TableHead>
                      <TableHead className="pr-3">{t("columns.sla")}</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {radius.data.paths.map((path) => (
                      <TableRow key={path.id} data-testid="blast-path">
                        <TableCell className="max-w-56 truncate pl-3">
                          <IntentLink href={organizationPath(organization.id, `paths/${encodeURIComponent(path.id)}`)} className="font-medium hover:underline">
                            {path.name}
                          </IntentLink>
                        </TableCell>
                        <TableCell className="text-muted-foreground">{path.organizationName}</TableCell>
                        <TableCell>
                          <span className="flex items-center gap-1.5">
                            {path.sourceSiteName} <ArrowRight aria-hidden className="size-3.5 text-muted-foreground" /> {path.destinationSiteName}
                          </span>
                        </TableCell>
                        <TableCell className="pr-3">
                          <SlaBadge health={path.sla} />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
            )}
            {radius.data.pathCount > radius.data.paths.length && (
              <p className="text-xs text-muted-foreground">{t("cut", { shown: radius.data.paths.length, count: radius.data.pathCount })}</p>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
