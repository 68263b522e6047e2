import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "@/server/db/client";
import { TELEMETRY } from "./config";
import { ensurePartitions, hourlyTable, sampleTable, SAMPLE_KINDS, type SampleKind } from "./partitions";

// Hourly rollups of closed hours: averages, extremes and counts per object and hour, recomputed whole from the raw
// samples of each hour a batch touched (telemetry_dirty_hours), so a late sample or a rerun gives the same numbers.
// A recomputation only upserts: an hour whose raw partition is already gone keeps the rollup it had.

/** date_bin to the hour from the epoch: the same on every server whatever its time zone. */
export const hourOf = (column: SQL) => sql`date_bin(interval '1 hour', ${column}, timestamptz '1970-01-01 00:00:00+00')`;

interface Rollup {
  keys: string[];
  /** Rollup column → aggregate over the hour's samples. */
  aggregates: [string, string][];
}

const ROLLUPS: Record<SampleKind, Rollup> = {
  port: {
    keys: ["node_id", "port_id"],
    aggregates: [
      ["samples", "count(*)::int"],
      ["down_samples", "(count(*) filter (where status = 'down'))::int"],
      ["disabled_samples", "(count(*) filter (where status = 'disabled'))::int"],
      ["rx_avg", "avg(rx_bps)"], ["rx_max", "max(rx_bps)"], ["tx_avg", "avg(tx_bps)"], ["tx_max", "max(tx_bps)"],
    ],
  },
  connector: {
    keys: ["connector_id"],
    aggregates: [
      ["organization_id", "max(organization_id)"], ["site_id", "max(site_id)"], ["samples", "count(*)::int"],
      ["down_samples", "(count(*) filter (where status = 'down'))::int"],
      ["rx_avg", "avg(rx_bps)"], ["rx_max", "max(rx_bps)"], ["tx_avg", "avg(tx_bps)"], ["tx_max", "max(tx_bps)"],
    ],
  },
  path: {
    keys: ["path_id"],
    aggregates: [
      ["organization_id", "max(organization_id)"], ["samples", "count(*)::int"],
      ["latency_avg", "avg(latency_ms)"], ["latency_min", "min(latency_ms)"], ["latency_max", "max(latency_ms)"],
      ["jitter_avg", "avg(jitter_ms)"], ["jitter_max", "max(jitter_ms)"], ["loss_avg", "avg(loss_percent)"], ["loss_max", "max(loss_percent)"],
      ["rx_avg", "avg(rx_bps)"], ["rx_max", "max(rx_bps)"], ["tx_avg", "avg(tx_bps)"], ["tx_max", "max(tx_bps)"],
    ],
  },
  link: {
    keys: ["link_id", "reporter_node_id"],
    aggregates: [
      ["samples", "count(*)::int"], ["down_samples", "(count(*) filter (where status = 'down'))::int"],
      ["latency_samples", "count(latency_ms)::int"], ["latency_avg", "avg(latency_ms)"], ["latency_max", "max(latency_ms)"],
      ["loss_samples", "count(loss_percent)::int"], ["loss_avg", "avg(loss_percent)"], ["loss_max", "max(loss_percent)"],
      ["rx_avg", "avg(rx_bps)"], ["rx_max", "max(rx_bps)"], ["tx_avg", "avg(tx_bps)"], ["tx_max", "max(tx_bps)"],
    ],
  },
  flow: {
    keys: ["site_id", "source", "destination"],
    aggregates: [["organization_id", "max(organization_id)"], ["samples", "count(*)::int"], ["bytes", "sum(bytes)::bigint"]],
  },
  probe: {
    keys: ["site_id", "target"],
    aggregates: [
      ["organization_id", "max(organization_id)"], ["samples", "count(*)::int"],
      ["latency_samples", "count(latency_ms)::int"], ["latency_avg", "avg(latency_ms)"], ["latency_min", "min(latency_ms)"], ["latency_max", "max(latency_ms)"],
      ["jitter_samples", "count(jitter_ms)::int"], ["jitter_avg", "avg(jitter_ms)"],
      ["loss_avg", "avg(loss_percent)"], ["loss_max", "max(loss_percent)"],
    ],
  },
};

