import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/server/db/client";
import { backfillConnectorHoming } from "@/server/paths/homing";
import { connectors, devices, events, links, nodes, paths } from "@/server/db/schema";
import { forgetServedObjects } from "@/server/telemetry/ownership";
import { call, organizationId, signIn } from "./helpers";
import { BW_ADMIN, CONTOSO_ADMIN, NW_ADMIN, NW_READONLY, OPERATOR } from "./node-fixtures";

// Homing is explicit (issue 42, scope 1): a connector's serving node is stored, and only a confirmed re-homing moves
// it. On the demo network: an MSP adding an edge node in Amsterdam, next to Contoso's Azure West Europe site, once
// silently moved the Azure ExpressRoute connector onto the new, unlinked node ("No route", the path gone from the
// blast radius of the Paris–London link, the new node's deletion saying "No link uses it").
process.env.TEST_SEED_NETWORK = "1";

const AMSTERDAM = { address: "Amsterdam, Netherlands (AM)", latitude: 52.3676, longitude: 4.9041 };

const as = async (email: string, method: string, path: string, body?: unknown) => call(method, path, { cookie: await signIn(email), body });

async function homingOfEveryConnector() {
  const db = await getDb();
  return db
    .select({ id: connectors.id, node: connectors.servingNodeId, port: connectors.servingPortKey })
    .from(connectors)
    .orderBy(asc(connectors.id));
}

async function pathId(name: string) {
  const db = await getDb();
  const [row] = await db.select({ id: paths.id }).from(paths).where(eq(paths.name, name));
  return row.id;
}

async function connectorId(name: string) {
  const db = await getDb();
  const [row] = await db.select({ id: connectors.id }).from(connectors).where(eq(connectors.name, name));
  return row.id;
}

/** What every reader makes of the homing: the route of each of Contoso's paths and the Paris–London link's blast radius. */
async function whatReadersSee() {
  const db = await getDb();
  const [parisLondon] = await db.select({ id: links.id }).from(links).where(eq(links.name, "nw-edge-par-01 ⇄ nw-core-lon"));
  const contoso = await organizationId("Contoso");
  const pathRows = await db.select({ id: paths.id, name: paths.name }).from(paths).where(eq(paths.organizationId, contoso)).orderBy(asc(paths.name));
  const routes: Record<string, unknown> = {};
  for (const path of pathRows) {
    const topology = await as(NW_ADMIN, "GET", `/config/path/${path.id}/topology`);
    expect(topology.status).toBe(200);
    routes[path.name] = {
      reachable: topology.body.reachable,
      nodes: topology.body.elements.filter((element: { type: string }) => ["edge", "cpe", "core"].includes(element.type)).map((element: { name: string }) => element.name),
    };
  }
  const blast = await as(NW_ADMIN, "GET", `/config/link/${parisLondon.id}/blast-radius`);
  expect(blast.status).toBe(200);
  return { routes, blastRadius: blast.body.paths.map((path: { name: string }) => path.name).sort() };
}

describe("the backfill of migration 0020", () => {
  it("stores today's derived homing for every connector without one, once, and drops its request", async () => {
    const db = await getDb();
    const seeded = await homingOfEveryConnector();
    // As migration 0018 leaves it (the test images are migrated, not started: it may be there already).
    await db.execute(sql`create table if not exists connector_homing_backfill (pending boolean not null)`);
    await db.execute(sql`delete from connector_homing_backfill`);
    await db.execute(sql`insert into connector_homing_backfill values (true)`);
    await db.update(connectors).set({ servingNodeId: null, servingPortKey: null });
    await backfillConnectorHoming(db);
    expect(await homingOfEveryConnector()).toEqual(seeded);
    expect(await queryRows(db, sql`select to_regclass('connector_homing_backfill') as found`)).toEqual([{ found: null }]);
    // Asked no more: a connector left without homing stays so.
    const [first] = seeded;
    await db.update(connectors).set({ servingNodeId: null }).where(eq(connectors.id, first.id));
    await backfillConnectorHoming(db);
    const [after] = await db.select({ node: connectors.servingNodeId }).from(connectors).where(eq(connectors.id, first.id));
    expect(after.node).toBeNull();
    await db.update(connectors).set({ servingNodeId: first.node }).where(eq(connectors.id, first.id));
  });
});

