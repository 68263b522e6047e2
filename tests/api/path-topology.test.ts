import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { links, paths } from "@/server/db/schema";
import { call, signIn } from "./helpers";
import {
  BW_ADMIN,
  buildCustomerNetwork,
  buildMspNetwork,
  CONTOSO_ADMIN,
  FABRIKAM_ADMIN,
  ingest,
  isoAgo,
  NW_ADMIN,
  NW_READONLY,
  OPERATOR,
  type CustomerNetwork,
  type MspNetwork,
} from "./telemetry-fixtures";

// The path topology on the demo network (its route through Northwind's core) and on a network built here, where
// the route, its colours and its failure modes are known exactly.
process.env.TEST_SEED_NETWORK = "1";

const topology = async (email: string, pathId: string, language?: string) =>
  call("GET", `/config/path/${pathId}/topology`, { cookie: await signIn(email), language });

const byType = (body: any, type: string) => body.elements.filter((element: any) => element.type === type);

describe("path topology on the demo network", () => {
  it("routes Contoso's Paris ⇄ Frankfurt path from Paris through Northwind's core to Frankfurt", async () => {
    const db = await getDb();
    const [path] = await db.select({ id: paths.id }).from(paths).where(eq(paths.name, "Paris ⇄ Frankfurt"));
    const response = await topology(NW_ADMIN, path.id);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const body = response.body;
    expect(body.reachable).toBe(true);
    expect(body.unreachableReason).toBeNull();
    const names = body.elements.map((element: any) => element.name);
    expect(names[0]).toBe("Paris HQ");
    expect(names.at(-1)).toBe("Frankfurt DC");
    expect(byType(body, "edge").map((element: any) => element.name)).toEqual(["nw-edge-par-01", "nw-edge-fra-01"]);
    expect(byType(body, "core").length).toBeGreaterThanOrEqual(1);
    for (const core of byType(body, "core")) expect(core.name).toMatch(/^nw-core-/);
    // One element per column, left to right, joined by a connection between each neighbour.
    expect(body.elements.map((element: any) => element.layer)).toEqual(body.elements.map((_: unknown, index: number) => index));
    expect(body.connections).toHaveLength(body.elements.length - 1);
    const links = body.connections.filter((connection: any) => connection.type === "link");
    expect(links).toHaveLength(body.elements.length - 5);
    expect(body.routeCost).toBe(links.reduce((sum: number, link: any) => sum + link.cost, 0));
    for (const link of links) expect(link.bandwidthMbps).toBeGreaterThan(0);
  });

  it("answers the operator too, and the customer its own route without the MSP's link names and costs", async () => {
    const db = await getDb();
    const [path] = await db.select({ id: paths.id }).from(paths).where(eq(paths.name, "Paris ⇄ Frankfurt"));
    expect((await topology(OPERATOR, path.id)).status).toBe(200);
    const msp = await topology(NW_READONLY, path.id);
    expect(msp.status).toBe(200);
    const customer = await topology(CONTOSO_ADMIN, path.id);
    expect(customer.status).toBe(200);
    // The same route, element by element, with the same health...
    const withoutPort = (element: any) => ({ ...element, port: null });
    expect(customer.body.elements).toEqual(msp.body.elements.map(withoutPort));
    // ...but not the MSP's front-panel port its connector rides on (issue 41, scope 8)...
    expect(msp.body.elements.filter((element: any) => element.port !== null).length).toBeGreaterThan(0);
    expect(customer.body.elements.filter((element: any) => element.port !== null)).toEqual([]);
    const view = (connection: any) => [connection.type, connection.source, connection.target, connection.tone, connection.latencyMs, connection.bandwidthMbps];
    expect(customer.body.connections.map(view)).toEqual(msp.body.connections.map(view));
    // ...but how Northwind engineers its core, and the traffic of its links (other customers' too), stay Northwind's.
    expect(msp.body.routeCost).toBeGreaterThan(0);
    expect(customer.body.routeCost).toBeNull();
    const mspLinks = msp.body.connections.filter((connection: any) => connection.type === "link");
    const links = customer.body.connections.filter((connection: any) => connection.type === "link");
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect([link.linkId, link.name, link.cost, link.rxBps, link.txBps]).toEqual([null, null, null, null, null]);
    const answer = JSON.stringify(customer.body);
    for (const link of mspLinks) {
      expect(answer).not.toContain(link.linkId);
      expect(answer).not.toContain(link.name);
    }
    // Another customer's path is not found, exactly like a missing one; every user of the customer sees its own.
    const foreign = await topology(FABRIKAM_ADMIN, path.id);
    const missing = await topology(FABRIKAM_ADMIN, "00000000-0000-4000-8000-00000000dead");
    expect([foreign.status, foreign.body.error]).toEqual([404, missing.body.error]);
    expect(missing.status).toBe(404);
    expect((await topology("readonly@contoso.example", path.id)).status).toBe(200);
  });
});

