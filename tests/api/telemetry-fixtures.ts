import { createHash } from "node:crypto";
import { getDb } from "@/server/db/client";
import { homeUnhomedConnectors } from "@/server/paths/homing";
import { connectors, devices, interfaces, links, nodes, paths, sites, switchPorts } from "@/server/db/schema";
import { issueDeviceToken } from "@/server/telemetry/device-tokens";
import { forgetServedObjects } from "@/server/telemetry/ownership";
import { call, organizationId } from "./helpers";

// A small network of known objects for the telemetry tests, inserted directly (other areas own their APIs): per MSP
// an edge node with interfaces and switch ports, a core node, a link between them and a device on the edge with
// an ingestion token; per customer two sites, a connector each and a path between them.

export const NW_ADMIN = "admin@northwind.example";
export const NW_CONFIGURE = "configure@northwind.example";
export const NW_READONLY = "readonly@northwind.example";
export const BW_ADMIN = "admin@bluewave.example";
export const OPERATOR = "admin@maia.example";
export const CONTOSO_ADMIN = "admin@contoso.example";
export const FABRIKAM_ADMIN = "admin@fabrikam.example";
export const INITECH_ADMIN = "admin@initech.example";

let counter = 0;
const unique = (prefix: string) => `${prefix}-${++counter}-${Math.random().toString(36).slice(2, 6)}`;
const place = { locationAddress: "Paris, France", latitude: 48.85, longitude: 2.35 };

export interface MspNetwork {
  mspId: string;
  edge: { id: string; name: string };
  core: { id: string; name: string };
  link: { id: string; name: string };
  device: { id: string; serialNumber: string };
  token: string;
}

export interface CustomerNetwork {
  organizationId: string;
  siteA: { id: string; name: string };
  siteB: { id: string; name: string };
  connectorA: { id: string; bandwidthMbps: number };
  connectorB: { id: string; bandwidthMbps: number };
  path: { id: string; name: string };
}

/**
 * The fixtures build customers and MSP networks in any order: every connector is homed as the serving rule proposes
 * on the network built so far, as if all were created after it (in the console, only creation and re-homing do it).
 */
export async function homeByRule(): Promise<void> {
  const db = await getDb();
  await db.update(connectors).set({ servingNodeId: null, servingPortKey: null });
  await homeUnhomedConnectors(db);
  forgetServedObjects();
}

/**
 * An MSP's edge (ports ge-0/0/1 and xe-0/0/0, switch ports 1 and 2), core node, link and reporting device, in Paris
 * unless placed elsewhere: the customers' Paris sites without ports of their own are served by the nearest edge.
 */
export async function buildMspNetwork(msp: string, customerSite?: { organizationId: string; siteId: string }, at = place): Promise<MspNetwork> {
  const db = await getDb();
  const mspId = await organizationId(msp);
  const [edge] = await db
    .insert(nodes)
    .values({ organizationId: mspId, kind: "edge", edgeType: "with-switch", name: unique("edge"), ...at })
    .returning({ id: nodes.id, name: nodes.name });
  const [core] = await db.insert(nodes).values({ organizationId: mspId, kind: "core", name: unique("core"), ...at }).returning({ id: nodes.id, name: nodes.name });
  await db.insert(interfaces).values([
    { nodeId: edge.id, portId: "ge-0/0/1", type: "access", customerOrganizationId: customerSite?.organizationId ?? null, siteId: customerSite?.siteId ?? null },
    { nodeId: edge.id, portId: "xe-0/0/0", type: "fabric" },
  ]);
  await db.insert(switchPorts).values([
    { nodeId: edge.id, index: 1, bandwidthGbps: 10 },
    { nodeId: edge.id, index: 2, bandwidthGbps: 10 },
  ]);
  const [link] = await db
    .insert(links)
    .values({
      organizationId: mspId,
      name: unique("link"),
      type: "fiber",
      bandwidthMbps: 10_000,
      sourceNodeId: edge.id,
      sourceVlan: 100 + counter,
      destinationNodeId: core.id,
      destinationVlan: 100 + counter,
    })
    .returning({ id: links.id, name: links.name });
  const [device] = await db
    .insert(devices)
    .values({
      serialNumber: unique("SN").toUpperCase(),
      claimCodeHash: createHash("sha256").update("ABCD1234").digest("base64url"),
      model: "E400",
      softwareVersion: "24.3.1",
      mspOrganizationId: mspId,
      nodeId: edge.id,
      configured: true,
      claimedAt: new Date(),
    })
    .returning({ id: devices.id, serialNumber: devices.serialNumber });
  // Inserted behind the services' back: no topology news tells the ingestion what the new node serves.
  forgetServedObjects();
  await homeByRule();
  return { mspId, edge, core, link, device, token: await issueDeviceToken(db, device.id) };
}

/** Two sites of a customer, a connector each (1 Gbps and 10 Gbps) and a path between them. */
export async function buildCustomerNetwork(customer: string): Promise<CustomerNetwork> {
  const db = await getDb();
  const organization = await organizationId(customer);
  const [siteA, siteB] = await db
    .insert(sites)
    .values([
      { organizationId: organization, name: unique("HQ"), ...place },
      { organizationId: organization, name: unique("DC"), ...place },
    ])
    .returning({ id: sites.id, name: sites.name });
  const [connectorA, connectorB] = await db
    .insert(connectors)
    .values([
      { organizationId: organization, siteId: siteA.id, kind: "physical", name: unique("fiber A"), bandwidthMbps: 1_000 },
      { organizationId: organization, siteId: siteB.id, kind: "physical", name: unique("fiber B"), bandwidthMbps: 10_000 },
    ])
    .returning({ id: connectors.id, bandwidthMbps: connectors.bandwidthMbps });
  await homeByRule();
  const [path] = await db
    .insert(paths)
    .values({
      organizationId: organization,
      name: unique("HQ ⇄ DC"),
      layer: "layer2",
      sourceSiteId: siteA.id,
      sourceConnectorId: connectorA.id,
      destinationSiteId: siteB.id,
      destinationConnectorId: connectorB.id,
      bandwidthMbps: 500,
      vlanId: 200 + counter,
    })
    .returning({ id: paths.id, name: paths.name });
  forgetServedObjects();
  return { organizationId: organization, siteA, siteB, connectorA, connectorB, path };
}

/** POSTs a batch as a device would: bearer token, JSON, no cookie, no Origin. */
export function ingest(token: string | null, samples: unknown[], options: { language?: string } = {}) {
  return call("POST", "/telemetry/ingest", {
    body: { samples },
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
    language: options.language,
  });
}

export const isoAgo = (ms: number, now = Date.now()) => new Date(now - ms).toISOString();
export const MINUTE = 60_000;
export const HOUR = 3600_000;
export const DAY = 24 * HOUR;
