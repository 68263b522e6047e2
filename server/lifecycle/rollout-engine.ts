import "server-only";
import { and, asc, eq, inArray, lte } from "drizzle-orm";
import { messageWithValues } from "@/lib/validation/messages";
import type { RolloutVerdict } from "@/lib/lifecycle/rollout-schema";
import { mutateAsSystem, type ChangeRecord } from "@/server/core/changes";
import type { Transaction } from "@/server/core/service-context";
import { ConflictError, NotFoundError } from "@/server/core/errors";
import type { Db } from "@/server/db/client";
import { devices, lifecycleOperations, rollouts, rolloutWaves } from "@/server/db/schema";
import { ROLLOUT_HALT_MESSAGE_PREFIX as ROLLOUT_HALT_PREFIX } from "@/lib/lifecycle/rollout-message";
import { raiseMissingRolloutAlarms, raiseRolloutAlarm } from "./rollout-alarm";
import { evaluateWave } from "./rollout-gate";
import { loadRollouts, recordRollout } from "./rollout-service";
import { scheduleOperations } from "./service";

// The staged rollouts' part of the lifecycle scheduler tick (scheduler.ts calls advanceRollouts). A running
// rollout's current wave goes installing → observing (its operations all ended) → passed (the SLA gate saw no
// degradation: the next wave's operations are scheduled) or halted (the gate saw one, or an operation failed).
//
// Restart-safe without a lease: nothing is held in memory between ticks. Each step reads the rollout, decides, and
// writes in one transaction that first locks the rollout row (FOR UPDATE SKIP LOCKED) and checks that its
// updated_at is still the one read — the step's claim. A second scheduler, or this one after a restart, finds the
// step either not done (and does it) or done (updated_at moved on): a wave is never lost and never started twice,
// and the operations a wave starts are created in the same transaction as the step that records them.

export const ROLLOUT_SOURCE = "lifecycle-scheduler";

export interface RolloutTickReport {
  /** Rollouts whose next wave started, that halted, or that finished this tick. */
  started: string[];
  halted: string[];
  succeeded: string[];
  /** Halted rollouts whose alarm was missing (the process that halted them stopped before raising it). */
  realarmed: string[];
}

type RecordChange = (change: ChangeRecord) => Promise<void>;
type RolloutRow = typeof rollouts.$inferSelect;
type WaveRow = typeof rolloutWaves.$inferSelect;

/** At most this many rollouts stepped per tick. */
const BATCH = 20;

/** Rollouts due for a look, with their waves: two reads. */
async function dueRollouts(db: Db, now: Date): Promise<{ rollout: RolloutRow; waves: WaveRow[] }[]> {
  const due = await db
    .select()
    .from(rollouts)
    .where(and(eq(rollouts.status, "running"), lte(rollouts.nextCheckAt, now)))
    .orderBy(asc(rollouts.nextCheckAt))
    .limit(BATCH);
  if (due.length === 0) return [];
  const waves = await db
    .select()
    .from(rolloutWaves)
    .where(
      inArray(
        rolloutWaves.rolloutId,
        due.map((row) => row.id),
      ),
    )
    .orderBy(asc(rolloutWaves.index));
  return due.map((rollout) => ({ rollout, waves: waves.filter((wave) => wave.rolloutId === rollout.id) }));
}

type Step =
  | { kind: "wait" }
  | { kind: "observe"; installedAt: Date }
  /** Start the wave of this index (none left: the rollout succeeded). */
  | { kind: "start"; index: number }
  /** The current wave ends as `waveStatus` (halted unless it had passed) and the rollout halts. */
  | { kind: "halt"; reason: string; verdict?: RolloutVerdict; waveStatus?: "halted" | "passed" }
  | { kind: "pass"; verdict: RolloutVerdict };

