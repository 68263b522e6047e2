import "server-only";
import { inArray, sql } from "drizzle-orm";
import type { PathMeasurement } from "@/lib/health";
import { gateVerdict, type GatePath } from "@/lib/lifecycle/rollout-gate";
import type { RolloutVerdict } from "@/lib/lifecycle/rollout-schema";
import { queryRows, type Db } from "@/server/db/client";
import { devices } from "@/server/db/schema";
import { TELEMETRY } from "@/server/telemetry/config";
import { cachedMspPathRoutes } from "@/server/topology/route-cache";

// The SLA gate's reads: which paths a wave's devices serve, and their figures before the wave and after it, from
// the path samples (telemetry_path_samples) in two windows read in one query. The decision itself is
// lib/lifecycle/rollout-gate.ts.

/**
 * The paths a set of devices serves: those whose route enters, leaves or crosses one of the devices' nodes (the
 * serving rule of server/paths/serving-node.ts and the path topology's routing, as the MSP topology shows them).
 */
export async function pathsServedByDevices(db: Db, mspId: string, deviceIds: string[]): Promise<{ id: string; name: string }[]> {
  if (deviceIds.length === 0) return [];
  const rows = await db.select({ nodeId: devices.nodeId }).from(devices).where(inArray(devices.id, deviceIds));
  const nodeIds = new Set(rows.flatMap((row) => (row.nodeId ? [row.nodeId] : [])));
  if (nodeIds.size === 0) return [];
  const routes = await cachedMspPathRoutes({ db }, mspId);
  return routes
    .filter(
      (path) =>
        (path.sourceNodeId !== null && nodeIds.has(path.sourceNodeId)) ||
        (path.destinationNodeId !== null && nodeIds.has(path.destinationNodeId)) ||
        Boolean(path.route?.nodeIds.some((id) => nodeIds.has(id))),
    )
    .map((path) => ({ id: path.id, name: path.name }));
}

interface WindowRow {
  path_id: string;
  before_samples: number;
  before_latency: number | null;
  before_jitter: number | null;
  before_loss: number | null;
  after_samples: number;
  after_latency: number | null;
  after_jitter: number | null;
  after_loss: number | null;
}

/** The window before a wave: as long as its observation, and at least the SLA window, ending when it started. */
export function baselineFrom(startedAt: Date, observationSeconds: number): Date {
  return new Date(startedAt.getTime() - Math.max(observationSeconds * 1000, TELEMETRY.slaWindowMs));
}

/** The gate's verdict on a wave: its devices' paths over [before, startedAt) against [installedAt, observeUntil]. */
export async function evaluateWave(
  db: Db,
  wave: { mspId: string; deviceIds: string[]; startedAt: Date; installedAt: Date; observeUntil: Date; observationSeconds: number },
): Promise<RolloutVerdict> {
  const beforeFrom = baselineFrom(wave.startedAt, wave.observationSeconds);
  const window = { beforeFrom, afterFrom: wave.installedAt, afterTo: wave.observeUntil };
  const served = await pathsServedByDevices(db, wave.mspId, wave.deviceIds);
  if (served.length === 0) return gateVerdict([], window);
  const ids = sql`any(${sql.param(served.map((path) => path.id).sort())}::text[])`;
  const from = beforeFrom.toISOString();
  const start = wave.startedAt.toISOString();
  const afterFrom = wave.installedAt.toISOString();
  const afterTo = wave.observeUntil.toISOString();
  const before = sql`time >= ${from}::timestamptz and time < ${start}::timestamptz`;
  const after = sql`time >= ${afterFrom}::timestamptz and time <= ${afterTo}::timestamptz`;
  const rows = await queryRows<WindowRow>(
    db,
    sql`select path_id,
               (count(*) filter (where ${before}))::int as before_samples,
               (avg(latency_ms) filter (where ${before}))::float8 as before_latency,
               (avg(jitter_ms) filter (where ${before}))::float8 as before_jitter,
               (avg(loss_percent) filter (where ${before}))::float8 as before_loss,
               (count(*) filter (where ${after}))::int as after_samples,
               (avg(latency_ms) filter (where ${after}))::float8 as after_latency,
               (avg(jitter_ms) filter (where ${after}))::float8 as after_jitter,
               (avg(loss_percent) filter (where ${after}))::float8 as after_loss
        from telemetry_path_samples
        where path_id = ${ids} and time >= ${from}::timestamptz and time <= ${afterTo}::timestamptz
        group by path_id`,
  );
  const byPath = new Map(rows.map((row) => [row.path_id, row]));
  const measurement = (samples: number, latencyMs: number | null, jitterMs: number | null, lossPercent: number | null): PathMeasurement | null =>
    samples > 0 ? { latencyMs, jitterMs, lossPercent, samples } : null;
  const paths: GatePath[] = served.map((path) => {
    const row = byPath.get(path.id);
    return {
      pathId: path.id,
      name: path.name,
      before: row ? measurement(row.before_samples, row.before_latency, row.before_jitter, row.before_loss) : null,
      after: row ? measurement(row.after_samples, row.after_latency, row.after_jitter, row.after_loss) : null,
    };
  });
  return gateVerdict(paths, window);
}
