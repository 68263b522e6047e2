import "server-only";
import { logger } from "@/server/core/log";
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { deviceSilentMessage, deviceUnassignedMessage } from "@/lib/alarms/message";
import type { AlarmCondition } from "@/server/alarms/engine";
import type { Transaction } from "@/server/core/service-context";
import { queryRows, type Db } from "@/server/db/client";
import { TELEMETRY } from "./config";
import { addHealth, applyConditionsSafely, publishHealth, publishSlaHealth, slaConditions, type HealthNews } from "./derive";
import { createPartitionsAhead, dropPartitionsBefore, hourlyTable, periodStart, sampleTable, SAMPLE_KINDS } from "./partitions";
import { rollupClosedHours } from "./rollups";
import { evaluatePathSla, staleSlaPathIds, type SlaEvaluation } from "./sla";
import { unmeasuredSlaConditions } from "./sla-alarms";
import { inBackgroundLane } from "@/server/db/background-lane";

const log = logger("telemetry");

// The telemetry maintenance job: partitions ahead, rollups of closed hours, retention by whole partitions — and,
// on a faster beat, the silent-device sweep. Every step is idempotent; with several console processes on one
// PostgreSQL, each step runs in one of them at a time (a transaction-scoped advisory lock taken with "try": a
// process that finds it taken skips the step, since another is doing it). On PGlite the lock is always free.

const MAINTENANCE_LOCK = 7_346_301;
const SWEEP_LOCK = 7_346_302;
/** Stale paths evaluated at a time: a sweep's thousand rewrites hold requests for a few tens of milliseconds at most. */
const STALE_CHUNK = 50;

/** Runs the work in a transaction holding the advisory lock, or answers null when another process holds it. */
async function underLock<T>(db: Db, key: number, work: (tx: Db) => Promise<T>): Promise<T | null> {
  return db.transaction(async (tx: Transaction) => {
    const executor = tx as unknown as Db;
    const [{ locked }] = await queryRows<{ locked: boolean }>(executor, sql`select pg_try_advisory_xact_lock(${key}) as locked`);
    return locked ? work(executor) : null;
  });
}

export interface MaintenanceResult {
  /** False when another process was doing it. */
  ran: boolean;
  partitionsCreated: number;
  hoursRolledUp: number;
  rollupRows: number;
  partitionsDropped: string[];
  sweep: SweepResult;
}

/** Drops raw partitions past the raw retention (unless an hour in them still awaits its rollup) and rollup partitions past theirs. */
async function applyRetention(db: Db, now: number): Promise<string[]> {
  const dropped: string[] = [];
  const rawCutoff = now - TELEMETRY.rawRetentionMs;
  const pending = await queryRows<{ kind: string; day_ms: number }>(
    db,
    sql`select distinct kind, (extract(epoch from date_bin(interval '1 day', hour, timestamptz '1970-01-01 00:00:00+00')) * 1000)::float8 as day_ms
        from telemetry_dirty_hours where hour < ${new Date(rawCutoff).toISOString()}::timestamptz`,
  );
  for (const kind of SAMPLE_KINDS) {
    const waiting = new Set(pending.filter((row) => row.kind === kind).map((row) => row.day_ms));
    dropped.push(...(await dropPartitionsBefore(db, sampleTable(kind), rawCutoff, (partition) => waiting.has(periodStart(partition.start, "day")))));
    dropped.push(...(await dropPartitionsBefore(db, hourlyTable(kind), now - TELEMETRY.rollupRetentionMs)));
  }
  return dropped;
}

/** One maintenance pass (the job runs it every minute; tests call it with their own clock). */
export async function runTelemetryMaintenance(db: Db, now = Date.now()): Promise<MaintenanceResult> {
  const work = await underLock(db, MAINTENANCE_LOCK, async (executor) => {
    const partitionsCreated = await createPartitionsAhead(executor, now);
    const rollups = await rollupClosedHours(executor, now);
    return { partitionsCreated, rollups };
  });
  // Retention in a transaction of its own: dropping partitions locks their tables, so it is kept short.
  const dropped = work ? await underLock(db, MAINTENANCE_LOCK, (executor) => applyRetention(executor, now)) : null;
  const sweep = await runSilentDeviceSweep(db, now);
  return {
    ran: work !== null,
    partitionsCreated: work?.partitionsCreated ?? 0,
    hoursRolledUp: work?.rollups.hours ?? 0,
    rollupRows: work?.rollups.rows ?? 0,
    partitionsDropped: dropped ?? [],
    sweep,
  };
}

export interface SweepResult {
  ran: boolean;
  /** Devices found silent now. */
  silenced: string[];
  /** Silent devices that left their node (their unreachable alarm clears). */
  released: string[];
  /** Paths whose SLA says something without a sample in the SLA window, evaluated again (their SLA turns unknown). */
  stalePaths: string[];
}

interface SilentRow {
  device_id: string;
  serial_number: string;
  msp_organization_id: string | null;
  node_id: string | null;
  node_name: string | null;
  last_seen_ms: number;
}

const minutesSince = (now: number, then: number) => Math.max(1, Math.round((now - then) / 60_000));

