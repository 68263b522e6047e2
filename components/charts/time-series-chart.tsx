"use client";

import { AxisBottom, AxisLeft } from "@visx/axis";
import { curveMonotoneX } from "@visx/curve";
import { localPoint } from "@visx/event";
import { GridRows } from "@visx/grid";
import { Group } from "@visx/group";
import { ParentSize } from "@visx/responsive";
import { scaleLinear, scaleTime } from "@visx/scale";
import { AreaClosed, Line, LinePath } from "@visx/shape";
import { useTooltip } from "@visx/tooltip";
import { useFormatter } from "next-intl";
import { useMemo, type MouseEvent, type TouchEvent } from "react";
import { DEFAULT_CHART_HEIGHT, type ChartSeries, type ChartThreshold } from "./types";

export interface TimeSeriesChartProps {
  series: ChartSeries[];
  /** The x domain (the range asked for), so a series that only just started sits at the right of its range. */
  domain: [number, number];
  /** Formats a value with its unit, for the tooltip; `max` is the axis top, so the axis shares one unit. */
  formatValue: (value: number, max: number) => string;
  /** The axis tick: shorter, the unit in the axis label. */
  formatTick: (value: number, max: number) => string;
  /** The value axis' label (its unit) for an axis topping out at `max`. */
  axisLabel: (max: number) => string;
  thresholds?: ChartThreshold[];
  height?: number;
  ariaLabel: string;
}

const MARGIN = { top: 8, right: 16, bottom: 28, left: 56 };
const AXIS_COLOR = "var(--muted-foreground)";
const GRID_COLOR = "var(--border)";
const DAY_MS = 86_400_000;

interface Hover {
  time: number;
  values: { key: string; label: string; color: string; dashed?: boolean; value: number }[];
}

/** The value of a series nearest to `time` (points are in time order). */
function nearest(points: ChartSeries["points"], time: number) {
  if (points.length === 0) return undefined;
  let low = 0;
  let high = points.length - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (points[mid].time < time) low = mid + 1;
    else high = mid;
  }
  const before = points[low - 1];
  return before && time - before.time < points[low].time - time ? before : points[low];
}

