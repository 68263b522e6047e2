import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { BandwidthPoint, BandwidthSeries, PathPerformance, PerformancePoint, TelemetrySeriesQuery } from "@/lib/telemetry/schema";
import { classifyPathSla, slaBreaches } from "@/lib/health";
import { queryRows, type Db } from "@/server/db/client";
import { TELEMETRY } from "../config";
import { planSeries, type RangePlan, type SeriesPlan } from "./range";
import { visibleConnector, visibleNode, visiblePath, visibleSite, type QueryContext } from "@/server/core/visible-objects";

// Series over time: bandwidth RX/TX of a site (its connectors added up), a connector, a path or a front-panel
// port, and a path's latency, jitter and loss. Each bucket averages the samples in it (rollups weighted by their
// sample counts); a backcast is the same query one offset earlier on the same step (from the raw samples or the
// rollups, whichever still hold that period), its times moved forward onto the range.

const EPOCH = sql.raw(`timestamptz '1970-01-01 00:00:00+00'`);
const iso = (ms: number) => new Date(ms).toISOString();
const bucket = (step: number, column: string) => sql`date_bin(${sql.raw(`interval '${step} seconds'`)}, ${sql.raw(`"${column}"`)}, ${EPOCH})`;

/** Where the samples of one object (or a site's connectors) are, in the raw and hourly tables. */
export interface SeriesSource {
  raw: string;
  hourly: string;
  /** The column telling objects apart (a site's connectors are summed, each averaged first). */
  object: string;
  where: SQL;
}

/** The raw part [rawFrom, to) and the rollup part [from, hourlyTo) of a period. */
function parts({ from, to, resolution, edge }: RangePlan) {
  const rawFrom = resolution === "raw" ? from : Math.max(from, edge);
  const hourlyTo = resolution === "raw" ? from : Math.min(to, edge);
  return { from, to, rawFrom, hourlyTo };
}

/** The current period (offset 0) or the backcast's own, on the current step. */
const periodOf = (plan: SeriesPlan, offset: number): RangePlan => (offset > 0 && plan.earlier ? plan.earlier : plan);

async function bandwidthPoints(db: Db, source: SeriesSource, plan: SeriesPlan, offset: number): Promise<BandwidthPoint[]> {
  const { from, to, rawFrom, hourlyTo } = parts(periodOf(plan, offset));
  const units: SQL[] = [];
  if (rawFrom < to) {
    units.push(sql`select ${bucket(plan.step, "time")} as b, ${sql.raw(source.object)} as o, count(*)::float8 as n,
                          sum(rx_bps) as rx, max(rx_bps) as rxm, sum(tx_bps) as tx, max(tx_bps) as txm
                   from ${sql.raw(source.raw)}
                   where ${source.where} and "time" >= ${iso(rawFrom)}::timestamptz and "time" < ${iso(to)}::timestamptz
                   group by 1, 2`);
  }
  if (from < hourlyTo) {
    units.push(sql`select ${bucket(plan.step, "hour")} as b, ${sql.raw(source.object)} as o, sum(samples)::float8 as n,
                          sum(rx_avg * samples) as rx, max(rx_max) as rxm, sum(tx_avg * samples) as tx, max(tx_max) as txm
                   from ${sql.raw(source.hourly)}
                   where ${source.where} and hour >= ${iso(from)}::timestamptz and hour < ${iso(hourlyTo)}::timestamptz
                   group by 1, 2`);
  }
  if (units.length === 0) return [];
  const rows = await queryRows<{ t: number; rx: number; rxm: number; tx: number; txm: number }>(
    db,
    sql`with unit as (${sql.join(units, sql` union all `)}),
        per_object as (select b, o, sum(rx) / sum(n) as rx, max(rxm) as rxm, sum(tx) / sum(n) as tx, max(txm) as txm from unit group by b, o)
        select (extract(epoch from b) * 1000)::float8 as t, sum(rx)::float8 as rx, sum(rxm)::float8 as rxm, sum(tx)::float8 as tx, sum(txm)::float8 as txm
        from per_object group by b order by b`,
  );
  return rows.map((row) => ({ time: iso(row.t + offset), rxBps: row.rx, txBps: row.tx, rxMaxBps: row.rxm, txMaxBps: row.txm }));
}

/** A series' range, step and resolution with its points, and its backcast when one was asked for. */
function seriesAnswer<Point>(plan: SeriesPlan, query: TelemetrySeriesQuery, points: Point[], backcast: Point[] | null) {
  return {
    from: iso(plan.from),
    to: iso(plan.to),
    step: plan.step,
    resolution: plan.resolution,
    points,
    backcast: query.backcast && backcast ? { offset: query.backcast, points: backcast } : null,
  };
}

async function bandwidthSeries(db: Db, source: SeriesSource, query: TelemetrySeriesQuery, now: number): Promise<BandwidthSeries> {
  const plan = planSeries(query, now);
  const [points, backcast] = await Promise.all([
    bandwidthPoints(db, source, plan, 0),
    query.backcast ? bandwidthPoints(db, source, plan, plan.backcastMs) : Promise.resolve(null),
  ]);
  return seriesAnswer(plan, query, points, backcast);
}

