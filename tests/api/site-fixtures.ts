import { asc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { getDb } from "@/server/db/client";
import { events, nodes, paths, switchPorts } from "@/server/db/schema";
import { call, organizationId, signIn } from "./helpers";

// Objects the site and connector tests build through the API, and direct inserts for what other areas own.

export const PARIS = { address: "Paris (PA), France", latitude: 48.8566, longitude: 2.3522 };
export const FRANKFURT = { address: "Frankfurt (FR), Germany", latitude: 50.1109, longitude: 8.6821 };

/** A site created through the API; answers its body. */
export async function createSite(organization: string, body: Record<string, unknown>, email = "admin@contoso.example") {
  const response = await call("POST", `/config/organization/${await organizationId(organization)}/site`, { cookie: await signIn(email), body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

export async function createConnector(siteId: string, body: Record<string, unknown>, email = "admin@contoso.example") {
  const response = await call("POST", `/config/site/${siteId}/connector`, { cookie: await signIn(email), body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** The events recorded about an object, oldest first. */
export async function eventsOf(entityId: string) {
  const db = await getDb();
  return db.select().from(events).where(eq(events.entityId, entityId)).orderBy(asc(events.id));
}

let portIndex = 0;

/** A switch port of an MSP edge node assigned to a customer (the nodes area owns the API for it). */
export async function assignSwitchPort(customer: string, msp = "Northwind Networks") {
  const db = await getDb();
  const [node] = await db
    .insert(nodes)
    .values({
      organizationId: await organizationId(msp),
      kind: "edge",
      edgeType: "with-switch",
      name: `test-edge-${++portIndex}`,
      locationAddress: PARIS.address,
      latitude: PARIS.latitude,
      longitude: PARIS.longitude,
    })
    .returning();
  await db.insert(switchPorts).values({ nodeId: node.id, index: 1, bandwidthGbps: 10, customerOrganizationId: await organizationId(customer) });
  return node.id;
}

/** A path between two connectors (the paths area owns the API for it). */
export async function insertPath(
  organization: string,
  source: { siteId: string; id: string },
  destination: { siteId: string; id: string },
  bandwidthMbps: number,
) {
  const db = await getDb();
  const [row] = await db
    .insert(paths)
    .values({
      organizationId: await organizationId(organization),
      name: `path ${source.id.slice(0, 4)}-${destination.id.slice(0, 4)}-${bandwidthMbps}`,
      layer: "layer2",
      sourceSiteId: source.siteId,
      sourceConnectorId: source.id,
      destinationSiteId: destination.siteId,
      destinationConnectorId: destination.id,
      bandwidthMbps,
    })
    .returning();
  return row;
}
