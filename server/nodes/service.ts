import "server-only";
import { and, asc, eq, ilike, sql } from "drizzle-orm";
import { nodeCreateSchema, type Node, type NodeCreate, type NodeListQuery, type NodeUpdate } from "@/lib/nodes/schema";
import { mutate } from "@/server/core/changes";
import type { ServiceContext, Transaction } from "@/server/core/service-context";
import type { Principal } from "@/server/auth/principal";
import type { Db } from "@/server/db/client";
import { coreFabrics, devices, interfaces, ipsecEndpoints, nodes, subinterfaces, switchPorts } from "@/server/db/schema";
import { changedColumns, setsNothing } from "@/server/db/changed-columns";
import { tenantWhere } from "@/server/core/tenancy";
import { recordLinkDeletions, selectLinks, syncLinkFabrics, touchingNode } from "./links";
import { toInterface, toIpsecEndpoint, toSubinterface, toSwitchPort } from "./ports";
import { withHealth } from "./status";
import { containsPattern, deviceSerialOf, fieldError, fieldIssue, findVisibleMsp, findVisibleNode, toNode, type Executor, type NodeRow } from "./shared";
import { connectorsServedBy, servedValues } from "@/server/paths/homing";
import { ConflictError, NotFoundError } from "@/server/core/errors";
import type { PageQuery } from "@/lib/pagination";
import { sortedList } from "@/server/core/pagination";
import { validationError } from "@/server/core/validation";

// Edge, CPE and core nodes of an MSP (SPEC §2/§3), with what the node pages show: overview, configuration
// (interfaces, subinterfaces, IPsec endpoints, switch ports), links and the assigned device.

/** A node with everything its pages show. */
export async function nodeDetail(executor: Executor, row: NodeRow) {
  // One query after another: inside a transaction they share one connection.
  const nodeInterfaces = await executor.select().from(interfaces).where(eq(interfaces.nodeId, row.id)).orderBy(asc(interfaces.portId));
  const nodeSubinterfaces = await executor
    .select({ subinterface: subinterfaces })
    .from(subinterfaces)
    .innerJoin(interfaces, eq(interfaces.id, subinterfaces.interfaceId))
    .where(eq(interfaces.nodeId, row.id))
    .orderBy(asc(interfaces.portId), sql`${subinterfaces.outerVlan} nulls first`, asc(subinterfaces.id));
  const endpoints = await executor
    .select()
    .from(ipsecEndpoints)
    .where(eq(ipsecEndpoints.nodeId, row.id))
    .orderBy(asc(ipsecEndpoints.publicIp), asc(ipsecEndpoints.id));
  const ports = await executor.select().from(switchPorts).where(eq(switchPorts.nodeId, row.id)).orderBy(asc(switchPorts.index));
  const nodeLinks = await selectLinks(executor, touchingNode(row.id));
  const serial = await deviceSerialOf(executor, row.id);
  return {
    ...toNode(row, serial),
    interfaces: nodeInterfaces.map(toInterface),
    subinterfaces: nodeSubinterfaces.map(({ subinterface }) => toSubinterface(subinterface, row.id)),
    ipsecEndpoints: endpoints.map(toIpsecEndpoint),
    switchPorts: ports.map(toSwitchPort),
    links: nodeLinks,
  };
}

/** A core fabric of the MSP (for a core node to join); 400 otherwise. */
async function checkCoreFabric(executor: Executor, principal: Principal, mspId: string, coreFabricId: string | null | undefined) {
  if (!coreFabricId) return;
  const [fabric] = await executor
    .select({ id: coreFabrics.id })
    .from(coreFabrics)
    .where(and(eq(coreFabrics.id, coreFabricId), eq(coreFabrics.organizationId, mspId), tenantWhere(principal, coreFabrics.organizationId, executor as Db)))
    .limit(1);
  if (!fabric) throw fieldError([fieldIssue("coreFabricId", "validation.coreFabricNotFound")]);
}

function toColumns(input: NodeCreate) {
  return {
    name: input.name,
    description: input.description,
    kind: input.kind,
    locationAddress: input.location.address,
    latitude: input.location.latitude,
    longitude: input.location.longitude,
    edgeType: input.kind === "edge" ? (input.edgeType ?? null) : null,
    coreFabricId: input.kind === "core" ? (input.coreFabricId ?? null) : null,
  };
}

// GET /api/v1/config/msp/{mspId}/node — the MSP's nodes by name, a page at a time, optionally of one kind, each with
// its device's reachability and its health.
export async function listNodes(context: ServiceContext, mspId: string, query: PageQuery & NodeListQuery) {
  const { db, principal } = context;
  const msp = await findVisibleMsp(db, principal, mspId);
  if (!msp) throw new NotFoundError();
  const list = sortedList("nodes", { name: [{ key: nodes.name, kind: "text" }] }, nodes.id, query, { sort: "name", order: "asc" });
  const rows = await db
    .select({ node: nodes, serialNumber: devices.serialNumber, sortKey: list.cursorValues })
    .from(nodes)
    .leftJoin(devices, eq(devices.nodeId, nodes.id))
    .where(
      and(
        eq(nodes.organizationId, msp.id),
        tenantWhere(principal, nodes.organizationId, db),
        query.kind ? eq(nodes.kind, query.kind) : undefined,
        query.search ? ilike(nodes.name, containsPattern(query.search)) : undefined,
        list.after,
      ),
    )
    .orderBy(...list.orderBy)
    .limit(list.limit);
  const page = list.page(rows, (row) => ({ values: row.sortKey, id: row.node.id }));
  const items = await withHealth(
    db,
    page.items.map((row) => toNode(row.node, row.serialNumber ?? null)),
  );
  return { items, nextCursor: page.nextCursor };
}

