import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/server/db/client";
import { TELEMETRY } from "@/server/telemetry/config";

// The month of history pushed at first start: hourly points for 30 days, five-minute points for the last day,
// newest first (charts fill from the right, and an interrupted backfill is simply redone: resent samples are
// no-ops). Points stop short of the live window, so history never touches current state or alarms.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const BACKFILL_DAYS = 30;
export const FINE_STEP_MS = 5 * MINUTE;
export const COARSE_STEP_MS = HOUR;

export interface BackfillPoint {
  timeMs: number;
  /** The time the point stands for (flows count its bytes). */
  stepMs: number;
}

/** Every point of the backfill, newest first, for a simulator started at `startMs`. */
export function backfillPoints(startMs: number, liveWindowMs: number = TELEMETRY.liveWindowMs): BackfillPoint[] {
  const end = startMs - liveWindowMs;
  const points: BackfillPoint[] = [];
  const fineFrom = end - DAY;
  for (let t = Math.floor(end / FINE_STEP_MS) * FINE_STEP_MS; t > fineFrom; t -= FINE_STEP_MS) points.push({ timeMs: t, stepMs: FINE_STEP_MS });
  const coarseFrom = startMs - BACKFILL_DAYS * DAY;
  for (let t = Math.floor(fineFrom / COARSE_STEP_MS) * COARSE_STEP_MS; t >= coarseFrom; t -= COARSE_STEP_MS) points.push({ timeMs: t, stepMs: COARSE_STEP_MS });
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
