import { gunzipSync } from "node:zlib";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getApiApp } from "@/server/api/app";
import { getDb, queryRows } from "@/server/db/client";
import { TRIGGERED_WRITES } from "@/server/db/statement-tables";
import { keptReads } from "@/server/db/read-cache";
import { listChats } from "@/server/chat/service";
import { listOrganizationPaths } from "@/server/paths/service";
import { parseCookieHeader, readSessionToken, resolveSession } from "@/server/auth/sessions";
import { alarms, chatMessages, connectors, organizations, paths, sites, telemetryConnectorState } from "@/server/db/schema";
import { CURRENT_LIST_MAX } from "@/lib/telemetry/schema";
import { siteConnectorHealth } from "@/server/telemetry/queries/health";
import { siteBreakdown } from "@/server/telemetry/queries/breakdown";
import { listConnectors } from "@/server/sites/connectors";
import { call, organizationId, signIn } from "./helpers";

// The paths list is kept between identical reads on the embedded database (server/db/read-cache.ts): whatever
// changes what it shows — the path, a site or connector name it shows, a deletion that cascades, the organizations
// that bound what the caller sees — shows at the next read, written through the API or straight to the database.
// On PostgreSQL nothing is kept, and the same answers hold.

type Page = { items: { id: string; name: string; sourceSiteName: string; destinationConnectorName: string }[] };

let contoso: string;
let cookie: string;
const list = async (path = `/config/organization/${contoso}/path?search=Cache`) => {
  const response = await call("GET", path, { cookie });
  expect(response.status).toBe(200);
  return response.body as Page;
};

async function insertEnd(name: string) {
  const db = await getDb();
  const [site] = await db.insert(sites).values({ organizationId: contoso, name, locationAddress: `${name} street`, latitude: 48.85, longitude: 2.35 }).returning();
  const [connector] = await db.insert(connectors).values({ organizationId: contoso, siteId: site.id, kind: "virtual", name: `${name} A`, bandwidthMbps: 1000 }).returning();
  return { site, connector };
}

type End = Awaited<ReturnType<typeof insertEnd>>;
async function createPath(name: string, source: End, destination: End, vlanId: number) {
  const created = await call("POST", `/config/organization/${contoso}/path`, {
    cookie,
    body: { name, layer: "layer2", sourceSiteId: source.site.id, sourceConnectorId: source.connector.id, destinationSiteId: destination.site.id, destinationConnectorId: destination.connector.id, bandwidth: 1, vlanType: "specific", vlanId },
  });
  expect(created.status).toBe(201);
  return created.body as { id: string };
}

beforeAll(async () => {
  contoso = await organizationId("Contoso");
  cookie = await signIn("admin@contoso.example");
});