/** What the current wave's state asks for now (reads only). */
async function decide(db: Db, rollout: RolloutRow, wave: WaveRow | undefined, now: Date): Promise<Step> {
  if (!wave) return { kind: "start", index: rollout.currentWave + 1 };
  // Resumed after a halt (or a pass whose next wave could not start): the next wave.
  if (wave.status === "passed" || wave.status === "halted") return { kind: "start", index: wave.index + 1 };
  if (wave.status === "pending") return { kind: "start", index: wave.index };
  if (wave.status === "installing") {
    const operations = await db
      .select({ status: lifecycleOperations.status, finishedAt: lifecycleOperations.finishedAt, serialNumber: devices.serialNumber })
      .from(lifecycleOperations)
      .innerJoin(devices, eq(devices.id, lifecycleOperations.deviceId))
      .where(inArray(lifecycleOperations.id, wave.operationIds));
    if (operations.some((operation) => operation.status === "scheduled" || operation.status === "active")) return { kind: "wait" };
    const unsuccessful = operations.filter((operation) => operation.status !== "success").map((operation) => operation.serialNumber);
    if (unsuccessful.length > 0 || operations.length === 0) {
      return { kind: "halt", reason: messageWithValues(`${ROLLOUT_HALT_PREFIX}operationsFailed`, { wave: wave.index + 1, serials: unsuccessful.sort().join(", ") }) };
    }
    const installedAt = new Date(Math.max(...operations.map((operation) => operation.finishedAt?.getTime() ?? now.getTime())));
    return { kind: "observe", installedAt };
  }
  if (wave.status === "observing") {
    if (!wave.observeUntil || !wave.installedAt || !wave.startedAt || wave.observeUntil.getTime() > now.getTime()) return { kind: "wait" };
    const verdict = await evaluateWave(db, {
      mspId: rollout.organizationId,
      deviceIds: wave.deviceIds,
      startedAt: wave.startedAt,
      installedAt: wave.installedAt,
      observeUntil: wave.observeUntil,
      observationSeconds: rollout.observationSeconds,
    });
    if (verdict.passed) return { kind: "pass", verdict };
    const paths = verdict.degraded.map((path) => path.name).join(", ");
    return { kind: "halt", verdict, reason: messageWithValues(`${ROLLOUT_HALT_PREFIX}degraded`, { wave: wave.index + 1, paths }) };
  }
  return { kind: "wait" };
}

/** Locks the rollout when it is still as read; false when another scheduler (or a person) changed it meanwhile. */
async function claim(tx: Transaction, rollout: RolloutRow): Promise<boolean> {
  const [locked] = await tx
    .select({ id: rollouts.id, status: rollouts.status, updatedAt: rollouts.updatedAt })
    .from(rollouts)
    .where(eq(rollouts.id, rollout.id))
    .for("update", { skipLocked: true });
  return Boolean(locked && locked.status === "running" && locked.updatedAt.getTime() === rollout.updatedAt.getTime());
}

/** Starts the wave of `index`: its operations scheduled now, through the lifecycle service. Null when there is none. */
async function startWave(tx: Transaction, record: RecordChange, rollout: RolloutRow, waves: WaveRow[], index: number, now: Date) {
  const next = waves.find((wave) => wave.index === index);
  if (!next) return null;
  const operations = await scheduleOperations(tx, record, {
    deviceIds: next.deviceIds,
    operation: "install-version",
    version: rollout.version,
    scheduledAt: now,
    devicesWhere: eq(devices.mspOrganizationId, rollout.organizationId),
    createdBy: rollout.createdBy,
    rolloutId: rollout.id,
  });
  await tx
    .update(rolloutWaves)
    .set({ status: "installing", startedAt: now, operationIds: operations.map((operation) => operation.id) })
    .where(and(eq(rolloutWaves.id, next.id), eq(rolloutWaves.status, "pending")));
  return next;
}

type Outcome = "started" | "halted" | "succeeded" | "updated" | null;

