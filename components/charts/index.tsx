"use client";

import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/skeleton";
import { ChartErrorBoundary } from "./chart-error-boundary";
import type { StackedBarChartProps } from "./stacked-bar-chart";
import type { TimeSeriesChartProps } from "./time-series-chart";

// The charts (visx and d3 underneath) load in their own chunk, after the dashboard's first paint, to keep the
// route's first-load JS small; each sits in its own error boundary.

const LazyTimeSeries = dynamic(() => import("./time-series-chart"), {
  loading: () => <Skeleton className="h-[220px] w-full" />,
});
const LazyStackedBars = dynamic(() => import("./stacked-bar-chart"), {
  loading: () => <Skeleton className="h-24 w-full" />,
});

export function TimeSeriesChart(props: TimeSeriesChartProps) {
  return (
    <ChartErrorBoundary>
      <LazyTimeSeries {...props} />
    </ChartErrorBoundary>
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
