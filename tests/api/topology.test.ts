import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { classifyLinkHealth } from "@/lib/health";
import { getDb } from "@/server/db/client";
import { interfaces, links, nodes, paths } from "@/server/db/schema";
import { forgetMspRoutes } from "@/server/topology/route-cache";
import { call, organizationId, signIn } from "./helpers";
import {
  BW_ADMIN,
  buildCustomerNetwork,
  buildMspNetwork,
  CONTOSO_ADMIN,
  ingest,
  isoAgo,
  NW_ADMIN,
  NW_READONLY,
  OPERATOR,
  type CustomerNetwork,
  type MspNetwork,
} from "./telemetry-fixtures";

// The MSP topology page's endpoints on the demo network and on a network built here: the graph with its health, the
// links table with its filters and pages, and the blast radius of a link or node routed as the path topology routes.
process.env.TEST_SEED_NETWORK = "1";

const get = async (email: string, path: string, query?: Record<string, string | number>) => {
  const search = query ? `?${new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]))}` : "";
  return call("GET", `${path}${search}`, { cookie: await signIn(email) });
};
const NORTHWIND = "Northwind Networks";
const MISSING = "00000000-0000-4000-8000-000000000000";

async function linkId(name: string) {
  const [row] = await (await getDb()).select({ id: links.id }).from(links).where(eq(links.name, name));
  return row.id;
}

