import "server-only";
import { assertVersionFits } from "./versions";
import { and, asc, count, eq, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  LIFECYCLE_STATUSES,
  LIFECYCLE_TABS,
  type LifecycleOperation,
  type LifecycleOperationCreate,
  type LifecycleOperationListQuery,
  type LifecycleOperationUpdate,
  type LifecycleStatus,
} from "@/lib/lifecycle/schema";
import { BUSY_OPERATION_STATUSES } from "@/lib/lifecycle/busy";
import { mutate, recordBatch, type ChangeRecord } from "@/server/core/changes";
import type { ServiceContext, Transaction } from "@/server/core/service-context";
import type { Principal } from "@/server/auth/principal";
import type { Db } from "@/server/db/client";
import { devices, lifecycleOperations, lifecycleStatusRank, nodes, users } from "@/server/db/schema";
import { tenantWhere } from "@/server/core/tenancy";
import { NotFoundError, ConflictError } from "@/server/core/errors";
import type { PageQuery } from "@/lib/pagination";
import { sortedList, timeKey } from "@/server/core/pagination";
import { personLabel, iso } from "@/server/core/rows";
import { assertDevicesFree } from "./busy";

// SPEC §3–§4: lifecycle operations on an MSP's devices. Scheduled operations can be moved or cancelled; running and
// finished ones are history. server/lifecycle/scheduler.ts runs them when their time comes.

type Executor = Db | Transaction;
type OperationRow = typeof lifecycleOperations.$inferSelect;

const creator = alias(users, "lifecycle_creator");
const canceller = alias(users, "lifecycle_canceller");

function selectOperations(executor: Executor, sortKey: SQL<unknown> = timeKey(lifecycleOperations.scheduledAt)) {
  return executor
    .select({
      operation: lifecycleOperations,
      serialNumber: devices.serialNumber,
      nodeId: devices.nodeId,
      nodeName: nodes.name,
      creator: { firstName: creator.firstName, lastName: creator.lastName, email: creator.email },
      canceller: { firstName: canceller.firstName, lastName: canceller.lastName, email: canceller.email },
      sortKey,
    })
    .from(lifecycleOperations)
    .innerJoin(devices, eq(devices.id, lifecycleOperations.deviceId))
    .leftJoin(nodes, eq(nodes.id, devices.nodeId))
    .leftJoin(creator, eq(creator.id, lifecycleOperations.createdBy))
    .leftJoin(canceller, eq(canceller.id, lifecycleOperations.cancelledBy));
}

type SelectedOperation = Awaited<ReturnType<ReturnType<typeof selectOperations>["execute"]>>[number];

/** Seconds from start to finish, to now while it runs; null before it starts. */
function durationSeconds(row: OperationRow, now = Date.now()): number | null {
  if (!row.startedAt) return null;
  const end = row.finishedAt?.getTime() ?? now;
  return Math.max(0, Math.round((end - row.startedAt.getTime()) / 1000));
}

export function toLifecycleOperation(row: SelectedOperation): LifecycleOperation {
  const { operation } = row;
  return {
    id: operation.id,
    organizationId: operation.organizationId,
    deviceId: operation.deviceId,
    serialNumber: row.serialNumber,
    nodeId: row.nodeId,
    nodeName: row.nodeId ? row.nodeName : null,
    operation: operation.operation,
    version: operation.version,
    status: operation.status,
    scheduledAt: operation.scheduledAt.toISOString(),
    startedAt: iso(operation.startedAt),
    finishedAt: iso(operation.finishedAt),
    durationSeconds: durationSeconds(operation),
    progress: Math.min(100, Math.max(0, operation.progress)),
    summary: operation.summary,
    createdBy: personLabel(row.creator),
    cancelledBy: personLabel(row.canceller),
    updatedAt: operation.updatedAt.toISOString(),
  };
}

/** What an operation's events record: its fields as a person sees them, without the clock-dependent duration. */
export function snapshot(operation: LifecycleOperation) {
  const { durationSeconds: _duration, updatedAt: _updatedAt, ...fields } = operation;
  return fields;
}

