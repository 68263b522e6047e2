import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { translatorFor } from "@/lib/i18n/messages";
import { getDb } from "@/server/db/client";
import { devices, interfaces, nodes, subinterfaces, switchPorts } from "@/server/db/schema";
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
  created,
  edgeBody,
  fiberLink,
  fiberNode,
  mspPath,
  NORTHWIND,
  NW_ADMIN,
  NW_CONFIGURE,
  NW_READONLY,
  OPERATOR,
  OPERATOR_READONLY,
  unique,
} from "./node-fixtures";
import { createSite, eventsOf, FRANKFURT, PARIS } from "./site-fixtures";

const asNw = async () => ({ cookie: await signIn(NW_ADMIN) });

describe("POST /config/msp/{mspId}/node", () => {
  it("creates an edge node, records the event and shows it", async () => {
    const response = await call("POST", await mspPath(NORTHWIND, "node"), {
      ...(await asNw()),
      body: { name: "  nw-edge-lyon-01 ", description: " Lyon ", location: FRANKFURT, kind: "edge", edgeType: "with-switch" },
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      organizationId: await organizationId(NORTHWIND),
      kind: "edge",
      name: "nw-edge-lyon-01",
      description: "Lyon",
      location: FRANKFURT,
      edgeType: "with-switch",
      coreFabricId: null,
      deviceSerialNumber: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const [event] = await eventsOf(response.body.id);
    expect(event).toMatchObject({
      organizationId: await organizationId(NORTHWIND),
      type: "node.created",
      entityType: "node",
      nodeId: response.body.id,
      source: NW_ADMIN,
      before: null,
      after: response.body,
    });
    const detail = await call("GET", `/config/node/${response.body.id}`, await asNw());
    expect(detail.status).toBe(200);
    expect(detail.body).toEqual({ ...response.body, interfaces: [], subinterfaces: [], ipsecEndpoints: [], switchPorts: [], links: [] });
  });

  it("creates CPE and core nodes (a core node in one of the MSP's core fabrics)", async () => {
    const cpe = await createNode({ name: unique("cpe"), location: PARIS, kind: "cpe" });
    expect(cpe).toMatchObject({ kind: "cpe", edgeType: null, coreFabricId: null, description: "" });
    const fabric = await created(await mspPath(NORTHWIND, "core-fabric"), { name: "Core for nodes" });
    const core = await createNode({ name: unique("core"), location: PARIS, kind: "core", coreFabricId: fabric.id }, NORTHWIND, NW_CONFIGURE);
    expect(core).toMatchObject({ kind: "core", edgeType: null, coreFabricId: fabric.id });
    const loose = await createNode({ name: unique("core"), location: PARIS, kind: "core" });
    expect(loose.coreFabricId).toBeNull();
  });

  const cases: [string, Record<string, unknown>, string, string][] = [
    ["no name", { location: PARIS, kind: "cpe" }, "name", "Name is required"],
    ["a blank name", { name: "  ", location: PARIS, kind: "cpe" }, "name", "Name is required"],
    ["a one-letter name", { name: "A", location: PARIS, kind: "cpe" }, "name", "Name must be at least 2 characters"],
    ["no location", { name: "Node", kind: "cpe" }, "location", "Location is required and must be selected from the dropdown"],
    ["no kind", { name: "Node", location: PARIS }, "kind", "Kind must be one of edge, cpe or core"],
    ["an unknown kind", { name: "Node", location: PARIS, kind: "spine" }, "kind", "Kind must be one of edge, cpe or core"],
    ["an edge node without edge type", { name: "Node", location: PARIS, kind: "edge" }, "edgeType", "Edge type is required (Standard or With Switch)"],
    ["an unknown edge type", { name: "Node", location: PARIS, kind: "edge", edgeType: "router" }, "edgeType", "Edge type must be standard or with-switch"],
    ["a CPE node with an edge type", { name: "Node", location: PARIS, kind: "cpe", edgeType: "standard" }, "edgeType", "Only edge nodes have an edge type"],
    ["a core node with an edge type", { name: "Node", location: PARIS, kind: "core", edgeType: "with-switch" }, "edgeType", "Only edge nodes have an edge type"],
    ["an edge node in a core fabric", { ...edgeBody("Node"), coreFabricId: "x" }, "coreFabricId", "Only core nodes belong to a core fabric"],
    ["a core node in a missing fabric", { name: "Node", location: PARIS, kind: "core", coreFabricId: "missing" }, "coreFabricId", "Choose one of this MSP's core fabrics"],
    ["an unknown field", { ...edgeBody("Node"), serial: "X" }, "", "Unknown field: serial"],
  ];

  it.each(cases)("refuses %s", async (_label, body, path, message) => {
    const before = (await (await getDb()).select().from(nodes)).length;
    const response = await call("POST", await mspPath(NORTHWIND, "node"), { ...(await asNw()), body });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
    expect(response.body.issues[0]).toEqual({ path, message });
    expect((await (await getDb()).select().from(nodes)).length).toBe(before);
  });

  it("refuses a core node in another MSP's core fabric", async () => {
    const bluewaveFabric = await created(await mspPath(BLUEWAVE, "core-fabric"), { name: "Bluewave fabric" }, BW_ADMIN);
    const response = await call("POST", await mspPath(NORTHWIND, "node"), {
      ...(await asNw()),
      body: { name: "Sneaky core", location: PARIS, kind: "core", coreFabricId: bluewaveFabric.id },
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("Choose one of this MSP's core fabrics");
  });

  it.each([
    [{ location: PARIS, kind: "cpe" }, "Le nom est obligatoire"],
    [{ name: "Node", location: PARIS, kind: "edge" }, "Le type d’edge est obligatoire (Standard ou Avec commutateur)"],
    [{ name: "Node", location: PARIS, kind: "cpe", edgeType: "standard" }, "Seuls les nœuds de périphérie ont un type de périphérie"],
  ])("answers in French: %j", async (body, message) => {
    const response = await call("POST", await mspPath(NORTHWIND, "node"), { ...(await asNw()), body, language: "fr-FR,fr;q=0.9" });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
  });

  it("answers 404 for an organization that is not a visible MSP", async () => {
    for (const [email, target] of [
      [BW_ADMIN, NORTHWIND],
      [CONTOSO_ADMIN, NORTHWIND],
      [NW_ADMIN, BLUEWAVE],
      [NW_ADMIN, "Contoso"],
      [OPERATOR, "Contoso"],
      [OPERATOR, "Maia"],
    ]) {
      const response = await call("POST", await mspPath(target, "node"), { cookie: await signIn(email), body: edgeBody("Sneaky") });
      expect(response.status, `${email} → ${target}`).toBe(404);
      expect(response.body.error).toBe("Not found");
    }
    expect(await (await getDb()).select().from(nodes).where(eq(nodes.name, "Sneaky"))).toEqual([]);
  });

  it("lets the operator create a node in an MSP", async () => {
    const node = await createNode(edgeBody(unique("by-operator")), NORTHWIND, OPERATOR);
    expect(node.organizationId).toBe(await organizationId(NORTHWIND));
    const [event] = await eventsOf(node.id);
    expect(event.source).toBe(OPERATOR);
  });

  it("refuses read-only users with 403 and anonymous callers with 401", async () => {
    for (const email of [NW_READONLY, OPERATOR_READONLY]) {
      const response = await call("POST", await mspPath(NORTHWIND, "node"), { cookie: await signIn(email), body: edgeBody("Read only") });
      expect(response.status).toBe(403);
      expect(response.body.error).toBe("You do not have permission to do this.");
    }
    expect((await call("POST", await mspPath(NORTHWIND, "node"), { body: edgeBody("Anonymous") })).status).toBe(401);
  });
});

describe("GET /config/msp/{mspId}/node", () => {
  it("filters by kind and name, and pages through 120 nodes by name without gaps or repeats", async () => {
    const db = await getDb();
    const bluewave = await organizationId(BLUEWAVE);
    await db.insert(nodes).values(
      Array.from({ length: 120 }, (_, index) => ({
        organizationId: bluewave,
        kind: (index % 3 === 0 ? "cpe" : "edge") as "cpe" | "edge",
        edgeType: index % 3 === 0 ? null : ("standard" as const),
        name: `bw-page-${String(index).padStart(3, "0")}`,
        locationAddress: PARIS.address,
        latitude: PARIS.latitude,
        longitude: PARIS.longitude,
      })),
    );
    const cookie = await signIn(BW_ADMIN);
    const base = await mspPath(BLUEWAVE, "node");
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const response: Awaited<ReturnType<typeof call>> = await call("GET", `${base}?search=bw-page&limit=25${cursor ? `&cursor=${cursor}` : ""}`, { cookie });
      expect(response.status).toBe(200);
      seen.push(...response.body.items.map((item: { name: string }) => item.name));
      cursor = response.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(Array.from({ length: 120 }, (_, index) => `bw-page-${String(index).padStart(3, "0")}`));
    const cpes = await call("GET", `${base}?search=bw-page&kind=cpe&limit=500`, { cookie });
    expect(cpes.body.items).toHaveLength(40);
    expect(cpes.body.items.every((item: { kind: string }) => item.kind === "cpe")).toBe(true);
    expect((await call("GET", `${base}?kind=spine`, { cookie })).status).toBe(400);
  });

  it("lists Northwind's nodes for Northwind and the operator, and for no one else", async () => {
    const node = await createEdge();
    const url = `${await mspPath(NORTHWIND, "node")}?search=${encodeURIComponent(node.name)}`;
    for (const email of [NW_READONLY, OPERATOR_READONLY]) {
      const response = await call("GET", url, { cookie: await signIn(email) });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ items: [{ ...node, deviceReachable: null, health: "unknown" }], nextCursor: null });
    }
    for (const email of [BW_ADMIN, CONTOSO_ADMIN, "readonly@contoso.example", "admin@initech.example"]) {
      const response = await call("GET", url, { cookie: await signIn(email) });
      expect(response.status, email).toBe(404);
      expect(response.body.error).toBe("Not found");
    }
    const own = await call("GET", `${await mspPath(BLUEWAVE, "node")}?limit=500`, { cookie: await signIn(BW_ADMIN) });
    expect(own.body.items.map((item: { id: string }) => item.id)).not.toContain(node.id);
  });
});

describe("GET /config/node/{nodeId}", () => {
  it("shows interfaces, subinterfaces, IPsec endpoints, switch ports, links and the assigned device", async () => {
    const node = await createEdge("with-switch");
    const uplink = await createInterface(node.id, "xe-0/0/1");
    const access = await createInterface(node.id, "ge-0/0/2", { type: "access", mtu: 9000 });
    const sub = await created(`/config/node/${node.id}/subinterface`, { interfaceId: access.id, type: "access", bandwidth: 500, outerVlan: 20 });
    const endpoint = await createEndpoint(node.id, "203.0.113.5");
    const port = await created(`/config/node/${node.id}/switch-port`, { index: 3, bandwidthGbps: 10 });
    const peer = await fiberNode();
    const link = await createLink(fiberLink("detail-link", { node, port: uplink }, peer));
    const db = await getDb();
    await db.insert(devices).values({ serialNumber: `SN-${node.id.slice(0, 8)}`, claimCodeHash: "x", nodeId: node.id, mspOrganizationId: node.organizationId });

    const response = await call("GET", `/config/node/${node.id}`, await asNw());
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: node.id,
      deviceSerialNumber: `SN-${node.id.slice(0, 8)}`,
      interfaces: [access, uplink],
      subinterfaces: [sub],
      ipsecEndpoints: [endpoint],
      switchPorts: [port],
      links: [link],
    });
    expect(response.body.links[0]).toMatchObject({ sourceNodeName: node.name, destinationNodeName: peer.node.name });
    const listed = await call("GET", `${await mspPath(NORTHWIND, "node")}?search=${encodeURIComponent(node.name)}`, await asNw());
    expect(listed.body.items[0].deviceSerialNumber).toBe(`SN-${node.id.slice(0, 8)}`);
  });

  it("answers 404 to another MSP and to customers, on read, update and delete, and shows it to the operator", async () => {
    const node = await createEdge();
    for (const email of [BW_ADMIN, CONTOSO_ADMIN]) {
      const cookie = await signIn(email);
      for (const [method, body] of [["GET"], ["PATCH", { name: "Stolen" }], ["DELETE"]] as const) {
        const response = await call(method, `/config/node/${node.id}`, { cookie, body });
        expect(response.status, `${method} as ${email}`).toBe(404);
        expect(response.body.error).toBe("Not found");
      }
      const port = await call("POST", `/config/node/${node.id}/interface`, { cookie, body: { portId: "xe-9/9/9", type: "access" } });
      expect(port.status).toBe(404);
    }
    expect((await call("GET", `/config/node/${node.id}`, { cookie: await signIn("readonly@contoso.example") })).status).toBe(404);
    expect((await call("GET", `/config/node/${node.id}`, { cookie: await signIn(OPERATOR_READONLY) })).status).toBe(200);
    expect((await call("GET", `/config/node/${node.id}`, await asNw())).body.name).toBe(node.name);
  });

  it("answers 404 for a missing node", async () => {
    expect((await call("GET", "/config/node/00000000-0000-4000-8000-000000000000", await asNw())).status).toBe(404);
  });
});