describe("GET /config/msp/{mspId}/topology on the demo network", () => {
  it("draws every node of the MSP with its place and every link between them, and nothing of another MSP", async () => {
    const mspId = await organizationId(NORTHWIND);
    const response = await get(NW_ADMIN, `/config/msp/${mspId}/topology`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const body = response.body;
    const names = body.nodes.map((node: any) => node.name);
    expect(names).toEqual(expect.arrayContaining(["nw-core-fra", "nw-core-lon", "nw-core-ash", "nw-core-sin", "nw-edge-par-01", "nw-cpe-contoso-lyon"]));
    expect(names.some((name: string) => name.startsWith("bw-"))).toBe(false);
    const paris = body.nodes.find((node: any) => node.name === "nw-edge-par-01");
    expect(paris).toMatchObject({ kind: "edge", address: "Paris, France (PA)", latitude: 48.8566, longitude: 2.3522 });
    expect(["up", "down", "unknown"]).toContain(paris.state);
    const ids = new Set(body.nodes.map((node: any) => node.id));
    expect(body.links.length).toBe(6 + 3 + 1);
    for (const link of body.links) {
      expect(ids.has(link.sourceNodeId) && ids.has(link.destinationNodeId)).toBe(true);
      expect(["healthy", "warning", "unhealthy", "unknown"]).toContain(link.health);
    }
    expect([body.nodeCount, body.linkCount, body.truncated]).toEqual([body.nodes.length, body.links.length, false]);
  });

  it("answers the MSP's read-only users and the operator, and another MSP, a customer or a missing MSP alike", async () => {
    const mspId = await organizationId(NORTHWIND);
    expect((await get(NW_READONLY, `/config/msp/${mspId}/topology`)).status).toBe(200);
    expect((await get(OPERATOR, `/config/msp/${mspId}/topology`)).status).toBe(200);
    const missing = await get(BW_ADMIN, `/config/msp/${MISSING}/topology`);
    expect(missing.status).toBe(404);
    for (const email of [BW_ADMIN, CONTOSO_ADMIN]) {
      const response = await get(email, `/config/msp/${mspId}/topology`);
      expect([response.status, response.body.error]).toEqual([404, missing.body.error]);
    }
  });
});

describe("the blast radius on the demo network", () => {
  it("lists Contoso's paths over Paris's uplink with their SLA, and none of another customer's paths that stay away", async () => {
    const response = await get(NW_ADMIN, `/config/link/${await linkId("nw-edge-par-01 ⇄ nw-core-lon")}/blast-radius`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const body = response.body;
    expect(body.target).toMatchObject({ type: "link", name: "nw-edge-par-01 ⇄ nw-core-lon" });
    const byName = new Map(body.paths.map((path: any) => [path.name, path]));
    expect(byName.get("Paris ⇄ Frankfurt")).toMatchObject({ organizationName: "Contoso", sourceSiteName: "Paris HQ", destinationSiteName: "Frankfurt DC" });
    expect(["healthy", "warning", "bad", "unknown"]).toContain((byName.get("Paris ⇄ Frankfurt") as any).sla);
    expect(byName.has("Seattle ⇄ Dublin")).toBe(true);
    expect(byName.has("GCP ⇄ Seattle")).toBe(false);
    const contoso = body.customers.find((customer: any) => customer.name === "Contoso");
    expect(contoso.pathCount).toBe(body.paths.filter((path: any) => path.organizationName === "Contoso").length);
    expect(body.pathCount).toBe(body.paths.length);
    // The worst SLA first.
    const rank = { bad: 0, warning: 1, unknown: 3, healthy: 4 } as Record<string, number>;
    const ranks = body.paths.map((path: any) => rank[path.sla]);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });

  it("answers another tenant's link or node exactly like a missing one", async () => {
    const parisUplink = await linkId("nw-edge-par-01 ⇄ nw-core-lon");
    const [node] = await (await getDb()).select({ id: nodes.id }).from(nodes).where(eq(nodes.name, "nw-edge-par-01"));
    for (const [kind, id] of [
      ["link", parisUplink],
      ["node", node.id],
    ]) {
      const missing = await get(BW_ADMIN, `/config/${kind}/${MISSING}/blast-radius`);
      expect(missing.status).toBe(404);
      for (const email of [BW_ADMIN, CONTOSO_ADMIN]) {
        const response = await get(email, `/config/${kind}/${id}/blast-radius`);
        expect([response.status, response.body.error]).toEqual([404, missing.body.error]);
        expect(JSON.stringify(response.body)).not.toContain(id);
      }
      expect((await get(NW_READONLY, `/config/${kind}/${id}/blast-radius`)).status).toBe(200);
    }
  });
});

describe("the topology of a network built here", () => {
  let customer: CustomerNetwork;
  let west: MspNetwork;
  let east: MspNetwork;
  let coreLinkId: string;
  let detourId: string;

  beforeAll(async () => {
    customer = await buildCustomerNetwork("Contoso");
    west = await buildMspNetwork(NORTHWIND, { organizationId: customer.organizationId, siteId: customer.siteA.id });
    east = await buildMspNetwork(NORTHWIND, { organizationId: customer.organizationId, siteId: customer.siteB.id });
    const db = await getDb();
    // Interfaces at both ends, so the link can be changed through the API.
    const [westPort, eastPort] = await db
      .insert(interfaces)
      .values([
        { nodeId: west.core.id, portId: "et-0/0/9", type: "fabric" },
        { nodeId: east.core.id, portId: "et-0/0/9", type: "fabric" },
      ])
      .returning({ id: interfaces.id });
    const [core] = await db
      .insert(links)
      .values({
        organizationId: west.mspId,
        name: `core ${west.core.name} ⇄ ${east.core.name}`,
        type: "fiber",
        bandwidthMbps: 100_000,
        cost: 5,
        sourceNodeId: west.core.id,
        sourceInterfaceId: westPort.id,
        sourceVlan: 3900,
        destinationNodeId: east.core.id,
        destinationInterfaceId: eastPort.id,
        destinationVlan: 3900,
      })
      .returning({ id: links.id });
    const [detour] = await db
      .insert(links)
      .values({
        organizationId: west.mspId,
        name: `detour ${west.edge.name} ⇄ ${east.edge.name}`,
        type: "internet",
        bandwidthMbps: 500,
        cost: 1000,
        sourceNodeId: west.edge.id,
        sourceVlan: 3990,
        destinationNodeId: east.edge.id,
        destinationVlan: 3990,
      })
      .returning({ id: links.id });
    coreLinkId = core.id;
    detourId = detour.id;
    await db.update(paths).set({ slaHealth: "warning" }).where(eq(paths.id, customer.path.id));
    // Built in the database directly, past the services and their news: the routes kept from the tests above go.
    forgetMspRoutes();
  });

  it("finds the path over every link and node of its cheapest route, with its SLA, and not over the dearer detour", async () => {
    const expected = { id: customer.path.id, name: customer.path.name, sla: "warning", organizationName: "Contoso", sourceSiteName: customer.siteA.name };
    for (const id of [west.link.id, coreLinkId, east.link.id]) {
      const response = await get(NW_ADMIN, `/config/link/${id}/blast-radius`);
      expect(response.status).toBe(200);
      expect(response.body.paths).toEqual([expect.objectContaining(expected)]);
      expect(response.body.customers).toEqual([{ organizationId: customer.organizationId, name: "Contoso", pathCount: 1, worstSla: "warning" }]);
    }
    for (const node of [west.edge, west.core, east.core, east.edge]) {
      const response = await get(NW_ADMIN, `/config/node/${node.id}/blast-radius`);
      expect(response.body.paths.map((path: any) => path.id)).toEqual([customer.path.id]);
      expect(response.body.target).toEqual({ type: "node", id: node.id, name: node.name });
    }
    const detour = await get(NW_ADMIN, `/config/link/${detourId}/blast-radius`);
    expect([detour.body.pathCount, detour.body.paths, detour.body.customers]).toEqual([0, [], []]);
  });

  it("moves the path to the detour as soon as the core link's cost changes, as the path topology does, and reads SLA fresh", async () => {
    const patch = async (value: number) => {
      const response = await call("PATCH", `/config/link/${coreLinkId}`, { cookie: await signIn(NW_ADMIN), body: { cost: value } });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
    };
    // Routed once (and kept), then the change goes through the API: its news drops the kept routes.
    expect((await get(NW_ADMIN, `/config/link/${detourId}/blast-radius`)).body.pathCount).toBe(0);
    await patch(5000);
    try {
      // The news follows the commit by a moment (server/realtime/announce.ts).
      await expect.poll(async () => (await get(NW_ADMIN, `/config/link/${detourId}/blast-radius`)).body.paths.map((path: any) => path.id), { timeout: 5_000 }).toEqual([
        customer.path.id,
      ]);
      const topology = await get(NW_ADMIN, `/config/path/${customer.path.id}/topology`);
      const routeLinks = topology.body.connections.filter((connection: any) => connection.type === "link").map((connection: any) => connection.linkId);
      expect(routeLinks).toEqual([detourId]);
      expect((await get(NW_ADMIN, `/config/node/${west.core.id}/blast-radius`)).body.pathCount).toBe(0);
      // The path's SLA as it is now, though its route is kept.
      const db = await getDb();
      await db.update(paths).set({ slaHealth: "bad" }).where(eq(paths.id, customer.path.id));
      expect((await get(NW_ADMIN, `/config/link/${detourId}/blast-radius`)).body.paths[0].sla).toBe("bad");
      await db.update(paths).set({ slaHealth: "warning" }).where(eq(paths.id, customer.path.id));
    } finally {
      await patch(5);
    }
    await expect.poll(async () => (await get(NW_ADMIN, `/config/link/${detourId}/blast-radius`)).body.pathCount, { timeout: 5_000 }).toBe(0);
  });

  it("colours the links in the graph and the table from their latest samples, and filters the table by health as it colours", async () => {
    const time = isoAgo(5_000);
    expect(
      (await ingest(west.token, [{ kind: "link", time, linkId: west.link.id, status: "up", latencyMs: 2, lossPercent: 12, rxBps: 1e8, txBps: 1e8 }])).status,
    ).toBeLessThan(300);
    expect(
      (await ingest(east.token, [{ kind: "link", time, linkId: east.link.id, status: "up", latencyMs: 90, lossPercent: 0, rxBps: 1e8, txBps: 1e8 }])).status,
    ).toBeLessThan(300);
    const mspId = west.mspId;
    const graph = (await get(NW_ADMIN, `/config/msp/${mspId}/topology`)).body;
    const healthOf = (id: string) => graph.links.find((link: any) => link.id === id)?.health;
    expect([healthOf(west.link.id), healthOf(east.link.id), healthOf(coreLinkId)]).toEqual(["unhealthy", "warning", "unknown"]);
    expect(graph.nodes.find((node: any) => node.id === west.edge.id).state).toBe("up");

    const table = `/config/msp/${mspId}/topology/link`;
    const row = (await get(NW_ADMIN, table, { search: west.link.name })).body.items[0];
    expect(row).toMatchObject({
      id: west.link.id,
      source: { id: west.edge.id, name: west.edge.name, kind: "edge" },
      destination: { id: west.core.id, name: west.core.name, kind: "core" },
      cost: 10,
      status: "up",
      health: "unhealthy",
      lossPercent: 12,
    });
    // The database's filter and the console's colouring agree, state by state.
    const seen = new Map<string, string>();
    for (const health of ["healthy", "warning", "unhealthy", "unknown"]) {
      const items = (await get(NW_ADMIN, table, { health, limit: 500 })).body.items;
      for (const item of items) {
        expect(item.health).toBe(health);
        expect(classifyLinkHealth({ status: item.status, latencyMs: item.latencyMs, lossPercent: item.lossPercent })).toBe(health);
        seen.set(item.id, health);
      }
    }
    expect([seen.get(west.link.id), seen.get(east.link.id), seen.get(coreLinkId)]).toEqual(["unhealthy", "warning", "unknown"]);
    expect(seen.size).toBe(graph.links.length);
  });

  it("filters the links table by type, node and a word of either end's name, and pages through it by name", async () => {
    const table = `/config/msp/${west.mspId}/topology/link`;
    const internet = (await get(NW_ADMIN, table, { type: "internet", limit: 500 })).body.items;
    expect(internet.length).toBeGreaterThan(0);
    for (const item of internet) expect(item.type).toBe("internet");
    const touching = (await get(NW_ADMIN, table, { nodeId: west.edge.id })).body.items.map((item: any) => item.id).sort();
    expect(touching).toEqual([west.link.id, detourId].sort());
    const byEnd = (await get(NW_ADMIN, table, { search: east.core.name })).body.items.map((item: any) => item.id).sort();
    expect(byEnd).toEqual([coreLinkId, east.link.id].sort());

    const all = (await get(NW_ADMIN, table, { limit: 500 })).body.items.map((item: any) => item.id);
    const paged: string[] = [];
    let cursor: string | undefined;
    do {
      const page = (await get(NW_ADMIN, table, cursor ? { limit: 3, cursor } : { limit: 3 })).body;
      expect(page.items.length).toBeLessThanOrEqual(3);
      paged.push(...page.items.map((item: any) => item.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(paged).toEqual(all);
    // Another MSP's table is not there.
    const other = await get(BW_ADMIN, table);
    expect(other.status).toBe(404);
    const db = await getDb();
    expect((await db.select({ id: links.id }).from(links).where(inArray(links.id, all))).length).toBe(all.length);
  });
});
