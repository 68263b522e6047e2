"use client";

import { useQuery } from "@tanstack/react-query";
import { Network } from "lucide-react";
import { useTranslations } from "next-intl";
import { TimeSeriesChart, type ChartSeries } from "@/components/charts";
import { CHART_THEME } from "@/components/charts/theme";
import { PageHeader } from "@/components/pages/page-header";
import { usePathLinks } from "@/components/paths/path-links";
import { SlaBadge } from "@/components/paths/sla-badge";
import { IntentLink } from "@/components/shell/intent-link";
import { Button } from "@/components/ui/button";
import { useBandwidthFormatter } from "@/components/connectors/bandwidth";
import { SLA_THRESHOLDS } from "@/lib/constants";
import { metricLevel } from "@/lib/health";
import { pathQueryOptions } from "@/lib/paths/queries";
import { siteQueryOptions } from "@/lib/sites/queries";
import { pathPerformanceQueryOptions } from "@/lib/telemetry/queries";
import type { PathPerformance, PerformancePoint } from "@/lib/telemetry/schema";
import { cn } from "@/lib/utils";
import { BandwidthCard } from "./bandwidth-card";
import { DashboardBreadcrumb } from "./breadcrumb";
import { BackcastEmpty, ChartControls, drawnBackcast, useChartWindow } from "./chart-controls";
import { CardMessage, CardSkeleton, DashboardCard } from "./dashboard-card";
import type { DashboardLinks } from "./links";
import { useRateFormat } from "./use-units";
import { cardQueries } from "@/lib/dashboard/card-queries";

type Metric = keyof typeof SLA_THRESHOLDS;
const METRICS: Metric[] = ["latencyMs", "jitterMs", "lossPercent"];

function metricSeries(data: PathPerformance, metric: Metric, labels: { now: string; earlier: string }): ChartSeries[] {
  const points = (source: PerformancePoint[]) => source.map((point) => ({ time: Date.parse(point.time), value: point[metric] }));
  const series: ChartSeries[] = [{ key: metric, label: labels.now, color: "var(--chart-metric)", points: points(data.points), area: true }];
  const backcast = drawnBackcast(data.backcast);
  if (backcast) series.push({ key: `${metric}-backcast`, label: labels.earlier, color: "var(--chart-metric)", points: points(backcast.points), dashed: true });
  return series;
}

/** Latency, jitter and loss over time with the SLA thresholds drawn across each. */
function PerformanceCard({ pathId, since }: { pathId: string; since: string }) {
  const t = useTranslations("dashboard");
  const units = useRateFormat();
  const chart = useChartWindow(since);
  const query = useQuery({ ...pathPerformanceQueryOptions(pathId, chart.params), placeholderData: (previous) => previous });
  const data = query.data;
  const format = (metric: Metric) => (value: number) => (metric === "lossPercent" ? units.percent(value) : units.ms(value));
  return (
    <DashboardCard title={t("performance")} subtitle={t("performanceSubtitle")} testId="performance-card" actions={<ChartControls chart={chart} />}>
      {query.isPending ? (
        <CardSkeleton rows={8} />
      ) : query.isError ? (
        <CardMessage tone="error">{t("loadError", { error: query.error.message })}</CardMessage>
      ) : data && data.points.length === 0 ? (
        <CardMessage>{t("noSamples")}</CardMessage>
      ) : data ? (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <div className="lg:col-span-3 empty:hidden">
            <BackcastEmpty backcast={data.backcast} />
          </div>
          {METRICS.map((metric) => (
            <div key={metric} className="min-w-0" data-testid={`metric-${metric}`}>
              <h3 className="mb-1 text-xs font-medium text-muted-foreground">{t(`metrics.${metric}`)}</h3>
              <TimeSeriesChart
                height={180}
                series={metricSeries(data, metric, {
                  now: t(`metrics.${metric}`),
                  earlier: t("backcastSeries", { series: t(`metrics.${metric}`), offset: t(`backcastOptions.${data.backcast?.offset ?? "1d"}`) }),
                })}
                domain={[Date.parse(data.from), Date.parse(data.to)]}
                thresholds={[
                  { value: SLA_THRESHOLDS[metric].warning, label: t("thresholdWarning", { value: format(metric)(SLA_THRESHOLDS[metric].warning) }), color: "var(--status-warning)" },
                  { value: SLA_THRESHOLDS[metric].bad, label: t("thresholdBad", { value: format(metric)(SLA_THRESHOLDS[metric].bad) }), color: "var(--status-bad)" },
                ]}
                formatValue={format(metric)}
                formatTick={(value) => units.number(value)}
                axisLabel={() => (metric === "lossPercent" ? "%" : "ms")}
                ariaLabel={t(`metrics.${metric}`)}
              />
            </div>
          ))}
        </div>
      ) : null}
    </DashboardCard>
  );
}

const LEVEL_CLASS = { ok: "text-foreground", warning: "text-status-warning", bad: "text-status-bad" } as const;

