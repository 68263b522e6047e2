"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { isConnectorKind } from "@/lib/dashboard/format";
import { useBandwidthFormatter } from "@/components/connectors/bandwidth";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { byConnectorHealth, hiddenRows } from "@/lib/dashboard/lists";
import type { ConnectorHealthList } from "@/lib/telemetry/schema";
import { cn } from "@/lib/utils";
import { MoreRows, useExpandableList } from "./capped-list";
import { CardMessage, CardSkeleton, DashboardCard } from "./dashboard-card";
import type { DashboardLinks } from "./links";
import { StatusDot } from "./status-dot";
import { useRateFormat } from "./use-units";
import { cardQueries } from "@/lib/dashboard/card-queries";

type ConnectorHealth = ConnectorHealthList["items"][number];

/** Utilization as a small bar: warning from 80 %, bad from 95 %. */
export function UtilizationBar({ percent }: { percent: number | null }) {
  const units = useRateFormat();
  if (percent === null) return <span className="text-muted-foreground">—</span>;
  const tone = percent >= 95 ? "bg-status-bad" : percent >= 80 ? "bg-status-warning" : "bg-status-healthy";
  return (
    <span className="inline-flex items-center gap-2">
      <span className="h-1.5 w-14 rounded-full bg-muted">
        <span className={cn("block h-1.5 rounded-full", tone)} style={{ width: `${Math.min(100, percent)}%` }} />
      </span>
      <span className="w-12 text-right font-mono tabular-nums">{units.percent(percent)}</span>
    </span>
  );
}

function ConnectorRows({ items, links, showSite }: { items: ConnectorHealth[]; links: DashboardLinks; showSite: boolean }) {
  const t = useTranslations("dashboard");
  const kinds = useTranslations("connectors.kinds");
  const units = useRateFormat();
  const bandwidth = useBandwidthFormatter();
  return (
    <Table className="text-xs">
      <TableHeader>
        <TableRow>
          <TableHead className="h-8">{t("columns.health")}</TableHead>
          <TableHead className="h-8">{t("columns.connector")}</TableHead>
          {showSite && <TableHead className="h-8">{t("columns.site")}</TableHead>}
          <TableHead className="h-8">{t("columns.status")}</TableHead>
          <TableHead className="h-8 text-right">{t("columns.rx")}</TableHead>
          <TableHead className="h-8 text-right">{t("columns.tx")}</TableHead>
          <TableHead className="h-8">{t("columns.utilization")}</TableHead>
          <TableHead className="h-8">{t("columns.pathSla")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((connector) => (
          <TableRow key={connector.connectorId} data-testid="dashboard-connector" data-connector-id={connector.connectorId}>
            <TableCell className="py-1.5">
              <StatusDot state={connector.health} />
            </TableCell>
            <TableCell className="max-w-48 py-1.5">
              <Link href={links.connector(connector.siteId, connector.connectorId)} className="block truncate font-medium hover:underline">
                {connector.name}
              </Link>
              <span className="text-muted-foreground">
                {isConnectorKind(connector.kind) ? kinds(connector.kind) : connector.kind} · {bandwidth(connector.bandwidthMbps)}
              </span>
            </TableCell>
            {showSite && (
              <TableCell className="py-1.5">
                <Link href={links.site(connector.siteId)} className="hover:underline">
                  {connector.siteName}
                </Link>
              </TableCell>
            )}
            <TableCell className="py-1.5">{connector.status ? t(`status.${connector.status}`) : t("status.unreported")}</TableCell>
            <TableCell className="py-1.5 text-right font-mono tabular-nums">{units.rate(connector.rxBps)}</TableCell>
            <TableCell className="py-1.5 text-right font-mono tabular-nums">{units.rate(connector.txBps)}</TableCell>
            <TableCell className="py-1.5">
              <UtilizationBar percent={connector.utilizationPercent} />
            </TableCell>
            <TableCell className="py-1.5">
              <StatusDot state={connector.pathSla} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The connectors (of a site or a whole customer), the least healthy first; the rest shown in place on demand. */
export function ConnectorHealthCard({ kind, id, links }: { kind: "site" | "organization"; id: string; links: DashboardLinks }) {
  const t = useTranslations("dashboard");
  const { expanded, list, toggle } = useExpandableList();
  const query = useQuery({ ...cardQueries.connectorHealth(kind, id, list), placeholderData: (previous) => previous });
  const items = [...(query.data?.items ?? [])].sort(byConnectorHealth);
  const hidden = hiddenRows(query.data?.total, items.length);
  return (
    <DashboardCard title={kind === "site" ? t("siteConnectors") : t("connectorHealth")} subtitle={t("connectorHealthSubtitle")} testId="connector-health-card">
      {query.isPending ? (
        <CardSkeleton />
      ) : query.isError ? (
        <CardMessage tone="error">{t("loadError", { error: query.error.message })}</CardMessage>
      ) : items.length === 0 ? (
        <CardMessage>{t("noConnectors")}</CardMessage>
      ) : (
        <ConnectorRows items={items} links={links} showSite={kind === "organization"} />
      )}
      {(hidden > 0 || expanded) && (
        <MoreRows
          onClick={toggle}
          label={expanded ? t("showFewer") : t("showMoreConnectors", { count: hidden })}
          // Expanded, the card holds the worst CURRENT_LIST_MAX rows: it says so when there are more.
          note={expanded && hidden > 0 && !query.isPlaceholderData ? t("showingWorst", { shown: items.length, total: items.length + hidden }) : undefined}
        />
      )}
    </DashboardCard>
  );
}