async function applyStep(db: Db, rollout: RolloutRow, waves: WaveRow[], step: Step, now: Date): Promise<Outcome> {
  const wave = waves.find((row) => row.index === rollout.currentWave);
  return mutateAsSystem(db, ROLLOUT_SOURCE, async (tx, record): Promise<Outcome> => {
    if (!(await claim(tx, rollout))) return null;
    const [before] = await loadRollouts(tx, [rollout.id]);
    let outcome: Outcome = "updated";
    let type: "updated" | "halted" | "succeeded" = "updated";
    const set: Partial<typeof rollouts.$inferInsert> = { updatedAt: now };
    if (step.kind === "observe" && wave) {
      const observeUntil = new Date(step.installedAt.getTime() + rollout.observationSeconds * 1000);
      await tx.update(rolloutWaves).set({ status: "observing", installedAt: step.installedAt, observeUntil }).where(eq(rolloutWaves.id, wave.id));
      set.nextCheckAt = observeUntil;
    } else if (step.kind === "halt") {
      if (wave) await tx.update(rolloutWaves).set({ status: step.waveStatus ?? "halted", verdict: step.verdict ?? wave.verdict }).where(eq(rolloutWaves.id, wave.id));
      Object.assign(set, { status: "halted", haltReason: step.reason, nextCheckAt: null });
      outcome = type = "halted";
    } else {
      // A wave passed, or the MSP resumed after a halt: the next wave starts, or the rollout is over.
      if (step.kind === "pass" && wave) await tx.update(rolloutWaves).set({ status: "passed", verdict: step.verdict }).where(eq(rolloutWaves.id, wave.id));
      const index = step.kind === "start" ? step.index : rollout.currentWave + 1;
      const next = await startWave(tx, record, rollout, waves, index, now);
      if (next) {
        Object.assign(set, { currentWave: next.index, nextCheckAt: now });
        outcome = "started";
      } else {
        Object.assign(set, { status: "succeeded", nextCheckAt: null, finishedAt: now });
        outcome = type = "succeeded";
      }
    }
    await tx.update(rollouts).set(set).where(eq(rollouts.id, rollout.id));
    const [after] = await loadRollouts(tx, [rollout.id]);
    await recordRollout(record, type, before, after);
    return outcome;
  });
}

/** A wave that cannot start (a device busy, or no longer the MSP's) halts the rollout, saying which. */
function startFailure(error: unknown, wave: number): string | null {
  if (error instanceof ConflictError) return messageWithValues(`${ROLLOUT_HALT_PREFIX}devicesBusy`, { wave, serialNumber: String(error.values?.serialNumber ?? "") });
  if (error instanceof NotFoundError) return messageWithValues(`${ROLLOUT_HALT_PREFIX}operationsFailed`, { wave, serials: "" });
  return null;
}

/** One pass over the running rollouts that are due. */
export async function advanceRollouts(db: Db, now: Date, log: (message: string) => void = () => {}): Promise<RolloutTickReport> {
  const report: RolloutTickReport = { started: [], halted: [], succeeded: [], realarmed: [] };
  try {
    report.realarmed = await raiseMissingRolloutAlarms(db);
  } catch (error) {
    log(`rollout alarms could not be checked: ${(error as Error).message}`);
  }
  for (const { rollout, waves } of await dueRollouts(db, now)) {
    try {
      const wave = waves.find((row) => row.index === rollout.currentWave);
      const step = await decide(db, rollout, wave, now);
      if (step.kind === "wait") continue;
      let outcome: Outcome;
      try {
        outcome = await applyStep(db, rollout, waves, step, now);
      } catch (error) {
        const index = step.kind === "start" ? step.index : rollout.currentWave + 1;
        const reason = startFailure(error, index + 1);
        if (!reason) throw error;
        // The wave that could not start stays pending; the one before keeps its verdict.
        const waveStatus = step.kind === "pass" || wave?.status === "passed" ? "passed" : "halted";
        outcome = await applyStep(db, rollout, waves, { kind: "halt", reason, waveStatus, verdict: step.kind === "pass" ? step.verdict : undefined }, now);
      }
      if (outcome === "started") report.started.push(rollout.id);
      if (outcome === "succeeded") report.succeeded.push(rollout.id);
      if (outcome === "halted") {
        report.halted.push(rollout.id);
        const [halted] = await loadRollouts(db, [rollout.id]);
        await raiseRolloutAlarm(db, halted);
      }
    } catch (error) {
      log(`rollout ${rollout.id} could not advance: ${(error as Error).message}`);
    }
  }
  return report;
}
