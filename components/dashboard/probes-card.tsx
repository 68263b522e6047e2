"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { byProbeLevel, hiddenRows } from "@/lib/dashboard/lists";
import { cardQueries } from "@/lib/dashboard/card-queries";
import { MoreRows, useExpandableList } from "./capped-list";
import { CardMessage, CardSkeleton, DashboardCard } from "./dashboard-card";
import { StatusDot } from "./status-dot";
import { useRateFormat } from "./use-units";

/** The latest result of each probe, the worst level first; the rest shown in place on demand (no page lists them). */
export function ProbesCard({ kind, id, showSite = true }: { kind: "site" | "organization"; id: string; showSite?: boolean }) {
  const t = useTranslations("dashboard");
  const units = useRateFormat();
  const { expanded, list, toggle } = useExpandableList();
  const query = useQuery({ ...cardQueries.probes(kind, id, list), placeholderData: (previous) => previous });
  const items = [...(query.data?.items ?? [])].sort(byProbeLevel);
  const hidden = hiddenRows(query.data?.total, items.length);
  return (
    <DashboardCard title={t("probes")} subtitle={t("probesSubtitle")} testId="probes-card">
      {query.isPending ? (
        <CardSkeleton />
      ) : query.isError ? (
        <CardMessage tone="error">{t("loadError", { error: query.error.message })}</CardMessage>
      ) : items.length === 0 ? (
        <CardMessage>{t("noProbes")}</CardMessage>
      ) : (
        <Table className="text-xs" scrollLabel={t("probes")}>
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
            {items.map((probe) => (
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
      {(hidden > 0 || expanded) && (
        <MoreRows
          onClick={toggle}
          label={expanded ? t("showFewer") : t("showMoreProbes", { count: hidden })}
          // Expanded, the card holds the worst CURRENT_LIST_MAX rows: it says so when there are more.
          note={expanded && hidden > 0 && !query.isPlaceholderData ? t("showingWorst", { shown: items.length, total: items.length + hidden }) : undefined}
        />
      )}
    </DashboardCard>
  );
}
