import "server-only";

// Telemetry's time rules in one place. The ages a device may send (TELEMETRY_MAX_AGE_MS, TELEMETRY_MAX_SKEW_MS) are
// part of the device contract in lib/telemetry/ingest.ts; these are the server's own.

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

function positiveFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

export const TELEMETRY = {
  HOUR_MS,
  DAY_MS,
  /**
   * Raw samples are kept this long (whole daily partitions are dropped past it); the rollups hold the rest. A month
   * and two days: the 1-month backcast of a day's range (SPEC §2) is drawn on the day's own steps, from raw samples.
   */
  get rawRetentionMs() {
    return positiveFromEnv("TELEMETRY_RAW_RETENTION_DAYS", 32) * DAY_MS;
  },
  /** Hourly rollups are kept this long (whole monthly partitions). */
  get rollupRetentionMs() {
    return positiveFromEnv("TELEMETRY_ROLLUP_RETENTION_DAYS", 400) * DAY_MS;
  },
  /** A device assigned to a node that has not reported for this long is unreachable. */
  get silentAfterMs() {
    return positiveFromEnv("TELEMETRY_SILENT_AFTER_MS", 90_000);
  },
  /** A path's SLA is judged on its samples of this last window (lib/health.ts needs MIN_SLA_SAMPLES in it). */
  slaWindowMs: 5 * 60_000,
  /**
   * Samples older than this are history: stored and rolled up, but they change no current state (port, link and
   * connector status, SLA, alarms) — a month of backfilled history must not raise month-old alarms.
   */
  liveWindowMs: 5 * 60_000,
  /** Daily sample partitions created this many days ahead of today. */
  daysAhead: 2,
  /**
   * The most samples (or paths judged) one statement writes. The embedded database runs one statement at a time,
   * so a page's read waits for the statement in progress: a device's batch of thousands is written in slices, each
   * short enough that a read between two of them keeps its latency. 64: statements of 200 rows took 14–41 ms and a
   * detail read's p99 under the simulator's largest customer was 27 ms; at 64 it is 11.5 ms, for 6–15 % fewer
   * samples a second in the largest batches (`npm run bench:ingest`, `bench:simulator-load`).
   */
  get sliceRows() {
    return positiveFromEnv("TELEMETRY_SLICE_ROWS", 64);
  },
};

/** `items` in slices of at most `size`, in order. */
export function slices<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}
