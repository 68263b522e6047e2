import "server-only";
import { asc, count, eq, sql } from "drizzle-orm";
import { TOPOLOGY_LINKS_MAX, TOPOLOGY_NODES_MAX, type TopologyGraph } from "@/lib/topology/schema";
import type { ServiceContext } from "@/server/core/service-context";
import { queryRows } from "@/server/db/client";
import { links, nodes } from "@/server/db/schema";
import { NotFoundError } from "@/server/core/errors";
import { findVisibleMsp } from "@/server/nodes/shared";
import { nodeStates } from "@/server/paths/topology";
import { linkStateOf, recentLinkStates, type RecentLinkState } from "@/server/telemetry/queries/health";

// GET /api/v1/config/msp/{mspId}/topology — the MSP's whole network for the topology page's graph and map: every
// node with its place and its device's state, every link with its health, in one read (a few thousand of each at
// most; past the caps the answer says it is cut).

/** The MSP's links' recent states, read by a condition on the MSP rather than a list of thousands of ids. */
export async function mspLinkStates(context: ServiceContext, mspId: string, now: number): Promise<Map<string, RecentLinkState>> {
  const rows = await queryRows<RecentLinkState & { link_id: string }>(
    context.db,
    recentLinkStates(sql`link_id in (select id from links where organization_id = ${mspId})`, now),
  );
  return new Map(rows.map(({ link_id, ...state }) => [link_id, state]));
}

export async function mspTopologyGraph(context: ServiceContext, mspId: string, now = Date.now()): Promise<TopologyGraph> {
  const { db, principal } = context;
  const msp = await findVisibleMsp(db, principal, mspId);
  if (!msp) throw new NotFoundError();
  const [nodeRows, linkRows, [nodeTotal], [linkTotal], linkStates] = await Promise.all([
    db
      .select({
        id: nodes.id,
        name: nodes.name,
        kind: nodes.kind,
        address: nodes.locationAddress,
        latitude: nodes.latitude,
        longitude: nodes.longitude,
        coreFabricId: nodes.coreFabricId,
      })
      .from(nodes)
      .where(eq(nodes.organizationId, msp.id))
      .orderBy(asc(nodes.id))
      .limit(TOPOLOGY_NODES_MAX),
    db
      .select({
        id: links.id,
        name: links.name,
        type: links.type,
        sourceNodeId: links.sourceNodeId,
        destinationNodeId: links.destinationNodeId,
        cost: links.cost,
        bandwidth: links.bandwidthMbps,
      })
      .from(links)
      .where(eq(links.organizationId, msp.id))
      .orderBy(asc(links.id))
      .limit(TOPOLOGY_LINKS_MAX),
    db.select({ n: count() }).from(nodes).where(eq(nodes.organizationId, msp.id)),
    db.select({ n: count() }).from(links).where(eq(links.organizationId, msp.id)),
    mspLinkStates(context, msp.id, now),
  ]);
  const devices = await nodeStates(
    context,
    nodeRows.map((node) => node.id),
    now,
  );
  const drawn = new Set(nodeRows.map((node) => node.id));
  // A link is drawn between two drawn nodes only.
  const drawnLinks = linkRows.filter((link) => drawn.has(link.sourceNodeId) && drawn.has(link.destinationNodeId));
  return {
    nodes: nodeRows.map((node) => ({ ...node, state: devices.get(node.id) ?? "unknown" })),
    links: drawnLinks.map((link) => {
      const { status, health } = linkStateOf(linkStates.get(link.id));
      return { ...link, status, health };
    }),
    nodeCount: nodeTotal.n,
    linkCount: linkTotal.n,
    truncated: nodeRows.length < nodeTotal.n || drawnLinks.length < linkTotal.n,
    generatedAt: new Date(now).toISOString(),
  };
}
