import "server-only";
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import { classifyLinkHealth, healthTone, type LinkHealth, type PathSla, type PortState } from "@/lib/health";
import type { PathTopology, TopologyConnection, TopologyElement, TopologyUnreachable } from "@/lib/paths/topology-schema";
import { queryRows } from "@/server/db/client";
import { connectors, interfaces, ipsecEndpoints, links, nodes, organizations, paths, sites, switchPorts } from "@/server/db/schema";
import { TELEMETRY } from "@/server/telemetry/config";
import { pathMeasurement, routeLinkHealth, siteConnectorHealth } from "@/server/telemetry/queries/health";
import type { QueryContext } from "@/server/core/visible-objects";
import { tenantWhere } from "@/server/core/tenancy";
import { storedServing } from "./serving-node";
import { NotFoundError } from "@/server/core/errors";

// A path's route: source site → its connector → the node serving it (as stored on the connector) → the MSP's links, shortest by cost → the node
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

/** The MSP's links as a graph travelled both ways, built once for many searches. */
export interface RouteGraph {
  adjacent: Map<string, { node: string; link: RouteLink }[]>;
}

export function routeGraph(routeLinks: RouteLink[]): RouteGraph {
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
  return { adjacent };
}

/** The cheapest routes from one node: each reached node's cost and the hop it is reached by. */
export interface RouteTree {
  from: string;
  distance: Map<string, number>;
  previous: Map<string, { node: string; link: RouteLink }>;
}

const before = (a: [number, string], b: [number, string]) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);

/** A binary heap of (cost, node), cheapest then lowest node id first. */
class Frontier {
  private readonly items: [number, string][] = [];
  get size() {
    return this.items.length;
  }
  push(item: [number, string]) {
    const items = this.items;
    items.push(item);
    for (let i = items.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (!before(items[i], items[parent])) break;
      [items[i], items[parent]] = [items[parent], items[i]];
      i = parent;
    }
  }
  pop(): [number, string] {
    const items = this.items;
    const top = items[0];
    const last = items.pop()!;
    if (items.length > 0) {
      items[0] = last;
      for (let i = 0; ; ) {
        const left = 2 * i + 1;
        const right = left + 1;
        let least = i;
        if (left < items.length && before(items[left], items[least])) least = left;
        if (right < items.length && before(items[right], items[least])) least = right;
        if (least === i) break;
        [items[i], items[least]] = [items[least], items[i]];
        i = least;
      }
    }
    return top;
  }
}

/**
 * Dijkstra from one node over links in both directions; ties go to the lower node then link id so the answer is
 * stable. Stops once `until` is settled (a single route), else settles every node it reaches (many routes from one
 * source: the blast radius). Either way a settled node's hop is the same, so both give the same routes.
 */
export function routeTree(graph: RouteGraph, from: string, until?: string): RouteTree {
  const distance = new Map<string, number>([[from, 0]]);
  const previous = new Map<string, { node: string; link: RouteLink }>();
  const done = new Set<string>();
  const frontier = new Frontier();
  frontier.push([0, from]);
  while (frontier.size > 0) {
    const [cost, current] = frontier.pop();
    if (done.has(current) || cost !== distance.get(current)) continue;
    if (current === until) break;
    done.add(current);
    for (const { node, link } of graph.adjacent.get(current) ?? []) {
      if (done.has(node)) continue;
      const candidate = cost + link.cost;
      const known = distance.get(node);
      const better = known === undefined || candidate < known || (candidate === known && link.id < previous.get(node)!.link.id);
      if (better) {
        distance.set(node, candidate);
        previous.set(node, { node: current, link });
        frontier.push([candidate, node]);
      }
    }
  }
  return { from, distance, previous };
}

/** The route to `to` in a tree; null when unreachable. */
export function routeIn(tree: RouteTree, to: string): Route | null {
  const cost = tree.distance.get(to);
  if (cost === undefined) return null;
  const nodeIds = [to];
  const hops: Route["links"] = [];
  for (let node = to; node !== tree.from; ) {
    const step = tree.previous.get(node)!;
    hops.unshift({ id: step.link.id, from: step.node, to: node });
    nodeIds.unshift(step.node);
    node = step.node;
  }
  return { nodeIds, links: hops, cost };
}

