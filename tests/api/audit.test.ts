import { eq } from "drizzle-orm";
import Papa from "papaparse";
import { beforeAll, describe, expect, it } from "vitest";
import { purgeEvents } from "@/server/audit/retention";
import { getDb } from "@/server/db/client";
import { events, users } from "@/server/db/schema";
import { call, organizationId, signIn } from "./helpers";
import { BW_ADMIN, CONTOSO_ADMIN, CONTOSO_READONLY, INITECH_ADMIN, NW_ADMIN, OPERATOR, unique } from "./operations-fixtures";
import { createSite, PARIS } from "./site-fixtures";

// Issue 43, scope 3: GET /api/v1/organization/{organizationId}/audit and its export — people's changes in one
// organization's console, with before → after of the fields that changed, filters, keyset pages, CSV and JSON, tenancy,
// and the retention that keeps an existing object's creation record.

type Entry = {
  id: string;
  organizationId: string;
  timestamp: string;
  type: string;
  entityType: string;
  entityId: string;
  entityName: string | null;
  actor: { userId: string | null; email: string | null; name: string | null };
  changes: { field: string; before: unknown; after: unknown }[];
};

const MISSING = "00000000-0000-4000-8000-000000000000";
let contoso: string;
let fabrikam: string;
let northwind: string;
let initech: string;
let maia: string;

async function userId(email: string) {
  const [row] = await (await getDb()).select({ id: users.id }).from(users).where(eq(users.email, email));
  return row.id;
}

/** People's changes inserted directly (what other areas write), with an actor. */
async function insertChanges(organization: string, actorEmail: string, rows: Partial<typeof events.$inferInsert>[]) {
  const db = await getDb();
  const [orgId, actor] = [await organizationId(organization), await userId(actorEmail)];
  return db
    .insert(events)
    .values(rows.map((row) => ({ organizationId: orgId, source: actorEmail, actorUserId: actor, type: "site.updated", entityType: "site", entityId: unique("site"), ...row })))
    .returning();
}

/** Every entry a query gives, page after page. */
async function walk(email: string, organization: string, query = "", limit = 50): Promise<Entry[]> {
  const cookie = await signIn(email);
  const all: Entry[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 500; page++) {
    const response = await call("GET", `/organization/${organization}/audit?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`, { cookie });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    all.push(...response.body.items);
    cursor = response.body.nextCursor;
    if (!cursor) return all;
  }
  throw new Error("too many pages");
}

let site: { id: string; name: string };

beforeAll(async () => {
  [contoso, fabrikam, northwind, initech, maia] = await Promise.all(["Contoso", "Fabrikam", "Northwind Networks", "Initech", "Maia"].map(organizationId));
  site = await createSite("Contoso", { name: "Audit Lyon", location: PARIS, type: "standard" });
  const cookie = await signIn(CONTOSO_ADMIN);
  const renamed = await call("PATCH", `/config/site/${site.id}`, { cookie, body: { name: "Audit Lyon Part-Dieu", description: "New office" } });
  expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
  await insertChanges("Fabrikam", "admin@fabrikam.example", [{ entityName: "Fabrikam sibling site" }]);
  await insertChanges("Northwind Networks", NW_ADMIN, [{ entityType: "node", type: "node.updated", entityName: "Northwind own node" }]);
  await insertChanges("Initech", INITECH_ADMIN, [{ entityName: "Initech other tenant site" }]);
  // A change the system made (no person): an event, not an audit entry.
  await (await getDb()).insert(events).values({ organizationId: contoso, source: "alarm-engine", type: "alarm.raised", entityType: "alarm", entityId: unique("alarm"), entityName: "System alarm" });
});