// A dashboard's health lists and the visibility check every telemetry request starts with are kept the same way: a new
// report of a connector, a path's new SLA, a site gone — each shows at the next read, and another tenant still gets
// 404 for what one tenant's reads keep.
describe("the dashboard's health lists kept between reads", () => {
  type Health = { items: { connectorId?: string; siteId?: string; id?: string; status?: string | null; health?: string; slaHealth?: string }[] };
  const read = async (path: string, as = cookie) => {
    const response = await call("GET", path, { cookie: as });
    return { status: response.status, body: response.body as Health };
  };

  it("shows a connector's new report, a path's new SLA and a deleted site at the next read", async () => {
    const a = await insertEnd("Health west");
    const b = await insertEnd("Health east");
    const created = await createPath("Health path", a, b, 12);
    const connectorHealth = `/telemetry/site/${a.site.id}/connector-health?limit=50`;
    const siteHealth = `/telemetry/organization/${contoso}/site-health?limit=${CURRENT_LIST_MAX}`;
    const pathHealth = `/telemetry/organization/${contoso}/path-health?limit=${CURRENT_LIST_MAX}`;
    const sitePathHealth = `/telemetry/site/${a.site.id}/path-health?limit=50`;
    const connectorOf = async () => (await read(connectorHealth)).body.items.find((item) => item.connectorId === a.connector.id);
    const siteOf = async () => (await read(siteHealth)).body.items.find((item) => item.siteId === a.site.id);
    const pathOf = async (list = pathHealth) => (await read(list)).body.items.find((item) => item.id === created.id);

    expect(await connectorOf()).toMatchObject({ status: null, health: "unknown" });
    expect(await siteOf()).toMatchObject({ health: "unknown" });
    expect(await pathOf()).toMatchObject({ slaHealth: "unknown" });
    expect(await pathOf(sitePathHealth)).toMatchObject({ slaHealth: "unknown" });
    const cache = keptReads(await getDb());
    const hits = cache?.hits ?? 0;
    expect(await connectorOf()).toMatchObject({ status: null });
    if (cache) expect(cache.hits).toBeGreaterThan(hits);

    const db = await getDb();
    const now = new Date();
    await db.insert(telemetryConnectorState).values({ connectorId: a.connector.id, organizationId: contoso, siteId: a.site.id, status: "down", rxBps: 0, txBps: 0, sampledAt: now, changedAt: now });
    expect(await connectorOf()).toMatchObject({ status: "down", health: "unhealthy" });
    expect(await siteOf()).toMatchObject({ health: "unhealthy" });
    await db.update(paths).set({ slaHealth: "bad" }).where(eq(paths.id, created.id));
    expect(await pathOf()).toMatchObject({ slaHealth: "bad" });
    expect(await pathOf(sitePathHealth)).toMatchObject({ slaHealth: "bad" });

    // Another tenant gets 404 for the site and the organization, kept or not.
    const fabrikam = await signIn("admin@fabrikam.example");
    expect((await read(connectorHealth, fabrikam)).status).toBe(404);
    expect((await read(sitePathHealth, fabrikam)).status).toBe(404);
    expect((await read(pathHealth, fabrikam)).status).toBe(404);

    await db.delete(sites).where(eq(sites.id, a.site.id));
    expect((await read(connectorHealth)).status).toBe(404);
    expect((await read(sitePathHealth)).status).toBe(404);
    expect(await siteOf()).toBeUndefined();
    expect(await pathOf()).toBeUndefined();
  });
  it("stays kept across an edit of a site's description, and shows the site's new name", async () => {
    const a = await insertEnd("Kept health west");
    const db = await getDb();
    const context = { db, principal: (await resolveSession(db, readSessionToken(parseCookieHeader(cookie))))! };
    const kept = await siteConnectorHealth(context, a.site.id);
    expect(kept.items).toMatchObject([{ connectorId: a.connector.id, siteName: "Kept health west" }]);
    // The list shows the site's name, not its description: the same answer object after the edit on the embedded
    // database — the read (with its report times, a product in its text) was kept, not run again.
    expect((await call("PATCH", `/config/site/${a.site.id}`, { cookie, body: { description: "Rack 7" } })).status).toBe(200);
    if (keptReads(db)) expect(await siteConnectorHealth(context, a.site.id)).toBe(kept);
    expect((await call("PATCH", `/config/site/${a.site.id}`, { cookie, body: { name: "Kept health west 2" } })).status).toBe(200);
    expect((await siteConnectorHealth(context, a.site.id)).items).toMatchObject([{ siteName: "Kept health west 2" }]);
  });
  it("keeps a site's connectors and its breakdown's list across an edit of the site's description, and shows a new or renamed connector", async () => {
    const a = await insertEnd("Kept list west");
    const db = await getDb();
    const context = { db, principal: (await resolveSession(db, readSessionToken(parseCookieHeader(cookie))))!, requestId: "kept-list" };
    const names = async () => (await siteBreakdown(context, a.site.id, { by: "connector" })).items.map((item) => item.name);
    const kept = await listConnectors(context, a.site.id, { limit: 50 });
    expect(await names()).toEqual(["Kept list west A"]);
    expect((await call("PATCH", `/config/site/${a.site.id}`, { cookie, body: { description: "Rack 9" } })).status).toBe(200);
    if (keptReads(db)) expect(await listConnectors(context, a.site.id, { limit: 50 })).toBe(kept);
    const added = await call("POST", `/config/site/${a.site.id}/connector`, { cookie, body: { kind: "virtual", name: "Kept list west B", bandwidth: 1_000 } });
    expect(added.status).toBe(201);
    expect((await listConnectors(context, a.site.id, { limit: 50 })).items.map((item) => item.name)).toEqual(["Kept list west A", "Kept list west B"]);
    expect(await names()).toEqual(["Kept list west A", "Kept list west B"]);
    expect((await call("PATCH", `/config/connector/${(added.body as { id: string }).id}`, { cookie, body: { name: "Kept list west C" } })).status).toBe(200);
    expect(await names()).toEqual(["Kept list west A", "Kept list west C"]);
    // Another tenant gets 404 for the site, kept or not.
    const fabrikam = await signIn("admin@fabrikam.example");
    expect((await call("GET", `/config/site/${a.site.id}/connector`, { cookie: fabrikam })).status).toBe(404);
    expect((await call("GET", `/telemetry/site/${a.site.id}/breakdown`, { cookie: fabrikam })).status).toBe(404);
  });
});

