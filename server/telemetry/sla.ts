import "server-only";
import { sql } from "drizzle-orm";
import { slaBadMessage } from "@/lib/alarms/message";
import { SLA_THRESHOLDS } from "@/lib/constants";
import { classifyPathSla, slaBreaches, type PathMeasurement, type PathSla } from "@/lib/health";
import { randomUUID } from "node:crypto";
import { subscribedEndpointsWhere } from "@/server/core/webhook-outbox";
import { queryRows, type Db } from "@/server/db/client";
import { slices, TELEMETRY } from "./config";
import { recordset, type RecordColumns } from "./recordset";

// A path's SLA from its last five minutes of samples (SPEC §4, §9 through lib/health.ts): stored on paths.sla_health,
// with the figures it came from in telemetry_path_state so the next evaluation knows what changed.

export interface SlaEvaluation {
  pathId: string;
  organizationId: string;
  name: string;
  sla: PathSla;
  previousSla: PathSla;
  measurement: PathMeasurement;
  previous: PathMeasurement | null;
  /** paths.sla_health changed. */
  changed: boolean;
}

/** The metrics of a measurement above their bad threshold, in a stable order. */
export function badMetrics(measurement: PathMeasurement | null): string[] {
  if (!measurement) return [];
  return slaBreaches(measurement)
    .filter((breach) => breach.level === "bad")
    .map((breach) => breach.metric);
}

/** The alarm message of a bad SLA: the path and each metric above its bad threshold (lib/alarms/message.ts). */
export function slaAlarmMessage(name: string, measurement: PathMeasurement): string {
  const breaches = slaBreaches(measurement)
    .filter((breach) => breach.level === "bad")
    .map((breach) => ({ metric: breach.metric, value: breach.value, limit: SLA_THRESHOLDS[breach.metric].bad }));
  return slaBadMessage(name, breaches);
}

const STATE_COLUMNS: RecordColumns = [
  ["path_id", "text"], ["organization_id", "text"], ["last_sample_at", "timestamptz"], ["latency_ms", "float8"], ["jitter_ms", "float8"],
  ["loss_percent", "float8"], ["samples", "int4"], ["sla", "text"], ["evaluated_at", "timestamptz"],
  ["previous_sla", "text"], ["event_id", "text"],
];

const SLA_EVENT = sql`'path.sla_changed'::text`;

/** Evaluates the paths' SLA now from their recent samples; stores it and answers each verdict with the one before. */
export async function evaluatePathSla(db: Db, pathIds: string[], now: number): Promise<SlaEvaluation[]> {
  const evaluations: SlaEvaluation[] = [];
  for (const slice of slices([...new Set(pathIds)].sort(), TELEMETRY.sliceRows)) evaluations.push(...(await evaluateSlice(db, slice, now)));
  return evaluations;
}

