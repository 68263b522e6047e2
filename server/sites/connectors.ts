import "server-only";
import { and, eq, ilike, or, type SQL } from "drizzle-orm";
import {
  connectorChangedSchema,
  type Connector,
  type ConnectorChanged,
  type ConnectorCreate,
  type ConnectorKind,
  type ConnectorUpdate,
} from "@/lib/connectors/schema";
import { mutate } from "@/server/core/changes";
import type { ServiceContext, Transaction } from "@/server/core/service-context";
import type { Principal } from "@/server/auth/principal";
import type { Db } from "@/server/db/client";
import { connectorLoads, connectors, interfaces, organizations, paths, switchPorts } from "@/server/db/schema";
import { changedColumns, setsNothing } from "@/server/db/changed-columns";
import { encryptSecret } from "@/server/secrets/crypto";
import { tenantWhere, visibleRead } from "@/server/core/tenancy";
import { containsPattern, findVisibleSite, recordPathCascade } from "./shared";
import { visibleSite } from "@/server/core/visible-objects";
import { ValidationError, ConflictError, NotFoundError } from "@/server/core/errors";
import type { PageQuery } from "@/lib/pagination";
import { keyset } from "@/server/core/pagination";
import { validationError } from "@/server/core/validation";
import { proposeHoming } from "@/server/paths/homing";

type ConnectorRow = typeof connectors.$inferSelect;