describe("the audit log", () => {
  it("lists a site's creation and update with who, when and only the fields that changed, before → after", async () => {
    const entries = (await walk(CONTOSO_ADMIN, contoso)).filter((entry) => entry.entityId === site.id);
    expect(entries.map((entry) => entry.type)).toEqual(["site.updated", "site.created"]);
    const [updated, created] = entries;
    expect(updated.actor.email).toBe(CONTOSO_ADMIN);
    expect(updated.entityName).toBe("Audit Lyon Part-Dieu");
    expect(updated.changes).toEqual(
      expect.arrayContaining([
        { field: "name", before: "Audit Lyon", after: "Audit Lyon Part-Dieu" },
        { field: "description", before: expect.anything(), after: "New office" },
      ]),
    );
    // Only what changed: the location and type stayed.
    expect(updated.changes.map((change) => change.field).filter((field) => !["description", "name", "updatedAt"].includes(field))).toEqual([]);
    expect(created.changes.find((change) => change.field === "name")).toEqual({ field: "name", before: null, after: "Audit Lyon" });
    expect(Date.parse(updated.timestamp)).toBeGreaterThanOrEqual(Date.parse(created.timestamp));
  });

  it("records before and after of a role change and an organization's rename", async () => {
    const cookie = await signIn(CONTOSO_ADMIN);
    const readonlyId = await userId(CONTOSO_READONLY);
    expect((await call("PATCH", `/organization/${contoso}/user/${readonlyId}`, { cookie, body: { role: "configure" } })).status).toBe(200);
    expect((await call("PATCH", `/organization/${contoso}/user/${readonlyId}`, { cookie, body: { role: "read-only" } })).status).toBe(200);
    const roles = await walk(CONTOSO_ADMIN, contoso, `kind=user&object=${readonlyId}`);
    expect(roles.map((entry) => entry.changes.find((change) => change.field === "role"))).toEqual([
      { field: "role", before: "configure", after: "read-only" },
      { field: "role", before: "read-only", after: "configure" },
    ]);
    const nw = await signIn(NW_ADMIN);
    expect((await call("PATCH", `/config/organization/${northwind}`, { cookie: nw, body: { name: "Northwind Networks Audit" } })).status).toBe(200);
    expect((await call("PATCH", `/config/organization/${northwind}`, { cookie: nw, body: { name: "Northwind Networks" } })).status).toBe(200);
    const [latest] = await walk(NW_ADMIN, northwind, "kind=organization");
    expect(latest.changes).toEqual([{ field: "name", before: "Northwind Networks Audit", after: "Northwind Networks" }]);
  });

  it("never shows a secret, only that it changed", async () => {
    const [row] = await insertChanges("Contoso", CONTOSO_ADMIN, [
      {
        entityType: "connector",
        type: "connector.updated",
        entityName: "Secret tunnel",
        before: { name: "Secret tunnel", presharedKey: "old-key-123456", presharedKeySet: false },
        after: { name: "Secret tunnel", presharedKey: "new-key-654321", presharedKeySet: true },
      },
    ]);
    const response = await call("GET", `/organization/${contoso}/audit?object=${row.entityId}`, { cookie: await signIn(CONTOSO_ADMIN) });
    expect(response.body.items[0].changes).toEqual([
      { field: "presharedKey", before: "[redacted]", after: "[redacted]" },
      { field: "presharedKeySet", before: false, after: true },
    ]);
    const csv = await call("GET", `/organization/${contoso}/audit/export?format=csv&object=${row.entityId}`, { cookie: await signIn(CONTOSO_ADMIN) });
    for (const text of [JSON.stringify(response.body), String(csv.body)]) {
      expect(text).not.toContain("old-key-123456");
      expect(text).not.toContain("new-key-654321");
    }
  });

  it("keeps each console to its own: the MSP sees its customers', a customer never its MSP's or a sibling's, no one another tenant's", async () => {
    const names = async (email: string, organization: string) => new Set((await walk(email, organization)).map((entry) => entry.entityName));
    const customer = await names(CONTOSO_ADMIN, contoso);
    expect(customer.has("Audit Lyon Part-Dieu")).toBe(true);
    for (const foreign of ["Fabrikam sibling site", "Northwind own node", "Initech other tenant site", "System alarm"]) expect(customer.has(foreign)).toBe(false);

    const msp = await names(NW_ADMIN, northwind);
    for (const own of ["Audit Lyon Part-Dieu", "Fabrikam sibling site", "Northwind own node"]) expect(msp.has(own)).toBe(true);
    expect(msp.has("Initech other tenant site")).toBe(false);
    // The MSP inside one customer's console: that customer's changes only.
    const inFabrikam = await names(NW_ADMIN, fabrikam);
    expect([...inFabrikam]).toContain("Fabrikam sibling site");
    expect(inFabrikam.has("Audit Lyon Part-Dieu")).toBe(false);

    const operator = await names(OPERATOR, maia);
    for (const any of ["Audit Lyon Part-Dieu", "Fabrikam sibling site", "Northwind own node", "Initech other tenant site"]) expect(operator.has(any)).toBe(true);
    expect(operator.has("System alarm")).toBe(false);

    // Out of sight answers exactly as missing, for the list and the export.
    const cases: [string, string][] = [
      [CONTOSO_ADMIN, northwind],
      [CONTOSO_ADMIN, fabrikam],
      [CONTOSO_ADMIN, maia],
      [BW_ADMIN, contoso],
      [NW_ADMIN, initech],
    ];
    for (const [email, organization] of cases) {
      const cookie = await signIn(email);
      for (const suffix of ["audit", "audit/export?format=csv"]) {
        const seen = await call("GET", `/organization/${organization}/${suffix}`, { cookie });
        const missing = await call("GET", `/organization/${MISSING}/${suffix}`, { cookie });
        expect([seen.status, seen.body.error]).toEqual([404, missing.body.error]);
      }
    }
  });

  it("filters by user (address or id), object kind, object (by any name it had, or id) and time", async () => {
    const rows = await insertChanges("Contoso", CONTOSO_READONLY, [
      { timestamp: new Date("2026-03-01T10:00:00Z"), entityType: "path", type: "path.updated", entityId: "path-filter-1", entityName: "Old path name" },
      { timestamp: new Date("2026-03-02T10:00:00Z"), entityType: "path", type: "path.updated", entityId: "path-filter-1", entityName: "New path name" },
      { timestamp: new Date("2026-03-03T10:00:00Z"), entityType: "site", type: "site.updated", entityId: "site-filter-1", entityName: "Filter site" },
    ]);
    const ids = (entries: Entry[]) => entries.map((entry) => entry.id);
    const [first, second, third] = rows.map((row) => String(row.id));
    expect(ids(await walk(CONTOSO_ADMIN, contoso, `user=${CONTOSO_READONLY.toUpperCase()}&startTime=2026-01-01T00:00:00Z&endTime=2026-12-01T00:00:00Z`))).toEqual([third, second, first]);
    expect(ids(await walk(CONTOSO_ADMIN, contoso, `user=${await userId(CONTOSO_READONLY)}&kind=path`))).toEqual([second, first]);
    // A renamed object is found by its old name and its new one, and by its id.
    for (const object of ["old path name", "New path name", "path-filter-1"]) expect(ids(await walk(CONTOSO_ADMIN, contoso, `object=${encodeURIComponent(object)}`))).toEqual([second, first]);
    expect(ids(await walk(CONTOSO_ADMIN, contoso, "startTime=2026-03-01T12:00:00Z&endTime=2026-03-02T12:00:00Z"))).toEqual([second]);
    expect(await walk(CONTOSO_ADMIN, contoso, "user=nobody@nowhere.example")).toEqual([]);
    // Another tenant's user names none of this console's changes, and none of theirs.
    expect(await walk(CONTOSO_ADMIN, contoso, `user=${INITECH_ADMIN}`)).toEqual([]);
  });

  it("refuses a bad filter with a 400 in the caller's language, never a 5xx", async () => {
    const cookie = await signIn(CONTOSO_ADMIN);
    const kind = await call("GET", `/organization/${contoso}/audit?kind=spaceship`, { cookie });
    expect(kind.status).toBe(400);
    expect(kind.body.error).toContain("Kind must be one of the kinds of object");
    const french = await call("GET", `/organization/${contoso}/audit/export?format=xml`, { cookie, language: "fr" });
    expect([french.status, french.body.error]).toEqual([400, "Le format doit être csv ou json"]);
    for (const query of ["startTime=garbage", "cursor=%00%01", "limit=0", "object=%27%3B--", "endTime=99999-01-01"]) {
      const response = await call("GET", `/organization/${contoso}/audit?${query}`, { cookie });
      expect(response.status, query).toBeLessThan(500);
    }
  });

  it("pages by keyset: every entry once, newest first, however they tie on time", async () => {
    const at = new Date("2025-06-01T00:00:00Z").getTime();
    // Pairs on one microsecond: the id breaks the tie.
    await insertChanges("Fabrikam", "admin@fabrikam.example", Array.from({ length: 60 }, (_, index) => ({ timestamp: new Date(at + Math.floor(index / 2) * 1000), entityName: `Paged ${index}` })));
    const all = await walk("admin@fabrikam.example", fabrikam, "", 7);
    const paged = all.filter((entry) => entry.entityName?.startsWith("Paged "));
    expect(paged).toHaveLength(60);
    expect(new Set(all.map((entry) => entry.id)).size).toBe(all.length);
    const keys = all.map((entry) => [Date.parse(entry.timestamp), Number(entry.id)] as const);
    expect(keys.every((key, index) => index === 0 || key[0] < keys[index - 1][0] || (key[0] === keys[index - 1][0] && key[1] < keys[index - 1][1]))).toBe(true);
  });

  it("exports exactly what the filter shows, as CSV that parses back and as JSON, across many pages", async () => {
    await insertChanges("Fabrikam", "admin@fabrikam.example", Array.from({ length: 1_150 }, (_, index) => ({ entityName: `Exported, "quoted" ${index}`, before: { vlan: index }, after: { vlan: index + 1 } })));
    const cookie = await signIn("admin@fabrikam.example");
    const listed = await walk("admin@fabrikam.example", fabrikam, "kind=site", 200);
    expect(listed.length).toBeGreaterThan(1_150);

    const csv = await call("GET", `/organization/${fabrikam}/audit/export?format=csv&kind=site`, { cookie });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="audit-.*\.csv"$/);
    const parsed = Papa.parse<string[]>(String(csv.body).replace(/^\uFEFF/, ""), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    const [header, ...rows] = parsed.data;
    expect(header).toEqual(["Time", "Organization", "User", "Action", "Object kind", "Object", "Object ID", "Changes", "Request ID"]);
    expect(rows.map((row) => row[6])).toEqual(listed.map((entry) => entry.entityId));
    const sample = rows.find((row) => row[5] === 'Exported, "quoted" 41')!;
    expect(sample.slice(1, 5)).toEqual(["Fabrikam", "admin@fabrikam.example", "Site updated", "Site"]);
    expect(sample[7]).toBe("VLAN: 41 → 42");

    const json = await call("GET", `/organization/${fabrikam}/audit/export?format=json&kind=site`, { cookie });
    expect(json.headers.get("content-type")).toContain("application/json");
    expect((json.body as Entry[]).map((entry) => entry.id)).toEqual(listed.map((entry) => entry.id));

    const french = await call("GET", `/organization/${fabrikam}/audit/export?format=csv&language=fr&object=${encodeURIComponent('Exported, "quoted" 41')}`, { cookie });
    const [frHeader, frRow] = Papa.parse<string[]>(String(french.body).replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
    expect(frHeader[0]).toBe("Heure");
    expect(frRow[3]).toBe("Site modifié");

    const empty = await call("GET", `/organization/${fabrikam}/audit/export?format=json&user=nobody@nowhere.example`, { cookie });
    expect(empty.body).toEqual([]);
  });
});

describe("event retention", () => {
  it("purges old events but keeps an existing object's creation and last state, and nothing of a deleted one", async () => {
    const old = (day: number) => new Date(Date.UTC(2020, 0, day));
    const kept = unique("kept");
    const gone = unique("gone");
    const recent = unique("recent");
    const [created, , , last] = await insertChanges("Contoso", CONTOSO_ADMIN, [
      { entityId: kept, type: "site.created", timestamp: old(1), entityName: "Kept site" },
      { entityId: kept, type: "site.updated", timestamp: old(2), entityName: "Kept site" },
      { entityId: kept, type: "site.updated", timestamp: old(3), entityName: "Kept site" },
      { entityId: kept, type: "site.updated", timestamp: old(4), entityName: "Kept site" },
      { entityId: gone, type: "site.created", timestamp: old(1), entityName: "Gone site" },
      { entityId: gone, type: "site.deleted", timestamp: old(5), entityName: "Gone site" },
      { entityId: recent, type: "site.created", timestamp: new Date(), entityName: "Recent site" },
    ]);
    const purged = await purgeEvents(await getDb(), new Date(Date.UTC(2021, 0, 1)));
    expect(purged).toBeGreaterThanOrEqual(4);
    const left = async (entityId: string) => (await (await getDb()).select({ id: events.id }).from(events).where(eq(events.entityId, entityId))).map((row) => row.id);
    expect((await left(kept)).sort()).toEqual([created.id, last.id].sort());
    expect(await left(gone)).toEqual([]);
    expect(await left(recent)).toHaveLength(1);
    // The audit log still says who created it.
    const [creation] = await walk(CONTOSO_ADMIN, contoso, `object=${kept}&endTime=2020-01-01T12:00:00Z`);
    expect([creation.type, creation.actor.email]).toEqual(["site.created", CONTOSO_ADMIN]);
  });
});