// The alarms and events lists too: a new event shows at the next read, an acknowledgement leaves the active view.
describe("the alarms and events lists kept between reads", () => {
  it("shows a change's event and an acknowledgement at the next read", async () => {
    type Listed = { items: { id: string; entityId?: string | null; type?: string; acknowledged?: boolean }[] };
    const events = async () => (await call("GET", `/event?organizationId=${contoso}&limit=5`, { cookie })).body as Listed;
    const first = await events();
    const cache = keptReads(await getDb());
    const hits = cache?.hits ?? 0;
    expect(await events()).toEqual(first);
    if (cache) expect(cache.hits).toBeGreaterThan(hits);
    const { site } = await insertEnd("Events kept");
    expect((await call("PATCH", `/config/site/${site.id}`, { cookie, body: { description: "Seen at the next read" } })).status).toBe(200);
    expect((await events()).items[0]).toMatchObject({ entityId: site.id, type: "site.updated" });

    // Gzipped once for a client that takes it: the same bytes each time, reading as the same JSON.
    const operator = await signIn("admin@maia.example");
    const gzipped = async () => {
      const request = new Request("http://localhost/api/v1/event?limit=50", { headers: { host: "localhost", cookie: operator, "accept-encoding": "gzip" } });
      const response = await getApiApp().fetch(request);
      return { vary: response.headers.get("vary"), encoding: response.headers.get("content-encoding"), bytes: Buffer.from(await response.arrayBuffer()) };
    };
    const zipped = await gzipped();
    const plain = (await call("GET", "/event?limit=50", { cookie: operator })).body;
    // On PostgreSQL nothing is kept: the route handler's own compression (outside this in-process call) gzips it.
    if (cache) {
      expect(zipped.vary).toBe("Accept-Encoding");
      expect(zipped.encoding).toBe("gzip");
      expect(JSON.parse(gunzipSync(zipped.bytes).toString())).toEqual(plain);
      expect((await gzipped()).bytes.equals(zipped.bytes)).toBe(true);
    }

    const active = async () => ((await call("GET", `/alarm?limit=200`, { cookie })).body as Listed).items.map((alarm) => alarm.id);
    const before = await active();
    const [raised] = await (await getDb())
      .insert(alarms)
      .values({ organizationId: contoso, message: "Kept alarm", severity: "major", type: "port-down", source: "Events kept", subject: `port:kept:${site.id}` })
      .returning();
    expect(await active()).toEqual([raised.id, ...before]);
    expect((await call("POST", "/alarm/acknowledge", { cookie, body: { alarmIds: [raised.id], note: null } })).status).toBe(200);
    expect(await active()).toEqual(before);
  });
});

