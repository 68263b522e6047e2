import "server-only";
import { distanceKm } from "@/lib/geo";

// Which node should serve a customer's connector: a physical connector rides on a front-panel port assigned to its
// site (connectors and ports paired in order), an IPsec connector on the node holding the site's IPsec endpoint, any
// other connector on a CPE placed at the site, or else on the nearest edge node of the customer's MSP. This rule only
// PROPOSES a homing (on a connector's creation, and once for the connectors that existed before homing was stored);
// the homing is then stored on the connector and every reader (path topology, simulator, telemetry ownership, blast
// radius, rollout gate) uses the stored one, so that adding or moving a node never re-homes a live connector.

export interface ServingNode {
  id: string;
  organizationId: string;
  kind: "edge" | "cpe" | "core";
  latitude: number;
  longitude: number;
}

export interface ServingSite {
  id: string;
  organizationId: string;
  latitude: number;
  longitude: number;
}

export interface ServingConnector {
  id: string;
  siteId: string;
  kind: "physical" | "ipsec" | "external" | "virtual" | "internet";
}

export interface ServingPort {
  /** Unique among ports: "<nodeId>/<portId>". */
  key: string;
  nodeId: string;
  siteId: string | null;
}

export interface ServingEndpoint {
  nodeId: string;
  siteId: string | null;
}

export interface ServingInput {
  /** Every list sorted by a stable key, so the pairing of connectors and ports does not move between reads. */
  nodes: ServingNode[];
  sites: ServingSite[];
  connectors: ServingConnector[];
  ports: ServingPort[];
  ipsecEndpoints: ServingEndpoint[];
  /** The MSP running a customer's network; undefined for an organization whose objects no node serves. */
  mspOf: (organizationId: string) => string | undefined;
  /** Whether a node may serve the MSP's customers (the simulator asks for a reporting device too). */
  eligible: (nodeId: string, mspId: string) => boolean;
}

export interface ServingMap {
  /** The node serving each served connector. */
  connectorNode: Map<string, string>;
  /** The port key a physical connector rides on. */
  connectorPort: Map<string, string>;
  /** The MSP's eligible node nearest to a place, edge nodes first. */
  nearestNode: (mspId: string, place: { latitude: number; longitude: number }) => string | undefined;
}

function groupBy<T>(items: T[], key: (item: T) => string | null): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k === null) continue;
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

/** Sites mapped between two chances for a caller that runs `servingNodeSteps` in slices to let the event loop turn. */
const SITES_PER_STEP = 512;

export function mapServingNodes(input: ServingInput): ServingMap {
  const steps = servingNodeSteps(input);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** The same map, yielding every few hundred sites (the simulator's world of 20,000 sites is built in slices). */
export function* servingNodeSteps(input: ServingInput): Generator<void, ServingMap> {
  const nodeById = new Map(input.nodes.map((node) => [node.id, node]));
  const siteById = new Map(input.sites.map((site) => [site.id, site]));
  const serves = (nodeId: string, mspId: string) => nodeById.get(nodeId)?.organizationId === mspId && input.eligible(nodeId, mspId);

  // Asked once per connector and site: each MSP's pool is worked out once (a customer of 20,000 sites asks 60,000 times).
  const pools = new Map<string, ServingNode[]>();
  const poolOf = (mspId: string): ServingNode[] => {
    const known = pools.get(mspId);
    if (known) return known;
    const candidates = input.nodes.filter((node) => serves(node.id, mspId));
    const edges = candidates.filter((node) => node.kind === "edge");
    const pool = edges.length > 0 ? edges : candidates;
    pools.set(mspId, pool);
    return pool;
  };

  const nearestNode = (mspId: string, place: { latitude: number; longitude: number }): string | undefined => {
    const pool = poolOf(mspId);
    let best: { id: string; distance: number } | undefined;
    for (const node of pool) {
      const distance = distanceKm(node, place);
      if (!best || distance < best.distance - 1e-9) best = { id: node.id, distance };
    }
    return best?.id;
  };

  const connectorNode = new Map<string, string>();
  const connectorPort = new Map<string, string>();
  const portsBySite = groupBy(input.ports, (port) => port.siteId);
  const endpointsBySite = groupBy(input.ipsecEndpoints, (endpoint) => endpoint.siteId);

  let done = 0;
  for (const [siteId, siteConnectors] of groupBy(input.connectors, (connector) => connector.siteId)) {
    if (++done % SITES_PER_STEP === 0) yield;
    const site = siteById.get(siteId);
    if (!site) continue;
    const mspId = input.mspOf(site.organizationId);
    if (!mspId) continue;
    const sitePorts = (portsBySite.get(siteId) ?? []).filter((port) => serves(port.nodeId, mspId));
    const siteEndpoints = (endpointsBySite.get(siteId) ?? []).filter((endpoint) => serves(endpoint.nodeId, mspId));
    const onSite = [...sitePorts.map((port) => port.nodeId), ...siteEndpoints.map((endpoint) => endpoint.nodeId)].find(
      (nodeId) => nodeById.get(nodeId)?.kind === "cpe",
    );
    siteConnectors
      .filter((connector) => connector.kind === "physical")
      .forEach((connector, index) => {
        if (sitePorts.length === 0) return;
        const port = sitePorts[index % sitePorts.length];
        connectorNode.set(connector.id, port.nodeId);
        connectorPort.set(connector.id, port.key);
      });
    for (const connector of siteConnectors) {
      if (connectorNode.has(connector.id)) continue;
      const node = connector.kind === "ipsec" && siteEndpoints.length > 0 ? siteEndpoints[0].nodeId : (onSite ?? nearestNode(mspId, site));
      if (node) connectorNode.set(connector.id, node);
    }
  }
  return { connectorNode, connectorPort, nearestNode };
}

export interface StoredHoming {
  id: string;
  servingNodeId: string | null;
  servingPortKey: string | null;
}

/**
 * The stored homing of connectors as a serving map: a connector is served by its stored node when that node is one
 * of `nodes` (the MSP's) and `eligible` (the simulator asks for a reporting device), on its stored port while that
 * port is still assigned to the connector's site (one of `ports`).
 */
export function storedServing(
  network: { connectorRows: StoredHoming[]; nodeRows: { id: string }[]; ports: { key: string }[] },
  eligible: (nodeId: string) => boolean = () => true,
): Pick<ServingMap, "connectorNode" | "connectorPort"> {
  const nodeIds = new Set(network.nodeRows.map((node) => node.id));
  const portKeys = new Set(network.ports.map((port) => port.key));
  const connectorNode = new Map<string, string>();
  const connectorPort = new Map<string, string>();
  for (const connector of network.connectorRows) {
    const nodeId = connector.servingNodeId;
    if (!nodeId || !nodeIds.has(nodeId) || !eligible(nodeId)) continue;
    connectorNode.set(connector.id, nodeId);
    const port = connector.servingPortKey;
    if (port && portKeys.has(port) && port.startsWith(`${nodeId}/`)) connectorPort.set(connector.id, port);
  }
  return { connectorNode, connectorPort };
}
