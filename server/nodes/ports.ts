import "server-only";
import { and, eq, ne, or } from "drizzle-orm";
import {
  subinterfaceCreateSchema,
  type Interface,
  type InterfaceCreate,
  type InterfaceUpdate,
  type IpsecEndpoint,
  type IpsecEndpointCreate,
  type IpsecEndpointUpdate,
  type Subinterface,
  type SubinterfaceCreate,
  type SubinterfaceUpdate,
  type SwitchPort,
  type SwitchPortCreate,
  type SwitchPortUpdate,
} from "@/lib/nodes/schema";
import { mutate } from "@/server/core/changes";
import type { ServiceContext, Transaction } from "@/server/core/service-context";
import type { Principal } from "@/server/auth/principal";
import { interfaces, ipsecEndpoints, links, subinterfaces, switchPorts } from "@/server/db/schema";
import { changedColumns, setsNothing } from "@/server/db/changed-columns";
import { fieldError, fieldIssue, findVisibleNode, portTenantIssues, type NodeRow, type RecordChange } from "./shared";
import { ValidationError, ConflictError, NotFoundError } from "@/server/core/errors";
import { validationError } from "@/server/core/validation";

// The configuration of a node (SPEC §2/§3): interfaces and their subinterfaces, IPsec endpoints, and the switch
// ports of With Switch edge nodes. Each may serve a customer of the MSP and one of its sites. Every write locks
// the node first, so the per-node rules (unique port IDs, indexes and outer VLANs) hold under concurrency.

type InterfaceRow = typeof interfaces.$inferSelect;
type SubinterfaceRow = typeof subinterfaces.$inferSelect;
type IpsecEndpointRow = typeof ipsecEndpoints.$inferSelect;
type SwitchPortRow = typeof switchPorts.$inferSelect;

