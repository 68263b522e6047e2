import "server-only";
import { and, count, eq, ilike, inArray, isNull, or } from "drizzle-orm";
import {
  meshOf,
  type CoreFabric,
  type CoreFabricCreate,
  type CoreFabricDetail,
  type CoreFabricListItem,
  type CoreFabricUpdate,
  type FabricLinksReplace,
  type FabricMesh,
} from "@/lib/fabrics/schema";
import { mutate } from "@/server/core/changes";
import type { ServiceContext } from "@/server/core/service-context";
import type { Principal } from "@/server/auth/principal";
import type { Db } from "@/server/db/client";
import { coreFabrics, devices, interfaces, ipsecEndpoints, links, nodes } from "@/server/db/schema";
import { tenantWhere } from "@/server/core/tenancy";
import { linkEndIssues, lockNodes, recordLinkDeletions, retryOnVlanRace, selectLinks, writeLink, type LinkRow } from "@/server/nodes/links";
import { toInterface, toIpsecEndpoint } from "@/server/nodes/ports";
import { containsPattern, fieldError, fieldIssue, findVisibleMsp, toNode, type Executor } from "@/server/nodes/shared";
import { coreFabricsHealth } from "@/server/telemetry/queries/health";
import { ValidationError, type FieldIssue, NotFoundError } from "@/server/core/errors";
import type { Link } from "@/lib/links/schema";
import type { PageQuery } from "@/lib/pagination";
import { keyset } from "@/server/core/pagination";

// Core fabrics (SPEC §3/§5): an MSP's core nodes joined by links, at least one per pair of core nodes (full mesh).
// A link belongs to a fabric when both its ends are core nodes of it (links.core_fabric_id, kept by every write).

type FabricRow = typeof coreFabrics.$inferSelect;

