import "server-only";
import { assertVersionFits } from "./versions";
import { and, asc, eq, inArray, isNotNull, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { planWaves, rolloutStartOf, type Rollout, type RolloutCreate, type RolloutListQuery } from "@/lib/lifecycle/rollout-schema";
import type { PageQuery } from "@/lib/pagination";
import { mutate, type ChangeRecord } from "@/server/core/changes";
import type { ServiceContext, Transaction } from "@/server/core/service-context";
import type { Principal } from "@/server/auth/principal";
import { ConflictError, NotFoundError, ValidationError } from "@/server/core/errors";
import { keyset, timeKey } from "@/server/core/pagination";
import { iso, personLabel } from "@/server/core/rows";
import { tenantWhere } from "@/server/core/tenancy";
import type { Db } from "@/server/db/client";
import { devices, lifecycleOperations, rollouts, rolloutWaves, users } from "@/server/db/schema";
import { cancelScheduled, loadOperations, scheduleOperations } from "./service";
import { clearRolloutAlarm } from "./rollout-alarm";
import { assertDevicesFree } from "./busy";

// Staged rollouts (issue 15 item 7): an install of one version on many devices, in waves. The first wave's
// operations are scheduled at once, through the lifecycle service like any other operation; the scheduler
// (rollout-engine.ts) starts each next wave once the SLA gate passed the one before, or halts the rollout. The MSP
// can resume a halted rollout (the next wave starts) or cancel it (what has not started never will).

type Executor = Db | Transaction;
type RecordChange = (change: ChangeRecord) => Promise<void>;

const creator = alias(users, "rollout_creator");
const resumer = alias(users, "rollout_resumer");
const canceller = alias(users, "rollout_canceller");

function selectRollouts(executor: Executor) {
  return executor
    .select({
      rollout: rollouts,
      creator: { firstName: creator.firstName, lastName: creator.lastName, email: creator.email },
      resumer: { firstName: resumer.firstName, lastName: resumer.lastName, email: resumer.email },
      canceller: { firstName: canceller.firstName, lastName: canceller.lastName, email: canceller.email },
      sortKey: timeKey(rollouts.createdAt),
    })
    .from(rollouts)
    .leftJoin(creator, eq(creator.id, rollouts.createdBy))
    .leftJoin(resumer, eq(resumer.id, rollouts.resumedBy))
    .leftJoin(canceller, eq(canceller.id, rollouts.cancelledBy));
}

type SelectedRollout = Awaited<ReturnType<ReturnType<typeof selectRollouts>["execute"]>>[number];

/** Rollouts as the API shows them (halt reasons still stored messages), with their waves, devices and operations: four reads. */
async function toRollouts(executor: Executor, rows: SelectedRollout[]): Promise<Rollout[]> {
  if (rows.length === 0) return [];
  const waves = await executor
    .select()
    .from(rolloutWaves)
    .where(
      inArray(
        rolloutWaves.rolloutId,
        rows.map((row) => row.rollout.id),
      ),
    )
    .orderBy(asc(rolloutWaves.rolloutId), asc(rolloutWaves.index));
  const deviceIds = [...new Set(waves.flatMap((wave) => wave.deviceIds))];
  const operationIds = waves.flatMap((wave) => wave.operationIds);
  const [serials, operations] = await Promise.all([
    deviceIds.length
      ? executor.select({ id: devices.id, serialNumber: devices.serialNumber }).from(devices).where(inArray(devices.id, deviceIds))
      : Promise.resolve([]),
    operationIds.length
      ? executor
          .select({ id: lifecycleOperations.id, deviceId: lifecycleOperations.deviceId, status: lifecycleOperations.status, progress: lifecycleOperations.progress })
          .from(lifecycleOperations)
          .where(inArray(lifecycleOperations.id, operationIds))
      : Promise.resolve([]),
  ]);
  const serialOf = new Map(serials.map((row) => [row.id, row.serialNumber]));
  const operationOf = new Map(operations.map((row) => [row.id, row]));
  return rows.map(({ rollout, ...people }) => {
    const own = waves.filter((wave) => wave.rolloutId === rollout.id);
    return {
      id: rollout.id,
      organizationId: rollout.organizationId,
      version: rollout.version,
      waveMode: rollout.waveMode,
      waveSize: rollout.waveSize,
      observationSeconds: rollout.observationSeconds,
      status: rollout.status,
      currentWave: rollout.currentWave + 1,
      deviceCount: own.reduce((total, wave) => total + wave.deviceIds.length, 0),
      haltReason: rollout.haltReason,
      createdBy: personLabel(people.creator),
      resumedBy: personLabel(people.resumer),
      cancelledBy: personLabel(people.canceller),
      createdAt: rollout.createdAt.toISOString(),
      startsAt: (own[0]?.startedAt ?? rollout.createdAt).toISOString(),
      updatedAt: rollout.updatedAt.toISOString(),
      finishedAt: iso(rollout.finishedAt),
      waves: own.map((wave) => ({
        number: wave.index + 1,
        status: wave.status,
        devices: wave.deviceIds.map((id) => {
          // The wave's operation on this device (a wave has one per device, made when it starts).
          const operation = wave.operationIds.map((operationId) => operationOf.get(operationId)).find((row) => row?.deviceId === id);
          return {
            id,
            serialNumber: serialOf.get(id) ?? "",
            operationId: operation?.id ?? null,
            operationStatus: operation?.status ?? null,
            progress: operation ? Math.min(100, Math.max(0, operation.progress)) : null,
          };
        }),
        operationIds: wave.operationIds,
        startedAt: iso(wave.startedAt),
        installedAt: iso(wave.installedAt),
        observeUntil: iso(wave.observeUntil),
        verdict: wave.verdict ?? null,
      })),
    };
  });
}

/** Rollouts by id, as the API shows them. */
export async function loadRollouts(executor: Executor, ids: string[]): Promise<Rollout[]> {
  if (ids.length === 0) return [];
  const rows = await selectRollouts(executor).where(inArray(rollouts.id, ids)).orderBy(asc(rollouts.id));
  return toRollouts(executor, rows);
}

/** What a rollout's events keep: its fields without the clock of its last write. */
export function rolloutSnapshot(rollout: Rollout) {
  const { updatedAt: _updatedAt, ...fields } = rollout;
  return fields;
}

/** Records a rollout's change, before and after, as an event (and its news on /ws once committed). */
export async function recordRollout(record: RecordChange, type: "created" | "updated" | "halted" | "resumed" | "cancelled" | "succeeded", before: Rollout | null, after: Rollout) {
  await record({
    organizationId: after.organizationId,
    entityType: "rollout",
    entityId: after.id,
    type,
    before: before ? rolloutSnapshot(before) : null,
    after: rolloutSnapshot(after),
  });
}

const visibleRolloutsWhere = (principal: Principal, executor: Executor): SQL | undefined => tenantWhere(principal, rollouts.organizationId, executor as Db);

// GET /api/v1/lifecycle/rollout — the latest first, a page at a time.
export async function listRollouts(context: ServiceContext, query: PageQuery & RolloutListQuery) {
  const { db, principal } = context;
  const list = keyset({ column: rollouts.createdAt, id: rollouts.id, time: true, direction: "desc" }, query);
  const rows = await selectRollouts(db)
    .where(and(visibleRolloutsWhere(principal, db), query.organizationId ? eq(rollouts.organizationId, query.organizationId) : undefined, list.after))
    .orderBy(...list.orderBy)
    .limit(list.limit);
  const page = list.page(rows, (row) => ({ value: row.sortKey, id: row.rollout.id }));
  return { items: await toRollouts(db, page.items), nextCursor: page.nextCursor };
}

// GET /api/v1/lifecycle/rollout/{id}
export async function getRollout(context: ServiceContext, rolloutId: string): Promise<Rollout> {
  const { db, principal } = context;
  const rows = await selectRollouts(db).where(and(eq(rollouts.id, rolloutId), visibleRolloutsWhere(principal, db)));
  const [rollout] = await toRollouts(db, rows);
  if (!rollout) throw new NotFoundError();
  return rollout;
}

// POST /api/v1/lifecycle/rollout — the rollout and its waves, and the first wave's operations scheduled at its start
// (now, or the time given), in one transaction. Every device must be the caller's, of one MSP, and free.
export async function createRollout(context: ServiceContext, input: RolloutCreate): Promise<Rollout> {
  const { principal } = context;
  return mutate(context, async (tx, record) => {
    const targets = await tx
      .select({ id: devices.id, mspOrganizationId: devices.mspOrganizationId, serialNumber: devices.serialNumber, model: devices.model })
      .from(devices)
      .where(and(inArray(devices.id, input.deviceIds), isNotNull(devices.mspOrganizationId), tenantWhere(principal, devices.mspOrganizationId, tx as Db)))
      .orderBy(devices.id)
      .for("update");
    if (targets.length !== input.deviceIds.length) throw new NotFoundError();
    // Every device of the rollout, not only the first wave's, must be able to take the version.
    assertVersionFits(targets, input.version);
    const msps = new Set(targets.map((device) => device.mspOrganizationId as string));
    if (msps.size !== 1) throw new ValidationError("validation.rollout.oneMsp", undefined, [{ path: "deviceIds", key: "validation.rollout.oneMsp" }]);
    const [organizationId] = msps;
    // Every device of the rollout, not only the first wave's, must be free.
    await assertDevicesFree(tx, input.deviceIds);
    const now = new Date();
    const startsAt = rolloutStartOf(input, now);
    const [created] = await tx
      .insert(rollouts)
      .values({
        organizationId,
        version: input.version,
        waveMode: input.waveMode,
        waveSize: input.waveSize,
        observationSeconds: input.observationSeconds,
        status: "running",
        currentWave: 0,
        // The scheduler has nothing to look at before the first wave's operations start.
        nextCheckAt: startsAt,
        createdBy: principal.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: rollouts.id });
    const waves = planWaves(input.deviceIds, input.waveSize, input.waveMode);
    const first = await scheduleOperations(tx, record, {
      deviceIds: waves[0],
      operation: "install-version",
      version: input.version,
      scheduledAt: startsAt,
      devicesWhere: eq(devices.mspOrganizationId, organizationId),
      createdBy: principal.userId,
      rolloutId: created.id,
    });
    await tx.insert(rolloutWaves).values(
      waves.map((deviceIds, index) => ({
        rolloutId: created.id,
        index,
        deviceIds,
        status: index === 0 ? ("installing" as const) : ("pending" as const),
        operationIds: index === 0 ? first.map((operation) => operation.id) : [],
        // The first wave's start is the rollout's (its SLA "before" window ends there).
        startedAt: index === 0 ? startsAt : null,
      })),
    );
    const [after] = await loadRollouts(tx, [created.id]);
    await recordRollout(record, "created", null, after);
    return after;
  });
}

/** The visible rollout, locked until the transaction ends; 404 when missing or another tenant's. */
async function lockVisibleRollout(tx: Transaction, principal: Principal, rolloutId: string): Promise<Rollout> {
  const [locked] = await tx
    .select({ id: rollouts.id })
    .from(rollouts)
    .where(and(eq(rollouts.id, rolloutId), visibleRolloutsWhere(principal, tx)))
    .for("update");
  if (!locked) throw new NotFoundError();
  const [rollout] = await loadRollouts(tx, [locked.id]);
  return rollout;
}

// POST /api/v1/lifecycle/rollout/{id}/resume — a halted rollout goes on: the scheduler starts the next wave (or
// ends it when the halted wave was the last). The alarm clears; the halted wave keeps its verdict.
export async function resumeRollout(context: ServiceContext, rolloutId: string): Promise<Rollout> {
  const resumed = await mutate(context, async (tx, record) => {
    const before = await lockVisibleRollout(tx, context.principal, rolloutId);
    if (before.status !== "halted") throw new ConflictError("rollout.errors.notHalted");
    const now = new Date();
    await tx
      .update(rollouts)
      .set({ status: "running", resumedBy: context.principal.userId, nextCheckAt: now, updatedAt: now })
      .where(eq(rollouts.id, rolloutId));
    const [after] = await loadRollouts(tx, [rolloutId]);
    await recordRollout(record, "resumed", before, after);
    return after;
  });
  await clearRolloutAlarm(context.db, resumed);
  return resumed;
}

// POST /api/v1/lifecycle/rollout/{id}/cancel — a running or halted rollout stops: its waves not started are
// cancelled, and so are the current wave's operations that have not started (those running finish).
export async function cancelRollout(context: ServiceContext, rolloutId: string): Promise<Rollout> {
  const cancelled = await mutate(context, async (tx, record) => {
    const before = await lockVisibleRollout(tx, context.principal, rolloutId);
    if (before.status !== "running" && before.status !== "halted") throw new ConflictError("rollout.errors.finished");
    const now = new Date();
    const current = before.waves[before.currentWave - 1];
    if (current && current.status === "installing" && current.operationIds.length > 0) {
      const locked = await tx
        .select({ id: lifecycleOperations.id })
        .from(lifecycleOperations)
        .where(and(inArray(lifecycleOperations.id, current.operationIds), eq(lifecycleOperations.status, "scheduled")))
        .orderBy(lifecycleOperations.id)
        .for("update");
      await cancelScheduled(
        tx,
        context.principal,
        record,
        await loadOperations(
          tx,
          locked.map((row) => row.id),
        ),
      );
    }
    await tx
      .update(rolloutWaves)
      .set({ status: "cancelled" })
      .where(and(eq(rolloutWaves.rolloutId, rolloutId), inArray(rolloutWaves.status, ["pending", "installing", "observing"])));
    await tx
      .update(rollouts)
      .set({ status: "cancelled", cancelledBy: context.principal.userId, nextCheckAt: null, finishedAt: now, updatedAt: now })
      .where(eq(rollouts.id, rolloutId));
    const [after] = await loadRollouts(tx, [rolloutId]);
    await recordRollout(record, "cancelled", before, after);
    return after;
  });
  await clearRolloutAlarm(context.db, cancelled);
  return cancelled;
}
