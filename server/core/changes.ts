import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { entityLabel } from "@/lib/events/names";
import { eventType, type ChangeType } from "@/lib/realtime-contract";
import type { Db } from "@/server/db/client";
import { events } from "@/server/db/schema";
import { announceChanges } from "@/server/realtime/announce";
import { takeClaim } from "./once";
import type { ServiceContext, Transaction } from "./service-context";
import { enqueueChange } from "./webhook-outbox";

// The change record: every change to tenant data is written as an event in the transaction that makes it, and
// announced on the realtime bus once that transaction has committed.

export interface ChangeRecord {
  organizationId: string;
  entityType: string;
  entityId: string;
  /** Its action, or its full event type ("alarm.raised"): one the realtime contract knows, since it is news. */
  type: ChangeType;
  before?: unknown;
  after?: unknown;
  nodeId?: string | null;
  /** What people call the object, when its snapshots do not say (they usually do: their name, serial or email). */
  entityName?: string | null;
  /** The site a connector belongs to: named in the change's news (not stored with the event). */
  siteId?: string;
  source?: string;
}

/**
 * Writes the configuration-changed event of a mutation, inside the mutation's transaction, and queues the webhook
 * deliveries it makes (server/core/webhook-outbox.ts).
 */
export async function recordChange(tx: Transaction | Db, context: ServiceContext, change: ChangeRecord): Promise<void> {
  const entityName = change.entityName ?? entityLabel(change);
  await tx.insert(events).values({
    organizationId: change.organizationId,
    source: change.source ?? `${context.principal.email}`,
    type: eventType(change),
    entityType: change.entityType,
    entityId: change.entityId,
    entityName,
    nodeId: change.nodeId ?? null,
    actorUserId: context.principal.userId,
    actorTokenId: context.principal.tokenId ?? null,
    requestId: context.requestId,
    before: change.before ?? null,
    after: change.after ?? null,
  });
  const { principal } = context;
  await enqueueChange(tx, { ...change, entityName }, { type: "user", id: principal.userId, email: principal.email, requestId: context.requestId });
}

/** The mutations of a `mutateTogether`: their changes wait for its commit. */
const batches = new AsyncLocalStorage<{ changes: ChangeRecord[] }>();

/**
 * Runs a mutation in one transaction; its events are written in the same transaction (all or nothing). Once it has
 * committed, the changes are announced on the realtime bus (never before: a rolled-back change is never news).
 */
export async function mutate<T>(context: ServiceContext, work: (tx: Transaction, record: (change: ChangeRecord) => Promise<void>) => Promise<T>) {
  const changes: ChangeRecord[] = [];
  // Work that must happen once (an approved assistant action) claims it in the transaction of its change.
  const claim = takeClaim();
  const result = await context.db.transaction(async (tx) => {
    if (claim) await claim(tx);
    return work(tx, async (change) => {
      await recordChange(tx, context, change);
      changes.push(change);
    });
  });
  const batch = batches.getStore();
  if (batch) batch.changes.push(...changes);
  else announceChanges(context.db, changes);
  return result;
}


/**
 * Runs several mutations as one, all or nothing (a CSV import): `work` gets a context on one transaction, in which each
 * `mutate` is a savepoint (a failed one is undone alone, and `work` decides what follows). Its changes are announced
 * once the whole has committed, never when it rolls back; `changes` lists them as they are made.
 */
export async function mutateTogether<T>(
  context: ServiceContext,
  work: (context: ServiceContext, changes: readonly ChangeRecord[]) => Promise<T>,
): Promise<T> {
  const batch = { changes: [] as ChangeRecord[] };
  const result = await context.db.transaction((tx) => batches.run(batch, () => work({ ...context, db: tx as unknown as Db }, batch.changes)));
  announceChanges(context.db, batch.changes);
  return result;
}

/** A change made by the system itself (alarm engine, lifecycle scheduler, telemetry): an event with no person. */
export async function recordSystemChange(tx: Transaction | Db, change: ChangeRecord & { source: string }): Promise<void> {
  const entityName = change.entityName ?? entityLabel(change);
  await tx.insert(events).values({
    organizationId: change.organizationId,
    source: change.source,
    type: eventType(change),
    entityType: change.entityType,
    entityId: change.entityId,
    entityName,
    nodeId: change.nodeId ?? null,
    before: change.before ?? null,
    after: change.after ?? null,
  });
  await enqueueChange(tx, { ...change, entityName }, { type: "system", source: change.source });
}

/** Runs a system change in one transaction, recording events like `mutate`, and announces them after commit. */
export async function mutateAsSystem<T>(
  db: Db,
  source: string,
  work: (tx: Transaction, record: (change: ChangeRecord) => Promise<void>) => Promise<T>,
): Promise<T> {
  const changes: ChangeRecord[] = [];
  const result = await db.transaction((tx) =>
    work(tx, async (change) => {
      await recordSystemChange(tx, { ...change, source: change.source ?? source });
      changes.push(change);
    }),
  );
  announceChanges(db, changes);
  return result;
}

interface AuditedRow {
  id: string;
  organizationId: string;
  nodeId?: string | null;
}

/** One change per row of a batch, each with the row as it was before (null when it was not there) and after. */
export async function recordBatch<T extends AuditedRow>(
  record: (change: ChangeRecord) => Promise<void>,
  change: Pick<ChangeRecord, "entityType" | "type">,
  rows: { before: T[]; after: T[] },
  snapshot: (row: T) => unknown,
): Promise<void> {
  const beforeById = new Map(rows.before.map((row) => [row.id, row]));
  for (const after of rows.after) {
    const before = beforeById.get(after.id);
    await record({
      ...change,
      organizationId: after.organizationId,
      entityId: after.id,
      nodeId: after.nodeId,
      before: before ? snapshot(before) : null,
      after: snapshot(after),
    });
  }
}