/** The cheapest route between two nodes; null when unreachable. */
export function shortestRoute(routeLinks: RouteLink[], from: string, to: string): Route | null {
  return routeIn(routeTree(routeGraph(routeLinks), from, to), to);
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

/** The customer organizations of an MSP. */
const customerOf = (mspId: string) => and(eq(organizations.parentId, mspId), eq(organizations.organizationType, "customer"));

/** The sites a read of the network covers: a path's two, or every site of an MSP's customers. */
type SiteScope = { siteIds: string[] } | { customersOf: string };

/** The sites in scope with their connectors and stored homing, the MSP's nodes and links, and the sites' ports. */
export async function loadNetwork(context: Pick<QueryContext, "db">, scope: SiteScope, mspId: string | null) {
  const { db } = context;
  const siteIds =
    "siteIds" in scope
      ? scope.siteIds
      : db
          .select({ id: sites.id })
          .from(sites)
          .where(inArray(sites.organizationId, db.select({ id: organizations.id }).from(organizations).where(customerOf(scope.customersOf))));
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
      .select({
        id: connectors.id,
        siteId: connectors.siteId,
        kind: connectors.kind,
        name: connectors.name,
        bandwidthMbps: connectors.bandwidthMbps,
        servingNodeId: connectors.servingNodeId,
        servingPortKey: connectors.servingPortKey,
      })
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
          // Oldest first: of two nodes equally near a site (two edges in one data centre), the longer-standing serves it.
          .orderBy(asc(nodes.createdAt), asc(nodes.id))
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

/** Every site and connector of an MSP's customers, with the MSP's nodes, links and what the serving rule reads. */
export const loadMspNetwork = (context: Pick<QueryContext, "db">, mspId: string) => loadNetwork(context, { customersOf: mspId }, mspId);

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
export async function nodeStates(context: QueryContext, nodeIds: string[], now: number) {
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
 * What a customer sees of its own path's route, on its own path page (docs/decisions/path-topology-for-customers.md):
 * the sites, connectors and the provider's nodes it crosses with their health, latency, loss and capacity, but not
 * how the MSP engineers its network (the links' ids, names and costs, the route's cost, the front-panel port a
 * connector rides on) nor the traffic on its links, which is other customers' too.
 */
export function customerRoute(topology: PathTopology): PathTopology {
  let hop = 0;
  return {
    ...topology,
    routeCost: null,
    elements: topology.elements.map((element) => (element.port === null ? element : { ...element, port: null })),
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
  const network = await loadNetwork(context, { siteIds }, mspId);

  const serving = storedServing(network);
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

/** A customer's path of an MSP, with the nodes serving its ends and its route (null when unreachable). */
export interface RoutedPath {
  id: string;
  name: string;
  organizationId: string;
  organizationName: string;
  sla: PathSla;
  sourceSiteName: string;
  destinationSiteName: string;
  sourceConnectorId: string;
  destinationConnectorId: string;
  sourceNodeId: string | null;
  destinationNodeId: string | null;
  route: Route | null;
}

/**
 * Every path of an MSP's customers with its route, by the rule of a single path's topology (the same serving nodes,
 * the same cheapest chain, ties broken the same way): one search per node that serves a path's source, however many
 * paths start there. The caller has shown the MSP is the principal's to see.
 */
/** Paths read, or routed, between two turns of the event loop (PGlite never yields on its own). */
const ROUTED_PER_TURN = 5_000;

/** The paths of an MSP's customers, read a stretch at a time in id order. */
async function customerPathRows(db: QueryContext["db"], mspId: string) {
  const customers = db.select({ id: organizations.id }).from(organizations).where(customerOf(mspId));
  const rows = [];
  for (let after = ""; ; ) {
    const stretch = await db
      .select({
        id: paths.id,
        name: paths.name,
        organizationId: paths.organizationId,
        sla: paths.slaHealth,
        sourceSiteId: paths.sourceSiteId,
        sourceConnectorId: paths.sourceConnectorId,
        destinationSiteId: paths.destinationSiteId,
        destinationConnectorId: paths.destinationConnectorId,
      })
      .from(paths)
      .where(and(inArray(paths.organizationId, customers), gt(paths.id, after)))
      .orderBy(asc(paths.id))
      .limit(ROUTED_PER_TURN);
    rows.push(...stretch);
    if (stretch.length < ROUTED_PER_TURN) return rows;
    after = stretch[stretch.length - 1].id;
    await yieldToEventLoop();
  }
}

export async function mspPathRoutes(context: Pick<QueryContext, "db">, mspId: string): Promise<RoutedPath[]> {
  const { db } = context;
  const [network, customers, pathRows] = await Promise.all([
    loadMspNetwork(context, mspId),
    db.select({ id: organizations.id, name: organizations.name }).from(organizations).where(customerOf(mspId)),
    customerPathRows(db, mspId),
  ]);
  const customerName = new Map(customers.map((customer) => [customer.id, customer.name]));
  const serving = storedServing(network);
  const siteName = new Map(network.siteRows.map((site) => [site.id, site.name]));
  const graph = routeGraph(network.linkRows);
  const trees = new Map<string, RouteTree>();
  const routed: RoutedPath[] = [];
  for (const [index, path] of pathRows.entries()) {
    // Tens of thousands of paths: the event loop turns between stretches, so requests are not held meanwhile.
    if (index > 0 && index % ROUTED_PER_TURN === 0) await yieldToEventLoop();
    const sourceNodeId = serving.connectorNode.get(path.sourceConnectorId) ?? null;
    const destinationNodeId = serving.connectorNode.get(path.destinationConnectorId) ?? null;
    let route: Route | null = null;
    if (sourceNodeId && destinationNodeId) {
      let tree = trees.get(sourceNodeId);
      if (!tree) trees.set(sourceNodeId, (tree = routeTree(graph, sourceNodeId)));
      route = routeIn(tree, destinationNodeId);
    }
    routed.push({
      id: path.id,
      name: path.name,
      organizationId: path.organizationId,
      organizationName: customerName.get(path.organizationId) ?? "",
      sla: path.sla as PathSla,
      sourceSiteName: siteName.get(path.sourceSiteId) ?? "",
      destinationSiteName: siteName.get(path.destinationSiteId) ?? "",
      sourceConnectorId: path.sourceConnectorId,
      destinationConnectorId: path.destinationConnectorId,
      sourceNodeId,
      destinationNodeId,
      route,
    });
  }
  return routed;
}