const timestamps = (row: { createdAt: Date; updatedAt: Date }) => ({
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export function toInterface(row: InterfaceRow): Interface {
  return {
    id: row.id,
    nodeId: row.nodeId,
    portId: row.portId,
    type: row.type,
    mtu: row.mtu,
    customerOrganizationId: row.customerOrganizationId,
    siteId: row.siteId,
    ...timestamps(row),
  };
}

export function toSubinterface(row: SubinterfaceRow, nodeId: string): Subinterface {
  return {
    id: row.id,
    nodeId,
    interfaceId: row.interfaceId,
    type: row.type as Subinterface["type"],
    bandwidth: row.bandwidthMbps,
    gateway: row.gateway,
    ipPrefix: row.ipPrefix,
    outerVlan: row.outerVlan,
    etherType: row.etherType,
    customerOrganizationId: row.customerOrganizationId,
    siteId: row.siteId,
    ...timestamps(row),
  };
}

export function toIpsecEndpoint(row: IpsecEndpointRow): IpsecEndpoint {
  return {
    id: row.id,
    nodeId: row.nodeId,
    publicIp: row.publicIp,
    customerOrganizationId: row.customerOrganizationId,
    siteId: row.siteId,
    ...timestamps(row),
  };
}

export function toSwitchPort(row: SwitchPortRow): SwitchPort {
  return {
    id: row.id,
    nodeId: row.nodeId,
    index: row.index,
    bandwidthGbps: row.bandwidthGbps,
    customerOrganizationId: row.customerOrganizationId,
    siteId: row.siteId,
    ...timestamps(row),
  };
}

interface PortTenant {
  customerOrganizationId?: string | null;
  siteId?: string | null;
}

/** The customer and site after a change: a new customer without a site given drops the old customer's site. */
function mergeTenant(row: { customerOrganizationId: string | null; siteId: string | null }, update: PortTenant) {
  const customerOrganizationId = update.customerOrganizationId !== undefined ? update.customerOrganizationId : row.customerOrganizationId;
  const customerChanged = customerOrganizationId !== row.customerOrganizationId;
  const siteId = update.siteId !== undefined ? update.siteId : customerChanged ? null : row.siteId;
  return { customerOrganizationId, siteId };
}

async function checkTenant(tx: Transaction, principal: Principal, node: NodeRow, tenant: { customerOrganizationId: string | null; siteId: string | null }) {
  const issues = await portTenantIssues(tx, principal, node.organizationId, tenant.customerOrganizationId, tenant.siteId);
  if (issues.length) throw fieldError(issues);
}

const defined = <T extends object>(update: T) => Object.fromEntries(Object.entries(update).filter(([, value]) => value !== undefined)) as Partial<T>;

/** Records a change of one of a node's objects, with the node set on the event. */
function recordOnNode(record: RecordChange, node: NodeRow, entityType: string, entityId: string) {
  return (type: "created" | "updated" | "deleted", before: unknown, after: unknown) =>
    record({ organizationId: node.organizationId, entityType, entityId, type, before, after, nodeId: node.id });
}

/** The first link using an interface or IPsec endpoint, if any. */
async function linkUsing(tx: Transaction, where: ReturnType<typeof or>) {
  const [link] = await tx.select({ name: links.name }).from(links).where(where).orderBy(links.name).limit(1);
  return link ?? null;
}

// --- Interfaces ---

async function checkPortIdFree(tx: Transaction, node: NodeRow, portId: string, selfId?: string) {
  const [clash] = await tx
    .select({ id: interfaces.id })
    .from(interfaces)
    .where(and(eq(interfaces.nodeId, node.id), eq(interfaces.portId, portId), selfId ? ne(interfaces.id, selfId) : undefined))
    .limit(1);
  if (clash) throw new ConflictError("apiErrors.interfacePortTaken", { port: portId, node: node.name });
}

async function findInterface(tx: Transaction, node: NodeRow, interfaceId: string) {
  const [row] = await tx.select().from(interfaces).where(and(eq(interfaces.id, interfaceId), eq(interfaces.nodeId, node.id))).limit(1);
  return row ?? null;
}

// POST /api/v1/config/node/{nodeId}/interface
export async function createInterface(context: ServiceContext, nodeId: string, input: InterfaceCreate): Promise<Interface> {
  return mutate(context, async (tx, record) => {
    const node = await findVisibleNode(tx, context.principal, nodeId, true);
    if (!node) throw new NotFoundError();
    const tenant = { customerOrganizationId: input.customerOrganizationId, siteId: input.siteId };
    await checkTenant(tx, context.principal, node, tenant);
    await checkPortIdFree(tx, node, input.portId);
    const [row] = await tx.insert(interfaces).values({ nodeId: node.id, portId: input.portId, type: input.type, mtu: input.mtu, ...tenant }).returning();
    const created = toInterface(row);
    await recordOnNode(record, node, "interface", row.id)("created", null, created);
    return created;
  });
}

// PATCH /api/v1/config/node/{nodeId}/interface/{interfaceId}
export async function updateInterface(context: ServiceContext, nodeId: string, interfaceId: string, update: InterfaceUpdate): Promise<Interface> {
  return mutate(context, async (tx, record) => {
    const node = await findVisibleNode(tx, context.principal, nodeId, true);
    if (!node) throw new NotFoundError();
    const row = await findInterface(tx, node, interfaceId);
    if (!row) throw new NotFoundError();
    const changes = defined(update);
    const tenant = mergeTenant(row, update);
    const columns = { portId: changes.portId ?? row.portId, type: changes.type ?? row.type, mtu: changes.mtu ?? row.mtu, ...tenant };
    const before = toInterface(row);
    const set = changedColumns(row, columns);
    if (setsNothing(set)) return before;
    await checkTenant(tx, context.principal, node, tenant);
    if (columns.portId !== row.portId) await checkPortIdFree(tx, node, columns.portId, row.id);
    const [updated] = await tx.update(interfaces).set({ ...set, updatedAt: new Date() }).where(eq(interfaces.id, row.id)).returning();
    const after = toInterface(updated);
    await recordOnNode(record, node, "interface", row.id)("updated", before, after);
    return after;
  });
}

// DELETE /api/v1/config/node/{nodeId}/interface/{interfaceId} — with its subinterfaces; refused while a link uses it.
export async function deleteInterface(context: ServiceContext, nodeId: string, interfaceId: string): Promise<void> {
  return mutate(context, async (tx, record) => {
    const node = await findVisibleNode(tx, context.principal, nodeId, true);
    if (!node) throw new NotFoundError();
    const row = await findInterface(tx, node, interfaceId);
    if (!row) throw new NotFoundError();
    const link = await linkUsing(tx, or(eq(links.sourceInterfaceId, row.id), eq(links.destinationInterfaceId, row.id)));
    if (link) throw new ConflictError("apiErrors.interfaceInUse", { port: row.portId, link: link.name });
    const children = await tx.select().from(subinterfaces).where(eq(subinterfaces.interfaceId, row.id)).orderBy(subinterfaces.id);
    for (const child of children) await recordOnNode(record, node, "subinterface", child.id)("deleted", toSubinterface(child, node.id), null);
    await tx.delete(interfaces).where(eq(interfaces.id, row.id));
    await recordOnNode(record, node, "interface", row.id)("deleted", toInterface(row), null);
  });
}

// --- Subinterfaces ---

async function checkOuterVlanFree(tx: Transaction, parent: InterfaceRow, outerVlan: number | null, selfId?: string) {
  if (outerVlan === null) return;
  const [clash] = await tx
    .select({ id: subinterfaces.id })
    .from(subinterfaces)
    .where(and(eq(subinterfaces.interfaceId, parent.id), eq(subinterfaces.outerVlan, outerVlan), selfId ? ne(subinterfaces.id, selfId) : undefined))
    .limit(1);
  if (clash) throw new ConflictError("apiErrors.subinterfaceVlanTaken", { vlan: outerVlan, port: parent.portId });
}

/** The interface a subinterface sits on: one of the node's; 400 otherwise. */
async function parentInterface(tx: Transaction, node: NodeRow, interfaceId: string) {
  const parent = await findInterface(tx, node, interfaceId);
  if (!parent) throw fieldError([fieldIssue("interfaceId", "validation.interfaceNotOfNode")]);
  return parent;
}

function subinterfaceColumns(input: SubinterfaceCreate) {
  return {
    interfaceId: input.interfaceId,
    type: input.type,
    bandwidthMbps: input.bandwidth,
    gateway: input.gateway ?? null,
    ipPrefix: input.ipPrefix ?? null,
    outerVlan: input.outerVlan ?? null,
    etherType: input.etherType,
    customerOrganizationId: input.customerOrganizationId,
    siteId: input.siteId,
  };
}

async function findSubinterface(tx: Transaction, node: NodeRow, subinterfaceId: string) {
  const [row] = await tx
    .select({ subinterface: subinterfaces })
    .from(subinterfaces)
    .innerJoin(interfaces, eq(interfaces.id, subinterfaces.interfaceId))
    .where(and(eq(subinterfaces.id, subinterfaceId), eq(interfaces.nodeId, node.id)))
    .limit(1);
  return row?.subinterface ?? null;
}

// POST /api/v1/config/node/{nodeId}/subinterface — on one of the node's interfaces (body: interfaceId).
export async function createSubinterface(context: ServiceContext, nodeId: string, input: SubinterfaceCreate): Promise<Subinterface> {
  return mutate(context, async (tx, record) => {
    const node = await findVisibleNode(tx, context.principal, nodeId, true);
    if (!node) throw new NotFoundError();
    const parent = await parentInterface(tx, node, input.interfaceId);
    const columns = subinterfaceColumns(input);
    await checkTenant(tx, context.principal, node, columns);
    await checkOuterVlanFree(tx, parent, columns.outerVlan);
    const [row] = await tx.insert(subinterfaces).values(columns).returning();
    const created = toSubinterface(row, node.id);
    await recordOnNode(record, node, "subinterface", row.id)("created", null, created);
    return created;
  });
}

// PATCH /api/v1/config/node/{nodeId}/subinterface/{subinterfaceId} — the result is checked whole.
export async function updateSubinterface(
  context: ServiceContext,
  nodeId: string,
  subinterfaceId: string,
  update: SubinterfaceUpdate,
): Promise<Subinterface> {
  return mutate(context, async (tx, record) => {
    const node = await findVisibleNode(tx, context.principal, nodeId, true);
    if (!node) throw new NotFoundError();
    const row = await findSubinterface(tx, node, subinterfaceId);
    if (!row) throw new NotFoundError();
    const before = toSubinterface(row, node.id);
    const result = subinterfaceCreateSchema.safeParse({
      interfaceId: row.interfaceId,
      type: before.type,
      bandwidth: row.bandwidthMbps,
      gateway: row.gateway,
      ipPrefix: row.ipPrefix,
      outerVlan: row.outerVlan,
      etherType: row.etherType,
      ...defined(update),
      ...mergeTenant(row, update),
    });
    if (!result.success) throw validationError(result.error);
    const columns = subinterfaceColumns(result.data);
    const set = changedColumns(row, columns);
    if (setsNothing(set)) return before;
    const parent = await parentInterface(tx, node, columns.interfaceId);
    await checkTenant(tx, context.principal, node, columns);
    await checkOuterVlanFree(tx, parent, columns.outerVlan, row.id);
    const [updated] = await tx.update(subinterfaces).set({ ...set, updatedAt: new Date() }).where(eq(subinterfaces.id, row.id)).returning();
    const after = toSubinterface(updated, node.id);
    await recordOnNode(record, node, "subinterface", row.id)("updated", before, after);
    return after;
  });
}

// DELETE /api/v1/config/node/{nodeId}/subinterface/{subinterfaceId}
export async function deleteSubinterface(context: ServiceContext, nodeId: string, subinterfaceId: string): Promise<void> {
  return mutate(context, async (tx, record) => {
    const node = await findVisibleNode(tx, context.principal, nodeId, true);
    if (!node) throw new NotFoundError();
    const row = await findSubinterface(tx, node, subinterfaceId);
    if (!row) throw new NotFoundError();
    await tx.delete(subinterfaces).where(eq(subinterfaces.id, row.id));
    await recordOnNode(record, node, "subinterface", row.id)("deleted", toSubinterface(row, node.id), null);
  });
}

// --- IPsec endpoints ---

async function findIpsecEndpoint(tx: Transaction, node: NodeRow, ipsecEndpointId: string) {
  const [row] = await tx
    .select()
    .from(ipsecEndpoints)
    .where(and(eq(ipsecEndpoints.id, ipsecEndpointId), eq(ipsecEndpoints.nodeId, node.id)))
    .limit(1);
  return row ?? null;
}

// POST /api/v1/config/node/{nodeId}/ipsec-endpoint
export async function createIpsecEndpoint(context: ServiceContext, nodeId: string, input: IpsecEndpointCreate): Promise<IpsecEndpoint> {
  return mutate(context, async (tx, record) => {
    const node = await findVisibleNode(tx, context.principal, nodeId, true);
    if (!node) throw new NotFoundError();
    const tenant = { customerOrganizationId: input.customerOrganizationId, siteId: input.siteId };
    await checkTenant(tx, context.principal, node, tenant);
    const [row] = await tx.insert(ipsecEndpoints).values({ nodeId: node.id, publicIp: input.publicIp, ...tenant }).returning();
    const created = toIpsecEndpoint(row);
    await recordOnNode(record, node, "ipsecEndpoint", row.id)("created", null, created);
    return created;
  });
}

// PATCH /api/v1/config/node/{nodeId}/ipsec-endpoint/{ipsecEndpointId}
export async function updateIpsecEndpoint(
  context: ServiceContext,
  nodeId: string,
  ipsecEndpointId: string,
  update: IpsecEndpointUpdate,
): Promise<IpsecEndpoint> {
  return mutate(context, async (tx, record) => {
    const node = await findVisibleNode(tx, context.principal, nodeId, true);
    if (!node) throw new NotFoundError();
    const row = await findIpsecEndpoint(tx, node, ipsecEndpointId);
    if (!row) throw new NotFoundError();
    const tenant = mergeTenant(row, update);
    const columns = { publicIp: update.publicIp ?? row.publicIp, ...tenant };
    const before = toIpsecEndpoint(row);
    const set = changedColumns(row, columns);
    if (setsNothing(set)) return before;
    await checkTenant(tx, context.principal, node, tenant);
    const [updated] = await tx.update(ipsecEndpoints).set({ ...set, updatedAt: new Date() }).where(eq(ipsecEndpoints.id, row.id)).returning();
    const after = toIpsecEndpoint(updated);
    await recordOnNode(record, node, "ipsecEndpoint", row.id)("updated", before, after);
    return after;
  });
}

// DELETE /api/v1/config/node/{nodeId}/ipsec-endpoint/{ipsecEndpointId} — refused while a link uses it.
export async function deleteIpsecEndpoint(context: ServiceContext, nodeId: string, ipsecEndpointId: string): Promise<void> {
  return mutate(context, async (tx, record) => {
    const node = await findVisibleNode(tx, context.principal, nodeId, true);
    if (!node) throw new NotFoundError();
    const row = await findIpsecEndpoint(tx, node, ipsecEndpointId);
    if (!row) throw new NotFoundError();
    const link = await linkUsing(tx, or(eq(links.sourceIpsecEndpointId, row.id), eq(links.destinationIpsecEndpointId, row.id)));
    if (link) throw new ConflictError("apiErrors.ipsecEndpointInUse", { ip: row.publicIp, link: link.name });
    await tx.delete(ipsecEndpoints).where(eq(ipsecEndpoints.id, row.id));
    await recordOnNode(record, node, "ipsecEndpoint", row.id)("deleted", toIpsecEndpoint(row), null);
  });
}

// --- Switch ports ---

function checkHasSwitch(node: NodeRow) {
  if (node.kind !== "edge" || node.edgeType !== "with-switch") throw new ValidationError("apiErrors.switchPortsWithSwitchOnly", { node: node.name });
}

async function checkIndexFree(tx: Transaction, node: NodeRow, index: number, selfId?: string) {
  const [clash] = await tx
    .select({ id: switchPorts.id })
    .from(switchPorts)
    .where(and(eq(switchPorts.nodeId, node.id), eq(switchPorts.index, index), selfId ? ne(switchPorts.id, selfId) : undefined))
    .limit(1);
  if (clash) throw new ConflictError("apiErrors.switchPortIndexTaken", { index, node: node.name });
}

async function findSwitchPort(tx: Transaction, node: NodeRow, switchPortId: string) {
  const [row] = await tx.select().from(switchPorts).where(and(eq(switchPorts.id, switchPortId), eq(switchPorts.nodeId, node.id))).limit(1);
  return row ?? null;
}

// POST /api/v1/config/node/{nodeId}/switch-port — With Switch edge nodes only.
export async function createSwitchPort(context: ServiceContext, nodeId: string, input: SwitchPortCreate): Promise<SwitchPort> {
  return mutate(context, async (tx, record) => {
    const node = await findVisibleNode(tx, context.principal, nodeId, true);
    if (!node) throw new NotFoundError();
    checkHasSwitch(node);
    const tenant = { customerOrganizationId: input.customerOrganizationId, siteId: input.siteId };
    await checkTenant(tx, context.principal, node, tenant);
    await checkIndexFree(tx, node, input.index);
    const [row] = await tx.insert(switchPorts).values({ nodeId: node.id, index: input.index, bandwidthGbps: input.bandwidthGbps, ...tenant }).returning();
    const created = toSwitchPort(row);
    await recordOnNode(record, node, "switchPort", row.id)("created", null, created);
    return created;
  });
}

// PATCH /api/v1/config/node/{nodeId}/switch-port/{switchPortId}
export async function updateSwitchPort(
  context: ServiceContext,
  nodeId: string,
  switchPortId: string,
  update: SwitchPortUpdate,
): Promise<SwitchPort> {
  return mutate(context, async (tx, record) => {
    const node = await findVisibleNode(tx, context.principal, nodeId, true);
    if (!node) throw new NotFoundError();
    const row = await findSwitchPort(tx, node, switchPortId);
    if (!row) throw new NotFoundError();
    const tenant = mergeTenant(row, update);
    const columns = { index: update.index ?? row.index, bandwidthGbps: update.bandwidthGbps ?? row.bandwidthGbps, ...tenant };
    const before = toSwitchPort(row);
    const set = changedColumns(row, columns);
    if (setsNothing(set)) return before;
    await checkTenant(tx, context.principal, node, tenant);
    if (columns.index !== row.index) await checkIndexFree(tx, node, columns.index, row.id);
    const [updated] = await tx.update(switchPorts).set({ ...set, updatedAt: new Date() }).where(eq(switchPorts.id, row.id)).returning();
    const after = toSwitchPort(updated);
    await recordOnNode(record, node, "switchPort", row.id)("updated", before, after);
    return after;
  });
}

// DELETE /api/v1/config/node/{nodeId}/switch-port/{switchPortId}
export async function deleteSwitchPort(context: ServiceContext, nodeId: string, switchPortId: string): Promise<void> {
  return mutate(context, async (tx, record) => {
    const node = await findVisibleNode(tx, context.principal, nodeId, true);
    if (!node) throw new NotFoundError();
    const row = await findSwitchPort(tx, node, switchPortId);
    if (!row) throw new NotFoundError();
    await tx.delete(switchPorts).where(eq(switchPorts.id, row.id));
    await recordOnNode(record, node, "switchPort", row.id)("deleted", toSwitchPort(row), null);
  });
}