// Hours per statement: a month of backfill is rolled up in a few statements, each over a bounded time range.
const HOURS_PER_STATEMENT = 48;

async function rollupHours(db: Db, kind: SampleKind, hours: number[]): Promise<number> {
  const { keys, aggregates } = ROLLUPS[kind];
  const columns = ["hour", ...keys, ...aggregates.map(([name]) => name)];
  const quoted = (names: string[]) => names.map((name) => `"${name}"`).join(", ");
  const select = [hourOf(sql.raw(`"time"`)), ...keys.map((key) => sql.raw(`"${key}"`)), ...aggregates.map(([, expression]) => sql.raw(expression))];
  const updates = aggregates.map(([name]) => `"${name}" = excluded."${name}"`).join(", ");
  const from = new Date(Math.min(...hours)).toISOString();
  const to = new Date(Math.max(...hours) + TELEMETRY.HOUR_MS).toISOString();
  const hourList = sql.join(
    hours.map((hour) => sql`${new Date(hour).toISOString()}::timestamptz`),
    sql`, `,
  );
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with rolled as (
          insert into ${sql.raw(hourlyTable(kind))} (${sql.raw(quoted(columns))})
          select ${sql.join(select, sql`, `)}
          from ${sql.raw(sampleTable(kind))}
          where "time" >= ${from}::timestamptz and "time" < ${to}::timestamptz and ${hourOf(sql.raw(`"time"`))} in (${hourList})
          group by ${sql.raw(Array.from({ length: keys.length + 1 }, (_, i) => String(i + 1)).join(", "))}
          on conflict (${sql.raw(quoted([...keys, "hour"]))}) do update set ${sql.raw(updates)}
          returning 1)
        select count(*)::int as n from rolled`,
  );
  return rows[0]?.n ?? 0;
}

/**
 * Rolls up every closed hour marked dirty, and removes the marks it served (a mark bumped meanwhile by a new batch
 * stays for the next run). Answers the number of (kind, hour) pairs and rollup rows written.
 */
export async function rollupClosedHours(db: Db, now: number): Promise<{ hours: number; rows: number }> {
  const currentHour = Math.floor(now / TELEMETRY.HOUR_MS) * TELEMETRY.HOUR_MS;
  const marks = await queryRows<{ kind: SampleKind; hour_ms: number; marked_at: string }>(
    db,
    sql`select kind, (extract(epoch from hour) * 1000)::float8 as hour_ms, marked_at::text as marked_at
        from telemetry_dirty_hours where hour < ${new Date(currentHour).toISOString()}::timestamptz
        order by kind, hour`,
  );
  let written = 0;
  for (const kind of SAMPLE_KINDS) {
    const ofKind = marks.filter((mark) => mark.kind === kind);
    if (ofKind.length === 0) continue;
    await ensurePartitions(
      db,
      hourlyTable(kind),
      ofKind.map((mark) => mark.hour_ms),
      "month",
    );
    for (let start = 0; start < ofKind.length; start += HOURS_PER_STATEMENT) {
      written += await rollupHours(
        db,
        kind,
        ofKind.slice(start, start + HOURS_PER_STATEMENT).map((mark) => mark.hour_ms),
      );
    }
  }
  if (marks.length > 0) {
    const served = JSON.stringify(marks.map((mark) => ({ kind: mark.kind, hour: new Date(mark.hour_ms).toISOString(), marked_at: mark.marked_at })));
    await db.execute(
      sql`delete from telemetry_dirty_hours d
          using json_to_recordset(${served}::json) as x(kind text, hour timestamptz, marked_at timestamptz)
          where d.kind = x.kind and d.hour = x.hour and d.marked_at = x.marked_at`,
    );
  }
  return { hours: marks.length, rows: written };
}
