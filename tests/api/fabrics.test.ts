import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { events, externalFabrics, links, nodes, telemetryLinkState } from "@/server/db/schema";
import { decryptSecret } from "@/server/secrets/crypto";
import { call, organizationId, signIn } from "./helpers";
import {
  BLUEWAVE,
  BW_ADMIN,
  CONTOSO_ADMIN,
  createCoreNode,
  createEndpoint,
  createInterface,
  createLink,
  created,
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
import { eventsOf } from "./site-fixtures";

const asNw = async () => ({ cookie: await signIn(NW_ADMIN) });

async function createFabric(name = unique("fabric"), msp = NORTHWIND, email = NW_ADMIN) {
  return created(await mspPath(msp, "core-fabric"), { name }, email);
}

/** A fabric with core nodes named core-a, core-b… each with one fabric interface. */
async function fabricWithNodes(count: number) {
  const fabric = await createFabric();
  const members = [];
  for (let index = 0; index < count; index++) {
    const node = await createCoreNode(fabric.id, `${fabric.name}-core-${"abcdefgh"[index]}`);
    members.push({ node, port: await createInterface(node.id, "et-0/0/1") });
  }
  return { fabric, members };
}

type Member = Awaited<ReturnType<typeof fabricWithNodes>>["members"][number];

/** Link-editor rows for the given pairs of members (by index). */
const rows = (members: Member[], pairs: [number, number][]) =>
  pairs.map(([a, b]) => fiberLink(`${members[a].node.name}~${members[b].node.name}`, members[a], members[b], { bandwidth: 100_000 }));

const ALL_PAIRS: [number, number][] = [
  [0, 1],
  [0, 2],
  [0, 3],
  [1, 2],
  [1, 3],
  [2, 3],
];

describe("core fabrics", () => {
  it("creates, lists, shows, renames and deletes a core fabric with events", async () => {
    const response = await call("POST", await mspPath(NORTHWIND, "core-fabric"), { cookie: await signIn(NW_CONFIGURE), body: { name: " Europe Core " } });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      organizationId: await organizationId(NORTHWIND),
      name: "Europe Core",
      nodeCount: 0,
      linkCount: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const fabric = response.body;
    const detail = await call("GET", `/config/core-fabric/${fabric.id}`, await asNw());
    expect(detail.body).toEqual({ ...fabric, nodes: [], links: [], uplinks: [], uplinkPorts: {}, mesh: { complete: true, missingPairs: [] } });
    const listed = await call("GET", `${await mspPath(NORTHWIND, "core-fabric")}?search=europe%20core`, await asNw());
    expect(listed.body).toEqual({ items: [{ ...fabric, health: "unknown" }], nextCursor: null });

    const renamed = await call("PATCH", `/config/core-fabric/${fabric.id}`, { ...(await asNw()), body: { name: "Europe Core 2" } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe("Europe Core 2");
    expect((await call("DELETE", `/config/core-fabric/${fabric.id}`, await asNw())).status).toBe(204);
    expect((await call("GET", `/config/core-fabric/${fabric.id}`, await asNw())).status).toBe(404);
    const recorded = await eventsOf(fabric.id);
    expect(recorded.map((event) => event.type)).toEqual(["coreFabric.created", "coreFabric.updated", "coreFabric.deleted"]);
    expect(recorded[1]).toMatchObject({ before: { name: "Europe Core" }, after: { name: "Europe Core 2" } });
  });

  it("pages through fabrics by name", async () => {
    for (let index = 0; index < 5; index++) await createFabric(`paged-fabric-${index}`, BLUEWAVE, BW_ADMIN);
    const cookie = await signIn(BW_ADMIN);
    const base = `${await mspPath(BLUEWAVE, "core-fabric")}?search=paged-fabric&limit=2`;
    const first = await call("GET", base, { cookie });
    const second = await call("GET", `${base}&cursor=${first.body.nextCursor}`, { cookie });
    const third = await call("GET", `${base}&cursor=${second.body.nextCursor}`, { cookie });
    expect([...first.body.items, ...second.body.items, ...third.body.items].map((item: { name: string }) => item.name)).toEqual([
      "paged-fabric-0",
      "paged-fabric-1",
      "paged-fabric-2",
      "paged-fabric-3",
      "paged-fabric-4",
    ]);
    expect(third.body.nextCursor).toBeNull();
  });

  it.each([
    [{}, "name", "Name is required"],
    [{ name: " " }, "name", "Name is required"],
    [{ name: "E" }, "name", "Name must be at least 2 characters"],
  ])("refuses %j", async (body, path, message) => {
    const response = await call("POST", await mspPath(NORTHWIND, "core-fabric"), { ...(await asNw()), body });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
    expect(response.body.issues[0]).toEqual({ path, message });
  });

  it("answers in French", async () => {
    const response = await call("POST", await mspPath(NORTHWIND, "core-fabric"), { ...(await asNw()), body: { name: "E" }, language: "fr" });
    expect(response.body.error).toBe("Le nom doit comporter au moins 2 caractères");
    const fabric = await createFabric();
    const patch = await call("PATCH", `/config/core-fabric/${fabric.id}`, { ...(await asNw()), body: { name: "" }, language: "fr" });
    expect(patch.body.error).toBe("Le nom est obligatoire");
  });

  it("shows its core nodes and links; links between its core nodes belong to it", async () => {
    const { fabric, members } = await fabricWithNodes(2);
    const link = await createLink(fiberLink("core-ab", members[0], members[1]));
    expect(link.coreFabricId).toBe(fabric.id);
    const edge = await fiberNode();
    const uplink = await createLink(fiberLink("edge-uplink", edge, members[0]));
    expect(uplink.coreFabricId).toBeNull();
    const detail = (await call("GET", `/config/core-fabric/${fabric.id}`, await asNw())).body;
    expect(detail).toMatchObject({ nodeCount: 2, linkCount: 1, mesh: { complete: true, missingPairs: [] } });
    expect(detail.nodes.map((node: { id: string }) => node.id)).toEqual(members.map((member) => member.node.id));
    expect(detail.links).toEqual([link]);
    expect(detail.uplinks).toEqual([uplink]);
    expect(detail.uplinkPorts).toEqual({ [edge.port.id]: "xe-0/0/0" });
    const listed = await call("GET", `${await mspPath(NORTHWIND, "core-fabric")}?search=${encodeURIComponent(fabric.name)}`, await asNw());
    expect(listed.body.items[0]).toMatchObject({ nodeCount: 2, linkCount: 1 });
  });

  it("deletes a fabric with its links; its core nodes stay, outside any fabric", async () => {
    const { fabric, members } = await fabricWithNodes(2);
    const link = await createLink(fiberLink("doomed-core", members[0], members[1]));
    expect((await call("DELETE", `/config/core-fabric/${fabric.id}`, await asNw())).status).toBe(204);
    expect((await call("GET", `/config/link/${link.id}`, await asNw())).status).toBe(404);
    const node = await call("GET", `/config/node/${members[0].node.id}`, await asNw());
    expect(node.body.coreFabricId).toBeNull();
    expect((await eventsOf(link.id)).at(-1)).toMatchObject({ type: "link.deleted" });
    expect((await eventsOf(members[0].node.id)).at(-1)).toMatchObject({
      type: "node.updated",
      before: { coreFabricId: fabric.id },
      after: { coreFabricId: null },
      nodeId: members[0].node.id,
    });
  });

  it("is invisible to other MSPs and customers (404), visible to the operator, read-only for read-only users", async () => {
    const fabric = await createFabric("private-fabric");
    for (const email of [BW_ADMIN, CONTOSO_ADMIN]) {
      const cookie = await signIn(email);
      for (const [method, path, body] of [
        ["GET", `/config/core-fabric/${fabric.id}`],
        ["GET", `/config/core-fabric/${fabric.id}/mesh`],
        ["PATCH", `/config/core-fabric/${fabric.id}`, { name: "Stolen" }],
        ["PUT", `/config/core-fabric/${fabric.id}/links`, { links: [] }],
        ["DELETE", `/config/core-fabric/${fabric.id}`],
      ] as const) {
        const response = await call(method, path, { cookie, body });
        expect(response.status, `${method} ${path} as ${email}`).toBe(404);
        expect(response.body.error).toBe("Not found");
      }
      expect((await call("GET", await mspPath(NORTHWIND, "core-fabric"), { cookie })).status).toBe(404);
    }
    expect((await call("GET", `/config/core-fabric/${fabric.id}`, { cookie: await signIn(OPERATOR_READONLY) })).body.name).toBe("private-fabric");
    const readOnly = await signIn(NW_READONLY);
    expect((await call("GET", `/config/core-fabric/${fabric.id}`, { cookie: readOnly })).status).toBe(200);
    expect((await call("PATCH", `/config/core-fabric/${fabric.id}`, { cookie: readOnly, body: { name: "nope" } })).status).toBe(403);
    expect((await call("PUT", `/config/core-fabric/${fabric.id}/links`, { cookie: readOnly, body: { links: [] } })).status).toBe(403);
    expect((await call("DELETE", `/config/core-fabric/${fabric.id}`, { cookie: readOnly })).status).toBe(403);
    expect((await call("POST", await mspPath(NORTHWIND, "core-fabric"), { cookie: readOnly, body: { name: "nope" } })).status).toBe(403);
  });
});

describe("what the fabric pages show", () => {
  /** The link's state as one of its ends reported it, `ago` ms back. */
  async function reportLink(linkId: string, reporterNodeId: string, status: "up" | "down", lossPercent = 0, ago = 0) {
    const db = await getDb();
    const sampledAt = new Date(Date.now() - ago);
    await db
      .insert(telemetryLinkState)
      .values({ linkId, reporterNodeId, status, latencyMs: 12, lossPercent, rxBps: 1e9, txBps: 2e9, sampledAt, changedAt: sampledAt })
      .onConflictDoUpdate({ target: [telemetryLinkState.linkId, telemetryLinkState.reporterNodeId], set: { status, lossPercent, sampledAt, changedAt: sampledAt } });
  }

  it("offers each core node's interfaces and IPsec endpoints for the link editor (and records none of them)", async () => {
    const { fabric, members } = await fabricWithNodes(2);
    const endpoint = await createEndpoint(members[1].node.id, "198.51.100.77");
    const detail = (await call("GET", `/config/core-fabric/${fabric.id}`, await asNw())).body;
    expect(detail.nodes[0]).toMatchObject({ id: members[0].node.id, interfaces: [members[0].port], ipsecEndpoints: [] });
    expect(detail.nodes[1]).toMatchObject({ id: members[1].node.id, interfaces: [members[1].port], ipsecEndpoints: [endpoint] });
    const saved = await call("PUT", `/config/core-fabric/${fabric.id}/links`, { ...(await asNw()), body: { links: rows(members, [[0, 1]]) } });
    expect(saved.body.nodes[1].ipsecEndpoints).toEqual([endpoint]);
    expect((await call("DELETE", `/config/core-fabric/${fabric.id}`, await asNw())).status).toBe(204);
    const [deleted] = (await eventsOf(fabric.id)).filter((event) => event.type === "coreFabric.deleted");
    expect((deleted.before as { nodes: object[] }).nodes[0]).not.toHaveProperty("interfaces");
    const nodeEvent = (await eventsOf(members[1].node.id)).at(-1);
    expect(nodeEvent?.before).not.toHaveProperty("ipsecEndpoints");
  });

  it("lists the fabric's links with their health, and each fabric's worst health in the list", async () => {
    const { fabric, members } = await fabricWithNodes(3);
    const saved = (await call("PUT", `/config/core-fabric/${fabric.id}/links`, { ...(await asNw()), body: { links: rows(members, [[0, 1], [0, 2], [1, 2]]) } })).body;
    const edge = await fiberNode();
    const uplink = await createLink(fiberLink(unique("uplink"), edge, members[0]));
    const [ab, ac] = saved.links;
    const listPath = `${await mspPath(NORTHWIND, "core-fabric")}?search=${encodeURIComponent(fabric.name)}`;
    const healthPath = `/telemetry/core-fabric/${fabric.id}/link-health`;

    let health = (await call("GET", healthPath, await asNw())).body;
    expect(health.items.map((item: { linkId: string }) => item.linkId).sort()).toEqual(saved.links.map((link: { id: string }) => link.id).sort());
    expect(health.items.every((item: { health: string; status: null }) => item.health === "unknown" && item.status === null)).toBe(true);
    expect((await call("GET", listPath, await asNw())).body.items[0].health).toBe("unknown");

    await reportLink(ab.id, members[0].node.id, "up");
    await reportLink(ac.id, members[0].node.id, "up", 2);
    await reportLink(uplink.id, edge.node.id, "down");
    health = (await call("GET", healthPath, await asNw())).body;
    const byId = new Map(health.items.map((item: { linkId: string }) => [item.linkId, item]));
    expect(byId.get(ab.id)).toMatchObject({ status: "up", health: "healthy", latencyMs: 12, rxBps: 1e9, txBps: 2e9 });
    expect(byId.get(ac.id)).toMatchObject({ status: "up", health: "warning", lossPercent: 2 });
    expect(byId.has(uplink.id)).toBe(false);
    expect((await call("GET", listPath, await asNw())).body.items[0]).toMatchObject({ nodeCount: 3, linkCount: 3, health: "warning" });

    // Either end saying down makes it unhealthy; an end silent for too long says nothing.
    await reportLink(ab.id, members[1].node.id, "down");
    expect((await call("GET", listPath, await asNw())).body.items[0].health).toBe("unhealthy");
    await reportLink(ab.id, members[1].node.id, "down", 0, 24 * 3600_000);
    expect((await call("GET", listPath, await asNw())).body.items[0].health).toBe("warning");
  });

  it("keeps a fabric's link health from other tenants (404) and gives it to read-only users", async () => {
    const { fabric } = await fabricWithNodes(2);
    const path = `/telemetry/core-fabric/${fabric.id}/link-health`;
    for (const email of [BW_ADMIN, CONTOSO_ADMIN]) {
      const response = await call("GET", path, { cookie: await signIn(email) });
      expect(response.status, email).toBe(404);
      expect(response.body.error).toBe("Not found");
    }
    expect((await call("GET", `/telemetry/core-fabric/00000000-0000-4000-8000-000000000000/link-health`, await asNw())).status).toBe(404);
    expect((await call("GET", path, { cookie: await signIn(NW_READONLY) })).body).toEqual({ items: [], total: 0, nextCursor: null });
    expect((await call("GET", path, { cookie: await signIn(OPERATOR_READONLY) })).status).toBe(200);
  });
});

describe("full mesh (SPEC §5)", () => {
  it("refuses a link set that leaves a pair of core nodes without a link, listing the pair, and writes nothing", async () => {
    const { fabric, members } = await fabricWithNodes(4);
    const db = await getDb();
    const eventsBefore = (await db.select().from(events)).length;
    const missingCd = ALL_PAIRS.filter(([a, b]) => !(a === 2 && b === 3));
    const response = await call("PUT", `/config/core-fabric/${fabric.id}/links`, { ...(await asNw()), body: { links: rows(members, missingCd) } });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("Each pair of core nodes needs at least one link");
    expect(response.body.issues).toEqual([
      { path: "links", message: "Each pair of core nodes needs at least one link" },
      { path: "links", message: `${members[2].node.name} and ${members[3].node.name} have no link` },
    ]);
    expect(await db.select().from(links).where(eq(links.coreFabricId, fabric.id))).toEqual([]);
    expect((await db.select().from(events)).length).toBe(eventsBefore);

    const french = await call("PUT", `/config/core-fabric/${fabric.id}/links`, {
      ...(await asNw()),
      body: { links: rows(members, [[0, 1]]) },
      language: "fr",
    });
    expect(french.body.error).toBe("Chaque paire de nœuds de cœur doit avoir au moins un lien");
    expect(french.body.issues).toHaveLength(1 + 5);
    expect(french.body.issues[1].message).toBe(`${members[0].node.name} et ${members[2].node.name} n’ont aucun lien`);

    const mesh = await call("GET", `/config/core-fabric/${fabric.id}/mesh`, await asNw());
    expect(mesh.body.complete).toBe(false);
    expect(mesh.body.missingPairs).toHaveLength(6);
  });

  it("saves a complete set in one go, assigns VLANs, and reports the mesh complete", async () => {
    const { fabric, members } = await fabricWithNodes(4);
    // One direction or the other counts; a second link on a pair is allowed.
    const pairs: [number, number][] = [[1, 0], [0, 2], [3, 0], [1, 2], [1, 3], [2, 3], [2, 3]];
    const response = await call("PUT", `/config/core-fabric/${fabric.id}/links`, { ...(await asNw()), body: { links: rows(members, pairs) } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: fabric.id, nodeCount: 4, linkCount: 7, mesh: { complete: true, missingPairs: [] } });
    for (const member of members) {
      const used = response.body.links.flatMap((link: Record<string, unknown>) => [
        link.sourceNodeId === member.node.id ? link.sourceVlan : [],
        link.destinationNodeId === member.node.id ? link.destinationVlan : [],
      ]).flat();
      expect(new Set(used).size, member.node.name).toBe(used.length);
    }
    expect((await call("GET", `/config/core-fabric/${fabric.id}/mesh`, await asNw())).body).toEqual({ complete: true, missingPairs: [] });
    const created = await eventsOf(response.body.links[0].id);
    expect(created[0]).toMatchObject({ type: "link.created", after: response.body.links[0] });

    // Deleting a link outside the editor shows in the mesh status.
    const cd = response.body.links.filter((link: { name: string }) => link.name === `${members[0].node.name}~${members[2].node.name}`);
    expect((await call("DELETE", `/config/link/${cd[0].id}`, await asNw())).status).toBe(204);
    const broken = await call("GET", `/config/core-fabric/${fabric.id}/mesh`, await asNw());
    expect(broken.body).toEqual({
      complete: false,
      missingPairs: [{ a: { id: members[0].node.id, name: members[0].node.name }, b: { id: members[2].node.id, name: members[2].node.name } }],
    });
    expect((await call("GET", `/config/core-fabric/${fabric.id}`, await asNw())).body.mesh.complete).toBe(false);
  });

  it("keeps rows with an id (and their VLANs), creates new ones, deletes the rest", async () => {
    const { fabric, members } = await fabricWithNodes(3);
    const first = await call("PUT", `/config/core-fabric/${fabric.id}/links`, {
      ...(await asNw()),
      body: { links: rows(members, [[0, 1], [0, 2], [1, 2]]) },
    });
    expect(first.status).toBe(200);
    const [ab, ac, bc] = first.body.links;
    const second = await call("PUT", `/config/core-fabric/${fabric.id}/links`, {
      ...(await asNw()),
      body: {
        links: [
          { ...rows(members, [[0, 1]])[0], id: ab.id, cost: 99 },
          { ...rows(members, [[0, 2]])[0], id: ac.id },
          { ...rows(members, [[2, 1]])[0], name: "c-b replacement" },
        ],
      },
    });
    expect(second.status).toBe(200);
    const byName = new Map(second.body.links.map((link: { name: string }) => [link.name, link]));
    expect(byName.get(ab.name)).toMatchObject({ id: ab.id, cost: 99, sourceVlan: ab.sourceVlan, destinationVlan: ab.destinationVlan });
    expect(byName.get(ac.name)).toMatchObject({ id: ac.id, cost: 10 });
    expect(byName.get("c-b replacement")).toMatchObject({ sourceNodeId: members[2].node.id });
    expect((await call("GET", `/config/link/${bc.id}`, await asNw())).status).toBe(404);
    expect((await eventsOf(ab.id)).map((event) => event.type)).toEqual(["link.created", "link.updated"]);
    expect((await eventsOf(ac.id)).map((event) => event.type)).toEqual(["link.created"]);
    expect((await eventsOf(bc.id)).map((event) => event.type)).toEqual(["link.created", "link.deleted"]);
  });

  it("checks each row: nodes of the fabric, interfaces of their node, ids of its links, link rules", async () => {
    const { fabric, members } = await fabricWithNodes(2);
    const outsider = await fiberNode();
    const secondEdge = await fiberNode();
    const foreignEdge = await fiberNode(BLUEWAVE, BW_ADMIN);
    const other = await fabricWithNodes(2);
    const otherLink = await createLink(fiberLink("other-fabric-link", other.members[0], other.members[1]));
    const [row] = rows(members, [[0, 1]]);
    const cases: [string, Record<string, unknown>[], string, string][] = [
      [
        "another fabric's core node",
        [{ ...row, destinationNodeId: other.members[0].node.id, destinationInterfaceId: other.members[0].port.id }],
        "links.0.destinationNodeId",
        "Choose a core node of this fabric, or an edge node for an uplink",
      ],
      [
        "another MSP's edge node",
        [row, { ...row, sourceNodeId: foreignEdge.node.id, sourceInterfaceId: foreignEdge.port.id }],
        "links.1.sourceNodeId",
        "Choose a core node of this fabric, or an edge node for an uplink",
      ],
      [
        "two edge nodes",
        [row, fiberLink("edge-to-edge", outsider, secondEdge)],
        "links.1.destinationNodeId",
        "An edge node links to a core node of this fabric",
      ],
      ["another node's interface", [{ ...row, sourceInterfaceId: members[1].port.id }], "links.0.sourceInterfaceId", "This interface does not belong to the chosen node"],
      ["another fabric's link id", [{ ...row, id: otherLink.id }], "links.0.id", "This link is not one of this fabric's links"],
      ["no source node", [{ ...row, sourceNodeId: undefined }], "links.0.sourceNodeId", "Source node is required"],
      ["no destination node", [{ ...row, destinationNodeId: undefined }], "links.0.destinationNodeId", "A destination node is required"],
      ["no interface", [{ ...row, destinationInterfaceId: null }], "links.0.destinationInterfaceId", "Interface is required"],
      ["an internet row without endpoints", [{ ...row, type: "internet", sourceInterfaceId: undefined, destinationInterfaceId: undefined }], "links.0.sourceIpsecEndpointId", "IPsec endpoint is required"],
    ];
    for (const [label, body, path, message] of cases) {
      const response = await call("PUT", `/config/core-fabric/${fabric.id}/links`, { ...(await asNw()), body: { links: body } });
      expect(response.status, label).toBe(400);
      expect(response.body.error, label).toBe(message);
      expect(response.body.issues[0], label).toEqual({ path, message });
    }
    const noList = await call("PUT", `/config/core-fabric/${fabric.id}/links`, { ...(await asNw()), body: { links: "all" } });
    expect(noList.body.error).toBe("Links must be a list of at most 500 link rows");
    const saved = await call("PUT", `/config/core-fabric/${fabric.id}/links`, { ...(await asNw()), body: { links: [row] } });
    const twice = await call("PUT", `/config/core-fabric/${fabric.id}/links`, {
      ...(await asNw()),
      body: { links: [{ ...row, id: saved.body.links[0].id }, { ...row, id: saved.body.links[0].id }] },
    });
    expect(twice.body.issues[0]).toEqual({ path: "links.1.id", message: "This link appears twice" });
  });

  it("links an edge node into the fabric with its core links: the uplink is created, kept when left out, updated by its id", async () => {
    const { fabric, members } = await fabricWithNodes(2);
    const edge = await fiberNode();
    const endpoint = await createEndpoint(edge.node.id, "203.0.113.61");
    const coreEndpoint = await createEndpoint(members[1].node.id, "203.0.113.62");
    const core = rows(members, [[0, 1]]);
    const uplink = fiberLink("edge ⇄ core-a", edge, members[0], { bandwidth: 10_000 });
    const cookie = await signIn(NW_ADMIN);
    const save = (links: Record<string, unknown>[]) => call("PUT", `/config/core-fabric/${fabric.id}/links`, { cookie, body: { links } });

    // The full mesh still counts core pairs only: an uplink does not stand in for the missing core link.
    const missing = await save([uplink]);
    expect(missing.status).toBe(400);
    expect(missing.body.issues.map((issue: { message: string }) => issue.message)).toContain(`${members[0].node.name} and ${members[1].node.name} have no link`);

    const saved = await save([...core, uplink]);
    expect(saved.status).toBe(200);
    expect(saved.body.links).toHaveLength(1);
    expect(saved.body.uplinks).toEqual([
      expect.objectContaining({ name: "edge ⇄ core-a", sourceNodeId: edge.node.id, destinationNodeId: members[0].node.id, coreFabricId: null, sourceVlan: 100 }),
    ]);
    expect(saved.body.uplinkPorts).toEqual({ [edge.port.id]: "xe-0/0/0" });
    const uplinkId = saved.body.uplinks[0].id;
    expect((await eventsOf(uplinkId)).map((event) => event.type)).toEqual(["link.created"]);

    // Left out, it stays (it is the edge node's); with its id, it is updated — here to an internet uplink.
    const again = await save([{ ...core[0], id: saved.body.links[0].id }]);
    expect(again.body.uplinks.map((link: { id: string }) => link.id)).toEqual([uplinkId]);
    const changed = await save([
      { ...core[0], id: saved.body.links[0].id },
      {
        id: uplinkId,
        name: "edge ⇄ core-b",
        type: "internet",
        bandwidth: 500,
        sourceNodeId: edge.node.id,
        sourceIpsecEndpointId: endpoint.id,
        destinationNodeId: members[1].node.id,
        destinationIpsecEndpointId: coreEndpoint.id,
      },
    ]);
    expect(changed.status).toBe(200);
    expect(changed.body.uplinks).toEqual([expect.objectContaining({ id: uplinkId, type: "internet", destinationNodeId: members[1].node.id, sourceInterfaceId: null })]);
    expect(changed.body.uplinkPorts).toEqual({ [endpoint.id]: "203.0.113.61" });
    expect((await eventsOf(uplinkId)).map((event) => event.type)).toEqual(["link.created", "link.updated"]);

    // An uplink of another fabric is not this fabric's to update.
    const other = await fabricWithNodes(1);
    const foreignUplink = await createLink(fiberLink(unique("other-uplink"), await fiberNode(), other.members[0]));
    const refused = await save([...core, { ...uplink, id: foreignUplink.id }]);
    expect(refused.body.issues[0]).toEqual({ path: "links.1.id", message: "This link is not one of this fabric's links" });
    const french = await call("PUT", `/config/core-fabric/${fabric.id}/links`, {
      cookie,
      language: "fr",
      body: { links: [...core, fiberLink("edge-to-edge", edge, await fiberNode())] },
    });
    expect(french.body.issues[0]).toEqual({ path: "links.1.destinationNodeId", message: "Un nœud de périphérie se relie à un nœud de cœur de cette fabric" });
  });

  it("accepts an empty set for a fabric of one core node", async () => {
    const { fabric } = await fabricWithNodes(1);
    const response = await call("PUT", `/config/core-fabric/${fabric.id}/links`, { ...(await asNw()), body: { links: [] } });
    expect(response.status).toBe(200);
    expect(response.body.mesh).toEqual({ complete: true, missingPairs: [] });
  });

  it("refuses an explicit VLAN taken on a node by an edge uplink, naming it", async () => {
    const { fabric, members } = await fabricWithNodes(2);
    const edge = await fiberNode();
    await createLink(fiberLink("edge-to-core", edge, members[0], { destinationVlan: 555 }));
    const response = await call("PUT", `/config/core-fabric/${fabric.id}/links`, {
      ...(await asNw()),
      body: { links: [{ ...rows(members, [[0, 1]])[0], sourceVlan: 555 }] },
    });
    expect(response.status).toBe(409);
    expect(response.body.error).toBe(`VLAN 555 on ${members[0].node.name} is already used by link edge-to-core`);
    expect((await (await getDb()).select().from(nodes).where(eq(nodes.coreFabricId, fabric.id))).length).toBe(2);
  });
});

describe("external fabrics", () => {
  const SECRET = "equinix-very-secret-value-42";

  it("stores the client secret encrypted and never returns it", async () => {
    const response = await call("POST", await mspPath(NORTHWIND, "external-fabric"), {
      ...(await asNw()),
      body: { name: "Equinix EU", type: "equinix", clientId: "nw-client-1", clientSecret: SECRET },
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      organizationId: await organizationId(NORTHWIND),
      name: "Equinix EU",
      type: "equinix",
      clientId: "nw-client-1",
      clientSecretSet: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const id = response.body.id;
    const db = await getDb();
    const [row] = await db.select().from(externalFabrics).where(eq(externalFabrics.id, id));
    expect(row.clientSecretEncrypted).not.toContain(SECRET);
    expect(await decryptSecret(db, row.clientSecretEncrypted)).toBe(SECRET);

    const answers = [
      response,
      await call("GET", `/config/external-fabric/${id}`, await asNw()),
      await call("GET", await mspPath(NORTHWIND, "external-fabric"), await asNw()),
      await call("PATCH", `/config/external-fabric/${id}`, { ...(await asNw()), body: { name: "Equinix EU 2" } }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBeLessThan(300);
      expect(JSON.stringify(answer.body)).not.toContain(SECRET);
      expect(JSON.stringify(answer.body)).not.toContain(row.clientSecretEncrypted);
    }
    expect(answers[2].body.items.map((item: { id: string }) => item.id)).toContain(id);
    // Unchanged without a new secret; replaced with one.
    expect(await decryptSecret(db, (await db.select().from(externalFabrics).where(eq(externalFabrics.id, id)))[0].clientSecretEncrypted)).toBe(SECRET);
    const rotated = await call("PATCH", `/config/external-fabric/${id}`, { ...(await asNw()), body: { clientSecret: "rotated-secret-0001" } });
    expect(rotated.status).toBe(200);
    expect(JSON.stringify(rotated.body)).not.toContain("rotated-secret-0001");
    const [after] = await db.select().from(externalFabrics).where(eq(externalFabrics.id, id));
    expect(await decryptSecret(db, after.clientSecretEncrypted)).toBe("rotated-secret-0001");

    expect((await call("DELETE", `/config/external-fabric/${id}`, await asNw())).status).toBe(204);
    expect((await call("GET", `/config/external-fabric/${id}`, await asNw())).status).toBe(404);
    const recorded = await eventsOf(id);
    expect(recorded.map((event) => event.type)).toEqual(["externalFabric.created", "externalFabric.updated", "externalFabric.updated", "externalFabric.deleted"]);
    expect(recorded[1]).toMatchObject({ before: { name: "Equinix EU" }, after: { name: "Equinix EU 2" } });
    const text = JSON.stringify(recorded);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain("rotated-secret-0001");
  });

  const body = { name: "Equinix", type: "equinix", clientId: "client", clientSecret: "secret" };
  it.each([
    [{ ...body, clientId: undefined }, "clientId", "Client ID is required"],
    [{ ...body, clientId: "  " }, "clientId", "Client ID is required"],
    [{ ...body, clientSecret: undefined }, "clientSecret", "Client secret is required"],
    [{ ...body, clientSecret: "" }, "clientSecret", "Client secret is required"],
    [{ ...body, name: undefined }, "name", "Name is required"],
    [{ ...body, name: "E" }, "name", "Name must be at least 2 characters"],
    [{ ...body, type: "megaport" }, "type", "Type must be equinix"],
    [{ ...body, clientSecret: "tab\tinside" }, "clientSecret", "Credentials must be at most 500 printable ASCII characters"],
  ])("refuses %j", async (input, path, message) => {
    const response = await call("POST", await mspPath(NORTHWIND, "external-fabric"), { ...(await asNw()), body: input });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
    expect(response.body.issues[0]).toEqual({ path, message });
  });

  it("answers in French and defaults the type to equinix", async () => {
    const french = await call("POST", await mspPath(NORTHWIND, "external-fabric"), { ...(await asNw()), body: { ...body, clientSecret: undefined }, language: "fr" });
    expect(french.body.error).toBe("Le secret client est obligatoire");
    const frenchId = await call("POST", await mspPath(NORTHWIND, "external-fabric"), { ...(await asNw()), body: { ...body, clientId: "" }, language: "fr" });
    expect(frenchId.body.error).toBe("L’ID client est obligatoire");
    const { type: _type, ...untyped } = body;
    expect((await created(await mspPath(NORTHWIND, "external-fabric"), untyped)).type).toBe("equinix");
  });

  it("is invisible to other MSPs and customers, visible to the operator, and read-only for read-only users", async () => {
    const fabric = await created(await mspPath(NORTHWIND, "external-fabric"), { ...body, name: "Private Equinix" });
    for (const email of [BW_ADMIN, CONTOSO_ADMIN]) {
      const cookie = await signIn(email);
      for (const [method, payload] of [["GET"], ["PATCH", { name: "Stolen" }], ["DELETE"]] as const) {
        const response = await call(method, `/config/external-fabric/${fabric.id}`, { cookie, body: payload });
        expect(response.status, `${method} as ${email}`).toBe(404);
      }
      expect((await call("GET", await mspPath(NORTHWIND, "external-fabric"), { cookie })).status).toBe(404);
      expect((await call("POST", await mspPath(NORTHWIND, "external-fabric"), { cookie, body })).status).toBe(404);
    }
    const own = await call("GET", `${await mspPath(BLUEWAVE, "external-fabric")}?limit=500`, { cookie: await signIn(BW_ADMIN) });
    expect(own.body.items.map((item: { id: string }) => item.id)).not.toContain(fabric.id);
    expect((await call("GET", `/config/external-fabric/${fabric.id}`, { cookie: await signIn(OPERATOR_READONLY) })).body.clientSecretSet).toBe(true);
    expect((await created(await mspPath(NORTHWIND, "external-fabric"), { ...body, name: "By operator" }, OPERATOR)).name).toBe("By operator");
    const readOnly = await signIn(NW_READONLY);
    expect((await call("POST", await mspPath(NORTHWIND, "external-fabric"), { cookie: readOnly, body })).status).toBe(403);
    expect((await call("PATCH", `/config/external-fabric/${fabric.id}`, { cookie: readOnly, body: { name: "nope" } })).status).toBe(403);
    expect((await call("DELETE", `/config/external-fabric/${fabric.id}`, { cookie: readOnly })).status).toBe(403);
  });
});