describe("PATCH /config/node/{nodeId}", () => {
  it("updates properties and records before and after", async () => {
    const node = await createEdge();
    const response = await call("PATCH", `/config/node/${node.id}`, {
      ...(await asNw()),
      body: { name: "renamed-edge", location: FRANKFURT, edgeType: "with-switch", description: "" },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ name: "renamed-edge", location: FRANKFURT, edgeType: "with-switch", description: "" });
    const events = await eventsOf(node.id);
    expect(events.map((event) => event.type)).toEqual(["node.created", "node.updated"]);
    expect(events[1]).toMatchObject({ nodeId: node.id, before: node, after: response.body });
    // An unchanged PATCH records nothing.
    expect((await call("PATCH", `/config/node/${node.id}`, { ...(await asNw()), body: { name: "renamed-edge" } })).status).toBe(200);
    expect(await eventsOf(node.id)).toHaveLength(2);
  });

  it("keeps the kind and the rules between kind and edge type", async () => {
    const node = await createEdge();
    const kind = await call("PATCH", `/config/node/${node.id}`, { ...(await asNw()), body: { kind: "cpe" } });
    expect(kind.status).toBe(400);
    expect(kind.body.error).toBe("The kind of a node cannot be changed");
    const cleared = await call("PATCH", `/config/node/${node.id}`, { ...(await asNw()), body: { edgeType: null } });
    expect(cleared.body.error).toBe("Edge type is required (Standard or With Switch)");
    const cpe = await createNode({ name: unique("cpe"), location: PARIS, kind: "cpe" });
    const edgeType = await call("PATCH", `/config/node/${cpe.id}`, { ...(await asNw()), body: { edgeType: "standard" }, language: "fr" });
    expect(edgeType.body.error).toBe("Seuls les nœuds de périphérie ont un type de périphérie");
    const name = await call("PATCH", `/config/node/${cpe.id}`, { ...(await asNw()), body: { name: "x" } });
    expect(name.body.error).toBe("Name must be at least 2 characters");
  });

  it("refuses to make a With Switch node Standard while it has switch ports", async () => {
    const node = await createEdge("with-switch");
    await created(`/config/node/${node.id}/switch-port`, { index: 1, bandwidthGbps: 1 });
    const response = await call("PATCH", `/config/node/${node.id}`, { ...(await asNw()), body: { edgeType: "standard" } });
    expect(response.status).toBe(409);
    expect(response.body.error).toBe(`${node.name} still has switch ports: remove them before making it a Standard edge node.`);
  });

  it("moves a core node between fabrics, and its links with it", async () => {
    const first = await created(await mspPath(NORTHWIND, "core-fabric"), { name: "Move from" });
    const second = await created(await mspPath(NORTHWIND, "core-fabric"), { name: "Move to" });
    const a = await createNode({ name: unique("core"), location: PARIS, kind: "core", coreFabricId: first.id });
    const b = await createNode({ name: unique("core"), location: PARIS, kind: "core", coreFabricId: first.id });
    const aPort = await createInterface(a.id, "et-0/0/1");
    const bPort = await createInterface(b.id, "et-0/0/1");
    const link = await createLink(fiberLink("core-move", { node: a, port: aPort }, { node: b, port: bPort }));
    expect(link.coreFabricId).toBe(first.id);
    const moved = await call("PATCH", `/config/node/${b.id}`, { ...(await asNw()), body: { coreFabricId: second.id } });
    expect(moved.body.coreFabricId).toBe(second.id);
    expect((await call("GET", `/config/link/${link.id}`, await asNw())).body.coreFabricId).toBeNull();
    const events = await eventsOf(link.id);
    expect(events.at(-1)).toMatchObject({ type: "link.updated", before: { coreFabricId: first.id }, after: { coreFabricId: null } });
    await call("PATCH", `/config/node/${a.id}`, { ...(await asNw()), body: { coreFabricId: second.id } });
    expect((await call("GET", `/config/link/${link.id}`, await asNw())).body.coreFabricId).toBe(second.id);
  });

  it("refuses read-only users", async () => {
    const node = await createEdge();
    const response = await call("PATCH", `/config/node/${node.id}`, { cookie: await signIn(NW_READONLY), body: { name: "Nope" } });
    expect(response.status).toBe(403);
  });
});

