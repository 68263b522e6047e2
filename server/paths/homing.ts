import "server-only";
import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { queryRows } from "@/server/db/client";
import { connectors, organizations, paths, sites } from "@/server/db/schema";
import { distanceKm } from "@/lib/geo";
import { loadNetwork } from "./topology";
import { mapServingNodes } from "./serving-node";

// A connector's homing (the node serving it, and the port a physical one rides on) is stored on the connector. The
// serving rule of serving-node.ts proposes it: when the connector is created, and once for the connectors that
// existed before it was stored (the backfill below, at the first start after migration 0020). It is changed only by
// an explicit re-homing (server/sites/homing.ts); adding, editing or deleting a node never moves one.

type Executor = Pick<Db, "select" | "update" | "execute">;

export interface Homing {
  nodeId: string | null;
  portKey: string | null;
}

/** The MSP running each customer organization among `organizationIds`. */
async function mspsOf(db: Executor, organizationIds: string[]): Promise<Map<string, string>> {
  if (organizationIds.length === 0) return new Map();
  const rows = await db
    .select({ id: organizations.id, parentId: organizations.parentId })
    .from(organizations)
    .where(and(inArray(organizations.id, organizationIds), eq(organizations.organizationType, "customer")));
  return new Map(rows.flatMap((row) => (row.parentId ? [[row.id, row.parentId] as const] : [])));
}

/** The rule's homing of every connector at the sites (all of one MSP's customers), as it derived it before homing was stored. */
async function deriveAtSites(db: Executor, mspId: string, siteIds: string[]) {
  const network = await loadNetwork({ db: db as Db }, { siteIds }, mspId);
  const serving = mapServingNodes({
    nodes: network.nodeRows,
    sites: network.siteRows,
    connectors: network.connectorRows,
    ports: network.ports,
    ipsecEndpoints: network.endpointRows,
    mspOf: () => mspId,
    eligible: () => true,
  });
  return { network, serving };
}

/**
 * Stores the rule's homing on every connector that has none yet (optionally only at some sites): deterministic, the
 * sites' connectors paired with their ports in id order as the rule always did. A connector no node can serve
 * (its customer's MSP has no node) stays without.
 */
export async function homeUnhomedConnectors(db: Executor, onlySiteIds?: string[]): Promise<number> {
  const unhomed = await db
    .select({ siteId: connectors.siteId, organizationId: connectors.organizationId })
    .from(connectors)
    .where(and(isNull(connectors.servingNodeId), onlySiteIds ? inArray(connectors.siteId, onlySiteIds) : undefined))
    .groupBy(connectors.siteId, connectors.organizationId)
    .orderBy(asc(connectors.siteId));
  const msps = await mspsOf(db, [...new Set(unhomed.map((row) => row.organizationId))]);
  const sitesByMsp = new Map<string, string[]>();
  for (const row of unhomed) {
    const mspId = msps.get(row.organizationId);
    if (!mspId) continue;
    sitesByMsp.set(mspId, [...(sitesByMsp.get(mspId) ?? []), row.siteId]);
  }
  let stored = 0;
  for (const [mspId, siteIds] of sitesByMsp) {
    const { network, serving } = await deriveAtSites(db, mspId, siteIds);
    const values = network.connectorRows
      .filter((connector) => connector.servingNodeId === null && serving.connectorNode.has(connector.id))
      .map((connector) => sql`(${connector.id}, ${serving.connectorNode.get(connector.id)!}, ${serving.connectorPort.get(connector.id) ?? null})`);
    for (let start = 0; start < values.length; start += 1_000) {
      await db.execute(
        sql`update connectors c set serving_node_id = v.node_id, serving_port_key = v.port_key
            from (values ${sql.join(values.slice(start, start + 1_000), sql`, `)}) as v(id, node_id, port_key)
            where c.id = v.id and c.serving_node_id is null`,
      );
    }
    stored += values.length;
  }
  return stored;
}

/**
 * Once, at the first start after the homing columns were added: today's derived homing is stored for every existing
 * connector (migration 0020 leaves a one-row table asking for it, dropped here in the same transaction).
 */
export async function backfillConnectorHoming(db: Db): Promise<void> {
  const [pending] = await queryRows<{ pending: boolean }>(db, sql`select to_regclass('connector_homing_backfill') is not null as pending`);
  if (!pending?.pending) return;
  await db.transaction(async (tx) => {
    await homeUnhomedConnectors(tx);
    await tx.execute(sql`drop table if exists connector_homing_backfill`);
  });
}