describe("a node change never moves a connector", () => {
  it("adding an edge node in Amsterdam, editing and deleting it leave every homing and every route as they were", async () => {
    const homing = await homingOfEveryConnector();
    expect(homing.length).toBeGreaterThan(5);
    expect(homing.every((connector) => connector.node !== null)).toBe(true);
    const before = await whatReadersSee();
    expect(before.routes["Paris ⇄ Azure"]).toMatchObject({ reachable: true });
    expect(before.blastRadius).toContain("Paris ⇄ Azure");

    const northwind = await organizationId("Northwind Networks");
    const added = await as(NW_ADMIN, "POST", `/config/msp/${northwind}/node`, {
      name: "ux-edge-ams-01",
      location: AMSTERDAM,
      kind: "edge",
      edgeType: "standard",
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    forgetServedObjects();
    expect(await homingOfEveryConnector()).toEqual(homing);
    expect(await whatReadersSee()).toEqual(before);
    // Nothing is homed on it: its deletion names no connector.
    const deletion = await as(NW_ADMIN, "GET", `/config/node/${added.body.id}/deletion`);
    expect(deletion.body.servedConnectors).toEqual([]);

    // Moved right onto the Azure site, then deleted: still nothing moves.
    const moved = await as(NW_ADMIN, "PATCH", `/config/node/${added.body.id}`, { location: { ...AMSTERDAM, latitude: 52.37, longitude: 4.9 } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    forgetServedObjects();
    expect(await homingOfEveryConnector()).toEqual(homing);
    expect(await whatReadersSee()).toEqual(before);
    expect((await as(NW_ADMIN, "DELETE", `/config/node/${added.body.id}`)).status).toBe(204);
    forgetServedObjects();
    expect(await homingOfEveryConnector()).toEqual(homing);
    expect(await whatReadersSee()).toEqual(before);
  });
});

describe("a node serving connectors", () => {
  it("says which connectors and customers it serves, and is not deleted while it does", async () => {
    const db = await getDb();
    const [edge] = await db.select().from(nodes).where(eq(nodes.name, "nw-edge-par-01"));
    const deletion = await as(NW_ADMIN, "GET", `/config/node/${edge.id}/deletion`);
    expect(deletion.status).toBe(200);
    const served = deletion.body.servedConnectors as { name: string; organizationName: string; pathCount: number }[];
    expect(served.length).toBeGreaterThan(0);
    expect(served.map((connector) => connector.organizationName)).toContain("Contoso");
    const refused = await as(NW_ADMIN, "DELETE", `/config/node/${edge.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toContain(served[0].name);
    expect(refused.body.error).toContain("Re-home");
    expect(await db.select({ id: nodes.id }).from(nodes).where(eq(nodes.id, edge.id))).toHaveLength(1);
  });

  it("names the connectors and customers its device serves before the device is unassigned", async () => {
    const db = await getDb();
    const [edge] = await db.select().from(nodes).where(eq(nodes.name, "nw-edge-par-01"));
    const [device] = await db.select().from(devices).where(eq(devices.nodeId, edge.id));
    const answer = await as(NW_ADMIN, "GET", `/inventory/device/${device.id}/unassignment`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.nodeName).toBe("nw-edge-par-01");
    expect(answer.body.servedConnectors.map((connector: { organizationName: string }) => connector.organizationName)).toContain("Contoso");
    // Another MSP's device answers like a missing one.
    const foreign = await as(BW_ADMIN, "GET", `/inventory/device/${device.id}/unassignment`);
    const missing = await as(BW_ADMIN, "GET", `/inventory/device/00000000-0000-4000-8000-00000000dead/unassignment`);
    expect([foreign.status, foreign.body.error]).toEqual([404, missing.body.error]);
  });
});

describe("re-homing a connector", () => {
  it("lists the paths it moves, moves nothing until applied, then moves them and says so in the events", async () => {
    const db = await getDb();
    const northwind = await organizationId("Northwind Networks");
    const added = await as(NW_ADMIN, "POST", `/config/msp/${northwind}/node`, { name: "ux-edge-ams-02", location: AMSTERDAM, kind: "edge", edgeType: "standard" });
    expect(added.status).toBe(201);
    const azure = await connectorId("Azure ExpressRoute");
    const homing = await as(NW_READONLY, "GET", `/config/connector/${azure}/homing`);
    expect(homing.status).toBe(200);
    const current = homing.body.node;
    expect(current).not.toBeNull();
    // The new node is the nearest candidate; the current one is marked.
    expect(homing.body.candidates[0]).toMatchObject({ id: added.body.id, current: false });
    expect(homing.body.candidates.find((candidate: { current: boolean }) => candidate.current).id).toBe(current.id);

    const preview = await as(NW_ADMIN, "POST", `/config/connector/${azure}/homing`, { nodeId: added.body.id });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ applied: false, from: { id: current.id }, to: { id: added.body.id, name: "ux-edge-ams-02" } });
    expect(preview.body.paths).toContainEqual({ id: await pathId("Paris ⇄ Azure"), name: "Paris ⇄ Azure", organizationName: "Contoso" });
    const [unchanged] = await db.select().from(connectors).where(eq(connectors.id, azure));
    expect(unchanged.servingNodeId).toBe(current.id);

    const applied = await as(NW_ADMIN, "POST", `/config/connector/${azure}/homing`, { nodeId: added.body.id, apply: true });
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ applied: true, paths: preview.body.paths });
    const [moved] = await db.select().from(connectors).where(eq(connectors.id, azure));
    expect(moved.servingNodeId).toBe(added.body.id);
    forgetServedObjects();
    const topology = await as(NW_ADMIN, "GET", `/config/path/${await pathId("Paris ⇄ Azure")}/topology`);
    expect(topology.body.elements.map((element: { name: string }) => element.name)).toContain("ux-edge-ams-02");
    const [event] = await db.select().from(events).where(eq(events.entityId, azure)).orderBy(asc(events.timestamp));
    expect(event).toBeDefined();
    const recorded = await db.select().from(events).where(eq(events.entityId, azure));
    expect(recorded.map((row) => [row.before, row.after])).toContainEqual([{ servingNode: current.name }, { servingNode: "ux-edge-ams-02" }]);
    // The node now serves it: deleting it is refused until the connector is re-homed back.
    expect((await as(NW_ADMIN, "DELETE", `/config/node/${added.body.id}`)).status).toBe(409);
    expect((await as(NW_ADMIN, "POST", `/config/connector/${azure}/homing`, { nodeId: current.id, apply: true })).status).toBe(200);
    expect((await as(NW_ADMIN, "DELETE", `/config/node/${added.body.id}`)).status).toBe(204);
  });

  it("is the provider's: a customer is refused, another MSP finds nothing, a node it may not use is refused alike", async () => {
    const db = await getDb();
    const azure = await connectorId("Azure ExpressRoute");
    const [core] = await db.select().from(nodes).where(eq(nodes.name, "nw-core-lon"));
    const [bluewaveEdge] = await db.select().from(nodes).where(eq(nodes.name, "bw-edge-mad-01"));
    const [edge] = await db.select().from(nodes).where(eq(nodes.name, "nw-edge-fra-01"));
    expect((await as(CONTOSO_ADMIN, "POST", `/config/connector/${azure}/homing`, { nodeId: edge.id, apply: true })).status).toBe(403);
    const customerView = await as(CONTOSO_ADMIN, "GET", `/config/connector/${azure}/homing`);
    expect(customerView.status).toBe(200);
    expect(customerView.body.candidates).toEqual([]);
    // The customer sees the node, never the front-panel port (docs/decisions/path-topology-for-customers.md).
    const paris = await as(CONTOSO_ADMIN, "GET", `/config/connector/${await connectorId("Paris fiber A")}/homing`);
    expect(paris.body.node).not.toBeNull();
    expect(paris.body.port).toBeNull();
    expect((await as(NW_ADMIN, "GET", `/config/connector/${await connectorId("Paris fiber A")}/homing`)).body.port).toMatch(/\//);
    const foreign = await as(BW_ADMIN, "POST", `/config/connector/${azure}/homing`, { nodeId: bluewaveEdge.id });
    const missing = await as(BW_ADMIN, "POST", `/config/connector/00000000-0000-4000-8000-00000000dead/homing`, { nodeId: bluewaveEdge.id });
    expect([foreign.status, foreign.body.error]).toEqual([404, missing.body.error]);
    const onCore = await as(NW_ADMIN, "POST", `/config/connector/${azure}/homing`, { nodeId: core.id });
    const onOther = await as(NW_ADMIN, "POST", `/config/connector/${azure}/homing`, { nodeId: bluewaveEdge.id });
    const onNothing = await as(NW_ADMIN, "POST", `/config/connector/${azure}/homing`, { nodeId: "no-such-node" });
    expect(onCore.status).toBe(400);
    expect([onOther.status, onOther.body.error]).toEqual([400, onCore.body.error]);
    expect([onNothing.status, onNothing.body.error]).toEqual([400, onCore.body.error]);
    expect((await as(NW_READONLY, "POST", `/config/connector/${azure}/homing`, { nodeId: edge.id })).status).toBe(403);
    expect((await as(OPERATOR, "POST", `/config/connector/${azure}/homing`, { nodeId: edge.id })).status).toBe(200);
  });

  it("a new connector stores the homing the rule proposes at its creation", async () => {
    const db = await getDb();
    const contoso = await organizationId("Contoso");
    const site = await as(CONTOSO_ADMIN, "POST", `/config/organization/${contoso}/site`, { name: "Homing test site", type: "standard", location: AMSTERDAM });
    expect(site.status, JSON.stringify(site.body)).toBe(201);
    // The dialog says first which node will serve it: the one the create then stores.
    const proposal = await as(CONTOSO_ADMIN, "GET", `/config/site/${site.body.id}/homing?kind=virtual`);
    expect(proposal.status, JSON.stringify(proposal.body)).toBe(200);
    const created = await as(CONTOSO_ADMIN, "POST", `/config/site/${site.body.id}/connector`, { kind: "virtual", name: "Homing test", bandwidth: 100 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const [row] = await db.select().from(connectors).where(eq(connectors.id, created.body.id));
    expect(row.servingNodeId).not.toBeNull();
    expect(proposal.body.node.id).toBe(row.servingNodeId);
    // Another tenant's site answers like a missing one; a kind that is not one is refused.
    const foreign = await as(BW_ADMIN, "GET", `/config/site/${site.body.id}/homing?kind=virtual`);
    const missing = await as(BW_ADMIN, "GET", `/config/site/00000000-0000-4000-8000-00000000dead/homing?kind=virtual`);
    expect([foreign.status, foreign.body.error]).toEqual([404, missing.body.error]);
    expect((await as(CONTOSO_ADMIN, "GET", `/config/site/${site.body.id}/homing?kind=teleport`)).status).toBe(400);
    const [node] = await db.select().from(nodes).where(eq(nodes.id, row.servingNodeId!));
    expect(node.organizationId).toBe(await organizationId("Northwind Networks"));
    expect(node.kind).toBe("edge");
  });

  it("of two edges equally near a new site, the older one serves it, whatever their ids", async () => {
    const db = await getDb();
    const northwind = await organizationId("Northwind Networks");
    const contoso = await organizationId("Contoso");
    // One place far from every other node: two edges in one data centre, the newer with the smaller id.
    const REYKJAVIK = { address: "Reykjavik, Iceland", latitude: 64.1466, longitude: -21.9426 };
    const place = { locationAddress: REYKJAVIK.address, latitude: REYKJAVIK.latitude, longitude: REYKJAVIK.longitude };
    const older = "ffffffff-ffff-4fff-8fff-ffffffffffff";
    const newer = "00000000-0000-4000-8000-000000000001";
    await db.insert(nodes).values({ id: older, organizationId: northwind, kind: "edge", edgeType: "with-switch", name: "rey-edge-a", createdAt: new Date(Date.now() - 60_000), ...place });
    await db.insert(nodes).values({ id: newer, organizationId: northwind, kind: "edge", edgeType: "with-switch", name: "rey-edge-b", ...place });
    forgetServedObjects();
    const site = await as(CONTOSO_ADMIN, "POST", `/config/organization/${contoso}/site`, { name: "Reykjavik office", type: "standard", location: REYKJAVIK });
    expect(site.status, JSON.stringify(site.body)).toBe(201);
    const proposal = await as(CONTOSO_ADMIN, "GET", `/config/site/${site.body.id}/homing?kind=virtual`);
    expect(proposal.body.node.id).toBe(older);
    const created = await as(CONTOSO_ADMIN, "POST", `/config/site/${site.body.id}/connector`, { kind: "virtual", name: "Reykjavik uplink", bandwidth: 100 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const [row] = await db.select().from(connectors).where(eq(connectors.id, created.body.id));
    expect(row.servingNodeId).toBe(older);
  });
});