/**
 * A device assigned to a node that reported before but not for longer than the threshold is unreachable; a silent
 * device that left its node is no longer. Paths whose SLA no recent sample backs (their samples stopped, or they
 * never had any) are evaluated again, to unknown, and the change is announced like any other; the open SLA alarms of
 * paths that can no longer be measured clear, with a note saying why.
 */
export async function runSilentDeviceSweep(db: Db, now = Date.now()): Promise<SweepResult> {
  const cutoff = new Date(now - TELEMETRY.silentAfterMs).toISOString();
  const found = await underLock(db, SWEEP_LOCK, async (executor) => {
    const silenced = await queryRows<SilentRow>(
      executor,
      sql`update telemetry_device_state s set silent = true, silent_since = s.last_seen_at
          from devices d left join nodes n on n.id = d.node_id
          where d.id = s.device_id and d.node_id is not null and d.msp_organization_id is not null
            and not s.silent and s.last_seen_at < ${cutoff}::timestamptz
          returning s.device_id, d.serial_number, d.msp_organization_id, d.node_id, n.name as node_name,
                    (extract(epoch from s.last_seen_at) * 1000)::float8 as last_seen_ms`,
    );
    const released = await queryRows<SilentRow>(
      executor,
      sql`update telemetry_device_state s set silent = false, silent_since = null
          from devices d
          where d.id = s.device_id and s.silent and (d.node_id is null or d.msp_organization_id is null)
          returning s.device_id, d.serial_number, d.msp_organization_id, d.node_id, null::text as node_name,
                    (extract(epoch from s.last_seen_at) * 1000)::float8 as last_seen_ms`,
    );
    return { silenced, released };
  });
  if (!found) return { ran: false, silenced: [], released: [], stalePaths: [] };

  const conditions: AlarmCondition[] = [];
  for (const row of found.silenced) {
    if (!row.msp_organization_id) continue;
    conditions.push({
      organizationId: row.msp_organization_id,
      type: "device-unreachable",
      subject: `device:${row.device_id}`,
      active: true,
      severity: "major",
      message: deviceSilentMessage(row.serial_number, row.node_name, minutesSince(now, row.last_seen_ms)),
      source: row.serial_number,
      nodeId: row.node_id,
    });
  }
  for (const row of found.released) {
    if (!row.msp_organization_id) continue;
    conditions.push({
      organizationId: row.msp_organization_id,
      type: "device-unreachable",
      subject: `device:${row.device_id}`,
      active: false,
      severity: "major",
      message: deviceUnassignedMessage(row.serial_number),
      source: row.serial_number,
      nodeId: null,
    });
  }

  const stale = await staleSlaPathIds(db, now);
  const evaluations: SlaEvaluation[] = [];
  for (let start = 0; start < stale.length; start += STALE_CHUNK) {
    // PGlite answers without a turn of the event loop: let requests in between chunks.
    if (start > 0) await yieldToEventLoop();
    evaluations.push(...(await evaluatePathSla(db, stale.slice(start, start + STALE_CHUNK), now)));
  }
  conditions.push(...slaConditions(evaluations, null));
  // After the stale paths went to unknown: their open SLA alarms clear, with why, as do those of inactive ends.
  conditions.push(...(await unmeasuredSlaConditions(db)));
  await applyConditionsSafely(db, conditions);
  await publishSlaHealth(db, evaluations);
  const health: HealthNews = new Map();
  for (const [rows, reachable] of [[found.silenced, false], [found.released, true]] as const) {
    for (const row of rows) {
      if (row.msp_organization_id) addHealth(health, row.msp_organization_id, "devices", { id: row.device_id, nodeId: row.node_id, reachable });
    }
  }
  await publishHealth(db, health);
  return {
    ran: true,
    silenced: found.silenced.map((row) => row.device_id),
    released: found.released.map((row) => row.device_id),
    stalePaths: evaluations.map((evaluation) => evaluation.pathId),
  };
}

export interface MaintenanceOptions {
  /** Partitions, rollups and retention; default one minute. */
  intervalMs?: number;
  /** The silent-device sweep; default 15 seconds. */
  sweepIntervalMs?: number;
}

/** Starts the maintenance job and the sweep in this process; stop() waits for a pass under way. */
export function startTelemetryMaintenance(db: Db, options: MaintenanceOptions = {}): { stop(): Promise<void> } {
  const intervalMs = options.intervalMs ?? 60_000;
  const sweepIntervalMs = options.sweepIntervalMs ?? 15_000;
  let stopped = false;
  const running = new Set<Promise<unknown>>();
  const timers: NodeJS.Timeout[] = [];

  const every = (label: string, period: number, firstDelay: number, pass: () => Promise<unknown>) => {
    let busy = false;
    const tick = () => {
      if (stopped || busy) return;
      busy = true;
      const run = inBackgroundLane(pass)
        .catch((error: unknown) => log.error({ err: error, task: label }, "maintenance task failed"))
        .finally(() => {
          busy = false;
          running.delete(run);
        });
      running.add(run);
    };
    timers.push(setTimeout(tick, firstDelay).unref(), setInterval(tick, period).unref());
  };

  every("maintenance", intervalMs, 1_000, () => runTelemetryMaintenance(db));
  every("silent-device sweep", sweepIntervalMs, sweepIntervalMs, () => runSilentDeviceSweep(db));

  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      await Promise.allSettled([...running]);
    },
  };
}