/** Operations as the API shows them, soonest first (the lifecycle scheduler records these in its events). */
export async function loadOperations(executor: Executor, ids: string[]): Promise<LifecycleOperation[]> {
  if (ids.length === 0) return [];
  const rows = await selectOperations(executor)
    .where(inArray(lifecycleOperations.id, ids))
    .orderBy(asc(lifecycleOperations.scheduledAt), asc(lifecycleOperations.id));
  return rows.map(toLifecycleOperation);
}

function visibleOperationsWhere(principal: Principal, executor: Executor): SQL | undefined {
  return tenantWhere(principal, lifecycleOperations.organizationId, executor as Db);
}

/**
 * The operations' filter: a tab, and for the assistant a status within it and one device's, by serial number or node
 * name in any case.
 */
export type OperationFilter = LifecycleOperationListQuery & { status?: LifecycleStatus; device?: string };

function filterConditions({ db, principal }: ServiceContext, query: OperationFilter): (SQL | undefined)[] {
  const device = query.device?.toLowerCase();
  return [
    visibleOperationsWhere(principal, db),
    inArray(lifecycleOperations.status, [...LIFECYCLE_TABS[query.tab]]),
    query.status ? eq(lifecycleOperations.status, query.status) : undefined,
    query.organizationId ? eq(lifecycleOperations.organizationId, query.organizationId) : undefined,
    device ? or(eq(sql`lower(${devices.serialNumber})`, device), eq(sql`lower(${nodes.name})`, device)) : undefined,
  ];
}

/** How many operations a filter keeps (what the assistant says of a whole tab). */
export async function countOperations(context: ServiceContext, query: OperationFilter): Promise<number> {
  const [row] = await context.db
    .select({ count: count() })
    .from(lifecycleOperations)
    .innerJoin(devices, eq(devices.id, lifecycleOperations.deviceId))
    .leftJoin(nodes, eq(nodes.id, devices.nodeId))
    .where(and(...filterConditions(context, query)));
  return Number(row?.count ?? 0);
}

// GET /api/v1/lifecycle/operation?tab= — Scheduled and Running soonest first, Finished latest first.
export async function listOperations(context: ServiceContext, query: PageQuery & OperationFilter) {
  const { db } = context;
  const time = { key: lifecycleOperations.scheduledAt, kind: "time" } as const;
  const list = sortedList("lifecycle", { time: [time], state: [{ key: lifecycleStatusRank(lifecycleOperations.status), kind: "integer" }, time] }, lifecycleOperations.id, query, {
    sort: "time",
    order: query.tab === "finished" ? "desc" : "asc",
  });
  const conditions = [...filterConditions(context, query), list.after];
  const rows = await selectOperations(db, list.cursorValues)
    .where(and(...conditions))
    .orderBy(...list.orderBy)
    .limit(list.limit);
  const page = list.page(rows, (row) => ({ values: row.sortKey as unknown[], id: row.operation.id }));
  const items = page.items.map(toLifecycleOperation);
  if (query.tab !== "finished" || page.items.length === 0) return { items, nextCursor: page.nextCursor };
  const unfinished = await unfinishedOfBatches(db, page.items.map((row) => row.operation));
  return { items: items.map((item, index) => ({ ...item, batchUnfinished: unfinished.get(batchOf(page.items[index].operation)) ?? 0 })), nextCursor: page.nextCursor };
}

// A batch is the operations one schedule created together (lib/lifecycle/batches.ts): one organization, person,
// operation, version and start time.
const batchOf = (operation: Pick<OperationRow, "organizationId" | "createdBy" | "operation" | "version" | "scheduledAt">) =>
  [operation.organizationId, operation.createdBy ?? "", operation.operation, operation.version ?? "", operation.scheduledAt.getTime()].join("\u0000");

