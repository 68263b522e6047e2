import "server-only";
import { and, eq, ilike, inArray, ne, or, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { VLAN_MAX } from "@/lib/constants";
import { linkCreateSchema, VLAN_AUTO_START, type Link, type LinkCreate, type LinkEnds, type LinkType, type LinkUpdate } from "@/lib/links/schema";
import { mutate } from "@/server/core/changes";
import type { ServiceContext, Transaction } from "@/server/core/service-context";
import type { Principal } from "@/server/auth/principal";
import type { Db } from "@/server/db/client";
import { interfaces, ipsecEndpoints, links, nodes } from "@/server/db/schema";
import { tenantWhere } from "@/server/core/tenancy";
import {
  containsPattern,
  fieldError,
  fieldIssue,
  findVisibleMsp,
  uniqueViolation,
  type Executor,
  type NodeRow,
  type RecordChange,
} from "./shared";
import { ConflictError, type FieldIssue, NotFoundError } from "@/server/core/errors";
import type { PageQuery } from "@/lib/pagination";
import { keyset } from "@/server/core/pagination";
import { validationError } from "@/server/core/validation";

// Links between an MSP's nodes. Each end carries a VLAN that is unique on its node across both ends of every link
// touching the node; a VLAN left out is the lowest free one from 100. Writers lock the nodes of both ends first
// (always in id order), so two concurrent writes on one node are serialized; the unique indexes catch the rest and
// the write is retried.

export type LinkRow = typeof links.$inferSelect;

const sourceNode = alias(nodes, "source_node");
const destinationNode = alias(nodes, "destination_node");

export function toLink(row: LinkRow, sourceNodeName: string, destinationNodeName: string): Link {
  return {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    type: row.type,
    bandwidth: row.bandwidthMbps,
    cost: row.cost,
    mtu: row.mtu,
    sourceNodeId: row.sourceNodeId,
    sourceNodeName,
    sourceInterfaceId: row.sourceInterfaceId,
    sourceIpsecEndpointId: row.sourceIpsecEndpointId,
    sourceVlan: row.sourceVlan,
    destinationNodeId: row.destinationNodeId,
    destinationNodeName,
    destinationInterfaceId: row.destinationInterfaceId,
    destinationIpsecEndpointId: row.destinationIpsecEndpointId,
    destinationVlan: row.destinationVlan,
    coreFabricId: row.coreFabricId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Links with both node names, by name. The caller scopes `where` to what the principal may see. */
export async function selectLinks(executor: Executor, where: SQL | undefined): Promise<Link[]> {
  const rows = await executor
    .select({ link: links, sourceNodeName: sourceNode.name, destinationNodeName: destinationNode.name })
    .from(links)
    .innerJoin(sourceNode, eq(sourceNode.id, links.sourceNodeId))
    .innerJoin(destinationNode, eq(destinationNode.id, links.destinationNodeId))
    .where(where)
    .orderBy(links.name, links.id);
  return rows.map((row) => toLink(row.link, row.sourceNodeName, row.destinationNodeName));
}

/** Links with this node at either end. */
export const touchingNode = (nodeId: string) => or(eq(links.sourceNodeId, nodeId), eq(links.destinationNodeId, nodeId));

/** Locks nodes (in id order, so concurrent writers never deadlock) and answers them by id. */
export async function lockNodes(tx: Transaction, nodeIds: string[], where?: SQL): Promise<Map<string, NodeRow>> {
  const ids = [...new Set(nodeIds.filter(Boolean))];
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(nodes)
    .where(and(inArray(nodes.id, ids), where))
    .orderBy(nodes.id)
    .for("update");
  return new Map(rows.map((row) => [row.id, row]));
}

/** The core fabric a link belongs to: both ends core nodes of one fabric; else none. */
export function fabricOfEnds(source: NodeRow, destination: NodeRow): string | null {
  if (source.kind !== "core" || destination.kind !== "core" || !source.coreFabricId) return null;
  return source.coreFabricId === destination.coreFabricId ? source.coreFabricId : null;
}

/** The VLANs used on a node, by either end of any link touching it, with the name of the link using each. */
export async function vlansInUse(tx: Transaction, nodeId: string, excludeLinkId?: string): Promise<Map<number, string>> {
  const rows = await tx
    .select({
      name: links.name,
      sourceNodeId: links.sourceNodeId,
      sourceVlan: links.sourceVlan,
      destinationNodeId: links.destinationNodeId,
      destinationVlan: links.destinationVlan,
    })
    .from(links)
    .where(and(touchingNode(nodeId), excludeLinkId ? ne(links.id, excludeLinkId) : undefined));
  const used = new Map<number, string>();
  for (const row of rows) {
    if (row.sourceNodeId === nodeId) used.set(row.sourceVlan, row.name);
    if (row.destinationNodeId === nodeId) used.set(row.destinationVlan, row.name);
  }
  return used;
}

/** The lowest VLAN from 100 that the node does not use; null when all are taken. */
export function lowestFreeVlan(used: Map<number, string>): number | null {
  for (let vlan = VLAN_AUTO_START; vlan <= VLAN_MAX; vlan++) if (!used.has(vlan)) return vlan;
  return null;
}

/**
 * The VLAN of one end: the one asked for (409 naming the link already using it on the node), else the current one
 * when the end stays on its node, else the lowest free one.
 */
async function resolveVlan(
  tx: Transaction,
  node: NodeRow,
  requested: number | null | undefined,
  current: number | null,
  excludeLinkId: string | undefined,
): Promise<number> {
  const used = await vlansInUse(tx, node.id, excludeLinkId);
  if (typeof requested === "number") {
    const clash = used.get(requested);
    if (clash !== undefined) throw new ConflictError("apiErrors.linkVlanTaken", { vlan: requested, node: node.name, link: clash });
    return requested;
  }
  if (requested === undefined && current !== null && !used.has(current)) return current;
  const free = lowestFreeVlan(used);
  if (free === null) throw new ConflictError("apiErrors.noFreeVlan", { node: node.name });
  return free;
}

const VLAN_CONSTRAINTS = ["links_source_vlan_idx", "links_destination_vlan_idx", ""];
const VLAN_ATTEMPTS = 3;

/** Runs a link write again when a concurrent write took the same VLAN first (a unique violation). */
export async function retryOnVlanRace<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === null || !VLAN_CONSTRAINTS.includes(constraint)) throw error;
      if (attempt >= VLAN_ATTEMPTS) throw new ConflictError("apiErrors.linkVlanRace");
    }
  }
}

