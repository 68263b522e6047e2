import { eq, or } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { links } from "@/server/db/schema";
import { retryOnVlanRace } from "@/server/nodes/links";
import { uniqueViolation } from "@/server/nodes/shared";
import { call, organizationId, signIn } from "./helpers";
import {
  BLUEWAVE,
  BW_ADMIN,
  CONTOSO_ADMIN,
  createEdge,
  createEndpoint,
  createInterface,
  createLink,
  createNode,
  fiberLink,
  fiberNode,
  mspPath,
  NORTHWIND,
  NW_ADMIN,
  NW_READONLY,
  OPERATOR,
  OPERATOR_READONLY,
  unique,
} from "./node-fixtures";
import { eventsOf, PARIS } from "./site-fixtures";
import { ConflictError } from "@/server/core/errors";

const asNw = async () => ({ cookie: await signIn(NW_ADMIN) });

/** The VLANs a node uses, over both ends of every link touching it, read from the table. */
async function vlansOn(nodeId: string): Promise<number[]> {
  const rows = await (await getDb())
    .select()
    .from(links)
    .where(or(eq(links.sourceNodeId, nodeId), eq(links.destinationNodeId, nodeId)));
  return rows.flatMap((row) => [row.sourceNodeId === nodeId ? row.sourceVlan : [], row.destinationNodeId === nodeId ? row.destinationVlan : []].flat()).sort((a, b) => a - b);
}

async function internetPair() {
  const cpe = await createNode({ name: unique("cpe"), location: PARIS, kind: "cpe" });
  const edge = await createEdge();
  const cpeEndpoint = await createEndpoint(cpe.id, "198.51.100.20");
  const edgeEndpoint = await createEndpoint(edge.id, "203.0.113.20");
  return { cpe, edge, cpeEndpoint, edgeEndpoint };
}

