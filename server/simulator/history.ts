import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/server/db/client";
import { TELEMETRY } from "@/server/telemetry/config";

// The history pushed at first start: hourly points back to 38 days (a week's range a month earlier), five-minute
// points on the days the dashboards' comparisons of their shorter ranges read (the last day, and the day 1 day,
// 1 week and 30 days before it), newest first (charts fill from the right, and an interrupted backfill is simply
// redone: resent samples are no-ops). Points stop short of the live window, so history never touches current state
// or alarms.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The longest chart range (7 days) plus the longest backcast (30 days), and a day to spare. */
export const BACKFILL_DAYS = 38;
export const FINE_STEP_MS = 5 * MINUTE;
export const COARSE_STEP_MS = HOUR;
/** Days back (0: the last day) drawn every five minutes: the last day, and where its 1d, 1w and 1m backcasts fall. */
export const FINE_DAYS = [0, 1, 7, 30];

export interface BackfillPoint {
  timeMs: number;
  /** The time the point stands for (flows count its bytes). */
  stepMs: number;
}

/** Every point of the backfill, newest first, for a simulator started at `startMs`. */
export function backfillPoints(startMs: number, liveWindowMs: number = TELEMETRY.liveWindowMs): BackfillPoint[] {
  const end = startMs - liveWindowMs;
  const from = startMs - BACKFILL_DAYS * DAY;
  const points: BackfillPoint[] = [];
  for (let t = Math.floor(end / FINE_STEP_MS) * FINE_STEP_MS; t >= from; t -= FINE_STEP_MS) {
    // A fine day ends at `end` moved back by whole days, so the last day and its backcasts cover the same minutes.
    const fine = FINE_DAYS.includes(Math.floor((end - t) / DAY));
    if (fine) points.push({ timeMs: t, stepMs: FINE_STEP_MS });
    else if (t % COARSE_STEP_MS === 0) points.push({ timeMs: t, stepMs: COARSE_STEP_MS });
  }
  return points;
}

/** History reaches back this far already: the backfill has been done (samples or their hourly rollups). */
const HISTORY_DEPTH_MS = (BACKFILL_DAYS - 1) * DAY;

/** Whether the telemetry already holds a month of history for these paths or nodes' ports (two index probes each). */
export async function hasHistory(db: Db, startMs: number, pathIds: string[], nodeIds: string[]): Promise<boolean> {
  const cutoff = new Date(startMs - HISTORY_DEPTH_MS).toISOString();
  const paths = sql`array[${sql.join(pathIds.length > 0 ? pathIds.map((id) => sql`${id}`) : [sql`''`], sql`, `)}]::text[]`;
  const nodes = sql`array[${sql.join(nodeIds.length > 0 ? nodeIds.map((id) => sql`${id}`) : [sql`''`], sql`, `)}]::text[]`;
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`select (
      exists (select 1 from telemetry_path_samples where path_id = any(${paths}) and time <= ${cutoff}::timestamptz)
      or exists (select 1 from telemetry_path_hourly where path_id = any(${paths}) and hour <= ${cutoff}::timestamptz)
      or exists (select 1 from telemetry_port_samples where node_id = any(${nodes}) and time <= ${cutoff}::timestamptz)
      or exists (select 1 from telemetry_port_hourly where node_id = any(${nodes}) and hour <= ${cutoff}::timestamptz)
    ) as found`,
  );
  return row?.found === true;
}
