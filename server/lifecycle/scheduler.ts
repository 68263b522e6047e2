import "server-only";
import { and, asc, eq, inArray, lt, lte, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { LifecycleOperationKind } from "@/lib/lifecycle/schema";
import type { LifecycleProgress } from "@/lib/realtime-contract";
import { mutateAsSystem, recordBatch, type ChangeRecord } from "@/server/core/changes";
import type { Transaction } from "@/server/core/service-context";
import type { Db } from "@/server/db/client";
import { devices, lifecycleOperations, nodes, organizations } from "@/server/db/schema";
import { toDevice } from "@/server/inventory/service";
import { loadOperations, snapshot } from "@/server/lifecycle/service";
import { publishRealtime } from "@/server/realtime/bus";
import { deviceUnreachableWhere } from "@/server/alarms/service";
import { resolveSchedulerOptions, type LifecycleSchedulerOptions, type ResolvedSchedulerOptions } from "./options";
import { failureSummary, successSummary } from "./results";
import { advanceProgress, failureOf, stepAt, type DeviceState } from "./steps";
import { advanceRollouts } from "./rollout-engine";

// The lifecycle scheduler (issue 5): runs scheduled operations when their time comes, scheduled → active → success
// or failed, with their progress persisted and streamed. Nothing but the database is shared, so it survives a
// restart and any number of console processes may run it on one PostgreSQL:
// - a due operation is claimed by one scheduler only (FOR UPDATE SKIP LOCKED, then the status changes);
// - the claiming scheduler owns it and proves it is alive by writing updated_at every tick (the heartbeat);
// - an active operation whose heartbeat is older than the lease belongs to a dead process: one live scheduler takes
//   it over (a conditional update on the stale updated_at) and resumes it from its stored progress;
// - every write of an owner is conditional on the updated_at it wrote last, so a scheduler that was merely slow and
//   lost its operation to another writes nothing more: an operation is never finished twice.

export const LIFECYCLE_SCHEDULER_SOURCE = "lifecycle-scheduler";

interface RunningOperation {
  id: string;
  organizationId: string;
  deviceId: string;
  operation: LifecycleOperationKind;
  version: string | null;
  /** Percent, with the fraction the stored integer drops. */
  progress: number;
  /** When the progress was last advanced (ms): time before a takeover is not counted. */
  lastAt: number;
  /** The updated_at this scheduler wrote last: its proof of ownership. */
  heartbeat: Date;
  announced: number;
}

/** What one tick did, by operation id. */
export interface TickReport {
  claimed: string[];
  resumed: string[];
  succeeded: string[];
  failed: string[];
  /** Operations this scheduler found taken over by another, or cancelled or deleted under it. */
  lost: string[];
}

type RecordChange = (change: ChangeRecord) => Promise<void>;

export class LifecycleScheduler {
  private readonly running = new Map<string, RunningOperation>();
  private queue: Promise<unknown> = Promise.resolve();
  private stopped = false;
  readonly options: ResolvedSchedulerOptions;

  constructor(
    private readonly db: Db,
    options: LifecycleSchedulerOptions = {},
  ) {
    this.options = resolveSchedulerOptions(options);
  }

  /** The operations this scheduler runs now. */
  runningIds(): string[] {
    return [...this.running.keys()];
  }

  /** One pass: claim due operations, take over abandoned ones, advance the running ones. Ticks never overlap. */
  tick(now?: Date): Promise<TickReport> {
    const next = this.queue.then(() => (this.stopped ? emptyReport() : this.runTick(now ?? new Date())));
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Stops ticking once the current tick ends. Its running operations are taken over by another scheduler after the lease. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.queue;
  }

  private durationMs(operation: LifecycleOperationKind): number {
    return (operation === "install-version" ? this.options.installSeconds : this.options.rebootSeconds) * 1000;
  }

  private async runTick(now: Date): Promise<TickReport> {
    const report = emptyReport();
    try {
      if (await this.workWaiting(now)) {
        await this.claimDue(now, report);
        await this.takeOverAbandoned(now, report);
      }
    } catch (error) {
      // The running operations still need their heartbeat, or another scheduler would take them over.
      this.options.log(`could not claim operations: ${(error as Error).message}`);
    }
    await this.advance(now, report);
    // Staged rollouts: a wave whose operations ended is observed, gated, and the next one started (rollout-engine.ts).
    await advanceRollouts(this.db, now, this.options.log).catch((error: Error) => this.options.log(`rollouts not advanced: ${error.message}`));
    return report;
  }

  private staleBefore(now: Date): Date {
    return new Date(now.getTime() - this.options.leaseMs);
  }

  private notMine(): SQL | undefined {
    return this.running.size ? notInArray(lifecycleOperations.id, [...this.running.keys()]) : undefined;
  }

  /** One cheap read: is anything due or abandoned? Most ticks stop here. */
  private async workWaiting(now: Date): Promise<boolean> {
    const [row] = await this.db
      .select({ id: lifecycleOperations.id })
      .from(lifecycleOperations)
      .where(
        or(
          and(eq(lifecycleOperations.status, "scheduled"), lte(lifecycleOperations.scheduledAt, now)),
          and(eq(lifecycleOperations.status, "active"), lt(lifecycleOperations.updatedAt, this.staleBefore(now)), this.notMine()),
        ),
      )
      .limit(1);
    return Boolean(row);
  }

  /** From now on this scheduler runs the operation, from `progress`, with `now` as its heartbeat. */
  private own(
    operation: { id: string; organizationId: string; deviceId: string; operation: LifecycleOperationKind; version: string | null },
    progress: number,
    now: Date,
  ): void {
    const { id, organizationId, deviceId, version } = operation;
    this.running.set(id, { id, organizationId, deviceId, operation: operation.operation, version, progress, lastAt: now.getTime(), heartbeat: now, announced: -1 });
  }

  private async claimDue(now: Date, report: TickReport): Promise<void> {
    const claimed = await mutateAsSystem(this.db, LIFECYCLE_SCHEDULER_SOURCE, async (tx, record) => {
      const due = await tx
        .select({ id: lifecycleOperations.id })
        .from(lifecycleOperations)
        .where(and(eq(lifecycleOperations.status, "scheduled"), lte(lifecycleOperations.scheduledAt, now)))
        .orderBy(asc(lifecycleOperations.scheduledAt), asc(lifecycleOperations.id))
        .limit(this.options.batchSize)
        .for("update", { skipLocked: true });
      if (due.length === 0) return [];
      const ids = due.map((row) => row.id);
      const before = await loadOperations(tx, ids);
      await tx.update(lifecycleOperations).set({ status: "active", startedAt: now, updatedAt: now, progress: 0 }).where(inArray(lifecycleOperations.id, ids));
      const after = await loadOperations(tx, ids);
      await recordBatch(record, { entityType: "lifecycleOperation", type: "started" }, { before, after }, snapshot);
      return after;
    });
    for (const operation of claimed) {
      this.own(operation, 0, now);
      report.claimed.push(operation.id);
    }
  }

  private async takeOverAbandoned(now: Date, report: TickReport): Promise<void> {
    const staleBefore = this.staleBefore(now);
    const taken = await this.db.transaction(async (tx) => {
      const stale = await tx
        .select({ id: lifecycleOperations.id })
        .from(lifecycleOperations)
        .where(and(eq(lifecycleOperations.status, "active"), lt(lifecycleOperations.updatedAt, staleBefore), this.notMine()))
        .orderBy(asc(lifecycleOperations.updatedAt))
        .limit(this.options.batchSize)
        .for("update", { skipLocked: true });
      if (stale.length === 0) return [];
      // Still stale once locked: a scheduler that took it over meanwhile wrote a fresh heartbeat.
      return tx
        .update(lifecycleOperations)
        .set({ updatedAt: now })
        .where(
          and(
            inArray(
              lifecycleOperations.id,
              stale.map((row) => row.id),
            ),
            eq(lifecycleOperations.status, "active"),
            lt(lifecycleOperations.updatedAt, staleBefore),
          ),
        )
        .returning();
    });
    for (const row of taken) {
      this.own(row, row.progress, now);
      report.resumed.push(row.id);
      this.options.log(`took over operation ${row.id} from a scheduler that stopped; resuming at ${row.progress}%`);
    }
  }

  /** The owned operations' rows and their devices' state, in one read. */
  private async readState(ids: string[]) {
    const rows = await this.db
      .select({
        id: lifecycleOperations.id,
        status: lifecycleOperations.status,
        updatedAt: lifecycleOperations.updatedAt,
        mspOrganizationId: devices.mspOrganizationId,
        nodeId: devices.nodeId,
        unreachable: deviceUnreachableWhere(),
      })
      .from(lifecycleOperations)
      .innerJoin(devices, eq(devices.id, lifecycleOperations.deviceId))
      .where(inArray(lifecycleOperations.id, ids));
    return new Map(rows.map((row) => [row.id, row]));
  }

  private lose(id: string, report: TickReport): void {
    this.running.delete(id);
    report.lost.push(id);
  }

  private async advance(now: Date, report: TickReport): Promise<void> {
    if (this.running.size === 0) return;
    const state = await this.readState([...this.running.keys()]);
    const beats: { entry: RunningOperation; progress: number }[] = [];
    for (const entry of [...this.running.values()]) {
      const row = state.get(entry.id);
      if (!row || row.status !== "active" || row.updatedAt.getTime() !== entry.heartbeat.getTime()) {
        this.lose(entry.id, report);
        continue;
      }
      const device: DeviceState = { mspOrganizationId: row.mspOrganizationId, nodeId: row.nodeId, unreachable: Boolean(row.unreachable) };
      const failure = failureOf(entry.organizationId, device, stepAt(entry.operation, entry.progress));
      const progress = advanceProgress(entry.progress, now.getTime() - entry.lastAt, this.durationMs(entry.operation));
      try {
        if (failure) await this.finish(entry, "failed", failureSummary(failure, entry.progress), now, report);
        else if (progress >= 100) await this.finish(entry, "success", successSummary(entry), now, report);
        else beats.push({ entry, progress });
      } catch (error) {
        // Kept: the next tick tries again, or another scheduler takes it over after the lease.
        this.options.log(`operation ${entry.id} could not finish: ${(error as Error).message}`);
      }
    }
    await this.heartbeat(beats, now, report);
  }

  /** Every still-running operation's progress and heartbeat, in one conditional update. */
  private async heartbeat(beats: { entry: RunningOperation; progress: number }[], now: Date, report: TickReport): Promise<void> {
    if (beats.length === 0) return;
    const progressCase = sql.join(
      [sql`case ${lifecycleOperations.id}`, ...beats.map(({ entry, progress }) => sql`when ${entry.id} then ${Math.floor(progress)}::integer`), sql`end`],
      sql` `,
    );
    const updated = await this.db
      .update(lifecycleOperations)
      .set({ progress: progressCase, updatedAt: now })
      .where(
        and(
          eq(lifecycleOperations.status, "active"),
          or(...beats.map(({ entry }) => and(eq(lifecycleOperations.id, entry.id), eq(lifecycleOperations.updatedAt, entry.heartbeat)))),
        ),
      )
      .returning({ id: lifecycleOperations.id });
    const kept = new Set(updated.map((row) => row.id));
    const announcements: Promise<void>[] = [];
    for (const { entry, progress } of beats) {
      if (!kept.has(entry.id)) {
        this.lose(entry.id, report);
        continue;
      }
      entry.progress = progress;
      entry.lastAt = now.getTime();
      entry.heartbeat = now;
      const shown = Math.floor(progress);
      if (shown !== entry.announced) {
        entry.announced = shown;
        announcements.push(this.announceProgress(entry, "active", shown));
      }
    }
    // One message per operation per tick: sent together, each operation's still in order from tick to tick.
    await Promise.all(announcements);
  }

  private announceProgress(entry: RunningOperation, status: LifecycleProgress["status"], progress: number): Promise<void> {
    return publishRealtime(this.db, entry.organizationId, {
      service: "lifecycle",
      action: "progress",
      data: { operationId: entry.id, status, progress, step: stepAt(entry.operation, progress).name },
    });
  }

  private async finish(entry: RunningOperation, status: "success" | "failed", summary: string, now: Date, report: TickReport): Promise<void> {
    const progress = status === "success" ? 100 : Math.floor(entry.progress);
    const finished = await mutateAsSystem(this.db, LIFECYCLE_SCHEDULER_SOURCE, async (tx, record) => {
      const [before] = await loadOperations(tx, [entry.id]);
      const done = await tx
        .update(lifecycleOperations)
        .set({ status, progress, summary, finishedAt: now, updatedAt: now })
        .where(and(eq(lifecycleOperations.id, entry.id), eq(lifecycleOperations.status, "active"), eq(lifecycleOperations.updatedAt, entry.heartbeat)))
        .returning({ id: lifecycleOperations.id });
      if (done.length === 0 || !before) return false;
      if (status === "success" && entry.operation === "install-version" && entry.version) {
        await installVersion(tx, record, entry, entry.version, now);
      }
      const [after] = await loadOperations(tx, [entry.id]);
      await record({
        organizationId: after.organizationId,
        entityType: "lifecycleOperation",
        entityId: after.id,
        type: status === "success" ? "succeeded" : "failed",
        nodeId: after.nodeId,
        before: snapshot(before),
        after: snapshot(after),
      });
      return true;
    });
    if (!finished) {
      this.lose(entry.id, report);
      return;
    }
    this.running.delete(entry.id);
    (status === "success" ? report.succeeded : report.failed).push(entry.id);
    await this.announceProgress(entry, status, progress);
  }
}

async function loadDevice(tx: Transaction, deviceId: string) {
  const [row] = await tx
    .select({ device: devices, mspName: organizations.name, nodeName: nodes.name })
    .from(devices)
    .leftJoin(organizations, eq(organizations.id, devices.mspOrganizationId))
    .leftJoin(nodes, eq(nodes.id, devices.nodeId))
    .where(eq(devices.id, deviceId));
  return row ? toDevice(row) : null;
}

/** The device runs the installed version from now on: a device change of its own, with its event. */
async function installVersion(tx: Transaction, record: RecordChange, entry: RunningOperation, version: string, now: Date): Promise<void> {
  const before = await loadDevice(tx, entry.deviceId);
  if (!before || before.softwareVersion === version) return;
  const changed = await tx
    .update(devices)
    .set({ softwareVersion: version, updatedAt: now })
    .where(and(eq(devices.id, entry.deviceId), eq(devices.mspOrganizationId, entry.organizationId)))
    .returning({ id: devices.id });
  if (changed.length === 0) return;
  const after = await loadDevice(tx, entry.deviceId);
  await record({ organizationId: entry.organizationId, entityType: "device", entityId: entry.deviceId, type: "updated", nodeId: before.nodeId, before, after });
}

function emptyReport(): TickReport {
  return { claimed: [], resumed: [], succeeded: [], failed: [], lost: [] };
}

/** A scheduler that ticks only when told to (tests, scripts); `startLifecycleScheduler` runs one on a timer. */
export function createLifecycleScheduler(db: Db, options: LifecycleSchedulerOptions = {}): LifecycleScheduler {
  return new LifecycleScheduler(db, options);
}

/**
 * Runs the lifecycle scheduler in this process: a tick right away, then `tickMs` after each tick ends. `stop()`
 * waits for the tick in progress; operations still running are taken over by another process after the lease.
 */
export function startLifecycleScheduler(db: Db, options: LifecycleSchedulerOptions = {}): { scheduler: LifecycleScheduler; stop(): Promise<void> } {
  const scheduler = new LifecycleScheduler(db, options);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const loop = async () => {
    try {
      await scheduler.tick();
    } catch (error) {
      scheduler.options.log(`tick failed: ${(error as Error).message}`);
    }
    if (!stopped) timer = setTimeout(loop, scheduler.options.tickMs).unref();
  };
  timer = setTimeout(loop, 0).unref();
  return {
    scheduler,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await scheduler.stop();
    },
  };
}

const defaults = new WeakMap<Db, LifecycleScheduler>();

/** One tick of this process's scheduler for the database (timing from the environment), at `now`. */
export function runSchedulerTick(db: Db, now?: Date): Promise<TickReport> {
  let scheduler = defaults.get(db);
  if (!scheduler) {
    scheduler = new LifecycleScheduler(db);
    defaults.set(db, scheduler);
  }
  return scheduler.tick(now);
}
