import { and, eq, like, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { alarms, events, nodes, paths, sites } from "@/server/db/schema";
import { runSilentDeviceSweep } from "@/server/telemetry/maintenance";
import { unmeasuredSlaConditions } from "@/server/telemetry/sla-alarms";
import { call, organizationId, signIn } from "./helpers";
import { CONTOSO_ADMIN, INITECH_ADMIN, insertNode, NW_ADMIN, OPERATOR } from "./operations-fixtures";

// Issue 42: events and alarms in people's words — events keep the name of what they are about (a deleted object's
// too), are filtered by a node, site or path by name and by a type by its label, and alarms belong to the
// organization that owns their object and clear, saying why, once their path can no longer be measured.
process.env.TEST_SEED_NETWORK = "1";

type EventBody = { id: string; type: string; entityType: string; entityId: string; entityName: string | null; entityPlace: unknown; nodeId: string | null; node: { id: string; name: string } | null };

async function list(email: string, query: string): Promise<EventBody[]> {
  const response = await call("GET", `/event?${query}&limit=200`, { cookie: await signIn(email) });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.items;
}

const LOCATION = { address: "Nice, France", latitude: 43.7, longitude: 7.27 };
let contoso: string;
let northwind: string;
let node: { id: string; name: string };

beforeAll(async () => {
  contoso = await organizationId("Contoso");
  northwind = await organizationId("Northwind Networks");
  node = await insertNode("Northwind Networks", "nw-edge-events-01");
  const db = await getDb();
  await db.insert(events).values([
    { organizationId: northwind, source: "test", type: "interface.created", entityType: "interface", entityId: "if-events-1", nodeId: node.id, after: { portId: "ge-0/0/9" } },
    { organizationId: northwind, source: "test", type: "device.assigned", entityType: "device", entityId: "dev-events-1", nodeId: node.id },
  ]);
});

describe("GET /event — the node filter takes a name or an id", () => {
  it("finds a node's events by its name, case aside, as by its id; an unknown name finds none", async () => {
    const byId = await list(NW_ADMIN, `nodeId=${node.id}`);
    expect(byId.map((event) => event.entityId).sort()).toEqual(["dev-events-1", "if-events-1"]);
    expect((await list(NW_ADMIN, "nodeId=nw-edge-events-01")).map((event) => event.id)).toEqual(byId.map((event) => event.id));
    expect((await list(NW_ADMIN, "nodeId=NW-EDGE-EVENTS-01")).map((event) => event.id)).toEqual(byId.map((event) => event.id));
    expect(await list(NW_ADMIN, "nodeId=nw-edge-nowhere")).toEqual([]);
    // Each event names the node it happened on.
    expect(byId.every((event) => event.node?.name === "nw-edge-events-01")).toBe(true);
  });

  it("never resolves another tenant's node name: a customer sees neither its events nor its name", async () => {
    expect(await list(CONTOSO_ADMIN, "nodeId=nw-edge-events-01")).toEqual([]);
    expect((await list(OPERATOR, "nodeId=nw-edge-events-01")).length).toBe(2);
  });
});

describe("GET /event — the type filter takes a code, part of one, or a label in either language", () => {
  beforeAll(async () => {
    const db = await getDb();
    await db.insert(events).values([
      { organizationId: contoso, source: "test", type: "path.updated", entityType: "path", entityId: "p-type-1", entityName: "Type filter path" },
      { organizationId: contoso, source: "test", type: "path.deleted", entityType: "path", entityId: "p-type-2", entityName: "Type filter path" },
      { organizationId: contoso, source: "test", type: "site.deleted", entityType: "site", entityId: "s-type-1", entityName: "Type filter site" },
    ]);
  });

  it.each([
    ["path.updated", ["path.updated"]],
    ["path", ["path.deleted", "path.updated"]],
    ["Path updated", ["path.updated"]],
    ["chemin modifié", ["path.updated"]],
    ["Site supprimé", ["site.deleted"]],
  ])("%j", async (text, types) => {
    const found = await list(CONTOSO_ADMIN, `type=${encodeURIComponent(text)}&pathId=&siteId=`);
    const ours = found.filter((event) => event.entityId.includes("-type-"));
    expect([...new Set(ours.map((event) => event.type))].sort()).toEqual(types);
  });
});

describe("an event keeps the name of what it is about", () => {
  it("a deleted site's events keep its name, and the site filter and suggestions still find it by name", async () => {
    const cookie = await signIn(CONTOSO_ADMIN);
    const created = await call("POST", `/config/organization/${contoso}/site`, { cookie, body: { name: "Events Nice office", type: "standard", location: LOCATION } });
    expect(created.status).toBe(201);
    const siteId: string = created.body.id;
    const live = await list(CONTOSO_ADMIN, `siteId=${encodeURIComponent("Events Nice office")}`);
    expect(live.map((event) => event.type)).toEqual(["site.created"]);
    expect(live[0]).toMatchObject({ entityId: siteId, entityName: "Events Nice office", entityPlace: { siteId: null, nodeKind: null, fabricId: null } });
    expect((await call("DELETE", `/config/site/${siteId}`, { cookie })).status).toBe(204);
    const db = await getDb();
    expect(await db.select().from(sites).where(eq(sites.id, siteId))).toEqual([]);

    const after = await list(CONTOSO_ADMIN, `siteId=${encodeURIComponent("events nice office")}`);
    expect(after.map((event) => event.type)).toEqual(["site.deleted", "site.created"]);
    for (const event of after) expect(event).toMatchObject({ entityId: siteId, entityName: "Events Nice office", entityPlace: null });
    // The id of a deleted site still finds them too.
    expect((await list(CONTOSO_ADMIN, `siteId=${siteId}`)).map((event) => event.id)).toEqual(after.map((event) => event.id));

    const suggestions = await call("GET", "/event/subjects?kind=site&search=nice%20off", { cookie });
    expect(suggestions.status).toBe(200);
    expect(suggestions.body.items).toContainEqual({ id: siteId, name: "Events Nice office", gone: true });
    // Another customer is never offered it, nor finds its events by its name.
    const initech = await call("GET", "/event/subjects?kind=site&search=nice%20off", { cookie: await signIn(INITECH_ADMIN) });
    expect(initech.body.items).toEqual([]);
    expect(await list(INITECH_ADMIN, `siteId=${encodeURIComponent("Events Nice office")}`)).toEqual([]);
  });

  it("events written before names were stored are named after the object as it is now", async () => {
    const db = await getDb();
    const [path] = await db.select({ id: paths.id, name: paths.name, siteId: paths.sourceSiteId }).from(paths).where(eq(paths.organizationId, contoso)).limit(1);
    await db.insert(events).values({ organizationId: contoso, source: "test", type: "path.updated", entityType: "path", entityId: path.id, before: { bandwidthMbps: 1 }, after: { bandwidthMbps: 2 } });
    const [event] = (await list(CONTOSO_ADMIN, `pathId=${path.id}&type=path.updated`)).filter((item) => item.entityName === path.name);
    expect(event).toMatchObject({ entityId: path.id, entityName: path.name, entityPlace: { siteId: path.siteId } });
  });
});

describe("GET /event/subjects", () => {
  it("suggests the visible nodes, sites and paths whose name contains the text", async () => {
    const nw = await call("GET", "/event/subjects?kind=node&search=EDGE-EVENTS", { cookie: await signIn(NW_ADMIN) });
    expect(nw.status).toBe(200);
    expect(nw.body.items).toEqual([{ id: node.id, name: "nw-edge-events-01", gone: false }]);
    const customer = await call("GET", "/event/subjects?kind=node&search=edge-events", { cookie: await signIn(CONTOSO_ADMIN) });
    expect(customer.body.items).toEqual([]);
    const paths = await call("GET", "/event/subjects?kind=path&search=%E2%87%84", { cookie: await signIn(CONTOSO_ADMIN) });
    expect(paths.body.items.map((item: { name: string }) => item.name)).toContain("Lyon ⇄ Paris");
    expect(paths.body.items.map((item: { name: string }) => item.name)).not.toContain("Madrid ⇄ Milan");
  });

  it("refuses another kind with a 400, and a wildcard is only text", async () => {
    const cookie = await signIn(CONTOSO_ADMIN);
    expect((await call("GET", "/event/subjects?kind=alarm", { cookie })).status).toBe(400);
    expect((await call("GET", "/event/subjects?kind=site&search=%25", { cookie })).body.items).toEqual([]);
    expect((await call("GET", "/event/subjects?kind=site")).status).toBe(401);
  });
});

describe("alarms belong to the organization that owns their object", () => {
  it("the demo network's port alarms are their node's MSP's, its SLA alarms their path's customer's", async () => {
    const db = await getDb();
    const portAlarms = await db.select({ organizationId: alarms.organizationId, nodeOrganizationId: nodes.organizationId }).from(alarms).innerJoin(nodes, eq(alarms.subject, sql`'port:' || ${nodes.id} || ':' || split_part(${alarms.subject}, ':', 3)`));
    const allPortAlarms = await db.select({ id: alarms.id }).from(alarms).where(like(alarms.subject, "port:%"));
    expect(portAlarms.length).toBe(allPortAlarms.length);
    expect(portAlarms.length).toBeGreaterThan(0);
    for (const alarm of portAlarms) expect(alarm.organizationId).toBe(alarm.nodeOrganizationId);
    const slaAlarms = await db.select({ organizationId: alarms.organizationId, pathOrganizationId: paths.organizationId }).from(alarms).innerJoin(paths, eq(alarms.subject, sql`'path:' || ${paths.id}`));
    const allSlaAlarms = await db.select({ id: alarms.id }).from(alarms).where(and(eq(alarms.type, "sla-bad"), like(alarms.subject, "path:%")));
    expect(slaAlarms.length).toBe(allSlaAlarms.length);
    for (const alarm of slaAlarms) expect(alarm.organizationId).toBe(alarm.pathOrganizationId);
  });
});

describe("an SLA alarm on a path that can no longer be measured", () => {
  it("clears on the sweep with a note saying why (its site is inactive), in the reader's language", async () => {
    const db = await getDb();
    const [lyon] = await db.select({ id: paths.id }).from(paths).where(eq(paths.name, "Lyon ⇄ Paris"));
    const open = await db.select().from(alarms).where(and(eq(alarms.subject, `path:${lyon.id}`), eq(alarms.type, "sla-bad")));
    expect(open.length).toBe(1);
    expect(open[0].clearedAt).toBeNull();
    await runSilentDeviceSweep(db);
    const [cleared] = await db.select().from(alarms).where(eq(alarms.id, open[0].id));
    expect(cleared.clearedAt).not.toBeNull();
    const cookie = await signIn(CONTOSO_ADMIN);
    const english = await call("GET", "/alarm?acknowledged=all&state=cleared&limit=200", { cookie });
    expect(english.body.items.find((alarm: { id: string }) => alarm.id === cleared.id)).toMatchObject({
      clearedReason: "Path Lyon ⇄ Paris no longer measured: site Lyon Branch is inactive",
    });
    const french = await call("GET", "/alarm?acknowledged=all&state=cleared&limit=200", { cookie, language: "fr" });
    expect(french.body.items.find((alarm: { id: string }) => alarm.id === cleared.id)).toMatchObject({
      clearedReason: "Chemin Lyon ⇄ Paris plus mesuré : le site Lyon Branch est inactif",
    });
    // Its cleared event is in the events, by the alarm's message.
    const clearedEvents = await list(CONTOSO_ADMIN, "type=alarm.cleared");
    expect(clearedEvents.some((event) => event.entityId === cleared.id && event.entityName !== null)).toBe(true);
  });

  it("stays open while its path is measured", async () => {
    const db = await getDb();
    const [frankfurt] = await db.select({ id: paths.id }).from(paths).where(eq(paths.name, "Paris ⇄ Frankfurt"));
    await db.insert(alarms).values({ organizationId: contoso, message: "m", severity: "major", type: "sla-bad", source: "Paris ⇄ Frankfurt", subject: `path:${frankfurt.id}` });
    await db.update(paths).set({ slaHealth: "bad" }).where(eq(paths.id, frankfurt.id));
    const conditions = await unmeasuredSlaConditions(db);
    expect(conditions.some((condition) => condition.subject === `path:${frankfurt.id}`)).toBe(false);
    // Once its path is gone, it clears as such.
    await db.update(alarms).set({ subject: "path:no-such-path" }).where(eq(alarms.subject, `path:${frankfurt.id}`));
    expect((await unmeasuredSlaConditions(db)).find((condition) => condition.subject === "path:no-such-path")).toMatchObject({ active: false, clearedReason: expect.stringContaining("pathGone") });
  });
});