function Plot({ width, series, domain, formatValue, formatTick, axisLabel, thresholds = [], height = DEFAULT_CHART_HEIGHT, ariaLabel }: TimeSeriesChartProps & { width: number }) {
  const format = useFormatter();
  const { tooltipOpen, tooltipData, tooltipLeft, showTooltip, hideTooltip } = useTooltip<Hover>();
  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = Math.max(0, height - MARGIN.top - MARGIN.bottom);

  const max = useMemo(() => {
    const values = series.flatMap((line) => line.points.map((point) => point.value));
    return Math.max(...values, ...thresholds.map((threshold) => threshold.value * 1.15), 0) || 1;
  }, [series, thresholds]);

  const x = useMemo(() => scaleTime({ domain: domain.map((time) => new Date(time)), range: [0, innerWidth] }), [domain, innerWidth]);
  const y = useMemo(() => scaleLinear({ domain: [0, max * 1.05], range: [innerHeight, 0], nice: true }), [max, innerHeight]);
  const top = y.domain()[1];
  const span = domain[1] - domain[0];
  const tickFormat = (value: Date | { valueOf(): number }) => {
    const date = new Date(value.valueOf());
    return span > 2 * DAY_MS ? format.dateTime(date, { month: "short", day: "numeric" }) : format.dateTime(date, { hour: "2-digit", minute: "2-digit" });
  };

  const onMove = (event: MouseEvent<SVGRectElement> | TouchEvent<SVGRectElement>) => {
    const point = localPoint(event);
    if (!point) return;
    const time = x.invert(point.x - MARGIN.left).getTime();
    const anchor = nearest(series.find((line) => !line.dashed && line.points.length > 0)?.points ?? series[0]?.points ?? [], time);
    if (!anchor) return hideTooltip();
    const values = series.flatMap((line) => {
      const hit = nearest(line.points, anchor.time);
      return hit ? [{ key: line.key, label: line.label, color: line.color, dashed: line.dashed, value: hit.value }] : [];
    });
    showTooltip({ tooltipData: { time: anchor.time, values }, tooltipLeft: x(new Date(anchor.time)) + MARGIN.left, tooltipTop: 0 });
  };

  const time = (point: { time: number }) => x(new Date(point.time));
  const value = (point: { value: number }) => y(point.value);

  return (
    <div className="relative">
      <svg width={width} height={height} role="img" aria-label={ariaLabel} data-testid="time-series-chart">
        <Group left={MARGIN.left} top={MARGIN.top}>
          <GridRows scale={y} width={innerWidth} numTicks={4} stroke={GRID_COLOR} />
          {series
            .filter((line) => line.area && !line.dashed)
            .map((line) => (
              <AreaClosed key={`${line.key}-area`} data={line.points} x={time} y={value} yScale={y} curve={curveMonotoneX} fill={line.color} fillOpacity={0.12} />
            ))}
          {series.map((line) => (
            <LinePath
              key={line.key}
              data={line.points}
              x={time}
              y={value}
              curve={curveMonotoneX}
              stroke={line.color}
              strokeWidth={line.dashed ? 1.25 : 1.75}
              strokeDasharray={line.dashed ? "4 3" : undefined}
              strokeOpacity={line.dashed ? 0.8 : 1}
              data-series={line.key}
            />
          ))}
          {/* A series of one or two points (a range just started) shows them as dots, a line alone would not. */}
          {series
            .filter((line) => line.points.length > 0 && line.points.length < 3)
            .flatMap((line) => line.points.map((point) => <circle key={`${line.key}-${point.time}`} cx={time(point)} cy={value(point)} r={2.5} fill={line.color} />))}
          {thresholds.map((threshold) => (
            <g key={threshold.label} data-testid="chart-threshold">
              <Line from={{ x: 0, y: y(threshold.value) }} to={{ x: innerWidth, y: y(threshold.value) }} stroke={threshold.color} strokeWidth={1} strokeDasharray="2 3" />
              <text x={innerWidth - 2} y={y(threshold.value) - 3} textAnchor="end" fontSize={10} fill={threshold.color}>
                {threshold.label}
              </text>
            </g>
          ))}
          <AxisLeft
            scale={y}
            numTicks={4}
            stroke={AXIS_COLOR}
            tickStroke={AXIS_COLOR}
            tickFormat={(tick) => formatTick(Number(tick), top)}
            tickLabelProps={{ fill: AXIS_COLOR, fontSize: 10, fontFamily: "inherit" }}
            label={axisLabel(top)}
            labelOffset={36}
            labelProps={{ fill: AXIS_COLOR, fontSize: 10, textAnchor: "middle", fontFamily: "inherit" }}
          />
          <AxisBottom
            top={innerHeight}
            scale={x}
            numTicks={Math.max(2, Math.floor(innerWidth / 90))}
            stroke={AXIS_COLOR}
            tickStroke={AXIS_COLOR}
            tickFormat={tickFormat}
            tickLabelProps={{ fill: AXIS_COLOR, fontSize: 10, fontFamily: "inherit" }}
          />
          {tooltipOpen && tooltipLeft !== undefined && (
            <Line from={{ x: tooltipLeft - MARGIN.left, y: 0 }} to={{ x: tooltipLeft - MARGIN.left, y: innerHeight }} stroke={AXIS_COLOR} strokeOpacity={0.5} pointerEvents="none" />
          )}
          <rect width={innerWidth} height={innerHeight} fill="transparent" onMouseMove={onMove} onTouchMove={onMove} onMouseLeave={hideTooltip} />
        </Group>
      </svg>
      {tooltipOpen && tooltipData && tooltipLeft !== undefined && (
        <div
          role="tooltip"
          data-testid="chart-tooltip"
          className="pointer-events-none absolute top-1 z-10 min-w-36 rounded-md border bg-popover px-2.5 py-1.5 text-xs text-popover-foreground shadow-md"
          style={tooltipLeft > width / 2 ? { right: width - tooltipLeft + 8 } : { left: tooltipLeft + 8 }}
        >
          <div className="mb-1 font-medium">{format.dateTime(new Date(tooltipData.time), { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" })}</div>
          {tooltipData.values.map((entry) => (
            <div key={entry.key} className="flex items-center justify-between gap-3">
              <span className="flex items-center gap-1.5 text-muted-foreground">
                <span className="inline-block size-2 rounded-full" style={{ background: entry.color, opacity: entry.dashed ? 0.6 : 1 }} />
                {entry.label}
              </span>
              <span className="font-mono tabular-nums">{formatValue(entry.value, top)}</span>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

/** Lines (and areas) over time, sized to its container (whose height the caller sets), with axes and a hover tooltip. */
export default function TimeSeriesPlot(props: TimeSeriesChartProps) {
  return <ParentSize debounceTime={50}>{({ width }) => (width > 0 ? <Plot {...props} width={width} /> : null)}</ParentSize>;
}