/** How many operations of each finished operation's batch are still scheduled or running (the Finished tab's summary waits for them). */
async function unfinishedOfBatches(db: Db, finished: readonly OperationRow[]): Promise<Map<string, number>> {
  const rows = await db
    .select({
      organizationId: lifecycleOperations.organizationId,
      createdBy: lifecycleOperations.createdBy,
      operation: lifecycleOperations.operation,
      version: lifecycleOperations.version,
      scheduledAt: lifecycleOperations.scheduledAt,
      count: count(),
    })
    .from(lifecycleOperations)
    .where(
      and(
        inArray(lifecycleOperations.status, [...LIFECYCLE_TABS.scheduled, ...LIFECYCLE_TABS.running]),
        inArray(lifecycleOperations.organizationId, [...new Set(finished.map((operation) => operation.organizationId))]),
        inArray(lifecycleOperations.scheduledAt, [...new Map(finished.map((operation) => [operation.scheduledAt.getTime(), operation.scheduledAt])).values()]),
      ),
    )
    .groupBy(lifecycleOperations.organizationId, lifecycleOperations.createdBy, lifecycleOperations.operation, lifecycleOperations.version, lifecycleOperations.scheduledAt);
  return new Map(rows.map((row) => [batchOf(row), row.count]));
}

// POST /api/v1/lifecycle/operation — one operation per device, in one transaction: every device must be the
// caller's (claimed by its MSP; any claimed device for the operator) and have no operation scheduled or running.
export async function createOperations(context: ServiceContext, input: LifecycleOperationCreate): Promise<LifecycleOperation[]> {
  const { principal } = context;
  return mutate(context, (tx, record) =>
    scheduleOperations(tx, record, {
      ...input,
      scheduledAt: input.start === "later" && input.scheduledAt ? input.scheduledAt : new Date(),
      devicesWhere: tenantWhere(principal, devices.mspOrganizationId, tx as Db),
      createdBy: principal.userId,
    }),
  );
}

/**
 * Schedules one operation per device in the caller's transaction, recording each: the devices must be claimed and
 * match `devicesWhere` (the caller's tenancy, or a staged rollout's MSP) and be free (server/lifecycle/busy.ts).
 */
export async function scheduleOperations(
  tx: Transaction,
  record: (change: ChangeRecord) => Promise<void>,
  input: Pick<LifecycleOperationCreate, "deviceIds" | "operation" | "version"> & {
    scheduledAt: Date;
    devicesWhere: SQL | undefined;
    createdBy: string | null;
    /** The staged rollout scheduling its own wave: its hold on these devices is no obstacle. */
    rolloutId?: string;
  },
): Promise<LifecycleOperation[]> {
  const targets = await tx
    .select()
    .from(devices)
    .where(and(inArray(devices.id, input.deviceIds), isNotNull(devices.mspOrganizationId), input.devicesWhere))
    .orderBy(devices.id)
    .for("update");
  if (targets.length !== input.deviceIds.length) throw new NotFoundError();
  if (input.operation === "install-version") assertVersionFits(targets, input.version);
  await assertDevicesFree(tx, input.deviceIds, { exceptRolloutId: input.rolloutId });
  const inserted = await tx
    .insert(lifecycleOperations)
    .values(
      targets.map((device) => ({
        organizationId: device.mspOrganizationId as string,
        deviceId: device.id,
        operation: input.operation,
        version: input.operation === "install-version" ? input.version : null,
        status: "scheduled" as const,
        scheduledAt: input.scheduledAt,
        createdBy: input.createdBy,
      })),
    )
    .returning({ id: lifecycleOperations.id });
  const created = await loadOperations(
    tx,
    inserted.map((row) => row.id),
  );
  for (const operation of created) {
    await record({
      organizationId: operation.organizationId,
      entityType: "lifecycleOperation",
      entityId: operation.id,
      type: "created",
      nodeId: operation.nodeId,
      after: snapshot(operation),
    });
  }
  return created;
}

const notScheduled = (operation: LifecycleOperation) =>
  new ConflictError("apiErrors.lifecycleNotScheduled", { serialNumber: operation.serialNumber });