/**
 * The ends of links checked against the nodes they may use (`candidates`; a node outside it gets `missingNodeKey`):
 * each interface or IPsec endpoint belongs to its end's node. Answers the issues, paths prefixed per row.
 */
export async function linkEndIssues(
  tx: Transaction,
  rows: { link: LinkEnds; prefix: string }[],
  candidates: Map<string, NodeRow>,
  missingNodeKey: string,
): Promise<FieldIssue[]> {
  const interfaceIds = rows.flatMap(({ link }) => [link.sourceInterfaceId, link.destinationInterfaceId]).filter((id): id is string => Boolean(id));
  const endpointIds = rows.flatMap(({ link }) => [link.sourceIpsecEndpointId, link.destinationIpsecEndpointId]).filter((id): id is string => Boolean(id));
  const interfaceNodes = new Map(
    interfaceIds.length
      ? (await tx.select({ id: interfaces.id, nodeId: interfaces.nodeId }).from(interfaces).where(inArray(interfaces.id, interfaceIds))).map((row) => [row.id, row.nodeId])
      : [],
  );
  const endpointNodes = new Map(
    endpointIds.length
      ? (await tx.select({ id: ipsecEndpoints.id, nodeId: ipsecEndpoints.nodeId }).from(ipsecEndpoints).where(inArray(ipsecEndpoints.id, endpointIds))).map((row) => [
          row.id,
          row.nodeId,
        ])
      : [],
  );
  const issues: FieldIssue[] = [];
  for (const { link, prefix } of rows) {
    for (const end of ["source", "destination"] as const) {
      const nodeId = link[`${end}NodeId`];
      if (!candidates.has(nodeId)) {
        issues.push(fieldIssue(`${prefix}${end}NodeId`, missingNodeKey));
        continue;
      }
      const interfaceId = link[`${end}InterfaceId`];
      if (interfaceId && interfaceNodes.get(interfaceId) !== nodeId) issues.push(fieldIssue(`${prefix}${end}InterfaceId`, "validation.interfaceNotOfNode"));
      const endpointId = link[`${end}IpsecEndpointId`];
      if (endpointId && endpointNodes.get(endpointId) !== nodeId) issues.push(fieldIssue(`${prefix}${end}IpsecEndpointId`, "validation.ipsecEndpointNotOfNode"));
    }
  }
  return issues;
}