describe("path topology on a known network", () => {
  let customer: CustomerNetwork;
  let west: MspNetwork;
  let east: MspNetwork;

  beforeAll(async () => {
    customer = await buildCustomerNetwork("Contoso");
    west = await buildMspNetwork("Northwind Networks", { organizationId: customer.organizationId, siteId: customer.siteA.id });
    east = await buildMspNetwork("Northwind Networks", { organizationId: customer.organizationId, siteId: customer.siteB.id });
  });

  it("says plainly when no chain of links joins the two serving nodes", async () => {
    const response = await topology(NW_ADMIN, customer.path.id);
    expect(response.status).toBe(200);
    expect(response.body.reachable).toBe(false);
    expect(response.body.unreachableReason).toBe("noRoute");
    expect(response.body.routeCost).toBeNull();
    // Both ends and their serving edges are still drawn.
    expect(byType(response.body, "edge").map((element: any) => element.objectId).sort()).toEqual([west.edge.id, east.edge.id].sort());
    expect(response.body.connections.some((connection: any) => connection.type === "link")).toBe(false);
  });

  it("takes the cheapest chain of links and colours each element from its latest samples", async () => {
    const db = await getDb();
    const [core] = await db
      .insert(links)
      .values({
        organizationId: west.mspId,
        name: `core ${west.core.name} ⇄ ${east.core.name}`,
        type: "fiber",
        bandwidthMbps: 100_000,
        cost: 5,
        sourceNodeId: west.core.id,
        sourceVlan: 3900 + Math.floor(Math.random() * 90),
        destinationNodeId: east.core.id,
        destinationVlan: 3900 + Math.floor(Math.random() * 90),
      })
      .returning({ id: links.id });
    // A direct edge-to-edge link that costs more than the way through the core.
    await db.insert(links).values({
      organizationId: west.mspId,
      name: `detour ${west.edge.name} ⇄ ${east.edge.name}`,
      type: "internet",
      bandwidthMbps: 500,
      cost: 1000,
      sourceNodeId: west.edge.id,
      sourceVlan: 3990 + Math.floor(Math.random() * 9),
      destinationNodeId: east.edge.id,
      destinationVlan: 3990 + Math.floor(Math.random() * 9),
    });

    const time = isoAgo(5_000);
    const accepted = await ingest(west.token, [
      { kind: "device", time, uptimeSeconds: 100, softwareVersion: "24.3.1", cpuPercent: 10, memoryPercent: 20 },
      { kind: "port", time, portId: "ge-0/0/1", status: "up", rxBps: 1e6, txBps: 2e6 },
      { kind: "link", time, linkId: west.link.id, status: "up", latencyMs: 2, lossPercent: 12, rxBps: 1e8, txBps: 1e8 },
    ]);
    expect(accepted.status, JSON.stringify(accepted.body)).toBeLessThan(300);
    const eastAccepted = await ingest(east.token, [
      { kind: "port", time, portId: "ge-0/0/1", status: "down", rxBps: 0, txBps: 0 },
      { kind: "link", time, linkId: east.link.id, status: "up", latencyMs: 90, lossPercent: 0, rxBps: 1e8, txBps: 1e8 },
    ]);
    expect(eastAccepted.status, JSON.stringify(eastAccepted.body)).toBeLessThan(300);

    const response = await topology(NW_ADMIN, customer.path.id);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const body = response.body;
    expect(body.reachable).toBe(true);
    expect(body.elements.map((element: any) => element.objectId)).toEqual([
      customer.siteA.id,
      customer.connectorA.id,
      west.edge.id,
      west.core.id,
      east.core.id,
      east.edge.id,
      customer.connectorB.id,
      customer.siteB.id,
    ]);
    const routeLinks = body.connections.filter((connection: any) => connection.type === "link");
    expect(routeLinks.map((connection: any) => connection.linkId)).toEqual([west.link.id, core.id, east.link.id]);
    expect(body.routeCost).toBe(10 + 5 + 10);
    const [westLink, coreLink, eastLink] = routeLinks;
    expect([westLink.state, westLink.tone, westLink.lossPercent]).toEqual(["unhealthy", "bad", 12]);
    expect([eastLink.state, eastLink.tone, eastLink.latencyMs]).toEqual(["warning", "warning", 90]);
    expect([coreLink.state, coreLink.tone]).toEqual(["unknown", "unknown"]);
    const access = body.connections.filter((connection: any) => connection.type === "access");
    expect(access.map((connection: any) => [connection.status, connection.tone])).toEqual([
      ["up", "healthy"],
      ["down", "bad"],
    ]);
    const westEdge = body.elements.find((element: any) => element.objectId === west.edge.id);
    expect([westEdge.state, westEdge.tone, westEdge.role]).toEqual(["up", "healthy", "source"]);
    expect(body.elements.find((element: any) => element.objectId === west.core.id).tone).toBe("unknown");
    expect(body.elements.find((element: any) => element.objectId === customer.connectorA.id).port).toBe(`${west.edge.name}/ge-0/0/1`);
  });

  it("falls back to the MSP's nearest edge node for a site with no port, and shows an MSP only its customers' paths", async () => {
    const portless = await buildCustomerNetwork("Contoso");
    const response = await topology(NW_ADMIN, portless.path.id);
    expect(response.status).toBe(200);
    const access = response.body.connections.filter((connection: any) => connection.type === "access");
    expect(access).toHaveLength(2);
    for (const element of byType(response.body, "connector")) expect(element.port).toBeNull();
    const initech = await buildCustomerNetwork("Initech");
    expect((await topology(NW_ADMIN, initech.path.id)).status).toBe(404);
    expect((await topology(BW_ADMIN, initech.path.id)).status).toBe(200);
  });

  it("answers another tenant's path and a missing one alike, in the caller's language", async () => {
    const missing = await topology(BW_ADMIN, "no-such-path", "fr");
    const foreign = await topology(BW_ADMIN, customer.path.id, "fr");
    expect(missing.status).toBe(404);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe(missing.body.error);
    expect((await topology(NW_ADMIN, "x".repeat(65))).status).toBe(400);
  });
});