// Every page's assistant panel lists the caller's chats: kept until a chat or a message changes, and one author's.
describe("the chats list kept between reads", () => {
  type Chats = { items: { id: string; title: string; messageCount: number }[]; total: number };
  const chatList = async (as: string) => {
    const response = await call("GET", `/chat?organizationId=${contoso}&limit=50`, { cookie: as });
    expect(response.status).toBe(200);
    return response.body as Chats;
  };

  it("shows a new chat, a rename and a new message at the next read, and never to another user", async () => {
    const other = await signIn("readonly@contoso.example");
    const before = await chatList(cookie);
    const created = await call("POST", "/chat", { cookie, body: { organizationId: contoso, title: "Kept chat" } });
    expect(created.status).toBe(201);
    const chatId = (created.body as { id: string }).id;
    const after = await chatList(cookie);
    expect(after.total).toBe(before.total + 1);
    expect(after.items.find((chat) => chat.id === chatId)).toMatchObject({ title: "Kept chat", messageCount: 0 });
    // The same answer object each time on the embedded database: the read was kept, not run again.
    const db = await getDb();
    const principal = await resolveSession(db, readSessionToken(parseCookieHeader(cookie)));
    const context = { db, principal: principal!, requestId: "kept-chats" };
    const page = { limit: 50 };
    const kept = await listChats(context, contoso, page);
    if (keptReads(db)) expect(await listChats(context, contoso, page)).toBe(kept);
    else expect(await listChats(context, contoso, page)).toEqual(kept);
    expect((await chatList(other)).items.map((chat) => chat.id)).not.toContain(chatId);

    expect((await call("PATCH", `/chat/${chatId}`, { cookie, body: { title: "Kept chat renamed" } })).status).toBe(200);
    expect((await chatList(cookie)).items.find((chat) => chat.id === chatId)?.title).toBe("Kept chat renamed");

    await db.insert(chatMessages).values({ chatId, id: "kept-1", role: "user", parts: [{ type: "text", text: "Hello" }] });
    expect((await chatList(cookie)).items.find((chat) => chat.id === chatId)?.messageCount).toBe(1);
    expect((await chatList(other)).items.map((chat) => chat.id)).not.toContain(chatId);
  });
});