/** The VLANs a write asks for: a number, null (assign one) or undefined (keep the current one if it stays valid). */
export interface VlanRequest {
  sourceVlan?: number | null;
  destinationVlan?: number | null;
}

/** Inserts a link, or updates `existing`, assigning VLANs and the fabric; records the event. Nodes are locked. */
export async function writeLink(
  tx: Transaction,
  record: RecordChange,
  organizationId: string,
  source: NodeRow,
  destination: NodeRow,
  link: Omit<LinkCreate, "sourceVlan" | "destinationVlan">,
  vlans: VlanRequest,
  existing?: LinkRow,
): Promise<Link> {
  const sourceVlan = await resolveVlan(tx, source, vlans.sourceVlan, existing?.sourceNodeId === source.id ? existing.sourceVlan : null, existing?.id);
  const destinationVlan = await resolveVlan(
    tx,
    destination,
    vlans.destinationVlan,
    existing?.destinationNodeId === destination.id ? existing.destinationVlan : null,
    existing?.id,
  );
  const columns = {
    name: link.name,
    type: link.type,
    bandwidthMbps: link.bandwidth,
    cost: link.cost,
    mtu: link.mtu,
    sourceNodeId: source.id,
    sourceInterfaceId: link.type === "fiber" ? (link.sourceInterfaceId ?? null) : null,
    sourceIpsecEndpointId: link.type === "internet" ? (link.sourceIpsecEndpointId ?? null) : null,
    sourceVlan,
    destinationNodeId: destination.id,
    destinationInterfaceId: link.type === "fiber" ? (link.destinationInterfaceId ?? null) : null,
    destinationIpsecEndpointId: link.type === "internet" ? (link.destinationIpsecEndpointId ?? null) : null,
    destinationVlan,
    coreFabricId: fabricOfEnds(source, destination),
  };
  if (!existing) {
    const [row] = await tx.insert(links).values({ organizationId, ...columns }).returning();
    const created = toLink(row, source.name, destination.name);
    await record({ organizationId, entityType: "link", entityId: row.id, type: "created", after: created, nodeId: source.id });
    return created;
  }
  const names = await nodeNames(tx, [existing.sourceNodeId, existing.destinationNodeId]);
  const before = toLink(existing, names.get(existing.sourceNodeId) ?? "", names.get(existing.destinationNodeId) ?? "");
  if ((Object.keys(columns) as (keyof typeof columns)[]).every((key) => columns[key] === existing[key])) return before;
  const [row] = await tx
    .update(links)
    .set({ ...columns, updatedAt: new Date() })
    .where(eq(links.id, existing.id))
    .returning();
  const after = toLink(row, source.name, destination.name);
  await record({ organizationId, entityType: "link", entityId: row.id, type: "updated", before, after, nodeId: source.id });
  return after;
}

