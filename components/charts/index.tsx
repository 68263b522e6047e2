"use client";

import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/skeleton";
import { ChartErrorBoundary } from "./chart-error-boundary";
import { ChartLegend } from "./chart-legend";
import { CHART_THEME } from "./theme";
import { DEFAULT_CHART_HEIGHT } from "./types";
import type { StackedBarChartProps } from "./stacked-bar-chart";
import type { TimeSeriesChartProps } from "./time-series-chart";

// The charts (visx and d3 underneath) load in their own chunk, after the dashboard's first paint, to keep the
// route's first-load JS small; each sits in its own error boundary. A time series' box and legend are drawn at once,
// so the plot arriving moves nothing on the page (no layout shift).

const LazyTimeSeries = dynamic(() => import("./time-series-chart"), {
  loading: () => <Skeleton className="size-full" />,
});
const LazyStackedBars = dynamic(() => import("./stacked-bar-chart"), {
  loading: () => <Skeleton className="h-24 w-full" />,
});

/** Lines (and areas) over time with axes, a hover tooltip and a legend (comparisons dashed). */
export function TimeSeriesChart(props: TimeSeriesChartProps) {
  return (
    <div className={`flex flex-col gap-2 ${CHART_THEME}`}>
      <div style={{ height: props.height ?? DEFAULT_CHART_HEIGHT }}>
        <ChartErrorBoundary>
          <LazyTimeSeries {...props} />
        </ChartErrorBoundary>
      </div>
      <ChartLegend items={props.series.map(({ key, label, color, dashed }) => ({ key, label, color, dashed }))} />
    </div>
  );
}

export function StackedBarChart(props: StackedBarChartProps) {
  return (
    <ChartErrorBoundary>
      <LazyStackedBars {...props} />
    </ChartErrorBoundary>
  );
}

export type { BarPart, BarRow, ChartSeries, ChartThreshold } from "./types";
