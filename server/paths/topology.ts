import "server-only";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { classifyLinkHealth, healthTone, type LinkHealth, type PathSla, type PortState } from "@/lib/health";
import type { PathTopology, TopologyConnection, TopologyElement, TopologyUnreachable } from "@/lib/paths/topology-schema";
import { queryRows } from "@/server/db/client";
import { connectors, interfaces, ipsecEndpoints, links, nodes, organizations, paths, sites, switchPorts } from "@/server/db/schema";
import { TELEMETRY } from "@/server/telemetry/config";
import { pathMeasurement, routeLinkHealth, siteConnectorHealth } from "@/server/telemetry/queries/health";
import type { QueryContext } from "@/server/telemetry/queries/visibility";
import { tenantWhere } from "@/server/core/tenancy";
import { mapServingNodes } from "./serving-node";
import { NotFoundError } from "@/server/core/errors";

// A path's route: source site → its connector → the node serving it → the MSP's links, shortest by cost → the node
// serving the destination connector → that connector → the destination site. Every node of the MSP may serve
// (a node without a reporting device still carries traffic; its health is then unknown).

export interface RouteLink {
  id: string;
  sourceNodeId: string;
  destinationNodeId: string;
  cost: number;
}

export interface Route {
  nodeIds: string[];
  /** The links between consecutive nodes, in order, with the direction they are travelled. */
  links: { id: string; from: string; to: string }[];
  cost: number;
}

/** Dijkstra over links in both directions; ties go to the lower node then link id so the answer is stable. Null when unreachable. */
export function shortestRoute(routeLinks: RouteLink[], from: string, to: string): Route | null {
  const adjacent = new Map<string, { node: string; link: RouteLink }[]>();
  const add = (a: string, b: string, link: RouteLink) => {
    const list = adjacent.get(a) ?? [];
    list.push({ node: b, link });
    adjacent.set(a, list);
  };
  for (const link of routeLinks) {
    if (link.sourceNodeId === link.destinationNodeId || !(link.cost >= 0)) continue;
    add(link.sourceNodeId, link.destinationNodeId, link);
    add(link.destinationNodeId, link.sourceNodeId, link);
  }
  const distance = new Map<string, number>([[from, 0]]);
  const previous = new Map<string, { node: string; link: RouteLink }>();
  const done = new Set<string>();
  // Networks here have tens to a few hundred nodes: a linear scan for the next node is simpler than a heap and fast enough.
  for (;;) {
    let current: string | undefined;
    for (const [node, d] of distance) {
      if (done.has(node)) continue;
      if (current === undefined || d < distance.get(current)! || (d === distance.get(current)! && node < current)) current = node;
    }
    if (current === undefined) return null;
    if (current === to) break;
    done.add(current);
    const base = distance.get(current)!;
    for (const { node, link } of adjacent.get(current) ?? []) {
      if (done.has(node)) continue;
      const candidate = base + link.cost;
      const known = distance.get(node);
      const better = known === undefined || candidate < known || (candidate === known && link.id < previous.get(node)!.link.id);
      if (better) {
        distance.set(node, candidate);
        previous.set(node, { node: current, link });
      }
    }
  }
  const nodeIds = [to];
  const hops: Route["links"] = [];
  for (let node = to; node !== from; ) {
    const step = previous.get(node)!;
    hops.unshift({ id: step.link.id, from: step.node, to: node });
    nodeIds.unshift(step.node);
    node = step.node;
  }
  return { nodeIds, links: hops, cost: distance.get(to)! };
}

const orderKey = <T extends { key: string }>(a: T, b: T) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

async function loadPath(context: QueryContext, pathId: string) {
  const { db, principal } = context;
  const [row] = await db
    .select({
      id: paths.id,
      name: paths.name,
      organizationId: paths.organizationId,
      organizationName: organizations.name,
      mspId: organizations.parentId,
      organizationType: organizations.organizationType,
      layer: paths.layer,
      bandwidthMbps: paths.bandwidthMbps,
      sla: paths.slaHealth,
      sourceSiteId: paths.sourceSiteId,
      sourceConnectorId: paths.sourceConnectorId,
      destinationSiteId: paths.destinationSiteId,
      destinationConnectorId: paths.destinationConnectorId,
    })
    .from(paths)
    .innerJoin(organizations, eq(organizations.id, paths.organizationId))
    .where(and(eq(paths.id, pathId), tenantWhere(principal, paths.organizationId, db)))
    .limit(1);
  if (!row) throw new NotFoundError();
  return row;
}