async function lockVisibleOperations(tx: Transaction, principal: Principal, ids: string[]) {
  const locked = await tx
    .select({ id: lifecycleOperations.id })
    .from(lifecycleOperations)
    .where(and(inArray(lifecycleOperations.id, ids), visibleOperationsWhere(principal, tx)))
    .orderBy(lifecycleOperations.id)
    .for("update");
  return loadOperations(
    tx,
    locked.map((row) => row.id),
  );
}

// PATCH /api/v1/lifecycle/operation/{id} — a new start time, while the operation is still scheduled.
export async function rescheduleOperation(context: ServiceContext, operationId: string, input: LifecycleOperationUpdate) {
  return mutate(context, async (tx, record) => {
    const [before] = await lockVisibleOperations(tx, context.principal, [operationId]);
    if (!before) throw new NotFoundError();
    if (before.status !== "scheduled") throw notScheduled(before);
    await tx
      .update(lifecycleOperations)
      .set({ scheduledAt: input.scheduledAt, updatedAt: new Date() })
      .where(eq(lifecycleOperations.id, operationId));
    const [after] = await loadOperations(tx, [operationId]);
    await record({
      organizationId: after.organizationId,
      entityType: "lifecycleOperation",
      entityId: after.id,
      type: "updated",
      nodeId: after.nodeId,
      before: snapshot(before),
      after: snapshot(after),
    });
    return after;
  });
}

/** Cancels scheduled operations already locked by the caller's transaction, recording each change. */
export async function cancelScheduled(
  tx: Transaction,
  principal: Principal,
  record: (change: ChangeRecord) => Promise<void>,
  operations: LifecycleOperation[],
): Promise<LifecycleOperation[]> {
  if (operations.length === 0) return [];
  const now = new Date();
  const ids = operations.map((operation) => operation.id);
  await tx
    .update(lifecycleOperations)
    .set({ status: "cancelled", cancelledBy: principal.userId, finishedAt: now, updatedAt: now })
    .where(inArray(lifecycleOperations.id, ids));
  const cancelled = await loadOperations(tx, ids);
  await recordBatch(record, { entityType: "lifecycleOperation", type: "cancelled" }, { before: operations, after: cancelled }, snapshot);
  return cancelled;
}

/** The device's scheduled and running operations, locked until the transaction ends. */
export async function lockPendingOperationsOfDevice(tx: Transaction, deviceId: string): Promise<LifecycleOperation[]> {
  const locked = await tx
    .select({ id: lifecycleOperations.id })
    .from(lifecycleOperations)
    .where(and(eq(lifecycleOperations.deviceId, deviceId), inArray(lifecycleOperations.status, [...BUSY_OPERATION_STATUSES])))
    .orderBy(lifecycleOperations.id)
    .for("update");
  return loadOperations(
    tx,
    locked.map((row) => row.id),
  );
}

// POST /api/v1/lifecycle/operation/cancel — all of them or none: an id the caller cannot see is not found, an
// operation that already started cannot be cancelled.
export async function cancelOperations(context: ServiceContext, operationIds: string[]): Promise<LifecycleOperation[]> {
  return mutate(context, async (tx, record) => {
    const operations = await lockVisibleOperations(tx, context.principal, operationIds);
    if (operations.length !== operationIds.length) throw new NotFoundError();
    const started = operations.find((operation) => operation.status !== "scheduled");
    if (started) throw notScheduled(started);
    return cancelScheduled(tx, context.principal, record, operations);
  });
}

/** Every lifecycle operation of every organization counted by status, a status without one at 0 (the metrics' gauge). */
export async function countOperationsByStatus(db: Db): Promise<{ status: string; count: number }[]> {
  const rows = await db.select({ status: lifecycleOperations.status, count: count() }).from(lifecycleOperations).groupBy(lifecycleOperations.status);
  const counted = new Map<string, number>(rows.map((row) => [row.status, row.count]));
  return LIFECYCLE_STATUSES.map((status) => ({ status, count: counted.get(status) ?? 0 }));
}