async function findVisibleFabric(executor: Executor, principal: Principal, fabricId: string, lock = false): Promise<FabricRow | null> {
  const query = executor
    .select()
    .from(coreFabrics)
    .where(and(eq(coreFabrics.id, fabricId), tenantWhere(principal, coreFabrics.organizationId, executor as Db)))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

const isCoreNodeOf = (fabricId: string) => and(eq(nodes.coreFabricId, fabricId), eq(nodes.kind, "core"));

/** Core nodes and links per fabric. */
async function countsOf(executor: Executor, fabricIds: string[]) {
  if (fabricIds.length === 0) return { nodeCounts: new Map<string, number>(), linkCounts: new Map<string, number>() };
  const nodeRows = await executor
    .select({ fabricId: nodes.coreFabricId, n: count() })
    .from(nodes)
    .where(and(inArray(nodes.coreFabricId, fabricIds), eq(nodes.kind, "core")))
    .groupBy(nodes.coreFabricId);
  const linkRows = await executor
    .select({ fabricId: links.coreFabricId, n: count() })
    .from(links)
    .where(inArray(links.coreFabricId, fabricIds))
    .groupBy(links.coreFabricId);
  return {
    nodeCounts: new Map(nodeRows.map((row) => [row.fabricId ?? "", Number(row.n)])),
    linkCounts: new Map(linkRows.map((row) => [row.fabricId ?? "", Number(row.n)])),
  };
}

function toCoreFabric(row: FabricRow, nodeCount: number, linkCount: number): CoreFabric {
  return {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    nodeCount,
    linkCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function coreFabricSummary(executor: Executor, row: FabricRow): Promise<CoreFabric> {
  const { nodeCounts, linkCounts } = await countsOf(executor, [row.id]);
  return toCoreFabric(row, nodeCounts.get(row.id) ?? 0, linkCounts.get(row.id) ?? 0);
}

/** The fabric's core nodes by name. */
async function coreNodesOf(executor: Executor, fabricId: string) {
  return executor
    .select({ node: nodes, serialNumber: devices.serialNumber })
    .from(nodes)
    .leftJoin(devices, eq(devices.nodeId, nodes.id))
    .where(isCoreNodeOf(fabricId))
    .orderBy(nodes.name, nodes.id);
}

/** Which pairs of the fabric's core nodes no link joins. */
export async function fabricMesh(executor: Executor, fabricId: string): Promise<FabricMesh> {
  const coreNodes = await executor.select({ id: nodes.id, name: nodes.name }).from(nodes).where(isCoreNodeOf(fabricId)).orderBy(nodes.name, nodes.id);
  const fabricLinks = await executor
    .select({ sourceNodeId: links.sourceNodeId, destinationNodeId: links.destinationNodeId })
    .from(links)
    .where(eq(links.coreFabricId, fabricId));
  return meshOf(coreNodes, fabricLinks);
}

/** The interfaces and IPsec endpoints of the given nodes, by node: the ends the link editor offers. */
async function portsOf(executor: Executor, nodeIds: string[]) {
  if (nodeIds.length === 0) return { interfacesOf: () => [], endpointsOf: () => [] };
  const interfaceRows = await executor.select().from(interfaces).where(inArray(interfaces.nodeId, nodeIds)).orderBy(interfaces.portId, interfaces.id);
  const endpointRows = await executor
    .select()
    .from(ipsecEndpoints)
    .where(inArray(ipsecEndpoints.nodeId, nodeIds))
    .orderBy(ipsecEndpoints.publicIp, ipsecEndpoints.id);
  return {
    interfacesOf: (nodeId: string) => interfaceRows.filter((row) => row.nodeId === nodeId).map(toInterface),
    endpointsOf: (nodeId: string) => endpointRows.filter((row) => row.nodeId === nodeId).map(toIpsecEndpoint),
  };
}

/** Links from the given core nodes to nodes outside their fabric (edge uplinks), and the port names of those far ends. */
async function uplinksOf(executor: Executor, memberIds: string[]) {
  if (memberIds.length === 0) return { uplinks: [] as Link[], uplinkPorts: {} };
  const touching = await selectLinks(
    executor,
    and(isNull(links.coreFabricId), or(inArray(links.sourceNodeId, memberIds), inArray(links.destinationNodeId, memberIds))),
  );
  const members = new Set(memberIds);
  const outsideEnd = (link: Link) => (members.has(link.sourceNodeId) ? "destination" : "source") as "source" | "destination";
  const farIds = [...new Set(touching.map((link) => link[`${outsideEnd(link)}NodeId`]))];
  // Edge nodes only: a link to another fabric's core node (or a CPE) is no uplink into this one.
  const edges = farIds.length
    ? new Set((await executor.select({ id: nodes.id }).from(nodes).where(and(inArray(nodes.id, farIds), eq(nodes.kind, "edge")))).map((node) => node.id))
    : new Set<string>();
  const uplinks = touching.filter((link) => edges.has(link[`${outsideEnd(link)}NodeId`]));
  const outside = uplinks.map(outsideEnd);
  const interfaceIds = uplinks.flatMap((link, index) => link[`${outside[index]}InterfaceId`] ?? []);
  const endpointIds = uplinks.flatMap((link, index) => link[`${outside[index]}IpsecEndpointId`] ?? []);
  const uplinkPorts: Record<string, string> = {};
  if (interfaceIds.length) {
    for (const port of await executor.select({ id: interfaces.id, name: interfaces.portId }).from(interfaces).where(inArray(interfaces.id, interfaceIds))) {
      uplinkPorts[port.id] = port.name;
    }
  }
  if (endpointIds.length) {
    for (const endpoint of await executor.select({ id: ipsecEndpoints.id, name: ipsecEndpoints.publicIp }).from(ipsecEndpoints).where(inArray(ipsecEndpoints.id, endpointIds))) {
      uplinkPorts[endpoint.id] = endpoint.name;
    }
  }
  return { uplinks, uplinkPorts };
}

async function coreFabricDetail(executor: Executor, row: FabricRow): Promise<CoreFabricDetail> {
  const coreNodes = await coreNodesOf(executor, row.id);
  const memberIds = coreNodes.map(({ node }) => node.id);
  const fabricLinks = await selectLinks(executor, eq(links.coreFabricId, row.id));
  const ports = await portsOf(executor, memberIds);
  const { uplinks, uplinkPorts } = await uplinksOf(executor, memberIds);
  return {
    ...toCoreFabric(row, coreNodes.length, fabricLinks.length),
    nodes: coreNodes.map(({ node, serialNumber }) => ({
      ...toNode(node, serialNumber ?? null),
      interfaces: ports.interfacesOf(node.id),
      ipsecEndpoints: ports.endpointsOf(node.id),
    })),
    links: fabricLinks,
    uplinks,
    uplinkPorts,
    mesh: meshOf(
      coreNodes.map(({ node }) => node),
      fabricLinks,
    ),
  };
}

/** A fabric's detail as its events record it: the nodes as nodes and its own links, without what the pages add. */
const recordedDetail = ({ uplinks: _uplinks, uplinkPorts: _ports, ...detail }: CoreFabricDetail) => ({
  ...detail,
  nodes: detail.nodes.map(({ interfaces: _interfaces, ipsecEndpoints: _endpoints, ...node }) => node),
});

// GET /api/v1/config/msp/{mspId}/core-fabric — the MSP's core fabrics by name, a page at a time.
export async function listCoreFabrics(context: ServiceContext, mspId: string, query: PageQuery & { search?: string }) {
  const { db, principal } = context;
  const msp = await findVisibleMsp(db, principal, mspId);
  if (!msp) throw new NotFoundError();
  const list = keyset({ column: coreFabrics.name, id: coreFabrics.id }, query);
  const rows = await db
    .select()
    .from(coreFabrics)
    .where(
      and(
        eq(coreFabrics.organizationId, msp.id),
        tenantWhere(principal, coreFabrics.organizationId, db),
        query.search ? ilike(coreFabrics.name, containsPattern(query.search)) : undefined,
        list.after,
      ),
    )
    .orderBy(...list.orderBy)
    .limit(list.limit);
  const page = list.page(rows, (row) => ({ value: row.name, id: row.id }));
  const fabricIds = page.items.map((row) => row.id);
  const { nodeCounts, linkCounts } = await countsOf(db, fabricIds);
  const health = await coreFabricsHealth(context, fabricIds);
  return {
    items: page.items.map(
      (row): CoreFabricListItem => ({
        ...toCoreFabric(row, nodeCounts.get(row.id) ?? 0, linkCounts.get(row.id) ?? 0),
        health: health.get(row.id) ?? "unknown",
      }),
    ),
    nextCursor: page.nextCursor,
  };
}

// GET /api/v1/config/core-fabric/{fabricId} — with its core nodes, links and mesh status.
export async function getCoreFabric(context: ServiceContext, fabricId: string): Promise<CoreFabricDetail> {
  const row = await findVisibleFabric(context.db, context.principal, fabricId);
  if (!row) throw new NotFoundError();
  return coreFabricDetail(context.db, row);
}

// GET /api/v1/config/core-fabric/{fabricId}/mesh
export async function getCoreFabricMesh(context: ServiceContext, fabricId: string): Promise<FabricMesh> {
  const row = await findVisibleFabric(context.db, context.principal, fabricId);
  if (!row) throw new NotFoundError();
  return fabricMesh(context.db, row.id);
}

// POST /api/v1/config/msp/{mspId}/core-fabric
export async function createCoreFabric(context: ServiceContext, mspId: string, input: CoreFabricCreate): Promise<CoreFabric> {
  const msp = await findVisibleMsp(context.db, context.principal, mspId);
  if (!msp) throw new NotFoundError();
  return mutate(context, async (tx, record) => {
    const [row] = await tx.insert(coreFabrics).values({ organizationId: msp.id, name: input.name }).returning();
    const created = toCoreFabric(row, 0, 0);
    await record({ organizationId: msp.id, entityType: "coreFabric", entityId: row.id, type: "created", after: created });
    return created;
  });
}

// PATCH /api/v1/config/core-fabric/{fabricId}
export async function updateCoreFabric(context: ServiceContext, fabricId: string, update: CoreFabricUpdate): Promise<CoreFabric> {
  return mutate(context, async (tx, record) => {
    const row = await findVisibleFabric(tx, context.principal, fabricId, true);
    if (!row) throw new NotFoundError();
    const before = await coreFabricSummary(tx, row);
    if (update.name === undefined || update.name === row.name) return before;
    const [updated] = await tx.update(coreFabrics).set({ name: update.name, updatedAt: new Date() }).where(eq(coreFabrics.id, row.id)).returning();
    const after = { ...before, name: updated.name, updatedAt: updated.updatedAt.toISOString() };
    await record({ organizationId: row.organizationId, entityType: "coreFabric", entityId: row.id, type: "updated", before, after });
    return after;
  });
}

// DELETE /api/v1/config/core-fabric/{fabricId} — with its links; its core nodes stay, outside any fabric.
export async function deleteCoreFabric(context: ServiceContext, fabricId: string): Promise<void> {
  return mutate(context, async (tx, record) => {
    const row = await findVisibleFabric(tx, context.principal, fabricId, true);
    if (!row) throw new NotFoundError();
    const before = recordedDetail(await coreFabricDetail(tx, row));
    await lockNodes(
      tx,
      before.nodes.map((node) => node.id),
    );
    await recordLinkDeletions(tx, record, eq(links.coreFabricId, row.id));
    await tx.delete(links).where(eq(links.coreFabricId, row.id));
    const released = await tx.update(nodes).set({ coreFabricId: null, updatedAt: new Date() }).where(isCoreNodeOf(row.id)).returning();
    for (const node of released) {
      const previous = before.nodes.find((candidate) => candidate.id === node.id);
      const after = toNode(node, previous?.deviceSerialNumber ?? null);
      await record({ organizationId: node.organizationId, entityType: "node", entityId: node.id, type: "updated", before: previous, after, nodeId: node.id });
    }
    await tx.delete(coreFabrics).where(eq(coreFabrics.id, row.id));
    await record({ organizationId: row.organizationId, entityType: "coreFabric", entityId: row.id, type: "deleted", before });
  });
}

/** An uplink joins a core node of the fabric (`members`) and a node outside it, in either direction. */
const isUplinkOf = (members: Map<string, unknown>, link: { sourceNodeId: string; destinationNodeId: string }) =>
  members.has(link.sourceNodeId) !== members.has(link.destinationNodeId);

// PUT /api/v1/config/core-fabric/{fabricId}/links — the link editor's save, in one transaction: the fabric's whole
// set of core links (rows with an id update that link, rows without one create a link, core links left out are
// deleted) and edge uplinks (a row from one of the MSP's edge nodes to a core node of the fabric; created, or updated
// with its id; uplinks left out stay). SPEC §5: refused unless every pair of the fabric's core nodes keeps a link.
export async function replaceCoreFabricLinks(context: ServiceContext, fabricId: string, input: FabricLinksReplace): Promise<CoreFabricDetail> {
  return retryOnVlanRace(() =>
    mutate(context, async (tx, record) => {
      const fabric = await findVisibleFabric(tx, context.principal, fabricId, true);
      if (!fabric) throw new NotFoundError();
      const rows = input.links;
      const memberIds = (await tx.select({ id: nodes.id }).from(nodes).where(isCoreNodeOf(fabric.id))).map((node) => node.id);
      const memberSet = new Set(memberIds);
      const outsideIds = rows.flatMap((row) => [row.sourceNodeId, row.destinationNodeId]).filter((id) => !memberSet.has(id));
      // The fabric's core nodes and the MSP's edge nodes the rows name, locked together (in id order).
      const ends = await lockNodes(
        tx,
        [...memberIds, ...outsideIds],
        or(isCoreNodeOf(fabric.id), and(eq(nodes.organizationId, fabric.organizationId), eq(nodes.kind, "edge"))),
      );
      const members = new Map([...ends].filter(([, node]) => node.kind === "core" && node.coreFabricId === fabric.id));
      const issues: FieldIssue[] = await linkEndIssues(
        tx,
        rows.map((link, index) => ({ link, prefix: `links.${index}.` })),
        ends,
        "validation.nodeNotInFabric",
      );
      rows.forEach((row, index) => {
        // Two edge nodes: a link of the MSP's, not of this fabric.
        if (ends.has(row.sourceNodeId) && ends.has(row.destinationNodeId) && !members.has(row.sourceNodeId) && !members.has(row.destinationNodeId)) {
          issues.push(fieldIssue(`links.${index}.destinationNodeId`, "validation.uplinkToCoreNode"));
        }
      });
      const existing = await tx.select().from(links).where(eq(links.coreFabricId, fabric.id)).for("update");
      const uplinkIds = rows.flatMap((row) => (row.id && isUplinkOf(members, row) ? [row.id] : []));
      const uplinks = uplinkIds.length
        ? (await tx.select().from(links).where(and(inArray(links.id, uplinkIds), isNull(links.coreFabricId))).for("update")).filter((link) => isUplinkOf(members, link))
        : [];
      const existingById = new Map<string, LinkRow>([...existing, ...uplinks].map((link) => [link.id, link]));
      const kept = new Set<string>();
      rows.forEach((row, index) => {
        if (!row.id) return;
        if (!existingById.has(row.id)) issues.push(fieldIssue(`links.${index}.id`, "validation.linkNotInFabric"));
        else if (kept.has(row.id)) issues.push(fieldIssue(`links.${index}.id`, "validation.linkRowDuplicate"));
        kept.add(row.id);
      });
      if (issues.length) throw fieldError(issues);

      const orderedMembers = [...members.values()].sort((a, b) => (a.name === b.name ? (a.id < b.id ? -1 : 1) : a.name < b.name ? -1 : 1));
      const mesh = meshOf(orderedMembers, rows);
      if (!mesh.complete) {
        throw new ValidationError("validation.fabricFullMesh", undefined, [
          fieldIssue("links", "validation.fabricFullMesh"),
          ...mesh.missingPairs.map((pair) => fieldIssue("links", "validation.fabricMissingPair", { a: pair.a.name, b: pair.b.name })),
        ]);
      }

      const removed = existing.filter((link) => !kept.has(link.id)).map((link) => link.id);
      if (removed.length) {
        await recordLinkDeletions(tx, record, inArray(links.id, removed));
        await tx.delete(links).where(inArray(links.id, removed));
      }
      for (const row of rows) {
        const { id, sourceVlan, destinationVlan, ...link } = row;
        const source = ends.get(link.sourceNodeId);
        const destination = ends.get(link.destinationNodeId);
        if (!source || !destination) continue;
        const current = id ? existingById.get(id) : undefined;
        const vlans = current ? { sourceVlan, destinationVlan } : { sourceVlan: sourceVlan ?? null, destinationVlan: destinationVlan ?? null };
        await writeLink(tx, record, fabric.organizationId, source, destination, link, vlans, current);
      }
      return coreFabricDetail(tx, fabric);
    }),
  );
}