/** Everything the serving rule needs about the path's two sites, and the MSP's nodes and links. */
async function loadNetwork(context: QueryContext, siteIds: string[], mspId: string | null) {
  const { db } = context;
  const [siteRows, connectorRows, nodeRows, interfaceRows, switchRows, endpointRows, linkRows] = await Promise.all([
    db
      .select({
        id: sites.id,
        organizationId: sites.organizationId,
        name: sites.name,
        locationAddress: sites.locationAddress,
        latitude: sites.latitude,
        longitude: sites.longitude,
        active: sites.active,
      })
      .from(sites)
      .where(inArray(sites.id, siteIds)),
    db
      .select({ id: connectors.id, siteId: connectors.siteId, kind: connectors.kind, name: connectors.name, bandwidthMbps: connectors.bandwidthMbps })
      .from(connectors)
      .where(inArray(connectors.siteId, siteIds))
      .orderBy(asc(connectors.id)),
    mspId
      ? db
          .select({
            id: nodes.id,
            organizationId: nodes.organizationId,
            kind: nodes.kind,
            name: nodes.name,
            locationAddress: nodes.locationAddress,
            latitude: nodes.latitude,
            longitude: nodes.longitude,
          })
          .from(nodes)
          .where(eq(nodes.organizationId, mspId))
          .orderBy(asc(nodes.id))
      : Promise.resolve([]),
    db.select({ nodeId: interfaces.nodeId, portId: interfaces.portId, siteId: interfaces.siteId }).from(interfaces).where(inArray(interfaces.siteId, siteIds)),
    db.select({ nodeId: switchPorts.nodeId, index: switchPorts.index, siteId: switchPorts.siteId }).from(switchPorts).where(inArray(switchPorts.siteId, siteIds)),
    db
      .select({ id: ipsecEndpoints.id, nodeId: ipsecEndpoints.nodeId, siteId: ipsecEndpoints.siteId })
      .from(ipsecEndpoints)
      .where(inArray(ipsecEndpoints.siteId, siteIds))
      .orderBy(asc(ipsecEndpoints.id)),
    mspId
      ? db
          .select({
            id: links.id,
            name: links.name,
            type: links.type,
            bandwidthMbps: links.bandwidthMbps,
            cost: links.cost,
            sourceNodeId: links.sourceNodeId,
            destinationNodeId: links.destinationNodeId,
          })
          .from(links)
          .where(eq(links.organizationId, mspId))
      : Promise.resolve([]),
  ]);
  const ports = [
    ...interfaceRows.map((row) => ({ key: `${row.nodeId}/${row.portId}`, nodeId: row.nodeId, portId: row.portId, siteId: row.siteId })),
    ...switchRows.map((row) => ({ key: `${row.nodeId}/${row.index}`, nodeId: row.nodeId, portId: String(row.index), siteId: row.siteId })),
  ].sort(orderKey);
  return { siteRows, connectorRows, nodeRows, ports, endpointRows, linkRows };
}

async function portStates(context: QueryContext, keys: { nodeId: string; portId: string }[]) {
  const states = new Map<string, { status: PortState; rx: number; tx: number }>();
  if (keys.length === 0) return states;
  const rows = await queryRows<{ node_id: string; port_id: string; status: PortState; rx_bps: number; tx_bps: number }>(
    context.db,
    sql`select node_id, port_id, status, rx_bps, tx_bps from telemetry_port_state
        where (node_id, port_id) in (${sql.join(
          keys.map((key) => sql`(${key.nodeId}, ${key.portId})`),
          sql`, `,
        )})`,
  );
  for (const row of rows) states.set(`${row.node_id}/${row.port_id}`, { status: row.status, rx: row.rx_bps, tx: row.tx_bps });
  return states;
}

/** A node is up when a device on it was heard recently and is not marked silent; down when silent; else unknown. */
async function nodeStates(context: QueryContext, nodeIds: string[], now: number) {
  const states = new Map<string, "up" | "down">();
  if (nodeIds.length === 0) return states;
  const rows = await queryRows<{ node_id: string; silent: boolean; recent: boolean }>(
    context.db,
    sql`select d.node_id, bool_or(s.silent) as silent,
               bool_or(s.last_seen_at >= ${new Date(now - TELEMETRY.silentAfterMs).toISOString()}::timestamptz) as recent
        from devices d join telemetry_device_state s on s.device_id = d.id
        where d.node_id in (${sql.join(
          nodeIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        group by d.node_id`,
  );
  for (const row of rows) {
    if (row.silent) states.set(row.node_id, "down");
    else if (row.recent) states.set(row.node_id, "up");
  }
  return states;
}

const toneOfConnectorHealth = (health: LinkHealth) => healthTone(health);