describe("POST /config/msp/{mspId}/link", () => {
  it("creates a fiber link with both node names and auto-assigned VLANs, and records it", async () => {
    const a = await fiberNode();
    const b = await fiberNode();
    const response = await call("POST", await mspPath(NORTHWIND, "link"), { ...(await asNw()), body: fiberLink("  a-b  ", a, b, { cost: 0, mtu: 9216 }) });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      organizationId: await organizationId(NORTHWIND),
      name: "a-b",
      type: "fiber",
      bandwidth: 10_000,
      cost: 0,
      mtu: 9216,
      sourceNodeId: a.node.id,
      sourceNodeName: a.node.name,
      sourceInterfaceId: a.port.id,
      sourceIpsecEndpointId: null,
      sourceVlan: 100,
      destinationNodeId: b.node.id,
      destinationNodeName: b.node.name,
      destinationInterfaceId: b.port.id,
      destinationIpsecEndpointId: null,
      destinationVlan: 100,
      coreFabricId: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const [event] = await eventsOf(response.body.id);
    expect(event).toMatchObject({ type: "link.created", entityType: "link", nodeId: a.node.id, source: NW_ADMIN, before: null, after: response.body });
    expect((await call("GET", `/config/link/${response.body.id}`, await asNw())).body).toEqual(response.body);
  });

  it("creates an internet link between IPsec endpoints, with default cost and MTU", async () => {
    const { cpe, edge, cpeEndpoint, edgeEndpoint } = await internetPair();
    const link = await createLink({
      name: "cpe-uplink",
      type: "internet",
      bandwidth: 500,
      sourceNodeId: cpe.id,
      sourceIpsecEndpointId: cpeEndpoint.id,
      destinationNodeId: edge.id,
      destinationIpsecEndpointId: edgeEndpoint.id,
    });
    expect(link).toMatchObject({
      type: "internet",
      cost: 10,
      mtu: 1500,
      sourceInterfaceId: null,
      sourceIpsecEndpointId: cpeEndpoint.id,
      destinationIpsecEndpointId: edgeEndpoint.id,
      sourceNodeName: cpe.name,
      destinationNodeName: edge.name,
    });
  });

  it("gives several links on one node distinct VLANs, over both ends, lowest free first", async () => {
    const hub = await fiberNode();
    const spokes = [await fiberNode(), await fiberNode(), await fiberNode()];
    const outgoing = [];
    for (const spoke of spokes) outgoing.push(await createLink(fiberLink(unique("hub-out"), hub, spoke)));
    expect(outgoing.map((link) => link.sourceVlan)).toEqual([100, 101, 102]);
    expect(outgoing.map((link) => link.destinationVlan)).toEqual([100, 100, 100]);

    // The hub as destination: its VLANs as source count too; the spoke's own VLAN 100 is taken by its first link.
    const incoming = await createLink(fiberLink(unique("hub-in"), spokes[0], hub));
    expect(incoming).toMatchObject({ sourceVlan: 101, destinationVlan: 103 });
    expect(await vlansOn(hub.node.id)).toEqual([100, 101, 102, 103]);
    expect(await vlansOn(spokes[0].node.id)).toEqual([100, 101]);

    // A freed VLAN is reused.
    expect((await call("DELETE", `/config/link/${outgoing[1].id}`, await asNw())).status).toBe(204);
    const refill = await createLink(fiberLink(unique("hub-refill"), hub, spokes[1]));
    expect(refill.sourceVlan).toBe(101);
  });

  it("refuses an explicit VLAN already used on the node, naming the link that uses it (409)", async () => {
    const a = await fiberNode();
    const b = await fiberNode();
    const c = await fiberNode();
    const first = await createLink(fiberLink("first-a-b", a, b, { sourceVlan: 300, destinationVlan: 400 }));
    expect(first).toMatchObject({ sourceVlan: 300, destinationVlan: 400 });

    const sameColumn = await call("POST", await mspPath(NORTHWIND, "link"), { ...(await asNw()), body: fiberLink("second", a, c, { sourceVlan: 300 }) });
    expect(sameColumn.status).toBe(409);
    expect(sameColumn.body.error).toBe(`VLAN 300 on ${a.node.name} is already used by link first-a-b`);
    // b uses 400 as a destination; asking for 400 with b as the source is the same VLAN on the same node.
    const otherColumn = await call("POST", await mspPath(NORTHWIND, "link"), { ...(await asNw()), body: fiberLink("third", b, c, { sourceVlan: 400 }) });
    expect(otherColumn.status).toBe(409);
    expect(otherColumn.body.error).toBe(`VLAN 400 on ${b.node.name} is already used by link first-a-b`);
    const french = await call("POST", await mspPath(NORTHWIND, "link"), {
      ...(await asNw()),
      body: fiberLink("fourth", c, a, { destinationVlan: 300 }),
      language: "fr",
    });
    expect(french.body.error).toBe(`Le VLAN 300 sur ${a.node.name} est déjà utilisé par le lien first-a-b`);
    expect(await vlansOn(c.node.id)).toEqual([]);
  });

  it("assigns distinct VLANs to links created at the same time on one node", async () => {
    const hub = await fiberNode();
    const spokes = await Promise.all(Array.from({ length: 5 }, () => fiberNode()));
    const results = await Promise.all(
      spokes.map(async (spoke) => call("POST", await mspPath(NORTHWIND, "link"), { ...(await asNw()), body: fiberLink(unique("burst"), hub, spoke) })),
    );
    expect(results.map((result) => result.status)).toEqual([201, 201, 201, 201, 201]);
    expect(results.map((result) => result.body.sourceVlan).sort()).toEqual([100, 101, 102, 103, 104]);
  });

  it("refuses a full node with 409", async () => {
    const a = await fiberNode();
    const b = await fiberNode();
    const db = await getDb();
    // Every VLAN from 100 up is taken on a (inserted directly: this test is about the limit).
    await db.insert(links).values(
      Array.from({ length: 4094 - 100 + 1 }, (_, index) => ({
        organizationId: a.node.organizationId,
        name: `filler-${index}`,
        type: "fiber" as const,
        bandwidthMbps: 1,
        sourceNodeId: a.node.id,
        sourceInterfaceId: a.port.id,
        sourceVlan: 100 + index,
        destinationNodeId: b.node.id,
        destinationInterfaceId: b.port.id,
        destinationVlan: 100 + index,
      })),
    );
    const c = await fiberNode();
    const response = await call("POST", await mspPath(NORTHWIND, "link"), { ...(await asNw()), body: fiberLink("one-too-many", a, c) });
    expect(response.status).toBe(409);
    expect(response.body.error).toBe(`No VLAN is free on ${a.node.name}`);
    // Below 100 is still free when asked for.
    expect(await createLink(fiberLink("low-vlan", a, c, { sourceVlan: 42 }))).toMatchObject({ sourceVlan: 42, destinationVlan: 100 });
    await db.delete(links).where(eq(links.sourceNodeId, a.node.id));
  });

  it("checks every field (SPEC §5 messages)", async () => {
    const a = await fiberNode();
    const b = await fiberNode();
    const { cpe, edge, cpeEndpoint, edgeEndpoint } = await internetPair();
    const bluewave = await fiberNode(BLUEWAVE, BW_ADMIN);
    const fiber = fiberLink("checked", a, b);
    const internet = {
      name: "checked",
      type: "internet",
      bandwidth: 100,
      sourceNodeId: cpe.id,
      sourceIpsecEndpointId: cpeEndpoint.id,
      destinationNodeId: edge.id,
      destinationIpsecEndpointId: edgeEndpoint.id,
    };
    const cases: [string, Record<string, unknown>, string, string][] = [
      ["no name", { ...fiber, name: undefined }, "name", "Name is required"],
      ["a short name", { ...fiber, name: "x" }, "name", "Name must be at least 2 characters"],
      ["no type", { ...fiber, type: undefined }, "type", "Type must be fiber or internet"],
      ["no source node", { ...fiber, sourceNodeId: undefined }, "sourceNodeId", "Source node is required"],
      ["an empty source node", { ...fiber, sourceNodeId: "" }, "sourceNodeId", "Source node is required"],
      ["no destination node", { ...fiber, destinationNodeId: undefined }, "destinationNodeId", "A destination node is required"],
      ["a fiber link without source interface", { ...fiber, sourceInterfaceId: null }, "sourceInterfaceId", "Interface is required"],
      ["a fiber link without destination interface", { ...fiber, destinationInterfaceId: undefined }, "destinationInterfaceId", "Interface is required"],
      ["an internet link without source endpoint", { ...internet, sourceIpsecEndpointId: undefined }, "sourceIpsecEndpointId", "IPsec endpoint is required"],
      ["an internet link without destination endpoint", { ...internet, destinationIpsecEndpointId: "" }, "destinationIpsecEndpointId", "IPsec endpoint is required"],
      ["a fiber link with an endpoint", { ...fiber, sourceIpsecEndpointId: cpeEndpoint.id }, "sourceIpsecEndpointId", "A fiber link joins interfaces, not IPsec endpoints"],
      ["an internet link with an interface", { ...internet, destinationInterfaceId: a.port.id }, "destinationInterfaceId", "An internet link joins IPsec endpoints, not interfaces"],
      ["a loop", { ...fiber, destinationNodeId: a.node.id, destinationInterfaceId: a.port.id }, "destinationNodeId", "Source and destination must be different nodes"],
      ["a bad MTU", { ...fiber, mtu: 100 }, "mtu", "MTU must be between 576 and 9216"],
      ["a negative cost", { ...fiber, cost: -1 }, "cost", "Cost must be a whole number from 0 to 65535"],
      ["no bandwidth", { ...fiber, bandwidth: undefined }, "bandwidth", "Bandwidth must be a whole number of at least 1"],
      ["a VLAN out of range", { ...fiber, sourceVlan: 4095 }, "sourceVlan", "VLAN must be between 0 and 4094"],
      ["another node's interface", { ...fiber, sourceInterfaceId: b.port.id }, "sourceInterfaceId", "This interface does not belong to the chosen node"],
      ["another node's endpoint", { ...internet, sourceIpsecEndpointId: edgeEndpoint.id }, "sourceIpsecEndpointId", "This IPsec endpoint does not belong to the chosen node"],
      ["another MSP's node", { ...fiber, destinationNodeId: bluewave.node.id, destinationInterfaceId: bluewave.port.id }, "destinationNodeId", "Choose one of this MSP's nodes"],
      ["a missing node", { ...fiber, sourceNodeId: "missing" }, "sourceNodeId", "Choose one of this MSP's nodes"],
    ];
    const before = (await (await getDb()).select().from(links)).length;
    for (const [label, body, path, message] of cases) {
      const response = await call("POST", await mspPath(NORTHWIND, "link"), { ...(await asNw()), body });
      expect(response.status, label).toBe(400);
      expect(response.body.error, label).toBe(message);
      expect(response.body.issues[0], label).toEqual({ path, message });
    }
    expect((await (await getDb()).select().from(links)).length).toBe(before);
  });

  it.each([
    [{ sourceNodeId: undefined }, "Le nœud source est obligatoire"],
    [{ destinationNodeId: undefined }, "Un nœud de destination est obligatoire"],
    [{ sourceInterfaceId: undefined }, "L’interface est obligatoire"],
    [{ type: "internet" }, "Le point de terminaison IPsec est obligatoire"],
  ])("answers in French: %j", async (change, message) => {
    const a = await fiberNode();
    const b = await fiberNode();
    const body = { ...fiberLink("french", a, b), ...change };
    const response = await call("POST", await mspPath(NORTHWIND, "link"), { ...(await asNw()), body, language: "fr-FR" });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
  });

  it("answers 404 for MSPs the caller cannot see and 403 for read-only users", async () => {
    const a = await fiberNode();
    const b = await fiberNode();
    for (const email of [BW_ADMIN, CONTOSO_ADMIN]) {
      const response = await call("POST", await mspPath(NORTHWIND, "link"), { cookie: await signIn(email), body: fiberLink("sneaky", a, b) });
      expect(response.status).toBe(404);
    }
    const readOnly = await call("POST", await mspPath(NORTHWIND, "link"), { cookie: await signIn(NW_READONLY), body: fiberLink("read-only", a, b) });
    expect(readOnly.status).toBe(403);
    // The operator may.
    expect((await createLink(fiberLink("by-operator", a, b), NORTHWIND, OPERATOR)).name).toBe("by-operator");
  });
});