/**
 * The homing the rule proposes for a new connector of `kind` at a site: a physical connector takes the site's
 * front-panel port the fewest connectors already ride on, any other the node the rule names.
 */
export async function proposeHoming(db: Executor, siteId: string, kind: (typeof connectors.$inferSelect)["kind"]): Promise<Homing> {
  const [site] = await db.select({ organizationId: sites.organizationId }).from(sites).where(eq(sites.id, siteId)).limit(1);
  const mspId = site ? (await mspsOf(db, [site.organizationId])).get(site.organizationId) : undefined;
  if (!mspId) return { nodeId: null, portKey: null };
  const network = await loadNetwork({ db: db as Db }, { siteIds: [siteId] }, mspId);
  const nodeIds = new Set(network.nodeRows.map((node) => node.id));
  const sitePorts = network.ports.filter((port) => nodeIds.has(port.nodeId));
  if (kind === "physical" && sitePorts.length > 0) {
    const load = (key: string) => network.connectorRows.filter((connector) => connector.servingPortKey === key).length;
    const port = sitePorts.reduce((best, candidate) => (load(candidate.key) < load(best.key) ? candidate : best));
    return { nodeId: port.nodeId, portKey: port.key };
  }
  const serving = mapServingNodes({
    nodes: network.nodeRows,
    sites: network.siteRows,
    connectors: [{ id: "", siteId, kind }],
    ports: network.ports,
    ipsecEndpoints: network.endpointRows,
    mspOf: () => mspId,
    eligible: () => true,
  });
  return { nodeId: serving.connectorNode.get("") ?? null, portKey: serving.connectorPort.get("") ?? null };
}

/** The nodes of a connector's MSP that may serve it (edge and CPE nodes), nearest first. */
export async function homingCandidates(db: Executor, siteId: string) {
  const [site] = await db
    .select({ organizationId: sites.organizationId, latitude: sites.latitude, longitude: sites.longitude })
    .from(sites)
    .where(eq(sites.id, siteId))
    .limit(1);
  const mspId = site ? (await mspsOf(db, [site.organizationId])).get(site.organizationId) : undefined;
  if (!site || !mspId) return { mspId: null, candidates: [], ports: [] };
  const network = await loadNetwork({ db: db as Db }, { siteIds: [siteId] }, mspId);
  const candidates = network.nodeRows
    .filter((node) => node.kind !== "core")
    .map((node) => ({ id: node.id, name: node.name, kind: node.kind, distanceKm: Math.round(distanceKm(node, site)) }))
    .sort((a, b) => a.distanceKm - b.distanceKm || a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1));
  return { mspId, candidates, ports: network.ports };
}

export interface ServedConnector {
  id: string;
  name: string;
  siteName: string;
  organizationName: string;
  pathCount: number;
}

/** The connectors a node serves, with their site, customer and how many paths use them (for its deletion or its device's unassignment). */
export async function connectorsServedBy(db: Executor, nodeId: string): Promise<ServedConnector[]> {
  const rows = await db
    .select({
      id: connectors.id,
      name: connectors.name,
      siteName: sites.name,
      organizationName: organizations.name,
      pathCount: sql<number>`(select count(*)::int from ${paths} p where p.source_connector_id = ${connectors.id} or p.destination_connector_id = ${connectors.id})`,
    })
    .from(connectors)
    .innerJoin(sites, eq(sites.id, connectors.siteId))
    .innerJoin(organizations, eq(organizations.id, connectors.organizationId))
    .where(eq(connectors.servingNodeId, nodeId))
    .orderBy(asc(organizations.name), asc(sites.name), asc(connectors.name), asc(connectors.id));
  return rows;
}

/** The paths over a connector (each moves with it when it is re-homed), with their customer. */
export async function pathsOverConnector(db: Executor, connectorId: string) {
  return db
    .select({ id: paths.id, name: paths.name, organizationName: organizations.name })
    .from(paths)
    .innerJoin(organizations, eq(organizations.id, paths.organizationId))
    .where(or(eq(paths.sourceConnectorId, connectorId), eq(paths.destinationConnectorId, connectorId)))
    .orderBy(asc(paths.name), asc(paths.id));
}

/** A refusal's values naming the served connectors and their customers (the first few, then how many more). */
export function servedValues(served: ServedConnector[]): { count: number; connectors: string } {
  const shown = served.slice(0, 5).map((connector) => `${connector.name} (${connector.organizationName}, ${connector.siteName})`);
  const more = served.length - shown.length;
  return { count: served.length, connectors: more > 0 ? `${shown.join(", ")} +${more}` : shown.join(", ") };
}
