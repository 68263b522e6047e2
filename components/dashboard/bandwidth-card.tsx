"use client";

import { useQuery, type QueryFunction, type QueryKey } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { TimeSeriesChart, type ChartSeries } from "@/components/charts";
import { Skeleton } from "@/components/ui/skeleton";
import { bandwidthQueryOptions, portBandwidthQueryOptions } from "@/lib/telemetry/queries";
import type { BandwidthSeries } from "@/lib/telemetry/schema";
import { BackcastEmpty, ChartControls, drawnBackcast, useChartWindow } from "./chart-controls";
import { CardMessage, DashboardCard } from "./dashboard-card";
import { useRateFormat } from "./use-units";

export const RX_COLOR = "var(--chart-rx)";
export const TX_COLOR = "var(--chart-tx)";

/** RX and TX (and their backcast, dashed, when the earlier period holds data) as chart series. */
export function bandwidthSeries(data: BandwidthSeries, labels: { rx: string; tx: string; earlier: (series: string) => string }): ChartSeries[] {
  const points = (key: "rxBps" | "txBps", source: BandwidthSeries["points"]) => source.map((point) => ({ time: Date.parse(point.time), value: point[key] }));
  const series: ChartSeries[] = [
    { key: "rx", label: labels.rx, color: RX_COLOR, points: points("rxBps", data.points), area: true },
    { key: "tx", label: labels.tx, color: TX_COLOR, points: points("txBps", data.points), area: true },
  ];
  const backcast = drawnBackcast(data.backcast);
  if (backcast) {
    series.push(
      { key: "rx-backcast", label: labels.earlier(labels.rx), color: RX_COLOR, points: points("rxBps", backcast.points), dashed: true },
      { key: "tx-backcast", label: labels.earlier(labels.tx), color: TX_COLOR, points: points("txBps", backcast.points), dashed: true },
    );
  }
  return series;
}

/** RX/TX of a site, connector, path or a node's port (kind "node" with its portId) over a range, with the backcast comparison. */
export function BandwidthCard({
  kind,
  id,
  portId,
  since,
  title,
  subtitle,
  extraActions,
}: {
  kind: "site" | "connector" | "path" | "node";
  id: string;
  portId?: string;
  since: string;
  title: string;
  subtitle?: ReactNode;
  extraActions?: ReactNode;
}) {
  const t = useTranslations("dashboard");
  const units = useRateFormat();
  const chart = useChartWindow(since);
  const options = kind === "node" ? portBandwidthQueryOptions(id, portId ?? "", chart.params) : bandwidthQueryOptions(kind, id, chart.params);
  const query = useQuery({
    queryKey: options.queryKey as QueryKey,
    queryFn: options.queryFn as QueryFunction<BandwidthSeries>,
    placeholderData: (previous: BandwidthSeries | undefined) => previous,
  });
  const data = query.data;
  const latest = data?.points.at(-1);
  return (
    <DashboardCard
      title={title}
      subtitle={subtitle}
      testId="bandwidth-card"
      actions={
        <>
          {extraActions}
          <ChartControls chart={chart} />
        </>
      }
    >
      {query.isPending ? (
        <ChartSkeleton />
      ) : query.isError ? (
        <CardMessage tone="error">{t("loadError", { error: query.error.message })}</CardMessage>
      ) : data && data.points.length === 0 ? (
        <CardMessage>{t("noSamples")}</CardMessage>
      ) : data ? (
        <div className="flex flex-col gap-3">
          <dl className="flex flex-wrap gap-x-6 gap-y-1 text-xs">
            <div className="flex items-baseline gap-1.5">
              <dt className="text-muted-foreground">{t("rxNow")}</dt>
              <dd className="font-mono text-sm tabular-nums" data-testid="rx-now">
                {units.rate(latest?.rxBps)}
              </dd>
            </div>
            <div className="flex items-baseline gap-1.5">
              <dt className="text-muted-foreground">{t("txNow")}</dt>
              <dd className="font-mono text-sm tabular-nums">{units.rate(latest?.txBps)}</dd>
            </div>
            <div className="flex items-baseline gap-1.5">
              <dt className="text-muted-foreground">{t("peak")}</dt>
              <dd className="font-mono text-sm tabular-nums">{units.rate(Math.max(...data.points.map((point) => Math.max(point.rxMaxBps, point.txMaxBps))))}</dd>
            </div>
            <div className="flex items-baseline gap-1.5">
              <dt className="text-muted-foreground">{t("step")}</dt>
              <dd className="font-mono tabular-nums" data-testid="chart-step">
                {t("stepSeconds", { seconds: data.step })}
              </dd>
            </div>
          </dl>
          <BackcastEmpty backcast={data.backcast} />
          <TimeSeriesChart
            series={bandwidthSeries(data, { rx: t("rx"), tx: t("tx"), earlier: (series) => t("backcastSeries", { series, offset: t(`backcastOptions.${data.backcast?.offset ?? "1d"}`) }) })}
            domain={[Date.parse(data.from), Date.parse(data.to)]}
            formatValue={units.rateOnAxis}
            formatTick={units.tick}
            axisLabel={units.axisUnit}
            ariaLabel={title}
          />
        </div>
      ) : null}
    </DashboardCard>
  );
}

/** The card's figures, chart and legend while they load, in the size they will take (no layout shift). */
export function ChartSkeleton() {
  return (
    <div className="flex flex-col gap-3" data-testid="chart-skeleton" aria-hidden>
      <Skeleton className="h-5 w-2/3" />
      <div className="flex flex-col gap-2">
        <Skeleton className="h-[220px] w-full" />
        <Skeleton className="h-4 w-1/3" />
      </div>
    </div>
  );
}