describe("DELETE /config/node/{nodeId}", () => {
  it("deletes the node with its ports and links, unassigns its device, and records it", async () => {
    const { node, port } = await fiberNode();
    await created(`/config/node/${node.id}/subinterface`, { interfaceId: port.id, type: "fabric", bandwidth: 100 });
    const peer = await fiberNode();
    const link = await createLink(fiberLink("doomed-link", { node, port }, peer));
    const db = await getDb();
    const [device] = await db.insert(devices).values({ serialNumber: `SN-DEL-${node.id.slice(0, 6)}`, claimCodeHash: "x", nodeId: node.id, configured: true }).returning();
    const before = (await call("GET", `/config/node/${node.id}`, await asNw())).body;

    expect((await call("DELETE", `/config/node/${node.id}`, { cookie: await signIn(NW_READONLY) })).status).toBe(403);
    const response = await call("DELETE", `/config/node/${node.id}`, await asNw());
    expect(response.status).toBe(204);
    expect((await call("GET", `/config/node/${node.id}`, await asNw())).status).toBe(404);
    expect((await call("GET", `/config/link/${link.id}`, await asNw())).status).toBe(404);
    expect(await db.select().from(interfaces).where(eq(interfaces.nodeId, node.id))).toEqual([]);
    expect((await db.select().from(devices).where(eq(devices.id, device.id)))[0]).toMatchObject({ nodeId: null, configured: false });
    const nodeEvents = await eventsOf(node.id);
    expect(nodeEvents.at(-1)).toMatchObject({ type: "node.deleted", nodeId: node.id, before, after: null });
    expect((await eventsOf(link.id)).at(-1)).toMatchObject({ type: "link.deleted", before: link });
    expect((await call("DELETE", `/config/node/${node.id}`, await asNw())).status).toBe(404);
  });
});