describe("GET /config/msp/{mspId}/link and /config/link/{linkId}", () => {
  it("lists the MSP's links by name with filters and pages, for the MSP and the operator only", async () => {
    const hub = await fiberNode();
    const names: string[] = [];
    for (let index = 0; index < 7; index++) {
      const spoke = await fiberNode();
      names.push((await createLink(fiberLink(`listed-${index}`, hub, spoke))).name);
    }
    const base = await mspPath(NORTHWIND, "link");
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const response: Awaited<ReturnType<typeof call>> = await call("GET", `${base}?search=listed-&limit=3${cursor ? `&cursor=${cursor}` : ""}`, await asNw());
      expect(response.status).toBe(200);
      seen.push(...response.body.items.map((item: { name: string }) => item.name));
      cursor = response.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(names);
    const byNode = await call("GET", `${base}?nodeId=${hub.node.id}&limit=500`, await asNw());
    expect(byNode.body.items).toHaveLength(7);
    expect(byNode.body.items[0]).toMatchObject({ sourceNodeName: hub.node.name });
    expect((await call("GET", `${base}?search=listed-&type=internet`, await asNw())).body.items).toEqual([]);
    expect((await call("GET", `${base}?type=copper`, await asNw())).status).toBe(400);

    expect((await call("GET", `${base}?search=listed-`, { cookie: await signIn(OPERATOR_READONLY) })).body.items).toHaveLength(7);
    for (const email of [BW_ADMIN, CONTOSO_ADMIN, "readonly@contoso.example"]) {
      expect((await call("GET", base, { cookie: await signIn(email) })).status, email).toBe(404);
    }
    const bluewaveOwn = await call("GET", `${await mspPath(BLUEWAVE, "link")}?limit=500`, { cookie: await signIn(BW_ADMIN) });
    expect(bluewaveOwn.body.items.filter((item: { name: string }) => item.name.startsWith("listed-"))).toEqual([]);
  });

  it("answers 404 for another MSP's or a customer's caller on read, update and delete", async () => {
    const link = await createLink(fiberLink("private-link", await fiberNode(), await fiberNode()));
    for (const email of [BW_ADMIN, CONTOSO_ADMIN]) {
      const cookie = await signIn(email);
      for (const [method, body] of [["GET"], ["PATCH", { name: "Stolen" }], ["DELETE"]] as const) {
        const response = await call(method, `/config/link/${link.id}`, { cookie, body });
        expect(response.status, `${method} as ${email}`).toBe(404);
        expect(response.body.error).toBe("Not found");
      }
    }
    expect((await call("GET", `/config/link/${link.id}`, { cookie: await signIn(OPERATOR_READONLY) })).body.name).toBe("private-link");
    expect((await call("GET", `/config/link/${link.id}`, await asNw())).body.name).toBe("private-link");
  });
});