describe("the paths list kept between reads", () => {
  it("serves an unchanged list again, and shows every change that touches it at the next read", async () => {
    const a = await insertEnd("Cache west");
    const b = await insertEnd("Cache east");
    const created = await createPath("Cache path", a, b, 10);
    const first = await list();
    expect(first.items.map((path) => path.name)).toEqual(["Cache path"]);

    const cache = keptReads(await getDb());
    const hits = cache?.hits ?? 0;
    // The kept answer goes out as the same JSON, with the same headers.
    const again = await call("GET", `/config/organization/${contoso}/path?search=Cache`, { cookie });
    expect(again.body).toEqual(first);
    expect(again.headers.get("content-type")).toBe("application/json");
    expect(again.headers.get("cache-control")).toBe("no-store");
    if (cache) expect(cache.hits).toBeGreaterThan(hits);

    // Through the API: a rename of the path.
    expect((await call("PATCH", `/config/path/${created.id}`, { cookie, body: { name: "Cache path renamed" } })).status).toBe(200);
    expect((await list()).items.map((path) => path.name)).toEqual(["Cache path renamed"]);
    // Straight to the database: names the list shows from other tables.
    const db = await getDb();
    await db.update(sites).set({ name: "Cache west renamed" }).where(eq(sites.id, a.site.id));
    expect((await list()).items[0].sourceSiteName).toBe("Cache west renamed");
    await db.update(connectors).set({ name: "Cache east B" }).where(eq(connectors.id, b.connector.id));
    expect((await list()).items[0].destinationConnectorName).toBe("Cache east B");
    // A transaction's write shows once it has committed.
    await db.transaction(async (tx) => {
      await tx.update(connectors).set({ name: "Cache east C" }).where(eq(connectors.id, b.connector.id));
    });
    expect((await list()).items[0].destinationConnectorName).toBe("Cache east C");
    // Deleting a site removes its paths by cascade.
    await db.delete(sites).where(eq(sites.id, a.site.id));
    expect((await list()).items).toEqual([]);
  });

  it("stays kept across an edit of what it does not show, and shows a rename of what it shows", async () => {
    const a = await insertEnd("Kept edit west");
    const b = await insertEnd("Kept edit east");
    await createPath("Kept edit path", a, b, 12);
    const path = `/config/organization/${contoso}/path?search=Kept edit`;
    const db = await getDb();
    const principal = (await resolveSession(db, readSessionToken(parseCookieHeader(cookie))))!;
    const filter = { limit: 50, search: "Kept edit" };
    const kept = await listOrganizationPaths(db, principal, contoso, filter);
    // A site's description and a connector's are not in the list: the same answer object after both edits on the
    // embedded database — the read was kept, not run again.
    expect((await call("PATCH", `/config/site/${a.site.id}`, { cookie, body: { description: "Rack 4" } })).status).toBe(200);
    expect((await call("PATCH", `/config/connector/${b.connector.id}`, { cookie, body: { description: "Cross-connect 12" } })).status).toBe(200);
    if (keptReads(db)) expect(await listOrganizationPaths(db, principal, contoso, filter)).toBe(kept);
    expect((await list(path)).items[0]).toMatchObject({ name: "Kept edit path", sourceSiteName: "Kept edit west" });
    // A rename through the API shows at the next read.
    expect((await call("PATCH", `/config/site/${a.site.id}`, { cookie, body: { name: "Kept edit west 2" } })).status).toBe(200);
    expect((await list(path)).items[0].sourceSiteName).toBe("Kept edit west 2");
    expect((await call("PATCH", `/config/connector/${b.connector.id}`, { cookie, body: { name: "Kept edit east 2" } })).status).toBe(200);
    expect((await list(path)).items[0].destinationConnectorName).toBe("Kept edit east 2");
  });

  it("keeps each caller's visibility apart, and follows a change to the organizations", async () => {
    const other = await call("GET", `/config/path?search=Cache`, { cookie: await signIn("admin@fabrikam.example") });
    expect(other.status).toBe(200);
    const ours = await insertEnd("Cache north");
    const theirs = await insertEnd("Cache south");
    await createPath("Cache visible", ours, theirs, 11);
    expect((await list("/config/path?search=Cache")).items.map((path) => path.name)).toEqual(["Cache visible"]);
    const fabrikam = await signIn("admin@fabrikam.example");
    expect((await call("GET", `/config/path?search=Cache`, { cookie: fabrikam })).body.items).toEqual([]);
    // The operator sees every organization's paths; one fewer once an organization is gone.
    const operator = await signIn("admin@maia.example");
    const before = (await call("GET", `/config/path?search=Cache visible`, { cookie: operator })).body as Page;
    expect(before.items.map((path) => path.name)).toEqual(["Cache visible"]);
    const db = await getDb();
    await db.delete(organizations).where(eq(organizations.id, contoso));
    expect((await call("GET", `/config/path?search=Cache visible`, { cookie: operator })).body.items).toEqual([]);
  });
});

describe("the database's own writes", () => {
  it("are declared: every table with a trigger is in TRIGGERED_WRITES, so the cache hears what its triggers change", async () => {
    const rows = await queryRows<{ table: string }>(
      await getDb(),
      sql`select distinct event_object_table as "table" from information_schema.triggers where trigger_schema = 'public' order by 1`,
    );
    expect(rows.map((row) => row.table)).toEqual(Object.keys(TRIGGERED_WRITES).sort());
  });
});