/**
 * What a customer sees of its own path's route: the sites, connectors and the provider's nodes it crosses with their
 * health, latency, loss and capacity, but not how the MSP engineers its network (the links' ids, names and costs,
 * the route's cost) nor the traffic on its links, which is other customers' too.
 */
export function customerRoute(topology: PathTopology): PathTopology {
  let hop = 0;
  return {
    ...topology,
    routeCost: null,
    connections: topology.connections.map((connection) =>
      connection.type === "link" ? { ...connection, id: `link:${++hop}`, linkId: null, name: null, cost: null, rxBps: null, txBps: null } : connection,
    ),
  };
}

export async function pathTopology(context: QueryContext, pathId: string, now = Date.now()): Promise<PathTopology> {
  const topology = await routeOfPath(context, pathId, now);
  return context.principal.organizationType === "customer" ? customerRoute(topology) : topology;
}

async function routeOfPath(context: QueryContext, pathId: string, now: number): Promise<PathTopology> {
  const path = await loadPath(context, pathId);
  const mspId = path.organizationType === "customer" ? path.mspId : null;
  const siteIds = [...new Set([path.sourceSiteId, path.destinationSiteId])];
  const network = await loadNetwork(context, siteIds, mspId);

  const serving = mapServingNodes({
    nodes: network.nodeRows,
    sites: network.siteRows,
    connectors: network.connectorRows,
    ports: network.ports,
    ipsecEndpoints: network.endpointRows,
    mspOf: (organizationId) => (organizationId === path.organizationId && mspId ? mspId : undefined),
    eligible: () => true,
  });
  const sourceNode = serving.connectorNode.get(path.sourceConnectorId);
  const destinationNode = serving.connectorNode.get(path.destinationConnectorId);
  const route = sourceNode && destinationNode ? shortestRoute(network.linkRows, sourceNode, destinationNode) : null;
  const unreachableReason: TopologyUnreachable | null = !sourceNode ? "sourceUnserved" : !destinationNode ? "destinationUnserved" : !route ? "noRoute" : null;

  const routeNodeIds = route ? route.nodeIds : [sourceNode, destinationNode].filter((id): id is string => id !== undefined);
  const physicalPorts = [path.sourceConnectorId, path.destinationConnectorId]
    .map((id) => serving.connectorPort.get(id))
    .filter((key): key is string => key !== undefined)
    .map((key) => network.ports.find((port) => port.key === key)!);

  const [measurement, connectorHealth, ports, devicesUp, linkHealth] = await Promise.all([
    pathMeasurement(context, path.id),
    Promise.all(siteIds.map((siteId) => siteConnectorHealth(context, siteId))),
    portStates(context, physicalPorts),
    nodeStates(context, routeNodeIds, now),
    routeLinkHealth(context, route?.links.map((hop) => hop.id) ?? [], now),
  ]);
  const connectorById = new Map(connectorHealth.flatMap((list) => list.items).map((item) => [item.connectorId, item]));
  const linkById = new Map(linkHealth.items.map((item) => [item.linkId, item]));
  const siteById = new Map(network.siteRows.map((site) => [site.id, site]));
  const nodeById = new Map(network.nodeRows.map((node) => [node.id, node]));
  const linkRowById = new Map(network.linkRows.map((link) => [link.id, link]));

  const elements: TopologyElement[] = [];
  const connections: TopologyConnection[] = [];
  const blank = { kind: null, location: null, bandwidthMbps: null, rxBps: null, txBps: null, utilizationPercent: null, port: null };
  const blankConnection = {
    linkId: null,
    name: null,
    linkType: null,
    status: null,
    latencyMs: null,
    lossPercent: null,
    bandwidthMbps: null,
    rxBps: null,
    txBps: null,
    cost: null,
  };

  // The columns: 0 site, 1 connector, then the route's nodes, then the other connector and site. With no route
  // the two serving nodes stand apart with an empty column between them where the route would be.
  const nodeColumns = route ? route.nodeIds.length : (sourceNode ? 1 : 0) + 1 + (destinationNode ? 1 : 0);
  const lastLayer = 2 + nodeColumns + 1;

  const end = (role: "source" | "destination", siteId: string, connectorId: string, siteLayer: number, connectorLayer: number) => {
    const site = siteById.get(siteId)!;
    const connector = connectorById.get(connectorId);
    const connectorRow = network.connectorRows.find((row) => row.id === connectorId)!;
    const health: LinkHealth = connector?.health ?? "unknown";
    elements.push({
      ...blank,
      id: `site:${site.id}`,
      type: "site",
      objectId: site.id,
      name: site.name,
      layer: siteLayer,
      role,
      tone: site.active ? toneOfConnectorHealth(health) : "unknown",
      state: site.active ? health : "inactive",
      location: site.locationAddress,
    });
    const portKey = serving.connectorPort.get(connectorId) ?? null;
    elements.push({
      ...blank,
      id: `connector:${connectorId}`,
      type: "connector",
      objectId: connectorId,
      name: connectorRow.name,
      layer: connectorLayer,
      role,
      tone: toneOfConnectorHealth(health),
      state: health,
      kind: connectorRow.kind,
      bandwidthMbps: connectorRow.bandwidthMbps,
      rxBps: connector?.rxBps ?? null,
      txBps: connector?.txBps ?? null,
      utilizationPercent: connector?.utilizationPercent ?? null,
      port: portKey ? `${nodeById.get(portKey.split("/")[0])?.name ?? ""}/${network.ports.find((port) => port.key === portKey)?.portId ?? ""}` : null,
    });
    const [first, second] = role === "source" ? [`site:${site.id}`, `connector:${connectorId}`] : [`connector:${connectorId}`, `site:${site.id}`];
    connections.push({ ...blankConnection, id: `attachment:${connectorId}`, type: "attachment", source: first, target: second, tone: "unknown", state: "configured" });
    // The connector's last mile: the port's state when it rides on one, else the connector's own health.
    const node = serving.connectorNode.get(connectorId);
    if (!node) return;
    const port = portKey ? ports.get(portKey) : undefined;
    const [from, to] = role === "source" ? [`connector:${connectorId}`, `node:${node}`] : [`node:${node}`, `connector:${connectorId}`];
    connections.push({
      ...blankConnection,
      id: `access:${connectorId}`,
      type: "access",
      source: from,
      target: to,
      tone: port ? healthTone(port.status) : toneOfConnectorHealth(health),
      state: port ? port.status : health,
      status: port ? port.status : (connector?.status ?? null),
      bandwidthMbps: connectorRow.bandwidthMbps,
      rxBps: port ? port.rx : (connector?.rxBps ?? null),
      txBps: port ? port.tx : (connector?.txBps ?? null),
    });
  };
  end("source", path.sourceSiteId, path.sourceConnectorId, 0, 1);
  end("destination", path.destinationSiteId, path.destinationConnectorId, lastLayer, lastLayer - 1);

  const placed = route ? route.nodeIds.map((id, index) => ({ id, layer: 2 + index })) : [];
  if (!route) {
    if (sourceNode) placed.push({ id: sourceNode, layer: 2 });
    if (destinationNode && destinationNode !== sourceNode) placed.push({ id: destinationNode, layer: lastLayer - 2 });
  }
  for (const { id, layer } of placed) {
    const node = nodeById.get(id)!;
    const state = devicesUp.get(id) ?? null;
    elements.push({
      ...blank,
      id: `node:${id}`,
      type: node.kind,
      objectId: id,
      name: node.name,
      layer,
      role: id === sourceNode && id === destinationNode ? "transit" : id === sourceNode ? "source" : id === destinationNode ? "destination" : "transit",
      tone: state ? healthTone(state) : "unknown",
      state: state ?? "unknown",
      location: node.locationAddress,
    });
  }
  for (const hop of route?.links ?? []) {
    const row = linkRowById.get(hop.id)!;
    const live = linkById.get(hop.id);
    const health: LinkHealth = live?.health ?? classifyLinkHealth({ status: null, latencyMs: null, lossPercent: null });
    connections.push({
      id: `link:${hop.id}`,
      type: "link",
      source: `node:${hop.from}`,
      target: `node:${hop.to}`,
      linkId: row.id,
      name: row.name,
      linkType: row.type,
      tone: healthTone(health),
      state: health,
      status: live?.status ?? null,
      latencyMs: live?.latencyMs ?? null,
      lossPercent: live?.lossPercent ?? null,
      bandwidthMbps: row.bandwidthMbps,
      rxBps: live?.rxBps ?? null,
      txBps: live?.txBps ?? null,
      cost: row.cost,
    });
  }

  const sla = path.sla as PathSla;
  return {
    path: {
      id: path.id,
      name: path.name,
      organizationId: path.organizationId,
      organizationName: path.organizationName,
      layer: path.layer,
      bandwidthMbps: path.bandwidthMbps,
      sla,
      tone: healthTone(sla),
      latencyMs: measurement?.latencyMs ?? null,
      jitterMs: measurement?.jitterMs ?? null,
      lossPercent: measurement?.lossPercent ?? null,
      measuredAt: measurement?.lastSampleAt ?? null,
    },
    reachable: unreachableReason === null,
    unreachableReason,
    routeCost: route ? route.cost : null,
    elements: elements.sort((a, b) => a.layer - b.layer),
    connections,
    generatedAt: new Date(now).toISOString(),
  };
}