/** Where the bandwidth of each kind of object is, and how one is found among what the caller may see. */
const BANDWIDTH_SOURCES = {
  // A site is its connectors added up.
  site: { find: visibleSite, raw: "telemetry_connector_samples", hourly: "telemetry_connector_hourly", object: "connector_id", column: "site_id" },
  connector: { find: visibleConnector, raw: "telemetry_connector_samples", hourly: "telemetry_connector_hourly", object: "connector_id", column: "connector_id" },
  path: { find: visiblePath, raw: "telemetry_path_samples", hourly: "telemetry_path_hourly", object: "path_id", column: "path_id" },
} as const;

export type BandwidthObject = keyof typeof BANDWIDTH_SOURCES;

/** RX/TX over the range of a site, a connector or a path the caller may see (another tenant's is a 404). */
export async function objectBandwidth(context: QueryContext, kind: BandwidthObject, id: string, query: TelemetrySeriesQuery, now = Date.now()): Promise<BandwidthSeries> {
  const { find, column, ...tables } = BANDWIDTH_SOURCES[kind];
  const found = await find(context, id);
  return bandwidthSeries(context.db, { ...tables, where: sql`${sql.raw(column)} = ${found.id}` }, query, now);
}

export const siteBandwidth = (context: QueryContext, siteId: string, query: TelemetrySeriesQuery, now?: number) => objectBandwidth(context, "site", siteId, query, now);
export const connectorBandwidth = (context: QueryContext, connectorId: string, query: TelemetrySeriesQuery, now?: number) =>
  objectBandwidth(context, "connector", connectorId, query, now);
export const pathBandwidth = (context: QueryContext, pathId: string, query: TelemetrySeriesQuery, now?: number) => objectBandwidth(context, "path", pathId, query, now);

export async function portBandwidth(context: QueryContext, nodeId: string, query: TelemetrySeriesQuery & { portId: string }, now = Date.now()) {
  const node = await visibleNode(context, nodeId);
  return bandwidthSeries(
    context.db,
    { raw: "telemetry_port_samples", hourly: "telemetry_port_hourly", object: "port_id", where: sql`node_id = ${node.id} and port_id = ${query.portId}` },
    query,
    now,
  );
}

async function performancePoints(db: Db, pathId: string, plan: SeriesPlan, offset: number): Promise<PerformancePoint[]> {
  const { from, to, rawFrom, hourlyTo } = parts(periodOf(plan, offset));
  const units: SQL[] = [];
  if (rawFrom < to) {
    units.push(sql`select ${bucket(plan.step, "time")} as b, count(*)::float8 as n, sum(latency_ms) as lat, max(latency_ms) as latm,
                          sum(jitter_ms) as jit, sum(loss_percent) as loss
                   from telemetry_path_samples
                   where path_id = ${pathId} and "time" >= ${iso(rawFrom)}::timestamptz and "time" < ${iso(to)}::timestamptz
                   group by 1`);
  }
  if (from < hourlyTo) {
    units.push(sql`select ${bucket(plan.step, "hour")} as b, sum(samples)::float8 as n, sum(latency_avg * samples) as lat, max(latency_max) as latm,
                          sum(jitter_avg * samples) as jit, sum(loss_avg * samples) as loss
                   from telemetry_path_hourly
                   where path_id = ${pathId} and hour >= ${iso(from)}::timestamptz and hour < ${iso(hourlyTo)}::timestamptz
                   group by 1`);
  }
  if (units.length === 0) return [];
  const rows = await queryRows<{ t: number; lat: number; latm: number; jit: number; loss: number }>(
    db,
    sql`with unit as (${sql.join(units, sql` union all `)})
        select (extract(epoch from b) * 1000)::float8 as t, (sum(lat) / sum(n))::float8 as lat, max(latm)::float8 as latm,
               (sum(jit) / sum(n))::float8 as jit, (sum(loss) / sum(n))::float8 as loss
        from unit group by b order by b`,
  );
  return rows.map((row) => ({ time: iso(row.t + offset), latencyMs: row.lat, latencyMaxMs: row.latm, jitterMs: row.jit, lossPercent: row.loss }));
}

/** A path's latency, jitter and loss over the range, with its SLA now and the thresholds it breaks. */
export async function pathPerformance(context: QueryContext, pathId: string, query: TelemetrySeriesQuery, now = Date.now()): Promise<PathPerformance> {
  const path = await visiblePath(context, pathId);
  const plan = planSeries(query, now);
  const [points, backcast, [current]] = await Promise.all([
    performancePoints(context.db, path.id, plan, 0),
    query.backcast ? performancePoints(context.db, path.id, plan, plan.backcastMs) : Promise.resolve(null),
    queryRows<{ n: number; lat: number | null; jit: number | null; loss: number | null }>(
      context.db,
      sql`select count(*)::int as n, avg(latency_ms)::float8 as lat, avg(jitter_ms)::float8 as jit, avg(loss_percent)::float8 as loss
          from telemetry_path_samples where path_id = ${path.id} and "time" > ${iso(now - TELEMETRY.slaWindowMs)}::timestamptz`,
    ),
  ]);
  const measurement = { latencyMs: current?.lat ?? null, jitterMs: current?.jit ?? null, lossPercent: current?.loss ?? null, samples: current?.n ?? 0 };
  return {
    ...seriesAnswer(plan, query, points, backcast),
    current: {
      sla: classifyPathSla(measurement),
      ...measurement,
      windowSeconds: TELEMETRY.slaWindowMs / 1000,
      breaches: slaBreaches(measurement),
    },
  };
}