/** The API's view of a connector row: the fields of its kind, and whether a preshared key is set (never the key). */
export function toConnector(row: ConnectorRow): Connector {
  const base = {
    id: row.id,
    organizationId: row.organizationId,
    siteId: row.siteId,
    name: row.name,
    bandwidth: row.bandwidthMbps,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  switch (row.kind) {
    case "physical":
      return {
        ...base,
        kind: "physical",
        description: row.description,
        customerIp: row.customerIp ?? "",
        providerEdgeIp: row.providerEdgeIp ?? "",
        vlan: row.vlan ?? 0,
      };
    case "ipsec":
      return {
        ...base,
        kind: "ipsec",
        description: row.description,
        localSiteIp: row.localSiteIp ?? "",
        publicIp: row.publicIp ?? "",
        mtu: row.mtu ?? 0,
        mss: row.mss ?? 0,
        natTraversal: row.natTraversal ?? false,
        deadPeerDetectionDelaySeconds: row.deadPeerDetectionDelaySeconds ?? 0,
        phase1SaLifetimeHours: row.phase1SaLifetimeHours ?? 0,
        phase2SaLifetimeHours: row.phase2SaLifetimeHours ?? 0,
        presharedKeySet: row.presharedKeyEncrypted !== null,
      };
    case "external":
      return { ...base, kind: "external" };
    case "virtual":
    case "internet":
      return { ...base, kind: row.kind, description: row.description };
  }
}

/** The columns of a connector's fields; the other kinds' columns are cleared. */
function toColumns(input: ConnectorChanged) {
  const columns = {
    kind: input.kind as ConnectorKind,
    name: input.name,
    description: "description" in input ? input.description : "",
    bandwidthMbps: input.bandwidth,
    customerIp: null as string | null,
    providerEdgeIp: null as string | null,
    vlan: null as number | null,
    localSiteIp: null as string | null,
    publicIp: null as string | null,
    mtu: null as number | null,
    mss: null as number | null,
    natTraversal: null as boolean | null,
    deadPeerDetectionDelaySeconds: null as number | null,
    phase1SaLifetimeHours: null as number | null,
    phase2SaLifetimeHours: null as number | null,
  };
  if (input.kind === "physical") {
    return { ...columns, customerIp: input.customerIp, providerEdgeIp: input.providerEdgeIp, vlan: input.vlan };
  }
  if (input.kind === "ipsec") {
    return {
      ...columns,
      localSiteIp: input.localSiteIp,
      publicIp: input.publicIp,
      mtu: input.mtu,
      mss: input.mss,
      natTraversal: input.natTraversal,
      deadPeerDetectionDelaySeconds: input.deadPeerDetectionDelaySeconds,
      phase1SaLifetimeHours: input.phase1SaLifetimeHours,
      phase2SaLifetimeHours: input.phase2SaLifetimeHours,
    };
  }
  return columns;
}

/** The connector as an input of its kind (without the key), to apply a PATCH to. */
function toInput(row: ConnectorRow): Record<string, unknown> {
  const { id: _id, organizationId: _organization, siteId: _site, createdAt: _created, updatedAt: _updated, ...fields } = toConnector(row) as Record<
    string,
    unknown
  >;
  delete fields.presharedKeySet;
  return fields;
}

/** A visible connector with its organization's name; null when missing or another tenant's. */
export async function findVisibleConnector(executor: Db | Transaction, principal: Principal, connectorId: string, lock = false) {
  const query = executor
    .select({ connector: connectors, organizationName: organizations.name })
    .from(connectors)
    .innerJoin(organizations, eq(organizations.id, connectors.organizationId))
    .where(and(eq(connectors.id, connectorId), tenantWhere(principal, connectors.organizationId, executor as Db)))
    .limit(1);
  const [row] = lock ? await query.for("update", { of: connectors }) : await query;
  return row ?? null;
}

/** SPEC §6: a customer gets physical connectors only on ports (switch ports or interfaces) its MSP assigned it. */
async function hasPhysicalPorts(db: Db, customerOrganizationId: string): Promise<boolean> {
  const [port] = await db.select({ id: switchPorts.id }).from(switchPorts).where(eq(switchPorts.customerOrganizationId, customerOrganizationId)).limit(1);
  if (port) return true;
  const [networkInterface] = await db
    .select({ id: interfaces.id })
    .from(interfaces)
    .where(eq(interfaces.customerOrganizationId, customerOrganizationId))
    .limit(1);
  return Boolean(networkInterface);
}

const usingConnector = (connectorId: string) => or(eq(paths.sourceConnectorId, connectorId), eq(paths.destinationConnectorId, connectorId));

/** The bandwidth the paths over a connector take, in Mbps, as the database keeps it (no row: no path). */
async function bandwidthInUse(tx: Transaction, connectorId: string): Promise<number> {
  const [row] = await tx.select({ used: connectorLoads.usedBandwidthMbps }).from(connectorLoads).where(eq(connectorLoads.connectorId, connectorId));
  return row?.used ?? 0;
}

// GET /api/v1/config/site/{siteId}/connector — the site's connectors by name, a page at a time.
export function listConnectors(context: ServiceContext, siteId: string, query: PageQuery & { search?: string; kind?: ConnectorKind }) {
  return visibleRead(context.db, context.principal, "connectors", [siteId, query], () => readConnectors(context, siteId, query));
}

async function readConnectors(context: ServiceContext, siteId: string, query: PageQuery & { search?: string; kind?: ConnectorKind }) {
  const { db, principal } = context;
  // The site's id, name and organization only: an edit of its description keeps the list (server/db/read-cache.ts).
  const site = await visibleSite(context, siteId);
  const list = keyset({ column: connectors.name, id: connectors.id }, query);
  const conditions: (SQL | undefined)[] = [
    eq(connectors.siteId, site.id),
    tenantWhere(principal, connectors.organizationId, db),
    query.search ? ilike(connectors.name, containsPattern(query.search)) : undefined,
    query.kind ? eq(connectors.kind, query.kind) : undefined,
    list.after,
  ];
  const rows = await db
    .select()
    .from(connectors)
    .where(and(...conditions))
    .orderBy(...list.orderBy)
    .limit(list.limit);
  const page = list.page(rows, (row) => ({ value: row.name, id: row.id }));
  return { items: page.items.map(toConnector), nextCursor: page.nextCursor };
}

// GET /api/v1/config/connector/{connectorId}
export async function getConnector(context: ServiceContext, connectorId: string): Promise<Connector> {
  const found = await findVisibleConnector(context.db, context.principal, connectorId);
  if (!found) throw new NotFoundError();
  return toConnector(found.connector);
}

// POST /api/v1/config/site/{siteId}/connector — the connector belongs to the site's organization.
export async function createConnector(context: ServiceContext, siteId: string, input: ConnectorCreate): Promise<Connector> {
  const { db, principal } = context;
  const found = await findVisibleSite(db, principal, siteId);
  if (!found) throw new NotFoundError();
  if (input.kind === "physical" && !(await hasPhysicalPorts(db, found.site.organizationId))) {
    throw new ConflictError("apiErrors.noPhysicalPorts", { customer: found.organizationName });
  }
  // Encrypted before the transaction: the key may be read from the database on first use.
  const presharedKeyEncrypted = input.kind === "ipsec" ? await encryptSecret(db, input.presharedKey) : null;
  return mutate(context, async (tx, record) => {
    // Holds the site so that it cannot be deleted under the new connector.
    const locked = await findVisibleSite(tx, principal, siteId, true);
    if (!locked) throw new NotFoundError();
    // Its homing is proposed by the serving rule now and stored: later node changes never move it.
    const homing = await proposeHoming(tx, locked.site.id, input.kind);
    const [row] = await tx
      .insert(connectors)
      .values({
        organizationId: locked.site.organizationId,
        siteId: locked.site.id,
        ...toColumns(input),
        presharedKeyEncrypted,
        servingNodeId: homing.nodeId,
        servingPortKey: homing.portKey,
      })
      .returning();
    const connector = toConnector(row);
    await record({ organizationId: row.organizationId, entityType: "connector", entityId: row.id, siteId: row.siteId, type: "created", after: connector });
    return connector;
  });
}

// PATCH /api/v1/config/connector/{connectorId} — the kind stays; the bandwidth stays above what its paths use.
export async function updateConnector(context: ServiceContext, connectorId: string, update: ConnectorUpdate): Promise<Connector> {
  const { db, principal } = context;
  const existing = await findVisibleConnector(db, principal, connectorId);
  if (!existing) throw new NotFoundError();
  if (update.kind !== undefined && update.kind !== existing.connector.kind) {
    throw new ValidationError("validation.connectorKindFixed", undefined, [{ path: "kind", key: "validation.connectorKindFixed" }]);
  }
  const { kind: _kind, presharedKey, ...changes } = update;
  const presharedKeyEncrypted = presharedKey !== undefined && existing.connector.kind === "ipsec" ? await encryptSecret(db, presharedKey) : undefined;
  return mutate(context, async (tx, record) => {
    const found = await findVisibleConnector(tx, principal, connectorId, true);
    if (!found) throw new NotFoundError();
    const row = found.connector;
    const result = connectorChangedSchema.safeParse({ ...toInput(row), ...changes, ...(presharedKey !== undefined ? { presharedKey } : {}) });
    if (!result.success) throw validationError(result.error);
    const columns = toColumns(result.data);
    const changed = changedColumns(row, columns);
    if (columns.bandwidthMbps < row.bandwidthMbps) {
      // SPEC §5: a path's bandwidth is not above its connectors'; so neither is the sum of the paths over one.
      const total = await bandwidthInUse(tx, row.id);
      if (columns.bandwidthMbps < total) throw new ConflictError("apiErrors.connectorBandwidthInUse", { total });
    }
    const before = toConnector(row);
    if (presharedKeyEncrypted === undefined && setsNothing(changed)) return before;
    const [updated] = await tx
      .update(connectors)
      .set({ ...changed, ...(presharedKeyEncrypted ? { presharedKeyEncrypted } : {}), updatedAt: new Date() })
      .where(eq(connectors.id, row.id))
      .returning();
    const after = toConnector(updated);
    await record({ organizationId: row.organizationId, entityType: "connector", entityId: row.id, siteId: row.siteId, type: "updated", before, after });
    return after;
  });
}

// DELETE /api/v1/config/connector/{connectorId} — with the paths over it.
export async function deleteConnector(context: ServiceContext, connectorId: string): Promise<void> {
  return mutate(context, async (tx, record) => {
    const found = await findVisibleConnector(tx, context.principal, connectorId, true);
    if (!found) throw new NotFoundError();
    const row = found.connector;
    await recordPathCascade(tx, record, usingConnector(row.id));
    await tx.delete(connectors).where(eq(connectors.id, row.id));
    await record({ organizationId: row.organizationId, entityType: "connector", entityId: row.id, siteId: row.siteId, type: "deleted", before: toConnector(row) });
  });
}
