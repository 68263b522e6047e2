import "server-only";
import { and, eq, isNotNull, or } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { connectors, devices, interfaces, ipsecEndpoints, links, nodes, organizations, paths, sites, switchPorts } from "@/server/db/schema";
import {
  byId,
  byKey,
  connectorColumns,
  deviceColumns,
  endpointColumns,
  interfaceColumns,
  linkColumns,
  nodeColumns,
  organizationColumns,
  pathColumns,
  siteColumns,
  switchPortColumns,
  toDevices,
  toPorts,
  type SimNetwork,
} from "./network";

// A change heard on the bus re-reads the objects it names, not the network: a site with its connectors and paths,
// a connector with its paths, a path, a link, a device, or a node with its ports, IPsec endpoints, links and
// devices (a port or endpoint change names its node). Anything else — a fabric, an unknown kind, a flood of
// changes — is read whole again by the caller.

export interface NetworkChange {
  entityType: string;
  entityId: string;
  /** The node a port, subinterface or IPsec endpoint change happened on. */
  nodeId?: string;
}

/** More changes than this at once and the whole network is read instead (one read beats a hundred). */
export const MAX_TARGETED_CHANGES = 50;

const NODE_SCOPED = new Set(["interface", "subinterface", "switchPort", "ipsecEndpoint"]);
const TARGETED = new Set(["site", "connector", "path", "link", "device", "node", ...NODE_SCOPED]);

/** Whether these changes can be read one by one. */
export function canReadChanges(changes: NetworkChange[]): boolean {
  return (
    changes.length <= MAX_TARGETED_CHANGES &&
    changes.every((change) => TARGETED.has(change.entityType) && (!NODE_SCOPED.has(change.entityType) || change.nodeId !== undefined))
  );
}

/** A list with some rows taken out and the rows read put in, still sorted. */
function replaceRows<T>(list: T[], remove: (row: T) => boolean, add: T[], order: (a: T, b: T) => number): T[] {
  const kept = list.filter((row) => !remove(row));
  if (add.length === 0) return kept;
  const merged: T[] = [];
  const sorted = [...add].sort(order);
  let i = 0;
  for (const row of kept) {
    while (i < sorted.length && order(sorted[i], row) < 0) merged.push(sorted[i++]);
    merged.push(row);
  }
  while (i < sorted.length) merged.push(sorted[i++]);
  return merged;
}

/** The network with the objects these changes name read again. The caller checks `canReadChanges` first. */
export async function readChanges(db: Db, network: SimNetwork, changes: NetworkChange[]): Promise<SimNetwork> {
  let next: SimNetwork = { ...network, organizations: (await db.select(organizationColumns).from(organizations)).sort(byId) };
  for (const change of changes) {
    const nodeId = NODE_SCOPED.has(change.entityType) ? change.nodeId! : change.entityType === "node" ? change.entityId : undefined;
    if (nodeId) next = await readNode(db, next, nodeId);
    else next = await readObject(db, next, change.entityType, change.entityId);
  }
  return next;
}

async function readObject(db: Db, network: SimNetwork, entityType: string, id: string): Promise<SimNetwork> {
  const active = new Set(network.sites.map((site) => site.id));
  const onActiveSites = <T extends { sourceSiteId: string; destinationSiteId: string }>(rows: T[]) =>
    rows.filter((row) => active.has(row.sourceSiteId) && active.has(row.destinationSiteId));
  switch (entityType) {
    case "site": {
      const siteRows = await db.select(siteColumns).from(sites).where(and(eq(sites.id, id), eq(sites.active, true)));
      if (siteRows.length > 0) active.add(id);
      else active.delete(id);
      const [connectorRows, pathRows] = await Promise.all([
        db.select(connectorColumns).from(connectors).where(eq(connectors.siteId, id)),
        db.select(pathColumns).from(paths).where(or(eq(paths.sourceSiteId, id), eq(paths.destinationSiteId, id))),
      ]);
      return {
        ...network,
        sites: replaceRows(network.sites, (row) => row.id === id, siteRows, byId),
        connectors: replaceRows(network.connectors, (row) => row.siteId === id, active.has(id) ? connectorRows : [], byId),
        paths: replaceRows(network.paths, (row) => row.sourceSiteId === id || row.destinationSiteId === id, onActiveSites(pathRows), byId),
      };
    }
    case "connector": {
      const [connectorRows, pathRows] = await Promise.all([
        db.select(connectorColumns).from(connectors).where(eq(connectors.id, id)),
        db.select(pathColumns).from(paths).where(or(eq(paths.sourceConnectorId, id), eq(paths.destinationConnectorId, id))),
      ]);
      const touches = (row: { sourceConnectorId: string; destinationConnectorId: string }) => row.sourceConnectorId === id || row.destinationConnectorId === id;
      return {
        ...network,
        connectors: replaceRows(network.connectors, (row) => row.id === id, connectorRows.filter((row) => active.has(row.siteId)), byId),
        paths: replaceRows(network.paths, touches, onActiveSites(pathRows), byId),
      };
    }
    case "path": {
      const pathRows = await db.select(pathColumns).from(paths).where(eq(paths.id, id));
      return { ...network, paths: replaceRows(network.paths, (row) => row.id === id, onActiveSites(pathRows), byId) };
    }
    case "link": {
      const linkRows = await db.select(linkColumns).from(links).where(eq(links.id, id));
      return { ...network, links: replaceRows(network.links, (row) => row.id === id, linkRows, byId) };
    }
    case "device": {
      const deviceRows = await db.select(deviceColumns).from(devices).where(and(eq(devices.id, id), isNotNull(devices.nodeId)));
      return { ...network, devices: replaceRows(network.devices, (row) => row.id === id, toDevices(deviceRows), byId) };
    }
    default:
      throw new Error(`no targeted read for ${entityType}`);
  }
}

/** A node and what hangs on it: its ports, IPsec endpoints, the links at either end and the devices placed on it. */
async function readNode(db: Db, network: SimNetwork, id: string): Promise<SimNetwork> {
  const [nodeRows, interfaceRows, switchRows, endpointRows, linkRows, deviceRows] = await Promise.all([
    db.select(nodeColumns).from(nodes).where(eq(nodes.id, id)),
    db.select(interfaceColumns).from(interfaces).where(eq(interfaces.nodeId, id)),
    db.select(switchPortColumns).from(switchPorts).where(eq(switchPorts.nodeId, id)),
    db.select(endpointColumns).from(ipsecEndpoints).where(eq(ipsecEndpoints.nodeId, id)),
    db.select(linkColumns).from(links).where(or(eq(links.sourceNodeId, id), eq(links.destinationNodeId, id))),
    db.select(deviceColumns).from(devices).where(eq(devices.nodeId, id)),
  ]);
  // A device that moved here from another node is no longer on that one.
  const here = new Set(deviceRows.map((row) => row.id));
  return {
    ...network,
    nodes: replaceRows(network.nodes, (row) => row.id === id, nodeRows, byId),
    ports: replaceRows(network.ports, (row) => row.nodeId === id, toPorts(interfaceRows, switchRows), byKey),
    ipsecEndpoints: replaceRows(network.ipsecEndpoints, (row) => row.nodeId === id, endpointRows, byId),
    links: replaceRows(network.links, (row) => row.sourceNodeId === id || row.destinationNodeId === id, linkRows, byId),
    devices: replaceRows(network.devices, (row) => row.nodeId === id || here.has(row.id), toDevices(deviceRows), byId),
  };
}
