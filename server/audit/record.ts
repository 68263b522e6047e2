import type { Principal } from "@/server/auth/principal";
import type { Db } from "@/server/db/client";
import { events } from "@/server/db/schema";

/** Who is acting, in which request: every service that changes data receives it. */
export interface ServiceContext {
  db: Db;
  principal: Principal;
  requestId: string;
}

export type Transaction = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface ChangeRecord {
  organizationId: string;
  entityType: string;
  entityId: string;
  type: "created" | "updated" | "deleted" | string;
  before?: unknown;
  after?: unknown;
  nodeId?: string | null;
  source?: string;
}

/** Writes the configuration-changed event of a mutation, inside the mutation's transaction. */
export async function recordChange(tx: Transaction | Db, context: ServiceContext, change: ChangeRecord): Promise<void> {
  await tx.insert(events).values({
    organizationId: change.organizationId,
    source: change.source ?? `${context.principal.email}`,
    type: change.type.includes(".") ? change.type : `${change.entityType}.${change.type}`,
    entityType: change.entityType,
    entityId: change.entityId,
    nodeId: change.nodeId ?? null,
    actorUserId: context.principal.userId,
    requestId: context.requestId,
    before: change.before ?? null,
    after: change.after ?? null,
  });
}

/** Runs a mutation in one transaction; its events are written in the same transaction (all or nothing). */
export function mutate<T>(context: ServiceContext, work: (tx: Transaction, record: (change: ChangeRecord) => Promise<void>) => Promise<T>) {
  return context.db.transaction((tx) => work(tx, (change) => recordChange(tx, context, change)));
}
