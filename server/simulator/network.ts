import "server-only";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { stepAt } from "@/server/lifecycle/steps";
import {
  connectors,
  devices,
  interfaces,
  ipsecEndpoints,
  lifecycleOperations,
  links,
  nodes,
  organizations,
  paths,
  sites,
  switchPorts,
} from "@/server/db/schema";

// What the simulated devices know about the network: a plain snapshot of the rows that matter, read in one go
// and reloaded now and then so objects created in the console start reporting.

export interface SimOrganization {
  id: string;
  name: string;
  organizationType: "msp" | "customer" | "maia";
  parentId: string | null;
}

export interface SimSite {
  id: string;
  organizationId: string;
  name: string;
  type: string;
  latitude: number;
  longitude: number;
  cloudRegion: string | null;
}

export interface SimConnector {
  id: string;
  organizationId: string;
  siteId: string;
  kind: "physical" | "ipsec" | "external" | "virtual" | "internet";
  name: string;
  bandwidthMbps: number;
  /** The stored homing: the node serving it and the port it rides on. */
  servingNodeId: string | null;
  servingPortKey: string | null;
}

export interface SimPath {
  id: string;
  organizationId: string;
  name: string;
  sourceSiteId: string;
  sourceConnectorId: string;
  destinationSiteId: string;
  destinationConnectorId: string;
  bandwidthMbps: number;
}

export interface SimNode {
  id: string;
  /** The MSP that runs the node. */
  organizationId: string;
  kind: "edge" | "cpe" | "core";
  name: string;
  latitude: number;
  longitude: number;
}

/** A front-panel port: an interface (its port id) or a switch port (its index as text). */
export interface SimPort {
  /** Unique in the snapshot: "<nodeId>/<portId>". */
  key: string;
  nodeId: string;
  portId: string;
  /** The interface row behind the port, when it is one (links name their interfaces). */
  interfaceId: string | null;
  capacityMbps: number;
  siteId: string | null;
}

export interface SimIpsecEndpoint {
  id: string;
  nodeId: string;
  siteId: string | null;
}

export interface SimLink {
  id: string;
  organizationId: string;
  name: string;
  type: "fiber" | "internet";
  bandwidthMbps: number;
  sourceNodeId: string;
  sourceInterfaceId: string | null;
  destinationNodeId: string;
  destinationInterfaceId: string | null;
}

export interface SimDevice {
  id: string;
  serialNumber: string;
  nodeId: string;
  /** The MSP that claimed the device: it reports on that MSP's objects only. */
  mspOrganizationId: string | null;
  softwareVersion: string;
}

export interface SimNetwork {
  organizations: SimOrganization[];
  sites: SimSite[];
  connectors: SimConnector[];
  paths: SimPath[];
  nodes: SimNode[];
  ports: SimPort[];
  ipsecEndpoints: SimIpsecEndpoint[];
  links: SimLink[];
  devices: SimDevice[];
}

export const portKey = (nodeId: string, portId: string) => `${nodeId}/${portId}`;

/** An interface's line rate from its name, as vendors spell it: ge 1G, xe 10G, et 100G (others 10G). */
export function interfaceCapacityMbps(portId: string): number {
  if (portId.startsWith("ge-")) return 1_000;
  if (portId.startsWith("et-")) return 100_000;
  return 10_000;
}

export const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
export const byKey = (a: SimPort, b: SimPort) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

// The columns read, shared by the whole read and the read of what changed (network-changes.ts).
export const organizationColumns = {
  id: organizations.id,
  name: organizations.name,
  organizationType: organizations.organizationType,
  parentId: organizations.parentId,
};
export const siteColumns = {
  id: sites.id,
  organizationId: sites.organizationId,
  name: sites.name,
  type: sites.type,
  latitude: sites.latitude,
  longitude: sites.longitude,
  cloudRegion: sites.cloudRegion,
};
export const connectorColumns = {
  id: connectors.id,
  organizationId: connectors.organizationId,
  siteId: connectors.siteId,
  kind: connectors.kind,
  name: connectors.name,
  bandwidthMbps: connectors.bandwidthMbps,
  servingNodeId: connectors.servingNodeId,
  servingPortKey: connectors.servingPortKey,
};
export const pathColumns = {
  id: paths.id,
  organizationId: paths.organizationId,
  name: paths.name,
  sourceSiteId: paths.sourceSiteId,
  sourceConnectorId: paths.sourceConnectorId,
  destinationSiteId: paths.destinationSiteId,
  destinationConnectorId: paths.destinationConnectorId,
  bandwidthMbps: paths.bandwidthMbps,
};
export const nodeColumns = { id: nodes.id, organizationId: nodes.organizationId, kind: nodes.kind, name: nodes.name, latitude: nodes.latitude, longitude: nodes.longitude };
export const interfaceColumns = { id: interfaces.id, nodeId: interfaces.nodeId, portId: interfaces.portId, siteId: interfaces.siteId };
export const switchPortColumns = { nodeId: switchPorts.nodeId, index: switchPorts.index, bandwidthGbps: switchPorts.bandwidthGbps, siteId: switchPorts.siteId };
export const endpointColumns = { id: ipsecEndpoints.id, nodeId: ipsecEndpoints.nodeId, siteId: ipsecEndpoints.siteId };
export const linkColumns = {
  id: links.id,
  organizationId: links.organizationId,
  name: links.name,
  type: links.type,
  bandwidthMbps: links.bandwidthMbps,
  sourceNodeId: links.sourceNodeId,
  sourceInterfaceId: links.sourceInterfaceId,
  destinationNodeId: links.destinationNodeId,
  destinationInterfaceId: links.destinationInterfaceId,
};
export const deviceColumns = {
  id: devices.id,
  serialNumber: devices.serialNumber,
  nodeId: devices.nodeId,
  mspOrganizationId: devices.mspOrganizationId,
  softwareVersion: devices.softwareVersion,
};