/** evaluatePathSla for at most a slice of paths: one read and one write. */
async function evaluateSlice(db: Db, pathIds: string[], now: number): Promise<SlaEvaluation[]> {
  if (pathIds.length === 0) return [];
  // One array parameter, not a placeholder per path: a list of a thousand costs PostgreSQL more to plan than to run.
  const ids = sql`any(${sql.param(pathIds)}::text[])`;
  const windowStart = new Date(now - TELEMETRY.slaWindowMs).toISOString();
  // The window's figures next to the verdict before, in one read.
  const known = await queryRows<{
    id: string;
    organization_id: string;
    name: string;
    sla_health: PathSla;
    latency_ms: number | null;
    jitter_ms: number | null;
    loss_percent: number | null;
    samples: number | null;
    last_ms: number | null;
    window_samples: number | null;
    window_latency: number | null;
    window_jitter: number | null;
    window_loss: number | null;
    window_last_ms: number | null;
  }>(
    db,
    sql`select p.id, p.organization_id, p.name, p.sla_health, s.latency_ms, s.jitter_ms, s.loss_percent, s.samples,
               (extract(epoch from s.last_sample_at) * 1000)::float8 as last_ms,
               f.samples as window_samples, f.latency as window_latency, f.jitter as window_jitter, f.loss as window_loss, f.last_ms as window_last_ms
        from paths p
        left join telemetry_path_state s on s.path_id = p.id
        left join (
          select path_id, count(*)::int as samples, avg(latency_ms)::float8 as latency, avg(jitter_ms)::float8 as jitter,
                 avg(loss_percent)::float8 as loss, (extract(epoch from max(time)) * 1000)::float8 as last_ms
          from telemetry_path_samples
          where path_id = ${ids} and time > ${windowStart}::timestamptz
          group by path_id) f on f.path_id = p.id
        where p.id = ${ids}`,
  );
  const evaluations: (SlaEvaluation & { lastMs: number | null })[] = [];
  for (const path of known) {
    const measurement: PathMeasurement = {
      latencyMs: path.window_latency,
      jitterMs: path.window_jitter,
      lossPercent: path.window_loss,
      samples: path.window_samples ?? 0,
    };
    // Null for a path that never reported: its verdict is unknown (no samples), and it gets no figures to keep.
    const lastMs = path.window_last_ms ?? path.last_ms;
    const sla = classifyPathSla(measurement);
    evaluations.push({
      pathId: path.id,
      organizationId: path.organization_id,
      name: path.name,
      sla,
      previousSla: path.sla_health,
      measurement,
      previous:
        path.samples === null ? null : { latencyMs: path.latency_ms, jitterMs: path.jitter_ms, lossPercent: path.loss_percent, samples: path.samples },
      changed: sla !== path.sla_health,
      lastMs,
    });
  }
  if (evaluations.length === 0) return [];
  const evaluatedAt = new Date(now).toISOString();
  const rows = evaluations.map((evaluation) => ({
    path_id: evaluation.pathId,
    organization_id: evaluation.organizationId,
    last_sample_at: evaluation.lastMs === null ? null : new Date(evaluation.lastMs).toISOString(),
    latency_ms: evaluation.measurement.latencyMs,
    jitter_ms: evaluation.measurement.jitterMs,
    loss_percent: evaluation.measurement.lossPercent,
    samples: evaluation.measurement.samples,
    sla: evaluation.sla,
    evaluated_at: evaluatedAt,
    previous_sla: evaluation.previousSla,
    event_id: randomUUID(),
  }));
  // One statement: the figures kept (of paths that reported), paths.sla_health where the verdict changed, and the
  // webhook deliveries of those changes (server/core/webhook-outbox.ts) — all or nothing.
  await db.execute(
    sql`with input as (select * from ${recordset(rows, STATE_COLUMNS)}),
        kept as (
          insert into telemetry_path_state as s (path_id, organization_id, last_sample_at, latency_ms, jitter_ms, loss_percent, samples, sla, evaluated_at)
          select path_id, organization_id, last_sample_at, latency_ms, jitter_ms, loss_percent, samples, sla, evaluated_at from input
          where last_sample_at is not null
          on conflict (path_id) do update set
            last_sample_at = greatest(s.last_sample_at, excluded.last_sample_at), latency_ms = excluded.latency_ms,
            jitter_ms = excluded.jitter_ms, loss_percent = excluded.loss_percent, samples = excluded.samples,
            sla = excluded.sla, evaluated_at = excluded.evaluated_at),
        changed as (
          update paths p set sla_health = input.sla from input
          where p.id = input.path_id and p.sla_health is distinct from input.sla
          returning p.id, p.organization_id, p.name, input.sla, input.previous_sla, input.event_id, input.latency_ms, input.jitter_ms,
                    input.loss_percent, input.samples)
        insert into webhook_deliveries (endpoint_id, organization_id, event_id, event_type, event_organization_id, event_time, data, next_attempt_at)
        select e.id, e.organization_id, c.event_id, ${SLA_EVENT}, c.organization_id, now(),
               jsonb_build_object(
                 'object', jsonb_build_object('type', 'path', 'id', c.id, 'name', c.name), 'action', 'updated',
                 'before', jsonb_build_object('slaHealth', c.previous_sla),
                 'after', jsonb_build_object('slaHealth', c.sla, 'latencyMs', c.latency_ms, 'jitterMs', c.jitter_ms,
                   'lossPercent', c.loss_percent, 'samples', c.samples),
                 'actor', jsonb_build_object('type', 'system', 'source', 'telemetry')),
               now()
        from changed c join webhook_endpoints e on ${subscribedEndpointsWhere(sql`e`, sql`c.organization_id`, SLA_EVENT)}`,
  );
  return evaluations.map(({ lastMs: _lastMs, ...evaluation }) => evaluation);
}

/** At most this many paths are evaluated again per sweep. */
const STALE_BATCH = 1000;
/** Paths whose stored verdict the sweep compares with their evaluated one per sweep, walking all paths in turns. */
export const VERDICT_CHECK_BATCH = 5000;

/** Where the walk over verdicts that no evaluation wrote stopped, per database (one sweep runs at a time). */
const verdictCursors = new WeakMap<Db, string>();

/**
 * Paths whose SLA still says something (healthy, warning or bad) without a sample in the SLA window: their samples
 * stopped, or they never had any (a verdict written by hand or by the demo seed, a path whose site never reports).
 * Their verdict goes back to unknown (SPEC §4: insufficient data).
 *
 * Bounded work on any network: evaluated verdicts whose samples stopped come from a partial index of the path state
 * (only verdicts that still say something, oldest sample first); verdicts no evaluation wrote are found by walking
 * the paths that say something in id order, VERDICT_CHECK_BATCH per sweep, from where the last sweep stopped.
 */
export async function staleSlaPathIds(db: Db, now: number): Promise<string[]> {
  const cursor = verdictCursors.get(db) ?? "";
  const walk = sql`select id, sla_health from paths where sla_health <> 'unknown' and id > ${cursor} order by id limit ${VERDICT_CHECK_BATCH}`;
  const unbacked = await queryRows<{ id: string }>(
    db,
    sql`select w.id from (${walk}) w left join telemetry_path_state s on s.path_id = w.id
        where s.path_id is null or s.sla is distinct from w.sla_health order by w.id limit ${STALE_BATCH}`,
  );
  const ids = unbacked.map((row) => row.id);
  if (ids.length === STALE_BATCH) {
    // More than a batch in this stretch: the next sweep goes on right after the last one taken.
    verdictCursors.set(db, ids[ids.length - 1]);
    return ids;
  }
  const [end] = await queryRows<{ last_id: string | null; walked: number }>(db, sql`select max(id) as last_id, count(*)::int as walked from (${walk}) w`);
  // A walk that reached the last path starts again from the first next time.
  verdictCursors.set(db, end && end.walked === VERDICT_CHECK_BATCH && end.last_id ? end.last_id : "");
  const stopped = await queryRows<{ id: string }>(
    db,
    sql`select s.path_id as id from telemetry_path_state s join paths p on p.id = s.path_id
        where s.sla <> 'unknown' and s.last_sample_at <= ${new Date(now - TELEMETRY.slaWindowMs).toISOString()}::timestamptz
          and p.sla_health <> 'unknown'
        order by s.last_sample_at limit ${STALE_BATCH - ids.length}`,
  );
  return [...new Set([...ids, ...stopped.map((row) => row.id)])];
}
