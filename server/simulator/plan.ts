import "server-only";
import { mapServingNodes, storedServing } from "@/server/paths/serving-node";
import { drain } from "./slices";
import { append, type SimConnector, type SimDevice, type SimLink, type SimNetwork, type SimNode, type SimPath, type SimPort, type SimSite } from "./network";

// Who reports what. A device reports on itself, its node's ports, the links of its MSP that start at its node,
// and the connectors, paths and sites it serves: a connector on the node its homing is stored on (when that node has
// a device), a site without such a connector by the customer's MSP's nearest edge node that has a device. A path is measured by
// the device serving its source connector; a site's flows and probes by the device serving its first connector.
// Only devices claimed by the node's MSP report: the ingestion endpoint takes nothing else from them.

export interface DeviceDuties {
  device: SimDevice;
  node: SimNode;
  ports: SimPort[];
  links: SimLink[];
  connectors: SimConnector[];
  paths: SimPath[];
  sites: SimSite[];
}

export interface ReportingPlan {
  duties: DeviceDuties[];
  /** The node serving each served connector. */
  connectorNode: Map<string, string>;
  /** The front-panel port a physical connector rides on. */
  connectorPort: Map<string, string>;
  /** The device reporting for each served path, site, link and port (by object id or port key). */
  reporterOf: Map<string, string>;
}

const KIND_ORDER: Record<SimConnector["kind"], number> = { physical: 0, ipsec: 1, external: 2, virtual: 3, internet: 4 };

/** Sites or objects planned between two chances to let the event loop turn (see slices.ts). */
const OBJECTS_PER_STEP = 512;

export function planReporting(network: SimNetwork): ReportingPlan {
  return drain(planSteps(network));
}

export function* planSteps(network: SimNetwork): Generator<void, ReportingPlan> {
  let done = 0;
  const step = () => ++done % OBJECTS_PER_STEP === 0;
  const nodeById = new Map(network.nodes.map((node) => [node.id, node]));
  const deviceOfNode = new Map(
    network.devices
      .filter((device) => device.mspOrganizationId !== null && nodeById.get(device.nodeId)?.organizationId === device.mspOrganizationId)
      .map((device) => [device.nodeId, device]),
  );
  const orgById = new Map(network.organizations.map((org) => [org.id, org]));
  /** A node of the MSP that has a device to report for it. */
  const serving = (nodeId: string, mspId: string | undefined) => mspId !== undefined && deviceOfNode.has(nodeId) && nodeById.get(nodeId)?.organizationId === mspId;

  const mspOf = (organizationId: string): string | undefined => {
    const org = orgById.get(organizationId);
    if (!org) return undefined;
    // Only customers' objects are reported on (by their MSP's devices).
    return org.organizationType === "customer" ? (org.parentId ?? undefined) : undefined;
  };

  // Connectors are reported where their homing is stored, by the device on that node of their MSP.
  const mspOfConnector = new Map(network.connectors.map((connector) => [connector.id, mspOf(connector.organizationId)]));
  const { connectorNode, connectorPort } = storedServing(
    { connectorRows: network.connectors, nodeRows: network.nodes, ports: network.ports },
    (nodeId) => deviceOfNode.has(nodeId),
  );
  for (const [connectorId, nodeId] of connectorNode) {
    if (serving(nodeId, mspOfConnector.get(connectorId))) continue;
    connectorNode.delete(connectorId);
    connectorPort.delete(connectorId);
  }
  const { nearestNode } = mapServingNodes({
    nodes: network.nodes,
    sites: [],
    connectors: [],
    ports: [],
    ipsecEndpoints: [],
    mspOf,
    eligible: (nodeId) => deviceOfNode.has(nodeId),
  });
  const connectorsBySite = new Map<string, SimConnector[]>();
  for (const connector of network.connectors) append(connectorsBySite, connector.siteId, connector);

  yield;
  const siteNode = new Map<string, string>();
  for (const site of network.sites) {
    if (step()) yield;
    const served = (connectorsBySite.get(site.id) ?? [])
      .filter((connector) => connectorNode.has(connector.id))
      .sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || (a.id < b.id ? -1 : 1));
    const mspId = mspOf(site.organizationId);
    const node = served.length > 0 ? connectorNode.get(served[0].id) : mspId ? nearestNode(mspId, site) : undefined;
    if (node) siteNode.set(site.id, node);
  }

  const duties = new Map<string, DeviceDuties>();
  for (const device of deviceOfNode.values()) {
    const node = nodeById.get(device.nodeId)!;
    duties.set(node.id, { device, node, ports: [], links: [], connectors: [], paths: [], sites: [] });
  }
  const reporterOf = new Map<string, string>();
  const assign = <K extends "ports" | "links" | "connectors" | "paths" | "sites">(
    nodeId: string | undefined,
    list: K,
    item: DeviceDuties[K][number],
    key: string,
  ) => {
    const duty = nodeId ? duties.get(nodeId) : undefined;
    if (!duty) return;
    (duty[list] as DeviceDuties[K][number][]).push(item);
    reporterOf.set(key, duty.device.id);
  };

  for (const port of network.ports) assign(port.nodeId, "ports", port, port.key);
  for (const link of network.links) {
    // The source end reports; a link whose source node has no device is reported from the other end.
    const nodeId = serving(link.sourceNodeId, link.organizationId) ? link.sourceNodeId : link.destinationNodeId;
    if (serving(nodeId, link.organizationId)) assign(nodeId, "links", link, link.id);
  }
  for (const connector of network.connectors) {
    if (step()) yield;
    assign(connectorNode.get(connector.id), "connectors", connector, connector.id);
  }
  for (const path of network.paths) {
    if (step()) yield;
    assign(connectorNode.get(path.sourceConnectorId), "paths", path, path.id);
  }
  for (const site of network.sites) assign(siteNode.get(site.id), "sites", site, site.id);

  return { duties: [...duties.values()], connectorNode, connectorPort, reporterOf };
}
