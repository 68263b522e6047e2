import "server-only";
import { and, eq, ilike } from "drizzle-orm";
import type { ExternalFabric, ExternalFabricCreate, ExternalFabricUpdate } from "@/lib/fabrics/schema";
import { mutate } from "@/server/core/changes";
import type { ServiceContext } from "@/server/core/service-context";
import type { Principal } from "@/server/auth/principal";
import type { Db } from "@/server/db/client";
import { externalFabrics } from "@/server/db/schema";
import { encryptSecret } from "@/server/secrets/crypto";
import { tenantWhere } from "@/server/core/tenancy";
import { containsPattern, findVisibleMsp, type Executor } from "@/server/nodes/shared";
import type { PageQuery } from "@/lib/pagination";
import { keyset } from "@/server/core/pagination";
import { NotFoundError } from "@/server/core/errors";

// External fabrics (SPEC §3/§5): an MSP's Equinix accounts. The client secret is stored encrypted and never
// returned, not even in events: answers say `clientSecretSet: true`.

type ExternalFabricRow = typeof externalFabrics.$inferSelect;

export function toExternalFabric(row: ExternalFabricRow): ExternalFabric {
  return {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    type: row.type,
    clientId: row.clientId,
    clientSecretSet: true,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function findVisibleExternalFabric(executor: Executor, principal: Principal, fabricId: string, lock = false) {
  const query = executor
    .select()
    .from(externalFabrics)
    .where(and(eq(externalFabrics.id, fabricId), tenantWhere(principal, externalFabrics.organizationId, executor as Db)))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

// GET /api/v1/config/msp/{mspId}/external-fabric — the MSP's external fabrics by name, a page at a time.
export async function listExternalFabrics(context: ServiceContext, mspId: string, query: PageQuery & { search?: string }) {
  const { db, principal } = context;
  const msp = await findVisibleMsp(db, principal, mspId);
  if (!msp) throw new NotFoundError();
  const list = keyset({ column: externalFabrics.name, id: externalFabrics.id }, query);
  const rows = await db
    .select()
    .from(externalFabrics)
    .where(
      and(
        eq(externalFabrics.organizationId, msp.id),
        tenantWhere(principal, externalFabrics.organizationId, db),
        query.search ? ilike(externalFabrics.name, containsPattern(query.search)) : undefined,
        list.after,
      ),
    )
    .orderBy(...list.orderBy)
    .limit(list.limit);
  const page = list.page(rows, (row) => ({ value: row.name, id: row.id }));
  return { items: page.items.map(toExternalFabric), nextCursor: page.nextCursor };
}

// GET /api/v1/config/external-fabric/{fabricId}
export async function getExternalFabric(context: ServiceContext, fabricId: string): Promise<ExternalFabric> {
  const row = await findVisibleExternalFabric(context.db, context.principal, fabricId);
  if (!row) throw new NotFoundError();
  return toExternalFabric(row);
}

// POST /api/v1/config/msp/{mspId}/external-fabric
export async function createExternalFabric(context: ServiceContext, mspId: string, input: ExternalFabricCreate): Promise<ExternalFabric> {
  const msp = await findVisibleMsp(context.db, context.principal, mspId);
  if (!msp) throw new NotFoundError();
  // Encrypted before the transaction: the key may be read from the database on first use.
  const clientSecretEncrypted = await encryptSecret(context.db, input.clientSecret);
  return mutate(context, async (tx, record) => {
    const [row] = await tx
      .insert(externalFabrics)
      .values({ organizationId: msp.id, name: input.name, type: input.type, clientId: input.clientId, clientSecretEncrypted })
      .returning();
    const created = toExternalFabric(row);
    await record({ organizationId: msp.id, entityType: "externalFabric", entityId: row.id, type: "created", after: created });
    return created;
  });
}

// PATCH /api/v1/config/external-fabric/{fabricId} — a new client secret replaces the old one; none keeps it.
export async function updateExternalFabric(context: ServiceContext, fabricId: string, update: ExternalFabricUpdate): Promise<ExternalFabric> {
  const { clientSecret, ...changes } = update;
  const clientSecretEncrypted = clientSecret !== undefined ? await encryptSecret(context.db, clientSecret) : undefined;
  return mutate(context, async (tx, record) => {
    const row = await findVisibleExternalFabric(tx, context.principal, fabricId, true);
    if (!row) throw new NotFoundError();
    const columns = { name: changes.name ?? row.name, type: changes.type ?? row.type, clientId: changes.clientId ?? row.clientId };
    const before = toExternalFabric(row);
    const same = columns.name === row.name && columns.type === row.type && columns.clientId === row.clientId;
    if (same && clientSecretEncrypted === undefined) return before;
    const [updated] = await tx
      .update(externalFabrics)
      .set({ ...columns, ...(clientSecretEncrypted ? { clientSecretEncrypted } : {}), updatedAt: new Date() })
      .where(eq(externalFabrics.id, row.id))
      .returning();
    const after = toExternalFabric(updated);
    // A new secret shows in the event as a change of updatedAt only; the secret itself is never recorded.
    await record({ organizationId: row.organizationId, entityType: "externalFabric", entityId: row.id, type: "updated", before, after });
    return after;
  });
}

// DELETE /api/v1/config/external-fabric/{fabricId}
export async function deleteExternalFabric(context: ServiceContext, fabricId: string): Promise<void> {
  return mutate(context, async (tx, record) => {
    const row = await findVisibleExternalFabric(tx, context.principal, fabricId, true);
    if (!row) throw new NotFoundError();
    await tx.delete(externalFabrics).where(eq(externalFabrics.id, row.id));
    await record({ organizationId: row.organizationId, entityType: "externalFabric", entityId: row.id, type: "deleted", before: toExternalFabric(row) });
  });
}
