"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { BACKCAST_OPTIONS, type BackcastOption } from "@/lib/constants";
import { CHART_RANGES, DEFAULT_CHART_RANGE, rangeStart, type ChartRange } from "@/lib/dashboard/format";

const NONE = "none";

/** A chart's range (from a whole minute, growing to now) and backcast comparison, as one piece of state. */
export function useChartWindow(since: string) {
  const [state, setState] = useState<{ range: ChartRange; from: string; backcast?: BackcastOption }>({ range: DEFAULT_CHART_RANGE, from: since });
  return {
    ...state,
    params: { from: state.from, backcast: state.backcast },
    setRange: (range: ChartRange) => setState((current) => ({ ...current, range, from: rangeStart(range, Date.now()) })),
    setBackcast: (backcast: BackcastOption | undefined) => setState((current) => ({ ...current, backcast })),
  };
}

export type ChartWindow = ReturnType<typeof useChartWindow>;

/** The backcast a chart draws: its points, or none when nothing was asked or the earlier period holds no data. */
export function drawnBackcast<Point>(backcast: { offset: BackcastOption; points: Point[] } | null | undefined): { offset: BackcastOption; points: Point[] } | null {
  return backcast && backcast.points.length > 0 ? backcast : null;
}

/** Says so when the earlier period of the comparison holds no data (the chart then draws no comparison line). */
export function BackcastEmpty({ backcast }: { backcast: { offset: BackcastOption; points: unknown[] } | null | undefined }) {
  const t = useTranslations("dashboard");
  if (!backcast || backcast.points.length > 0) return null;
  return (
    <p className="text-xs text-muted-foreground" role="status" data-testid="backcast-empty">
      {t(`backcastNoData.${backcast.offset}`)}
    </p>
  );
}

/** The range and backcast pickers of a chart panel. */
export function ChartControls({ chart, backcast = true }: { chart: ChartWindow; backcast?: boolean }) {
  const t = useTranslations("dashboard");
  return (
    <>
      <Select value={chart.range} onValueChange={(value) => chart.setRange(value as ChartRange)}>
        <SelectTrigger size="sm" className="h-7 text-xs" aria-label={t("range")} data-testid="chart-range">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {(Object.keys(CHART_RANGES) as ChartRange[]).map((range) => (
            <SelectItem key={range} value={range} className="text-xs">
              {t(`ranges.${range}`)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {backcast && (
        <Select value={chart.backcast ?? NONE} onValueChange={(value) => chart.setBackcast(value === NONE ? undefined : (value as BackcastOption))}>
          <SelectTrigger size="sm" className="h-7 text-xs" aria-label={t("backcast")} data-testid="chart-backcast">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={NONE} className="text-xs">
              {t("backcastNone")}
            </SelectItem>
            {BACKCAST_OPTIONS.map((option) => (
              <SelectItem key={option} value={option} className="text-xs">
                {t(`backcastOptions.${option}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </>
  );
}