async function nodeNames(executor: Executor, ids: string[]): Promise<Map<string, string>> {
  const rows = await executor.select({ id: nodes.id, name: nodes.name }).from(nodes).where(inArray(nodes.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Records the deletion of links (their rows are deleted by the caller or by a cascade). */
export async function recordLinkDeletions(tx: Transaction, record: RecordChange, where: SQL | undefined): Promise<void> {
  for (const link of await selectLinks(tx, where)) {
    await record({ organizationId: link.organizationId, entityType: "link", entityId: link.id, type: "deleted", before: link, nodeId: link.sourceNodeId });
  }
}

/**
 * Gives the links touching a node the fabric their ends now share (after the node joined or left a fabric),
 * recording each change.
 */
export async function syncLinkFabrics(tx: Transaction, record: RecordChange, nodeId: string): Promise<void> {
  const touching = await tx.select().from(links).where(touchingNode(nodeId)).orderBy(links.id);
  if (touching.length === 0) return;
  const ends = await tx
    .select()
    .from(nodes)
    .where(inArray(nodes.id, [...new Set(touching.flatMap((link) => [link.sourceNodeId, link.destinationNodeId]))]));
  const byId = new Map(ends.map((node) => [node.id, node]));
  for (const link of touching) {
    const source = byId.get(link.sourceNodeId);
    const destination = byId.get(link.destinationNodeId);
    if (!source || !destination) continue;
    const coreFabricId = fabricOfEnds(source, destination);
    if (coreFabricId === link.coreFabricId) continue;
    const [row] = await tx.update(links).set({ coreFabricId, updatedAt: new Date() }).where(eq(links.id, link.id)).returning();
    await record({
      organizationId: link.organizationId,
      entityType: "link",
      entityId: link.id,
      type: "updated",
      before: toLink(link, source.name, destination.name),
      after: toLink(row, source.name, destination.name),
      nodeId: link.sourceNodeId,
    });
  }
}

/** A visible link, or null. */
async function findVisibleLink(executor: Executor, principal: Principal, linkId: string, lock = false): Promise<LinkRow | null> {
  const query = executor
    .select()
    .from(links)
    .where(and(eq(links.id, linkId), tenantWhere(principal, links.organizationId, executor as Db)))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

// GET /api/v1/config/msp/{mspId}/link — the MSP's links by name, a page at a time.
export async function listLinks(
  context: ServiceContext,
  mspId: string,
  query: PageQuery & { search?: string; type?: LinkType; nodeId?: string },
) {
  const { db, principal } = context;
  const msp = await findVisibleMsp(db, principal, mspId);
  if (!msp) throw new NotFoundError();
  const list = keyset({ column: links.name, id: links.id }, query);
  const rows = await db
    .select({ link: links, sourceNodeName: sourceNode.name, destinationNodeName: destinationNode.name })
    .from(links)
    .innerJoin(sourceNode, eq(sourceNode.id, links.sourceNodeId))
    .innerJoin(destinationNode, eq(destinationNode.id, links.destinationNodeId))
    .where(
      and(
        eq(links.organizationId, msp.id),
        tenantWhere(principal, links.organizationId, db),
        query.search ? ilike(links.name, containsPattern(query.search)) : undefined,
        query.type ? eq(links.type, query.type) : undefined,
        query.nodeId ? touchingNode(query.nodeId) : undefined,
        list.after,
      ),
    )
    .orderBy(...list.orderBy)
    .limit(list.limit);
  const page = list.page(rows, (row) => ({ value: row.link.name, id: row.link.id }));
  return { items: page.items.map((row) => toLink(row.link, row.sourceNodeName, row.destinationNodeName)), nextCursor: page.nextCursor };
}

// GET /api/v1/config/link/{linkId}
export async function getLink(context: ServiceContext, linkId: string): Promise<Link> {
  const row = await findVisibleLink(context.db, context.principal, linkId);
  if (!row) throw new NotFoundError();
  const [link] = await selectLinks(context.db, eq(links.id, row.id));
  return link ?? null;
}

/** Locks the two ends of a link among the organization's nodes and checks them; 400 when an end is wrong. */
async function lockEnds(tx: Transaction, organizationId: string, link: LinkEnds, alsoLock: string[] = []) {
  const locked = await lockNodes(tx, [link.sourceNodeId, link.destinationNodeId, ...alsoLock], eq(nodes.organizationId, organizationId));
  const issues = await linkEndIssues(tx, [{ link, prefix: "" }], locked, "validation.nodeNotOfMsp");
  const source = locked.get(link.sourceNodeId);
  const destination = locked.get(link.destinationNodeId);
  if (issues.length || !source || !destination) throw fieldError(issues);
  return { source, destination };
}

// POST /api/v1/config/msp/{mspId}/link
export async function createLink(context: ServiceContext, mspId: string, input: LinkCreate): Promise<Link> {
  const msp = await findVisibleMsp(context.db, context.principal, mspId);
  if (!msp) throw new NotFoundError();
  const { sourceVlan, destinationVlan, ...link } = input;
  return retryOnVlanRace(() =>
    mutate(context, async (tx, record) => {
      const { source, destination } = await lockEnds(tx, msp.id, link);
      return writeLink(tx, record, msp.id, source, destination, link, { sourceVlan: sourceVlan ?? null, destinationVlan: destinationVlan ?? null });
    }),
  );
}

/** The link with the changes applied, checked whole. A new type or node drops the old end objects it no longer fits. */
function mergeLinkUpdate(row: LinkRow, update: LinkUpdate): Omit<LinkCreate, "sourceVlan" | "destinationVlan"> {
  const { sourceVlan: _source, destinationVlan: _destination, ...changes } = update;
  const typeChanged = changes.type !== undefined && changes.type !== row.type;
  const base: Record<string, unknown> = {
    name: row.name,
    type: row.type,
    bandwidth: row.bandwidthMbps,
    cost: row.cost,
    mtu: row.mtu,
    sourceNodeId: row.sourceNodeId,
    destinationNodeId: row.destinationNodeId,
  };
  for (const end of ["source", "destination"] as const) {
    const nodeChanged = changes[`${end}NodeId`] !== undefined && changes[`${end}NodeId`] !== row[`${end}NodeId`];
    if (typeChanged || nodeChanged) continue;
    base[`${end}InterfaceId`] = row[`${end}InterfaceId`];
    base[`${end}IpsecEndpointId`] = row[`${end}IpsecEndpointId`];
  }
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const result = linkCreateSchema.safeParse({ ...base, ...defined });
  if (!result.success) throw validationError(result.error);
  const { sourceVlan: _s, destinationVlan: _d, ...merged } = result.data;
  return merged;
}

// PATCH /api/v1/config/link/{linkId} — any fields; VLANs stay unless their node changes or they are given.
export async function updateLink(context: ServiceContext, linkId: string, update: LinkUpdate): Promise<Link> {
  const { principal } = context;
  return retryOnVlanRace(() =>
    mutate(context, async (tx, record) => {
      const current = await findVisibleLink(tx, principal, linkId);
      if (!current) throw new NotFoundError();
      const merged = mergeLinkUpdate(current, update);
      // Nodes first (old and new ends), then the link: the order every writer follows.
      const { source, destination } = await lockEnds(tx, current.organizationId, merged, [current.sourceNodeId, current.destinationNodeId]);
      const existing = await findVisibleLink(tx, principal, linkId, true);
      if (!existing) throw new NotFoundError();
      return writeLink(tx, record, existing.organizationId, source, destination, merged, update, existing);
    }),
  );
}

// DELETE /api/v1/config/link/{linkId}
export async function deleteLink(context: ServiceContext, linkId: string): Promise<void> {
  return mutate(context, async (tx, record) => {
    const current = await findVisibleLink(tx, context.principal, linkId);
    if (!current) throw new NotFoundError();
    await lockNodes(tx, [current.sourceNodeId, current.destinationNodeId]);
    const existing = await findVisibleLink(tx, context.principal, linkId, true);
    if (!existing) throw new NotFoundError();
    await recordLinkDeletions(tx, record, eq(links.id, existing.id));
    await tx.delete(links).where(eq(links.id, existing.id));
  });
}