describe("interfaces", () => {
  it("creates, updates and deletes an interface with events on the node", async () => {
    const node = await createEdge();
    const contoso = await organizationId("Contoso");
    const site = await createSite("Contoso", { name: unique("site"), location: PARIS, type: "standard" });
    const response = await call("POST", `/config/node/${node.id}/interface`, {
      ...(await asNw()),
      body: { portId: " ge-0/0/1 ", type: "access", customerOrganizationId: contoso, siteId: site.id },
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      nodeId: node.id,
      portId: "ge-0/0/1",
      type: "access",
      mtu: 1500,
      customerOrganizationId: contoso,
      siteId: site.id,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const id = response.body.id;
    const fabrikam = await organizationId("Fabrikam");
    const updated = await call("PATCH", `/config/node/${node.id}/interface/${id}`, { ...(await asNw()), body: { mtu: 9216, customerOrganizationId: fabrikam } });
    expect(updated.status).toBe(200);
    // A new customer without a site drops the old customer's site.
    expect(updated.body).toMatchObject({ mtu: 9216, customerOrganizationId: fabrikam, siteId: null });
    expect((await call("DELETE", `/config/node/${node.id}/interface/${id}`, await asNw())).status).toBe(204);
    const events = await eventsOf(id);
    expect(events.map((event) => [event.type, event.nodeId])).toEqual([
      ["interface.created", node.id],
      ["interface.updated", node.id],
      ["interface.deleted", node.id],
    ]);
    expect(events[1]).toMatchObject({ before: response.body, after: updated.body });
    expect(events[2]).toMatchObject({ before: updated.body, after: null });
    expect((await call("PATCH", `/config/node/${node.id}/interface/${id}`, { ...(await asNw()), body: { mtu: 1500 } })).status).toBe(404);
  });

  it("checks the customer and site, the port ID and the MTU", async () => {
    const node = await createEdge();
    const contoso = await organizationId("Contoso");
    const fabrikamSite = await createSite("Fabrikam", { name: unique("site"), location: PARIS, type: "standard" }, "admin@fabrikam.example");
    const cases: [Record<string, unknown>, string, string][] = [
      [{ type: "access" }, "portId", "Port ID is required"],
      [{ portId: " ", type: "access" }, "portId", "Port ID is required"],
      [{ portId: "port one", type: "access" }, "portId", "Port ID must be at most 64 letters, digits or . _ / : -"],
      [{ portId: "ge-0/0/1" }, "type", "Type must be one of access, fabric or hybrid"],
      [{ portId: "ge-0/0/1", type: "access", mtu: 575 }, "mtu", "MTU must be between 576 and 9216"],
      [{ portId: "ge-0/0/1", type: "access", mtu: 9217 }, "mtu", "MTU must be between 576 and 9216"],
      [{ portId: "ge-0/0/1", type: "access", customerOrganizationId: await organizationId("Initech") }, "customerOrganizationId", "Choose one of this MSP's customers"],
      [{ portId: "ge-0/0/1", type: "access", customerOrganizationId: await organizationId(NORTHWIND) }, "customerOrganizationId", "Choose one of this MSP's customers"],
      [{ portId: "ge-0/0/1", type: "access", customerOrganizationId: contoso, siteId: fabrikamSite.id }, "siteId", "Choose one of the customer's sites"],
      [{ portId: "ge-0/0/1", type: "access", siteId: fabrikamSite.id }, "customerOrganizationId", "Choose the customer of this site"],
    ];
    for (const [body, path, message] of cases) {
      const response = await call("POST", `/config/node/${node.id}/interface`, { ...(await asNw()), body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toBe(message);
      expect(response.body.issues[0]).toEqual({ path, message });
    }
    const french = await call("POST", `/config/node/${node.id}/interface`, { ...(await asNw()), body: { portId: "ge-0/0/1", type: "access", mtu: 100 }, language: "fr" });
    expect(french.body.error).toBe("Le MTU doit être compris entre 576 et 9216");
    expect((await call("GET", `/config/node/${node.id}`, await asNw())).body.interfaces).toEqual([]);

    await createInterface(node.id, "ge-0/0/1");
    const duplicate = await call("POST", `/config/node/${node.id}/interface`, { ...(await asNw()), body: { portId: "ge-0/0/1", type: "hybrid" } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toBe(`Port ge-0/0/1 already exists on ${node.name}`);
  });

  it("refuses to delete an interface a link uses, and deletes its subinterfaces with it", async () => {
    const a = await fiberNode();
    const b = await fiberNode();
    const link = await createLink(fiberLink("uses-port", a, b));
    const inUse = await call("DELETE", `/config/node/${a.node.id}/interface/${a.port.id}`, await asNw());
    expect(inUse.status).toBe(409);
    expect(inUse.body.error).toBe(`Interface xe-0/0/0 is used by link ${link.name}: delete or change the link first.`);

    const spare = await createInterface(a.node.id, "xe-0/0/5");
    const sub = await created(`/config/node/${a.node.id}/subinterface`, { interfaceId: spare.id, type: "fabric", bandwidth: 100, outerVlan: 7 });
    expect((await call("DELETE", `/config/node/${a.node.id}/interface/${spare.id}`, await asNw())).status).toBe(204);
    expect(await (await getDb()).select().from(subinterfaces).where(eq(subinterfaces.id, sub.id))).toEqual([]);
    expect((await eventsOf(sub.id)).at(-1)).toMatchObject({ type: "subinterface.deleted", nodeId: a.node.id, before: sub });
  });

  it("answers 404 for another node's interface and for read-only users 403", async () => {
    const a = await fiberNode();
    const b = await fiberNode();
    expect((await call("PATCH", `/config/node/${b.node.id}/interface/${a.port.id}`, { ...(await asNw()), body: { mtu: 1600 } })).status).toBe(404);
    expect((await call("DELETE", `/config/node/${b.node.id}/interface/${a.port.id}`, await asNw())).status).toBe(404);
    const readOnly = await signIn(NW_READONLY);
    expect((await call("POST", `/config/node/${a.node.id}/interface`, { cookie: readOnly, body: { portId: "x1", type: "access" } })).status).toBe(403);
    expect((await call("PATCH", `/config/node/${a.node.id}/interface/${a.port.id}`, { cookie: readOnly, body: { mtu: 1600 } })).status).toBe(403);
    expect((await call("DELETE", `/config/node/${a.node.id}/interface/${a.port.id}`, { cookie: readOnly })).status).toBe(403);
    const bluewave = await signIn(BW_ADMIN);
    expect((await call("PATCH", `/config/node/${a.node.id}/interface/${a.port.id}`, { cookie: bluewave, body: { mtu: 1600 } })).status).toBe(404);
    expect((await call("DELETE", `/config/node/${a.node.id}/interface/${a.port.id}`, { cookie: bluewave })).status).toBe(404);
  });
});

describe("subinterfaces", () => {
  it("creates, updates and deletes a subinterface on one of the node's interfaces", async () => {
    const { node, port } = await fiberNode();
    const contoso = await organizationId("Contoso");
    const body = {
      interfaceId: port.id,
      type: "access",
      bandwidth: 1000,
      gateway: "10.1.2.1",
      ipPrefix: "10.1.2.0/24",
      outerVlan: 100,
      etherType: "802ad",
      customerOrganizationId: contoso,
    };
    const response = await call("POST", `/config/node/${node.id}/subinterface`, { ...(await asNw()), body });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ id: expect.any(String), nodeId: node.id, ...body, siteId: null, createdAt: expect.any(String), updatedAt: expect.any(String) });
    const id = response.body.id;
    const updated = await call("PATCH", `/config/node/${node.id}/subinterface/${id}`, { ...(await asNw()), body: { gateway: "10.1.2.254", etherType: "9100" } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ gateway: "10.1.2.254", etherType: "9100", ipPrefix: "10.1.2.0/24" });
    const defaults = await created(`/config/node/${node.id}/subinterface`, { interfaceId: port.id, type: "fabric", bandwidth: 10 });
    expect(defaults).toMatchObject({ gateway: null, ipPrefix: null, outerVlan: null, etherType: "8021q" });
    expect((await call("DELETE", `/config/node/${node.id}/subinterface/${id}`, await asNw())).status).toBe(204);
    expect((await eventsOf(id)).map((event) => [event.type, event.nodeId])).toEqual([
      ["subinterface.created", node.id],
      ["subinterface.updated", node.id],
      ["subinterface.deleted", node.id],
    ]);
    expect((await call("GET", `/config/node/${node.id}`, await asNw())).body.subinterfaces).toEqual([defaults]);
  });

  it("checks every field (SPEC §5 messages)", async () => {
    const { node, port } = await fiberNode();
    const other = await fiberNode();
    const base = { interfaceId: port.id, type: "access", bandwidth: 100 };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, interfaceId: undefined }, "interfaceId", "Interface is required"],
      [{ ...base, interfaceId: other.port.id }, "interfaceId", "This interface does not belong to the chosen node"],
      [{ ...base, gateway: "10.0.0.256" }, "gateway", "IP must be a valid IPv4 address"],
      [{ ...base, ipPrefix: "10.0.0.0/33" }, "ipPrefix", "IP Prefix must be a valid prefix (e.g. 10.0.0.0/24)"],
      [{ ...base, ipPrefix: "172.16.4.0" }, "ipPrefix", "IP Prefix must be a valid prefix (e.g. 172.16.4.0/24)"],
      [{ ...base, outerVlan: 4095 }, "outerVlan", "VLAN must be between 0 and 4094"],
      [{ ...base, outerVlan: -1 }, "outerVlan", "VLAN must be between 0 and 4094"],
      [{ ...base, etherType: "8100" }, "etherType", "EtherType must be one of 8021q, 802ad, 9100 or 9200"],
      [{ ...base, bandwidth: 0 }, "bandwidth", "Bandwidth must be a whole number of at least 1"],
      [{ ...base, type: "trunk" }, "type", "Type must be one of access, fabric or hybrid"],
      [{ ...base, gateway: "10.9.9.1", ipPrefix: "10.1.2.0/24" }, "gateway", "Gateway 10.9.9.1 is not in 10.1.2.0/24"],
    ];
    for (const [body, path, message] of cases) {
      const response = await call("POST", `/config/node/${node.id}/subinterface`, { ...(await asNw()), body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toBe(message);
      expect(response.body.issues[0]).toEqual({ path, message });
    }
    const french = await call("POST", `/config/node/${node.id}/subinterface`, { ...(await asNw()), body: { ...base, gateway: "nope" }, language: "fr" });
    expect(french.body.error).toBe("L’IP doit être une adresse IPv4 valide");
    const frenchPrefix = await call("POST", `/config/node/${node.id}/subinterface`, { ...(await asNw()), body: { ...base, ipPrefix: "nope" }, language: "fr" });
    expect(frenchPrefix.body.error).toBe("Le préfixe IP doit être un préfixe valide (p. ex. 10.0.0.0/24)");

    await created(`/config/node/${node.id}/subinterface`, { ...base, outerVlan: 42 });
    const clash = await call("POST", `/config/node/${node.id}/subinterface`, { ...(await asNw()), body: { ...base, outerVlan: 42 } });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toBe("Outer VLAN 42 is already used on xe-0/0/0");
    const patched = await call("PATCH", `/config/node/${node.id}/subinterface/missing`, { ...(await asNw()), body: { bandwidth: 5 } });
    expect(patched.status).toBe(404);
  });
});

describe("IPsec endpoints", () => {
  it("creates, updates and deletes an endpoint; refuses a bad IP and deleting one a link uses", async () => {
    const node = await createNode({ name: unique("cpe"), location: PARIS, kind: "cpe" });
    const endpoint = await createEndpoint(node.id, "198.51.100.10");
    expect(endpoint).toMatchObject({ nodeId: node.id, publicIp: "198.51.100.10", customerOrganizationId: null, siteId: null });
    const updated = await call("PATCH", `/config/node/${node.id}/ipsec-endpoint/${endpoint.id}`, { ...(await asNw()), body: { publicIp: "198.51.100.11" } });
    expect(updated.body.publicIp).toBe("198.51.100.11");
    for (const publicIp of ["198.51.100", "300.1.1.1", "", "::1"]) {
      const response = await call("POST", `/config/node/${node.id}/ipsec-endpoint`, { ...(await asNw()), body: { publicIp } });
      expect(response.status).toBe(400);
      expect(response.body.error).toBe("IP must be a valid IPv4 address");
    }
    const missing = await call("POST", `/config/node/${node.id}/ipsec-endpoint`, { ...(await asNw()), body: {} });
    expect(missing.body.error).toBe("IP must be a valid IPv4 address");

    const edge = await createEdge();
    const edgeEndpoint = await createEndpoint(edge.id, "203.0.113.99");
    const link = await createLink({
      name: "tunnel",
      type: "internet",
      bandwidth: 100,
      sourceNodeId: node.id,
      sourceIpsecEndpointId: endpoint.id,
      destinationNodeId: edge.id,
      destinationIpsecEndpointId: edgeEndpoint.id,
    });
    const inUse = await call("DELETE", `/config/node/${node.id}/ipsec-endpoint/${endpoint.id}`, await asNw());
    expect(inUse.status).toBe(409);
    expect(inUse.body.error).toBe(`IPsec endpoint 198.51.100.11 is used by link ${link.name}: delete or change the link first.`);
    expect((await call("DELETE", `/config/link/${link.id}`, await asNw())).status).toBe(204);
    expect((await call("DELETE", `/config/node/${node.id}/ipsec-endpoint/${endpoint.id}`, await asNw())).status).toBe(204);
    expect((await eventsOf(endpoint.id)).map((event) => [event.type, event.nodeId])).toEqual([
      ["ipsecEndpoint.created", node.id],
      ["ipsecEndpoint.updated", node.id],
      ["ipsecEndpoint.deleted", node.id],
    ]);
  });
});

describe("switch ports", () => {
  it("creates, updates and deletes switch ports on a With Switch edge node (bandwidth in Gbps)", async () => {
    const node = await createEdge("with-switch");
    const contoso = await organizationId("Contoso");
    const site = await createSite("Contoso", { name: unique("site"), location: PARIS, type: "standard" });
    const port = await created(`/config/node/${node.id}/switch-port`, { index: 0, bandwidthGbps: 100, customerOrganizationId: contoso, siteId: site.id });
    expect(port).toEqual({
      id: expect.any(String),
      nodeId: node.id,
      index: 0,
      bandwidthGbps: 100,
      customerOrganizationId: contoso,
      siteId: site.id,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const updated = await call("PATCH", `/config/node/${node.id}/switch-port/${port.id}`, { ...(await asNw()), body: { bandwidthGbps: 25, siteId: null } });
    expect(updated.body).toMatchObject({ bandwidthGbps: 25, customerOrganizationId: contoso, siteId: null });
    const db = await getDb();
    expect((await db.select().from(switchPorts).where(eq(switchPorts.id, port.id)))[0].bandwidthGbps).toBe(25);
    expect((await call("DELETE", `/config/node/${node.id}/switch-port/${port.id}`, await asNw())).status).toBe(204);
    expect((await eventsOf(port.id)).map((event) => [event.type, event.nodeId])).toEqual([
      ["switchPort.created", node.id],
      ["switchPort.updated", node.id],
      ["switchPort.deleted", node.id],
    ]);
  });

  it("refuses switch ports on other nodes, bad indexes and bandwidths, and a taken index", async () => {
    const standard = await createEdge("standard");
    const onStandard = await call("POST", `/config/node/${standard.id}/switch-port`, { ...(await asNw()), body: { index: 1, bandwidthGbps: 10 } });
    expect(onStandard.status).toBe(400);
    expect(onStandard.body.error).toBe(`Switch ports exist on With Switch edge nodes only; ${standard.name} is not one.`);
    const cpe = await createNode({ name: unique("cpe"), location: PARIS, kind: "cpe" });
    const onCpe = await call("POST", `/config/node/${cpe.id}/switch-port`, { ...(await asNw()), body: { index: 1, bandwidthGbps: 10 }, language: "fr" });
    expect(onCpe.body.error).toBe(`Les ports de commutateur n’existent que sur les nœuds de périphérie Avec commutateur ; ${cpe.name} n’en est pas un.`);

    const node = await createEdge("with-switch");
    const cases: [Record<string, unknown>, string, string][] = [
      [{ index: -1, bandwidthGbps: 10 }, "index", "Port index must be a whole number from 0 to 4095"],
      [{ index: 1.5, bandwidthGbps: 10 }, "index", "Port index must be a whole number from 0 to 4095"],
      [{ bandwidthGbps: 10 }, "index", "Port index must be a whole number from 0 to 4095"],
      [{ index: 1, bandwidthGbps: 0 }, "bandwidthGbps", "Bandwidth must be a whole number of Gbps from 1 to 400"],
      [{ index: 1, bandwidthGbps: 2.5 }, "bandwidthGbps", "Bandwidth must be a whole number of Gbps from 1 to 400"],
      [{ index: 1, bandwidthGbps: 1000 }, "bandwidthGbps", "Bandwidth must be a whole number of Gbps from 1 to 400"],
      [{ index: 1, bandwidthGbps: 10, customerOrganizationId: await organizationId("Initech") }, "customerOrganizationId", "Choose one of this MSP's customers"],
    ];
    for (const [body, path, message] of cases) {
      const response = await call("POST", `/config/node/${node.id}/switch-port`, { ...(await asNw()), body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toBe(message);
      expect(response.body.issues[0]).toEqual({ path, message });
    }
    await created(`/config/node/${node.id}/switch-port`, { index: 1, bandwidthGbps: 10 });
    const taken = await call("POST", `/config/node/${node.id}/switch-port`, { ...(await asNw()), body: { index: 1, bandwidthGbps: 1 } });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe(`Switch port 1 already exists on ${node.name}`);
    const readOnly = await call("POST", `/config/node/${node.id}/switch-port`, { cookie: await signIn(NW_READONLY), body: { index: 2, bandwidthGbps: 1 } });
    expect(readOnly.status).toBe(403);
  });

  it("has the UI's save-failure message in both languages", () => {
    expect(translatorFor("en")("validation.portSaveFailed")).toBe("Failed to save port configuration");
    expect(translatorFor("fr")("validation.portSaveFailed")).toBe("Échec de l’enregistrement de la configuration du port");
  });
});
