import "server-only";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { devices, interfaces, nodes, switchPorts } from "@/server/db/schema";
import { mapServingNodes, storedServing } from "@/server/paths/serving-node";
import { loadMspNetwork } from "@/server/paths/topology";
import { cachedMspPathRoutes, forgetMspRoutes, topologyCache } from "@/server/topology/route-cache";
import type { DeviceIdentity } from "./device-tokens";

// What a device may report on: what its node serves. Its node's ports, the links of its MSP with its node at one
// end, the customers' connectors homed on the node, the paths whose route crosses it, and the sites (flows and
// probes) of those connectors. Homing is the one stored on each connector (server/paths/serving-node.ts), as the path
// topology and the simulator read it, so a device reports what a real one carries and what the simulator gives it.
// A device on no node reports on nothing.
// Worked out for every node of an MSP at once and kept until the MSP's or a customer's topology news (like the
// routes it uses): a batch costs no query once warm, and an id outside the set — another customer's or none at
// all — is dropped alike, without a lookup that could tell them apart.

export interface PathOwner {
  organizationId: string;
  name: string;
}
export interface ConnectorOwner {
  organizationId: string;
  siteId: string;
}
export interface SiteOwner {
  organizationId: string;
}
export interface LinkOwner {
  name: string;
}

export interface RequestedIds {
  portIds: Set<string>;
  linkIds: Set<string>;
  connectorIds: Set<string>;
  pathIds: Set<string>;
  siteIds: Set<string>;
}

export interface Ownership {
  ports: Set<string>;
  links: Map<string, LinkOwner>;
  connectors: Map<string, ConnectorOwner>;
  paths: Map<string, PathOwner>;
  sites: Map<string, SiteOwner>;
}

const nothing = (): Ownership => ({ ports: new Set(), links: new Map(), connectors: new Map(), paths: new Map(), sites: new Map() });

/** The node each of the MSP's nodes serves what for: ports, links, connectors, paths and sites. */
async function servedByNode(db: Db, mspId: string): Promise<Map<string, Ownership>> {
  const [network, routes, reporting, interfaceRows, switchRows] = await Promise.all([
    loadMspNetwork({ db }, mspId),
    cachedMspPathRoutes({ db }, mspId),
    db
      .select({ nodeId: devices.nodeId })
      .from(devices)
      .innerJoin(nodes, and(eq(nodes.id, devices.nodeId), eq(nodes.organizationId, mspId)))
      .where(and(eq(devices.mspOrganizationId, mspId), isNotNull(devices.nodeId))),
    db.select({ nodeId: interfaces.nodeId, portId: interfaces.portId }).from(interfaces).where(inArray(interfaces.nodeId, db.select({ id: nodes.id }).from(nodes).where(eq(nodes.organizationId, mspId)))),
    db.select({ nodeId: switchPorts.nodeId, index: switchPorts.index }).from(switchPorts).where(inArray(switchPorts.nodeId, db.select({ id: nodes.id }).from(nodes).where(eq(nodes.organizationId, mspId)))),
  ]);
  const served = new Map<string, Ownership>(network.nodeRows.map((node) => [node.id, nothing()]));
  const at = (nodeId: string | null | undefined) => (nodeId ? served.get(nodeId) : undefined);

  for (const row of interfaceRows) at(row.nodeId)?.ports.add(row.portId);
  for (const row of switchRows) at(row.nodeId)?.ports.add(String(row.index));
  for (const link of network.linkRows) {
    at(link.sourceNodeId)?.links.set(link.id, { name: link.name });
    at(link.destinationNodeId)?.links.set(link.id, { name: link.name });
  }

  const withDevice = new Set(reporting.map((row) => row.nodeId));
  // The stored homing: a connector is its serving node's, reported by that node's device when it has one.
  const reported = storedServing(network, (nodeId) => withDevice.has(nodeId));
  // Only where a site has no reported connector: the nearest node with a device reports its flows and probes.
  const { nearestNode } = mapServingNodes({
    nodes: network.nodeRows,
    sites: [],
    connectors: [],
    ports: [],
    ipsecEndpoints: [],
    mspOf: () => mspId,
    eligible: (nodeId) => withDevice.has(nodeId),
  });
  const routed = storedServing(network);

  const siteById = new Map(network.siteRows.map((site) => [site.id, site]));
  const deviceServedSites = new Set<string>();
  for (const connector of network.connectorRows) {
    const site = siteById.get(connector.siteId);
    if (!site) continue;
    if (reported.connectorNode.has(connector.id)) deviceServedSites.add(site.id);
    const home = at(routed.connectorNode.get(connector.id));
    home?.connectors.set(connector.id, { organizationId: site.organizationId, siteId: site.id });
    home?.sites.set(site.id, { organizationId: site.organizationId });
  }
  // A site none of whose connectors a device serves is reported by the MSP's nearest node with a device.
  for (const site of network.siteRows) {
    if (!deviceServedSites.has(site.id)) at(nearestNode(mspId, site))?.sites.set(site.id, { organizationId: site.organizationId });
  }

  for (const path of routes) {
    const owner = { organizationId: path.organizationId, name: path.name };
    const nodeIds = new Set([
      ...(path.route ? path.route.nodeIds : [path.sourceNodeId, path.destinationNodeId]),
      reported.connectorNode.get(path.sourceConnectorId),
      reported.connectorNode.get(path.destinationConnectorId),
    ]);
    for (const nodeId of nodeIds) at(nodeId)?.paths.set(path.id, owner);
  }
  return served;
}

const cache = topologyCache<Map<string, Ownership>>("telemetryServed");

/** Forgets what every node serves, and the routes it came from (for tests that change the database behind the services' back). */
export function forgetServedObjects(): void {
  cache.forget();
  forgetMspRoutes();
}

const pick = <T>(owned: Map<string, T>, ids: Set<string>) => new Map([...ids].flatMap((id) => (owned.has(id) ? [[id, owned.get(id)!] as const] : [])));

/** The subset of the requested ids the device may report on, with what the derivations need of each. */
export async function resolveOwnership(db: Db, device: DeviceIdentity, ids: RequestedIds): Promise<Ownership> {
  if (!device.nodeId) return nothing();
  const requested = ids.portIds.size + ids.linkIds.size + ids.connectorIds.size + ids.pathIds.size + ids.siteIds.size;
  if (requested === 0) return nothing();
  const served = (await cache.get(device.mspOrganizationId, () => servedByNode(db, device.mspOrganizationId))).get(device.nodeId);
  if (!served) return nothing();
  return {
    ports: new Set([...ids.portIds].filter((id) => served.ports.has(id))),
    links: pick(served.links, ids.linkIds),
    connectors: pick(served.connectors, ids.connectorIds),
    paths: pick(served.paths, ids.pathIds),
    sites: pick(served.sites, ids.siteIds),
  };
}