/** The SLA now (last minutes of samples): each metric against its thresholds, and what is breached. */
function CurrentSlaCard({ pathId, since }: { pathId: string; since: string }) {
  const t = useTranslations("dashboard");
  const units = useRateFormat();
  // The same query as the performance chart's first view: one request answers both.
  const query = useQuery(cardQueries.performance(pathId, since));
  const current = query.data?.current;
  return (
    <DashboardCard title={t("currentSla")} subtitle={current ? t("slaWindow", { minutes: Math.round(current.windowSeconds / 60), samples: current.samples }) : undefined} testId="current-sla">
      {query.isPending ? (
        <CardSkeleton />
      ) : query.isError ? (
        <CardMessage tone="error">{t("loadError", { error: query.error.message })}</CardMessage>
      ) : current ? (
        <div className="flex flex-col gap-3">
          <SlaBadge health={current.sla} />
          <dl className="grid grid-cols-3 gap-2">
            {METRICS.map((metric) => {
              const value = current[metric];
              const level = value === null ? "ok" : metricLevel(value, SLA_THRESHOLDS[metric]);
              return (
                <div key={metric} className="rounded-md border px-2 py-1.5">
                  <dt className="text-[11px] text-muted-foreground">{t(`metrics.${metric}`)}</dt>
                  <dd className={cn("font-mono text-base tabular-nums", LEVEL_CLASS[level])} data-testid={`current-${metric}`}>
                    {metric === "lossPercent" ? units.percent(value) : units.ms(value)}
                  </dd>
                  <dd className="text-[10px] text-muted-foreground">
                    {t("thresholds", {
                      warning: metric === "lossPercent" ? units.percent(SLA_THRESHOLDS[metric].warning) : units.ms(SLA_THRESHOLDS[metric].warning),
                      bad: metric === "lossPercent" ? units.percent(SLA_THRESHOLDS[metric].bad) : units.ms(SLA_THRESHOLDS[metric].bad),
                    })}
                  </dd>
                </div>
              );
            })}
          </dl>
          <div>
            <h3 className="mb-1 text-xs font-medium text-muted-foreground">{t("breaches")}</h3>
            {current.breaches.length === 0 ? (
              <p className="text-xs text-muted-foreground" data-testid="no-breaches">
                {current.sla === "unknown" ? t("slaUnknown") : t("noBreaches")}
              </p>
            ) : (
              <ul className="flex flex-col gap-1 text-xs" data-testid="breaches">
                {current.breaches.map((breach) => (
                  <li key={breach.metric} className="flex items-center justify-between gap-2">
                    <span>
                      <span className={cn("mr-1.5 inline-block size-2 rounded-full", breach.level === "bad" ? "bg-status-bad" : "bg-status-warning")} aria-hidden />
                      {t("breach", { metric: t(`metrics.${breach.metric}`), level: t(`health.${breach.level}`) })}
                    </span>
                    <span className="font-mono tabular-nums">{breach.metric === "lossPercent" ? units.percent(breach.value) : units.ms(breach.value)}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      ) : null}
    </DashboardCard>
  );
}

/** One path: its SLA now and its breaches, latency/jitter/loss against the thresholds, and its RX/TX. */
export function PathDashboard({ homeLabel, siteId, pathId, links, since }: { homeLabel: string; siteId: string; pathId: string; links: DashboardLinks; since: string }) {
  const t = useTranslations("dashboard");
  const tPaths = useTranslations("paths");
  const bandwidth = useBandwidthFormatter();
  const path = useQuery(pathQueryOptions(pathId));
  const site = useQuery(siteQueryOptions(siteId));
  const pathLinks = usePathLinks();
  if (path.isError) return <CardMessage tone="error">{t("loadError", { error: path.error.message })}</CardMessage>;
  const data = path.data;
  const routeHref = data ? pathLinks.topology(data, siteId) : null;
  return (
    <div className={`flex flex-col gap-4 ${CHART_THEME}`} data-testid="path-dashboard">
      <DashboardBreadcrumb items={[{ label: homeLabel, href: links.home }, { label: site.data?.name ?? "…", href: links.site(siteId) }, { label: data?.name ?? "…" }]} />
      <PageHeader
        title={data?.name ?? ""}
        description={
          data
            ? t("pathDescription", {
                source: `${data.sourceSiteName} / ${data.sourceConnectorName}`,
                destination: `${data.destinationSiteName} / ${data.destinationConnectorName}`,
                bandwidth: bandwidth(data.bandwidth),
              })
            : undefined
        }
        actions={
          data && (
            <>
              <SlaBadge health={data.slaHealth} />
              {routeHref && (
                <Button asChild variant="outline" size="sm">
                  <IntentLink href={routeHref} data-testid="view-path-topology">
                    <Network aria-hidden />
                    {tPaths("viewTopology")}
                  </IntentLink>
                </Button>
              )}
            </>
          )
        }
      />
      <PathPerformanceCards pathId={pathId} pathName={data?.name ?? ""} since={since} />
    </div>
  );
}

/**
 * A path's SLA now, its RX/TX and its latency, jitter and loss against the thresholds: the customer's path dashboard
 * and the MSP's paths/{pathId} show the same cards.
 */
export function PathPerformanceCards({ pathId, pathName, since }: { pathId: string; pathName: string; since: string }) {
  const t = useTranslations("dashboard");
  return (
    <div className={`grid grid-cols-1 gap-4 xl:grid-cols-3 ${CHART_THEME}`} data-testid="path-performance">
      <CurrentSlaCard pathId={pathId} since={since} />
      <div className="xl:col-span-2">
        <BandwidthCard kind="path" id={pathId} since={since} title={t("bandwidth")} subtitle={t("bandwidthOf", { name: pathName })} />
      </div>
      <div className="xl:col-span-3">
        <PerformanceCard pathId={pathId} since={since} />
      </div>
    </div>
  );
}