describe("PATCH /config/link/{linkId}", () => {
  it("updates fields with before/after, keeps VLANs, reassigns them for a new node or on request", async () => {
    const a = await fiberNode();
    const b = await fiberNode();
    const c = await fiberNode();
    await createLink(fiberLink("occupies-c", c, a));
    const link = await createLink(fiberLink("patched", a, b, { sourceVlan: 700 }));
    expect(link).toMatchObject({ sourceVlan: 700, destinationVlan: 100 });

    const renamed = await call("PATCH", `/config/link/${link.id}`, { ...(await asNw()), body: { name: "patched-2", cost: 30 } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "patched-2", cost: 30, sourceVlan: 700, destinationVlan: 100 });
    const [, updated] = await eventsOf(link.id);
    expect(updated).toMatchObject({ type: "link.updated", before: link, after: renamed.body, nodeId: a.node.id });

    // A new destination node: its interface is needed, and its VLAN is assigned there (c already uses 100).
    const noInterface = await call("PATCH", `/config/link/${link.id}`, { ...(await asNw()), body: { destinationNodeId: c.node.id } });
    expect(noInterface.status).toBe(400);
    expect(noInterface.body.error).toBe("Interface is required");
    const moved = await call("PATCH", `/config/link/${link.id}`, { ...(await asNw()), body: { destinationNodeId: c.node.id, destinationInterfaceId: c.port.id } });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ destinationNodeId: c.node.id, destinationNodeName: c.node.name, destinationVlan: 101, sourceVlan: 700 });

    // null asks for the lowest free VLAN (a uses 100 as destination of occupies-c).
    const reassigned = await call("PATCH", `/config/link/${link.id}`, { ...(await asNw()), body: { sourceVlan: null } });
    expect(reassigned.body.sourceVlan).toBe(101);
    const clash = await call("PATCH", `/config/link/${link.id}`, { ...(await asNw()), body: { sourceVlan: 100 } });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toBe(`VLAN 100 on ${a.node.name} is already used by link occupies-c`);
    // Its own VLAN is no clash.
    expect((await call("PATCH", `/config/link/${link.id}`, { ...(await asNw()), body: { sourceVlan: 101 } })).status).toBe(200);

    // Fiber to internet: the interfaces go, endpoints are needed.
    const toInternet = await call("PATCH", `/config/link/${link.id}`, { ...(await asNw()), body: { type: "internet" } });
    expect(toInternet.body.error).toBe("IPsec endpoint is required");
    const aEndpoint = await createEndpoint(a.node.id, "192.0.2.1");
    const cEndpoint = await createEndpoint(c.node.id, "192.0.2.2");
    const internet = await call("PATCH", `/config/link/${link.id}`, {
      ...(await asNw()),
      body: { type: "internet", sourceIpsecEndpointId: aEndpoint.id, destinationIpsecEndpointId: cEndpoint.id },
    });
    expect(internet.body).toMatchObject({ type: "internet", sourceInterfaceId: null, destinationInterfaceId: null, sourceIpsecEndpointId: aEndpoint.id });
  });

  it("refuses read-only users and missing links", async () => {
    const link = await createLink(fiberLink("ro-link", await fiberNode(), await fiberNode()));
    expect((await call("PATCH", `/config/link/${link.id}`, { cookie: await signIn(NW_READONLY), body: { name: "nope" } })).status).toBe(403);
    expect((await call("DELETE", `/config/link/${link.id}`, { cookie: await signIn(NW_READONLY) })).status).toBe(403);
    expect((await call("PATCH", "/config/link/missing", { ...(await asNw()), body: { name: "nope" } })).status).toBe(404);
  });
});

