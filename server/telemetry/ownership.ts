import "server-only";
import { and, eq, inArray, or } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "@/server/db/client";
import { connectors, interfaces, links, organizations, paths, sites, switchPorts } from "@/server/db/schema";
import { TELEMETRY } from "./config";
import type { DeviceIdentity } from "./device-tokens";

// What a device may report on: the ports of its node, the links of its MSP with its node at one end, and the
// connectors, paths and sites of its MSP's customers. Kept in memory briefly, so a batch costs no lookups once
// warm; an id the cache does not know is looked up (in one query per kind), so objects created a moment ago report
// at once.

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

interface NodeObjects {
  ports: Set<string>;
  links: Map<string, LinkOwner>;
  loadedAt: number;
}

interface Entry<T> {
  value: T | null;
  expires: number;
}

// A node's objects are few: reloaded whole, at most this often when asked for an id they lack.
const NODE_RELOAD_MIN_MS = 2_000;
// Unknown ids are remembered this briefly: a flood of bad ids costs one query per batch, a new object waits little.
const UNKNOWN_TTL_MS = 2_000;
const MAX_ENTRIES = 500_000;

const nodeCache = new Map<string, NodeObjects>();
const mspCache = new Map<string, { paths: Map<string, Entry<PathOwner>>; connectors: Map<string, Entry<ConnectorOwner>>; sites: Map<string, Entry<SiteOwner>> }>();
let entries = 0;

/** Forgets everything: the cache never grows past MAX_ENTRIES. */
function clearOwnershipCache(): void {
  nodeCache.clear();
  mspCache.clear();
  entries = 0;
}

async function loadNode(db: Db, mspId: string, nodeId: string): Promise<NodeObjects> {
  const [interfaceRows, switchRows, linkRows] = await Promise.all([
    db.select({ portId: interfaces.portId }).from(interfaces).where(eq(interfaces.nodeId, nodeId)),
    db.select({ index: switchPorts.index }).from(switchPorts).where(eq(switchPorts.nodeId, nodeId)),
    db
      .select({ id: links.id, name: links.name })
      .from(links)
      .where(and(eq(links.organizationId, mspId), or(eq(links.sourceNodeId, nodeId), eq(links.destinationNodeId, nodeId)))),
  ]);
  return {
    ports: new Set([...interfaceRows.map((row) => row.portId), ...switchRows.map((row) => String(row.index))]),
    links: new Map(linkRows.map((row) => [row.id, { name: row.name }])),
    loadedAt: Date.now(),
  };
}

async function nodeObjects(db: Db, mspId: string, nodeId: string, portIds: Set<string>, linkIds: Set<string>): Promise<NodeObjects> {
  const key = `${mspId}:${nodeId}`;
  const now = Date.now();
  let objects = nodeCache.get(key);
  const lacks = (found: NodeObjects) => [...portIds].some((id) => !found.ports.has(id)) || [...linkIds].some((id) => !found.links.has(id));
  if (!objects || now - objects.loadedAt > TELEMETRY.ownershipTtlMs || (lacks(objects) && now - objects.loadedAt > NODE_RELOAD_MIN_MS)) {
    objects = await loadNode(db, mspId, nodeId);
    nodeCache.set(key, objects);
  }
  return objects;
}

function mspObjects(mspId: string) {
  let objects = mspCache.get(mspId);
  if (!objects) {
    objects = { paths: new Map(), connectors: new Map(), sites: new Map() };
    mspCache.set(mspId, objects);
  }
  return objects;
}

/** Resolves ids through a per-MSP cache, querying the misses in one go; answers the owned ones. */
async function resolve<T>(cache: Map<string, Entry<T>>, ids: Set<string>, load: (missing: string[]) => Promise<[string, T][]>): Promise<Map<string, T>> {
  const now = Date.now();
  const owned = new Map<string, T>();
  const missing: string[] = [];
  for (const id of ids) {
    const entry = cache.get(id);
    if (entry && entry.expires > now) {
      if (entry.value) owned.set(id, entry.value);
    } else missing.push(id);
  }
  if (missing.length === 0) return owned;
  if (entries > MAX_ENTRIES) clearOwnershipCache();
  const found = new Map(await load(missing));
  for (const id of missing) {
    const value = found.get(id) ?? null;
    cache.set(id, { value, expires: now + (value ? TELEMETRY.ownershipTtlMs : UNKNOWN_TTL_MS) });
    entries++;
    if (value) owned.set(id, value);
  }
  return owned;
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

/** The subset of the requested ids the device may report on, with what the derivations need of each. */
export async function resolveOwnership(db: Db, device: DeviceIdentity, ids: RequestedIds): Promise<Ownership> {
  const msp = device.mspOrganizationId;
  const customerOf = (column: PgColumn) =>
    inArray(column, db.select({ id: organizations.id }).from(organizations).where(eq(organizations.parentId, msp)));
  const cache = mspObjects(msp);
  const nodePromise =
    device.nodeId && (ids.portIds.size > 0 || ids.linkIds.size > 0)
      ? nodeObjects(db, msp, device.nodeId, ids.portIds, ids.linkIds)
      : Promise.resolve<NodeObjects>({ ports: new Set(), links: new Map(), loadedAt: 0 });
  const [node, pathMap, connectorMap, siteMap] = await Promise.all([
    nodePromise,
    resolve(cache.paths, ids.pathIds, async (missing) =>
      (
        await db
          .select({ id: paths.id, organizationId: paths.organizationId, name: paths.name })
          .from(paths)
          .where(and(inArray(paths.id, missing), customerOf(paths.organizationId)))
      ).map(({ id, ...owner }) => [id, owner] as [string, PathOwner]),
    ),
    resolve(cache.connectors, ids.connectorIds, async (missing) =>
      (
        await db
          .select({ id: connectors.id, organizationId: connectors.organizationId, siteId: connectors.siteId })
          .from(connectors)
          .where(and(inArray(connectors.id, missing), customerOf(connectors.organizationId)))
      ).map(({ id, ...owner }) => [id, owner] as [string, ConnectorOwner]),
    ),
    resolve(cache.sites, ids.siteIds, async (missing) =>
      (
        await db
          .select({ id: sites.id, organizationId: sites.organizationId })
          .from(sites)
          .where(and(inArray(sites.id, missing), customerOf(sites.organizationId)))
      ).map(({ id, ...owner }) => [id, owner] as [string, SiteOwner]),
    ),
  ]);
  const ports = new Set([...ids.portIds].filter((id) => node.ports.has(id)));
  const linkMap = new Map([...ids.linkIds].flatMap((id) => (node.links.has(id) ? [[id, node.links.get(id)!] as const] : [])));
  return { ports, links: linkMap, connectors: connectorMap, paths: pathMap, sites: siteMap };
}
