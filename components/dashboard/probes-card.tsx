"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { severityRank } from "@/lib/dashboard/format";
import { probesQueryOptions } from "@/lib/telemetry/queries";
import { CardMessage, CardSkeleton, DashboardCard } from "./dashboard-card";
import { StatusDot } from "./status-dot";
import { useRateFormat } from "./use-units";

/** The latest result of each probe, the worst level first. */
/** The probes panel lists this many; the rest are counted. */
const PROBES_SHOWN = 10;

export function ProbesCard({ kind, id, showSite = true }: { kind: "site" | "organization"; id: string; showSite?: boolean }) {
  const t = useTranslations("dashboard");
  const units = useRateFormat();
  const query = useQuery(probesQueryOptions(kind, id));
  const items = [...(query.data?.items ?? [])].sort((a, b) => severityRank(a.level) - severityRank(b.level) || a.target.localeCompare(b.target));
  return (
    <DashboardCard title={t("probes")} subtitle={t("probesSubtitle")} testId="probes-card">
      {query.isPending ? (
        <CardSkeleton />
      ) : query.isError ? (
        <CardMessage tone="error">{t("loadError", { error: query.error.message })}</CardMessage>
      ) : items.length === 0 ? (
        <CardMessage>{t("noProbes")}</CardMessage>
      ) : (
        <Table className="text-xs">
          <TableHeader>
            <TableRow>
              <TableHead className="h-8">{t("columns.level")}</TableHead>
              <TableHead className="h-8">{t("columns.target")}</TableHead>
              {showSite && <TableHead className="h-8">{t("columns.site")}</TableHead>}
              <TableHead className="h-8 text-right">{t("columns.latency")}</TableHead>
              <TableHead className="h-8 text-right">{t("columns.jitter")}</TableHead>
              <TableHead className="h-8 text-right">{t("columns.loss")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.slice(0, PROBES_SHOWN).map((probe) => (
              <TableRow key={`${probe.siteId}-${probe.target}`} data-testid="probe-row">
                <TableCell className="py-1.5">
                  <StatusDot state={probe.level} />
                </TableCell>
                <TableCell className="py-1.5 font-mono">{probe.target}</TableCell>
                {showSite && <TableCell className="py-1.5 text-muted-foreground">{probe.siteName}</TableCell>}
                <TableCell className="py-1.5 text-right font-mono tabular-nums">{units.ms(probe.latencyMs)}</TableCell>
                <TableCell className="py-1.5 text-right font-mono tabular-nums">{units.ms(probe.jitterMs)}</TableCell>
                <TableCell className="py-1.5 text-right font-mono tabular-nums">{units.percent(probe.lossPercent)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {items.length > PROBES_SHOWN && <p className="pt-2 text-xs text-muted-foreground">{t("moreProbes", { count: items.length - PROBES_SHOWN })}</p>}
    </DashboardCard>
  );
}
