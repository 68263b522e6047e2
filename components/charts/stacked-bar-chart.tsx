"use client";

import { AxisBottom } from "@visx/axis";
import { Group } from "@visx/group";
import { ParentSize } from "@visx/responsive";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import { ChartLegend } from "./chart-legend";
import { CHART_THEME } from "./theme";
import type { BarPart, BarRow } from "./types";

export interface StackedBarChartProps {
  rows: BarRow[];
  parts: BarPart[];
  formatValue: (value: number, max: number) => string;
  ariaLabel: string;
}

const ROW_HEIGHT = 26;
const LABEL_WIDTH = 132;
const VALUE_WIDTH = 84;
const AXIS_COLOR = "var(--muted-foreground)";

function Bars({ width, rows, parts, formatValue, ariaLabel }: StackedBarChartProps & { width: number }) {
  const innerWidth = Math.max(0, width - LABEL_WIDTH - VALUE_WIDTH);
  const totals = rows.map((row) => parts.reduce((sum, part) => sum + (row.values[part.key] ?? 0), 0));
  const max = Math.max(...totals, 0) || 1;
  const x = scaleLinear({ domain: [0, max], range: [0, innerWidth], nice: true });
  const y = scaleBand({ domain: rows.map((row) => row.id), range: [0, rows.length * ROW_HEIGHT], padding: 0.3 });
  const top = x.domain()[1];
  const height = rows.length * ROW_HEIGHT + 22;
  return (
    <svg width={width} height={height} role="img" aria-label={ariaLabel} data-testid="stacked-bar-chart">
      {rows.map((row, index) => {
        let offset = 0;
        const rowY = y(row.id) ?? 0;
        return (
          <g key={row.id} data-testid="bar-row">
            <text x={0} y={rowY + y.bandwidth() / 2} dominantBaseline="middle" fontSize={11} fill="var(--foreground)">
              <title>{row.name}</title>
              {row.name.length > 20 ? `${row.name.slice(0, 19)}…` : row.name}
            </text>
            <Group left={LABEL_WIDTH}>
              <rect x={0} y={rowY} width={innerWidth} height={y.bandwidth()} fill="var(--muted)" rx={2} />
              {parts.map((part) => {
                const value = row.values[part.key] ?? 0;
                const barWidth = x(value);
                const bar = <Bar key={part.key} x={offset} y={rowY} width={barWidth} height={y.bandwidth()} fill={part.color} rx={1} data-part={part.key} />;
                offset += barWidth;
                return bar;
              })}
            </Group>
            <text x={width} y={rowY + y.bandwidth() / 2} dominantBaseline="middle" textAnchor="end" fontSize={11} fill="var(--muted-foreground)" className="tabular-nums">
              {parts.every((part) => row.values[part.key] === null) ? "—" : formatValue(totals[index], top)}
            </text>
          </g>
        );
      })}
      <AxisBottom
        left={LABEL_WIDTH}
        top={rows.length * ROW_HEIGHT}
        scale={x}
        numTicks={Math.max(1, Math.floor(innerWidth / 90))}
        stroke={AXIS_COLOR}
        tickStroke={AXIS_COLOR}
        tickFormat={(tick) => formatValue(Number(tick), top)}
        tickLabelProps={{ fill: AXIS_COLOR, fontSize: 10, fontFamily: "inherit" }}
      />
    </svg>
  );
}

/** Horizontal bars, one per row, stacked by part (RX then TX), with the total at the end of each. */
export default function StackedBarChart(props: StackedBarChartProps) {
  return (
    <div className={`flex flex-col gap-2 ${CHART_THEME}`}>
      <ParentSize debounceTime={50} parentSizeStyles={{ width: "100%", height: props.rows.length * ROW_HEIGHT + 22 }}>
        {({ width }) => (width > 0 ? <Bars {...props} width={width} /> : null)}
      </ParentSize>
      <ChartLegend items={props.parts} />
    </div>
  );
}