describe("DELETE /config/link/{linkId}", () => {
  it("deletes the link and records it", async () => {
    const link = await createLink(fiberLink("deleted-link", await fiberNode(), await fiberNode()));
    expect((await call("DELETE", `/config/link/${link.id}`, await asNw())).status).toBe(204);
    expect((await call("GET", `/config/link/${link.id}`, await asNw())).status).toBe(404);
    expect((await eventsOf(link.id)).at(-1)).toMatchObject({ type: "link.deleted", before: link, after: null, nodeId: link.sourceNodeId });
    expect((await call("DELETE", `/config/link/${link.id}`, await asNw())).status).toBe(404);
  });
});

describe("interfaces of links", () => {
  it("lets one interface carry several links, told apart by VLAN", async () => {
    const a = await fiberNode();
    const b = await fiberNode();
    const second = await createInterface(b.node.id, "xe-0/0/1");
    const one = await createLink(fiberLink("over-port-1", a, b));
    const two = await createLink(fiberLink("over-port-2", a, { node: b.node, port: second }));
    expect([one.sourceInterfaceId, two.sourceInterfaceId]).toEqual([a.port.id, a.port.id]);
    expect([one.sourceVlan, two.sourceVlan]).toEqual([100, 101]);
  });
});

describe("VLAN races", () => {
  it("recognizes the unique violation of a VLAN index on this database, and retries the write", async () => {
    const a = await fiberNode();
    const b = await fiberNode();
    const link = await createLink(fiberLink("race-original", a, b));
    const db = await getDb();
    const duplicate = () =>
      db.insert(links).values({
        organizationId: link.organizationId,
        name: "race-duplicate",
        type: "fiber",
        bandwidthMbps: 1,
        sourceNodeId: a.node.id,
        sourceVlan: link.sourceVlan,
        destinationNodeId: b.node.id,
        destinationVlan: 3000,
      });
    const error = await duplicate().then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(uniqueViolation(error)).toBe("links_source_vlan_idx");
    expect(uniqueViolation(new Error("other"))).toBeNull();

    let attempts = 0;
    const answer = await retryOnVlanRace(async () => {
      attempts++;
      if (attempts < 2) await duplicate();
      return "done";
    });
    expect([answer, attempts]).toEqual(["done", 2]);
    const lost = retryOnVlanRace(duplicate);
    await expect(lost).rejects.toBeInstanceOf(ConflictError);
    await expect(lost).rejects.toMatchObject({ key: "apiErrors.linkVlanRace" });
  });
});