// GET /api/v1/config/node/{nodeId}
export async function getNode(context: ServiceContext, nodeId: string) {
  const row = await findVisibleNode(context.db, context.principal, nodeId);
  if (!row) throw new NotFoundError();
  return nodeDetail(context.db, row);
}

// POST /api/v1/config/msp/{mspId}/node
export async function createNode(context: ServiceContext, mspId: string, input: NodeCreate): Promise<Node> {
  const msp = await findVisibleMsp(context.db, context.principal, mspId);
  if (!msp) throw new NotFoundError();
  return mutate(context, async (tx, record) => {
    await checkCoreFabric(tx, context.principal, msp.id, input.coreFabricId);
    const [row] = await tx.insert(nodes).values({ organizationId: msp.id, ...toColumns(input) }).returning();
    const node = toNode(row, null);
    await record({ organizationId: msp.id, entityType: "node", entityId: row.id, type: "created", after: node, nodeId: row.id });
    return node;
  });
}

/** The node with the changes applied, checked whole; the kind never changes. */
function applyUpdate(row: NodeRow, update: NodeUpdate): NodeCreate {
  if (update.kind !== undefined && update.kind !== row.kind) throw fieldError([fieldIssue("kind", "validation.nodeKindFixed")]);
  const current = toNode(row, null);
  const defined = Object.fromEntries(Object.entries(update).filter(([, value]) => value !== undefined));
  const result = nodeCreateSchema.safeParse({
    name: current.name,
    description: current.description,
    location: current.location,
    kind: current.kind,
    edgeType: current.edgeType,
    coreFabricId: current.coreFabricId,
    ...defined,
  });
  if (!result.success) throw validationError(result.error);
  return result.data;
}

async function switchPortCount(tx: Transaction, nodeId: string): Promise<number> {
  const rows = await tx.select({ id: switchPorts.id }).from(switchPorts).where(eq(switchPorts.nodeId, nodeId));
  return rows.length;
}

// PATCH /api/v1/config/node/{nodeId}
export async function updateNode(context: ServiceContext, nodeId: string, update: NodeUpdate): Promise<Node> {
  return mutate(context, async (tx, record) => {
    const row = await findVisibleNode(tx, context.principal, nodeId, true);
    if (!row) throw new NotFoundError();
    const changed = applyUpdate(row, update);
    const columns = toColumns(changed);
    if (columns.coreFabricId !== row.coreFabricId) await checkCoreFabric(tx, context.principal, row.organizationId, columns.coreFabricId);
    // Switch ports live on With Switch edge nodes only.
    if (row.edgeType === "with-switch" && columns.edgeType !== "with-switch" && (await switchPortCount(tx, row.id)) > 0) {
      throw new ConflictError("apiErrors.edgeTypeHasSwitchPorts", { node: row.name });
    }
    const serial = await deviceSerialOf(tx, row.id);
    const before = toNode(row, serial);
    const set = changedColumns(row, columns);
    if (setsNothing(set)) return before;
    const [updated] = await tx
      .update(nodes)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(nodes.id, row.id))
      .returning();
    const after = toNode(updated, serial);
    await record({ organizationId: row.organizationId, entityType: "node", entityId: row.id, type: "updated", before, after, nodeId: row.id });
    if (columns.coreFabricId !== row.coreFabricId) await syncLinkFabrics(tx, record, row.id);
    return after;
  });
}

// DELETE /api/v1/config/node/{nodeId} — with its ports and links; its device is unassigned. Not while it serves connectors.
export async function deleteNode(context: ServiceContext, nodeId: string): Promise<void> {
  return mutate(context, async (tx, record) => {
    const row = await findVisibleNode(tx, context.principal, nodeId, true);
    if (!row) throw new NotFoundError();
    // Refused while customers' connectors are homed on it: they are re-homed first, explicitly, paths and all.
    const served = await connectorsServedBy(tx, row.id);
    if (served.length > 0) throw new ConflictError("apiErrors.nodeServesConnectors", servedValues(served));
    const before = await nodeDetail(tx, row);
    await recordLinkDeletions(tx, record, touchingNode(row.id));
    // Its device goes back to the MSP's spares, no longer configured.
    await tx.update(devices).set({ nodeId: null, configured: false, updatedAt: new Date() }).where(eq(devices.nodeId, row.id));
    await tx.delete(nodes).where(eq(nodes.id, row.id));
    await record({ organizationId: row.organizationId, entityType: "node", entityId: row.id, type: "deleted", before, nodeId: row.id });
  });
}