type InterfaceRow = { id: string; nodeId: string; portId: string; siteId: string | null };
type SwitchPortRow = { nodeId: string; index: number; bandwidthGbps: number; siteId: string | null };

export function toPorts(interfaceRows: InterfaceRow[], switchRows: SwitchPortRow[]): SimPort[] {
  return [
    ...interfaceRows.map((row) => ({
      key: portKey(row.nodeId, row.portId),
      nodeId: row.nodeId,
      portId: row.portId,
      interfaceId: row.id,
      capacityMbps: interfaceCapacityMbps(row.portId),
      siteId: row.siteId,
    })),
    ...switchRows.map((row) => ({
      key: portKey(row.nodeId, String(row.index)),
      nodeId: row.nodeId,
      portId: String(row.index),
      interfaceId: null,
      capacityMbps: row.bandwidthGbps * 1000,
      siteId: row.siteId,
    })),
  ].sort(byKey);
}

export const toDevices = (rows: { id: string; serialNumber: string; nodeId: string | null; mspOrganizationId: string | null; softwareVersion: string }[]): SimDevice[] =>
  rows.flatMap((row) => (row.nodeId === null ? [] : [{ ...row, nodeId: row.nodeId }]));

/** Reads the network as the devices see it. Sorted so every derived choice is stable between reloads. */
export async function loadNetwork(db: Db): Promise<SimNetwork> {
  const [orgRows, siteRows, connectorRows, pathRows, nodeRows, interfaceRows, switchRows, endpointRows, linkRows, deviceRows] =
    await Promise.all([
      db.select(organizationColumns).from(organizations),
      db.select(siteColumns).from(sites).where(eq(sites.active, true)),
      db.select(connectorColumns).from(connectors),
      db.select(pathColumns).from(paths),
      db.select(nodeColumns).from(nodes),
      db.select(interfaceColumns).from(interfaces),
      db.select(switchPortColumns).from(switchPorts),
      db.select(endpointColumns).from(ipsecEndpoints),
      db.select(linkColumns).from(links),
      db.select(deviceColumns).from(devices).where(isNotNull(devices.nodeId)),
    ]);

  const activeSites = new Set(siteRows.map((site) => site.id));
  return {
    organizations: orgRows.sort(byId),
    sites: siteRows.sort(byId),
    // Inactive sites carry no traffic: their connectors and paths stay quiet.
    connectors: connectorRows.filter((row) => activeSites.has(row.siteId)).sort(byId),
    paths: pathRows.filter((row) => activeSites.has(row.sourceSiteId) && activeSites.has(row.destinationSiteId)).sort(byId),
    nodes: nodeRows.sort(byId),
    ports: toPorts(interfaceRows, switchRows),
    ipsecEndpoints: endpointRows.sort(byId),
    links: linkRows.sort(byId),
    devices: toDevices(deviceRows).sort(byId),
  };
}

/** Devices restarting right now: in the step of a running lifecycle operation that does not need them to answer. */
export async function loadRebootingDevices(db: Db, deviceIds: string[]): Promise<Set<string>> {
  if (deviceIds.length === 0) return new Set();
  const rows = await db
    .select({ deviceId: lifecycleOperations.deviceId, operation: lifecycleOperations.operation, progress: lifecycleOperations.progress })
    .from(lifecycleOperations)
    .where(and(eq(lifecycleOperations.status, "active"), inArray(lifecycleOperations.deviceId, deviceIds)));
  return new Set(rows.filter((row) => !stepAt(row.operation, row.progress).needsDevice).map((row) => row.deviceId));
}

/** Adds a value to the list kept under a key. */
export function append<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
