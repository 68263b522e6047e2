import "server-only";
import { and, inArray, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { EventEntityPlace, EventNode } from "@/lib/events/schema";
import type { Principal } from "@/server/auth/principal";
import { tenantWhere } from "@/server/core/tenancy";
import type { Db } from "@/server/db/client";
import { connectors, coreFabrics, devices, externalFabrics, links, nodes, paths, sites } from "@/server/db/schema";

// The objects a page of events is about, as they are now: their name (for events written before names were stored)
// and where their page is (a path's site, a node's kind and fabric). Only objects the caller sees: another tenant's
// object (a customer's alarm names the MSP's node it was seen on) is as unknown as a deleted one.

interface Looked {
  id: string;
  name: string;
  siteId?: string | null;
  nodeKind?: EventNode["kind"] | null;
  fabricId?: string | null;
}

type Lookup = (db: Db, principal: Principal, ids: string[]) => Promise<Looked[]>;

const visible = (principal: Principal, column: PgColumn, db: Db, ids: string[], idColumn: PgColumn): SQL | undefined =>
  and(inArray(idColumn, ids), tenantWhere(principal, column, db));

const LOOKUPS: Record<string, Lookup> = {
  path: (db, principal, ids) =>
    db.select({ id: paths.id, name: paths.name, siteId: paths.sourceSiteId }).from(paths).where(visible(principal, paths.organizationId, db, ids, paths.id)),
  site: (db, principal, ids) => db.select({ id: sites.id, name: sites.name }).from(sites).where(visible(principal, sites.organizationId, db, ids, sites.id)),
  connector: (db, principal, ids) =>
    db
      .select({ id: connectors.id, name: connectors.name, siteId: connectors.siteId })
      .from(connectors)
      .where(visible(principal, connectors.organizationId, db, ids, connectors.id)),
  node: (db, principal, ids) =>
    db
      .select({ id: nodes.id, name: nodes.name, nodeKind: nodes.kind, fabricId: nodes.coreFabricId })
      .from(nodes)
      .where(visible(principal, nodes.organizationId, db, ids, nodes.id)),
  link: (db, principal, ids) => db.select({ id: links.id, name: links.name }).from(links).where(visible(principal, links.organizationId, db, ids, links.id)),
  device: (db, principal, ids) =>
    db
      .select({ id: devices.id, name: devices.serialNumber })
      .from(devices)
      .where(visible(principal, devices.mspOrganizationId, db, ids, devices.id)),
  coreFabric: (db, principal, ids) =>
    db.select({ id: coreFabrics.id, name: coreFabrics.name }).from(coreFabrics).where(visible(principal, coreFabrics.organizationId, db, ids, coreFabrics.id)),
  externalFabric: (db, principal, ids) =>
    db
      .select({ id: externalFabrics.id, name: externalFabrics.name })
      .from(externalFabrics)
      .where(visible(principal, externalFabrics.organizationId, db, ids, externalFabrics.id)),
};

/** Whether the console shows objects of this kind on a page of their own (the others are named by their events only). */
export const hasEntityPage = (entityType: string) => Object.hasOwn(LOOKUPS, entityType);

const key = (entityType: string, id: string) => `${entityType}:${id}`;

export interface EventEntities {
  /** "<entityType>:<id>" → the object as it is now. */
  entities: Map<string, { name: string; place: EventEntityPlace }>;
  /** Node id → the node, for the node an event happened on. */
  nodes: Map<string, EventNode>;
}

/** The objects a page of events names and the nodes they happened on, one query per kind, visible ones only. */
export async function lookUpEventEntities(
  db: Db,
  principal: Principal,
  about: readonly { entityType: string; entityId: string; nodeId: string | null }[],
): Promise<EventEntities> {
  const wanted = new Map<string, Set<string>>();
  const want = (entityType: string, id: string) => {
    if (!hasEntityPage(entityType)) return;
    let ids = wanted.get(entityType);
    if (!ids) wanted.set(entityType, (ids = new Set()));
    ids.add(id);
  };
  for (const event of about) {
    want(event.entityType, event.entityId);
    if (event.nodeId) want("node", event.nodeId);
  }
  const entities: EventEntities["entities"] = new Map();
  const found = await Promise.all([...wanted].map(async ([entityType, ids]) => ({ entityType, rows: await LOOKUPS[entityType](db, principal, [...ids]) })));
  for (const { entityType, rows } of found) {
    for (const row of rows) {
      entities.set(key(entityType, row.id), {
        name: row.name,
        place: { siteId: row.siteId ?? null, nodeKind: row.nodeKind ?? null, fabricId: row.fabricId ?? null },
      });
    }
  }
  const nodeMap: EventEntities["nodes"] = new Map();
  for (const event of about) {
    const node = event.nodeId ? entities.get(key("node", event.nodeId)) : undefined;
    if (event.nodeId && node?.place.nodeKind) nodeMap.set(event.nodeId, { id: event.nodeId, name: node.name, kind: node.place.nodeKind, fabricId: node.place.fabricId });
  }
  return { entities, nodes: nodeMap };
}

/** The object an event is about as it is now, if the caller still sees it. */
export const entityNow = (found: EventEntities, entityType: string, entityId: string) => found.entities.get(key(entityType, entityId));
