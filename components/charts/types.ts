/** A time-series chart's plot height in pixels when its caller sets none. */
export const DEFAULT_CHART_HEIGHT = 220;

/** One line of a time-series chart: its points (epoch ms, value), a CSS colour and how it is drawn. */
export interface ChartSeries {
  key: string;
  label: string;
  /** A CSS colour, a variable preferably (var(--chart-rx)), so light and dark themes both read well. */
  color: string;
  points: { time: number; value: number }[];
  /** The backcast comparison: dashed, no area. */
  dashed?: boolean;
  area?: boolean;
}

/** A horizontal line across the chart (an SLA threshold). */
export interface ChartThreshold {
  value: number;
  label: string;
  color: string;
}

/** One row of a stacked bar chart: a name and a value per part (null: nothing reported). */
export interface BarRow {
  id: string;
  name: string;
  values: Record<string, number | null>;
}

export interface BarPart {
  key: string;
  label: string;
  color: string;
}
