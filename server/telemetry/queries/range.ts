import "server-only";
import { BACKCAST_OFFSET_MS, TELEMETRY_RANGE_MAX_DAYS, type TelemetrySeriesQuery } from "@/lib/telemetry/schema";
import { TELEMETRY } from "../config";
import { periodStart } from "../partitions";
import { ValidationError } from "@/server/core/errors";

// Which data answers a range: raw samples for short recent ranges, hourly rollups for long ones or ones reaching
// past the raw retention. In hourly mode the last hours (not rolled up yet) come from the raw samples, so a series
// always reaches now. Steps are chosen from a fixed ladder whose rungs divide a day, so a backcast shifted by 1 day,
// 1 week or 30 days lands on the same bucket boundaries. The backcast never changes the current series: it is read
// on the current step, from whichever data still holds its own period (raw samples, or the rollups past the raw
// retention).

const STEPS = [60, 300, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400];
const TARGET_POINTS = 300;
const MAX_POINTS = 1500;
// Raw samples serve at most this span (longer ones read the rollups, far fewer rows).
const RAW_SPAN_MAX_MS = 2 * TELEMETRY.DAY_MS;

export interface RangePlan {
  from: number;
  to: number;
  resolution: "raw" | "hourly";
  /** Hourly mode: rollups before this instant, raw samples from it on. Raw mode: the range's start. */
  edge: number;
}

export interface SeriesPlan extends RangePlan {
  /** Seconds per bucket. */
  step: number;
  /** Milliseconds the backcast series lies before the range; 0 without backcast. */
  backcastMs: number;
  /** The backcast's own period (the range moved back by backcastMs) and the data that answers it; null without backcast. */
  earlier: RangePlan | null;
}

/** Raw samples or rollups for [from, to) as seen at `now`. */
function resolve(from: number, to: number, now: number): RangePlan {
  // Retention drops a day's partition once the whole day is past the retention: every sample from the start of
  // the day the retention reaches into is still there.
  const rawFloor = periodStart(now - TELEMETRY.rawRetentionMs, "day");
  const raw = to - from <= RAW_SPAN_MAX_MS && from >= rawFloor;
  const previousHour = Math.floor(now / TELEMETRY.HOUR_MS) * TELEMETRY.HOUR_MS - TELEMETRY.HOUR_MS;
  return { from, to, resolution: raw ? "raw" : "hourly", edge: raw ? from : previousHour };
}

/** The range asked for (default: the last 24 hours), resolved at `now`. */
export function planRange(query: { from?: string; to?: string }, now: number): RangePlan {
  const to = query.to ? Date.parse(query.to) : now;
  const from = query.from ? Date.parse(query.from) : to - TELEMETRY.DAY_MS;
  // The schema checks a range given whole; one end defaulted to now can still be wrong.
  if (from >= to) throw new ValidationError("validation.telemetryRangeOrder", undefined, [{ path: "to", key: "validation.telemetryRangeOrder" }]);
  if (to - from > TELEMETRY_RANGE_MAX_DAYS * TELEMETRY.DAY_MS) {
    const values = { days: TELEMETRY_RANGE_MAX_DAYS };
    throw new ValidationError("validation.telemetryRangeTooLong", values, [{ path: "from", key: "validation.telemetryRangeTooLong", values }]);
  }
  return resolve(from, to, now);
}

/** The smallest step of the ladder at least `seconds` (whole days beyond it). */
function ladderStep(seconds: number): number {
  return STEPS.find((step) => step >= seconds) ?? Math.ceil(seconds / 86_400) * 86_400;
}

export function planSeries(query: TelemetrySeriesQuery, now: number): SeriesPlan {
  const range = planRange(query, now);
  const spanSeconds = (range.to - range.from) / 1000;
  let step = ladderStep(query.step ?? spanSeconds / TARGET_POINTS);
  if (range.resolution === "hourly") step = Math.max(step, 3600);
  if (spanSeconds / step > MAX_POINTS) step = ladderStep(spanSeconds / MAX_POINTS);
  // Whole buckets: the first one starts on a step boundary.
  const from = Math.floor(range.from / (step * 1000)) * step * 1000;
  const backcastMs = query.backcast ? BACKCAST_OFFSET_MS[query.backcast] : 0;
  const earlier = query.backcast ? resolve(from - backcastMs, range.to - backcastMs, now) : null;
  return { ...range, from, edge: range.resolution === "raw" ? from : range.edge, step, backcastMs, earlier };
}
