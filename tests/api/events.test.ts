import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { events } from "@/server/db/schema";
import { call, organizationId, signIn } from "./helpers";
import { CONTOSO_ADMIN, INITECH_ADMIN, insertAlarm, insertDevice, insertNode, NW_ADMIN, OPERATOR, unique } from "./operations-fixtures";

// GET /api/v1/event: events of the organizations the caller may see, newest first, with the SPEC §5 search
// parameters. Events of other areas are inserted directly; the ones this area writes come from its mutations.

type EventBody = {
  id: string;
  organizationId: string;
  timestamp: string;
  source: string;
  type: string;
  entityType: string;
  entityId: string;
  nodeId: string | null;
  actor: string | null;
  before: unknown;
  after: unknown;
};

async function insertEvents(organization: string, rows: Partial<typeof events.$inferInsert>[]) {
  const db = await getDb();
  const orgId = await organizationId(organization);
  return db
    .insert(events)
    .values(rows.map((row) => ({ organizationId: orgId, source: "test", type: "test.event", entityType: "test", entityId: unique("entity"), ...row })))
    .returning();
}

/** Every event the query gives, following the cursor page by page. */
async function walk(email: string, query: string, limit = 50): Promise<EventBody[]> {
  const cookie = await signIn(email);
  const all: EventBody[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 200; page++) {
    const separator = query ? "&" : "";
    const response = await call("GET", `/event?${query}${separator}limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`, { cookie });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    all.push(...response.body.items);
    cursor = response.body.nextCursor;
    if (!cursor) return all;
  }
  throw new Error("too many pages");
}

let contoso: string;
let initech: string;
let fabrikam: string;

beforeAll(async () => {
  contoso = await organizationId("Contoso");
  initech = await organizationId("Initech");
  fabrikam = await organizationId("Fabrikam");
  await insertEvents("Contoso", [
    { type: "path.updated", timestamp: new Date("2026-01-10T10:00:00Z"), nodeId: "node-a", before: { bandwidthMbps: 100 }, after: { bandwidthMbps: 200 } },
    { type: "path.updated", timestamp: new Date("2026-01-12T10:00:00Z"), nodeId: "42" },
    { type: "site.created", timestamp: new Date("2026-01-14T10:00:00Z") },
  ]);
  await insertEvents("Initech", [
    { type: "path.updated", timestamp: new Date("2026-01-11T10:00:00Z"), nodeId: "node-a" },
    { type: "site.created", timestamp: new Date("2026-01-13T10:00:00Z"), entityId: "initech-secret-site" },
  ]);
  await insertEvents("Bluewave Telecom", [{ type: "node.created", timestamp: new Date("2026-01-15T10:00:00Z") }]);
});

describe("GET /event — tenant isolation", () => {
  it("lists a customer's own events only: another tenant's are never listed", async () => {
    const items = await walk(CONTOSO_ADMIN, "", 2);
    expect(items.length).toBeGreaterThanOrEqual(3);
    expect(new Set(items.map((event) => event.organizationId))).toEqual(new Set([contoso]));
    const initechItems = await walk(INITECH_ADMIN, "");
    expect(initechItems.every((event) => event.organizationId === initech)).toBe(true);
    expect(initechItems.some((event) => event.entityId === "initech-secret-site")).toBe(true);
    expect(items.some((event) => event.entityId === "initech-secret-site")).toBe(false);
  });

  it("lists an MSP's events and its customers', and everything for the operator", async () => {
    const msp = new Set((await walk(NW_ADMIN, "")).map((event) => event.organizationId));
    expect(msp.has(contoso)).toBe(true);
    expect(msp.has(initech)).toBe(false);
    expect(msp.has(await organizationId("Bluewave Telecom"))).toBe(false);
    const operator = new Set((await walk(OPERATOR, "")).map((event) => event.organizationId));
    expect(operator.has(contoso) && operator.has(initech) && operator.has(await organizationId("Bluewave Telecom"))).toBe(true);
  });

  it("answers 401 without a session", async () => {
    expect((await call("GET", "/event")).status).toBe(401);
  });
});

describe("GET /event?organizationId= (the console of one organization)", () => {
  const organizationsOf = (items: EventBody[]) => new Set(items.map((event) => event.organizationId));

  it("lists that organization's events only, for an MSP inside a customer's console", async () => {
    const items = await walk(NW_ADMIN, `organizationId=${contoso}`, 2);
    expect(items.length).toBeGreaterThanOrEqual(3);
    expect(organizationsOf(items)).toEqual(new Set([contoso]));
    expect(items.map((event) => event.id)).toEqual((await walk(CONTOSO_ADMIN, "")).map((event) => event.id));
    // At its own organization, without the filter, the MSP keeps seeing its customers' too.
    expect(organizationsOf(await walk(NW_ADMIN, ""))).toContain(contoso);
  });

  it("gives the operator inside an MSP's console what the MSP's users see: its own and its customers' events", async () => {
    const northwind = await organizationId("Northwind Networks");
    const asMsp = (await walk(NW_ADMIN, "")).map((event) => event.id);
    expect(organizationsOf(await walk(OPERATOR, `organizationId=${northwind}`))).toContain(contoso);
    expect((await walk(OPERATOR, `organizationId=${northwind}`)).map((event) => event.id)).toEqual(asMsp);
    // A customer naming its MSP reaches neither the MSP's events nor its fellow customers' (nor its own through it).
    const response = await call("GET", `/event?organizationId=${northwind}`, { cookie: await signIn(CONTOSO_ADMIN) });
    expect(response.body).toEqual({ items: [], nextCursor: null });
  });

  it("gives the operator any one organization", async () => {
    const items = await walk(OPERATOR, `organizationId=${initech}`);
    expect(organizationsOf(items)).toEqual(new Set([initech]));
    expect(items.some((event) => event.entityId === "initech-secret-site")).toBe(true);
  });

  it("answers an empty list, not its events, for an organization the caller cannot see or that does not exist", async () => {
    const bluewave = await organizationId("Bluewave Telecom");
    for (const [email, other] of [
      [NW_ADMIN, initech],
      [NW_ADMIN, bluewave],
      [CONTOSO_ADMIN, initech],
      [INITECH_ADMIN, contoso],
      [OPERATOR, "no-such-organization"],
    ]) {
      const response = await call("GET", `/event?organizationId=${other}`, { cookie: await signIn(email) });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ items: [], nextCursor: null });
    }
  });

  it("combines with the SPEC §5 search parameters", async () => {
    // Contoso and Initech both have events on node-a: the organization picks one.
    expect(organizationsOf(await walk(OPERATOR, "nodeId=node-a"))).toEqual(new Set([contoso, initech]));
    const onNode = await walk(OPERATOR, `nodeId=node-a&organizationId=${initech}`);
    expect(onNode.map((event) => [event.organizationId, event.timestamp])).toEqual([[initech, "2026-01-11T10:00:00.000Z"]]);
    const ranged = await walk(OPERATOR, `organizationId=${contoso}&startTime=2026-01-10&endTime=2026-01-13T00:00:00Z&type=path.updated`);
    expect(ranged.map((event) => event.timestamp)).toEqual(["2026-01-12T10:00:00.000Z", "2026-01-10T10:00:00.000Z"]);
    expect(await walk(OPERATOR, `organizationId=${initech}&type=site.created&endTime=2026-01-12`)).toEqual([]);
  });

  it("treats an empty organizationId as none, and refuses one that cannot be an id", async () => {
    expect(await walk(NW_ADMIN, "organizationId=&type=path.updated")).toEqual(await walk(NW_ADMIN, "type=path.updated"));
    const response = await call("GET", `/event?organizationId=${"x".repeat(65)}`, { cookie: await signIn(NW_ADMIN), language: "fr" });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("L’organisation doit être un identifiant d’organisation de 64 caractères au plus");
  });
});

describe("GET /event — order, fields and pagination", () => {
  it("answers the SPEC §3 fields, newest first", async () => {
    const items = await walk(CONTOSO_ADMIN, "type=path.updated");
    expect(items.map((event) => event.timestamp)).toEqual(["2026-01-12T10:00:00.000Z", "2026-01-10T10:00:00.000Z"]);
    expect(Object.keys(items[1]).sort()).toEqual(
      ["actor", "after", "before", "entityId", "entityName", "entityPlace", "entityType", "id", "node", "nodeId", "organizationId", "source", "timestamp", "type"].sort(),
    );
    // (An object no longer there, with no name in its change: no name, no page; an unknown node is none either.)
    expect(items[1]).toMatchObject({ nodeId: "node-a", node: null, entityName: null, entityPlace: null, before: { bandwidthMbps: 100 }, after: { bandwidthMbps: 200 }, actor: null });
  });

  it("pages through events sharing one timestamp to the microsecond without skipping or repeating any", async () => {
    // One statement: every row gets the same now(), with microseconds a JavaScript Date does not hold.
    const inserted = await insertEvents("Fabrikam", Array.from({ length: 7 }, () => ({ type: "test.tie" })));
    const items = await walk(NW_ADMIN, "type=test.tie", 2);
    expect(items.map((event) => event.id)).toEqual(inserted.map((row) => String(row.id)).reverse());
    expect(new Set(items.map((event) => event.organizationId))).toEqual(new Set([fabrikam]));
  });

  it("starts from the beginning on a forged cursor, and refuses a bad limit", async () => {
    const cookie = await signIn(CONTOSO_ADMIN);
    const forged = Buffer.from(JSON.stringify(["not a time", "1"])).toString("base64url");
    const response = await call("GET", `/event?cursor=${forged}&limit=1`, { cookie });
    expect(response.status).toBe(200);
    expect(response.body.items).toHaveLength(1);
    const badId = Buffer.from(JSON.stringify(["2026-01-12T10:00:00.000000Z", "x'1"])).toString("base64url");
    expect((await call("GET", `/event?cursor=${badId}`, { cookie })).status).toBe(200);
    expect((await call("GET", "/event?limit=0", { cookie })).status).toBe(400);
  });
});

describe("GET /event — SPEC §5 search parameters", () => {
  it("filters by time range (dates parsed from strings)", async () => {
    const items = await walk(CONTOSO_ADMIN, "startTime=2026-01-11&endTime=2026-01-13T00:00:00Z");
    expect(items.map((event) => event.timestamp)).toEqual(["2026-01-12T10:00:00.000Z"]);
    const from = await walk(CONTOSO_ADMIN, `startTime=${encodeURIComponent("2026-01-12T10:00:00.000Z")}&type=path.updated`);
    expect(from).toHaveLength(1);
  });

  it("ignores empty and unparseable times instead of failing", async () => {
    const all = await walk(CONTOSO_ADMIN, "type=path.updated");
    expect(await walk(CONTOSO_ADMIN, "type=path.updated&startTime=&endTime=")).toEqual(all);
    expect(await walk(CONTOSO_ADMIN, "type=path.updated&startTime=not-a-date&endTime=31%2F02%2Fnever")).toEqual(all);
  });

  it("filters by node (numbers are node ids as strings) and by type", async () => {
    expect((await walk(CONTOSO_ADMIN, "nodeId=node-a")).map((event) => event.timestamp)).toEqual(["2026-01-10T10:00:00.000Z"]);
    expect((await walk(CONTOSO_ADMIN, "nodeId=42")).map((event) => event.nodeId)).toEqual(["42"]);
    expect(await walk(CONTOSO_ADMIN, "nodeId=")).toEqual(await walk(CONTOSO_ADMIN, ""));
    expect((await walk(CONTOSO_ADMIN, "type=site.created")).every((event) => event.type === "site.created")).toBe(true);
  });
});

describe("GET /event — events written by this area's mutations", () => {
  it("lists an acknowledgement with its actor and before/after", async () => {
    const alarm = await insertAlarm("Contoso");
    const cookie = await signIn(CONTOSO_ADMIN);
    expect((await call("POST", "/alarm/acknowledge", { cookie, body: { alarmIds: [alarm.id], note: "On it" } })).status).toBe(200);
    const [event] = (await walk(CONTOSO_ADMIN, "type=alarm.acknowledged")).filter((item) => item.entityId === alarm.id);
    expect(event).toMatchObject({
      organizationId: contoso,
      source: CONTOSO_ADMIN,
      entityType: "alarm",
      actor: "Carla Diaz",
      before: { acknowledged: false, acknowledgedBy: null, note: null },
      after: { acknowledged: true, acknowledgedBy: "Carla Diaz", note: "On it" },
    });
    expect((await walk(INITECH_ADMIN, "type=alarm.acknowledged")).some((item) => item.entityId === alarm.id)).toBe(false);
  });

  it("lists a device's assignment under its node", async () => {
    const node = await insertNode("Northwind Networks");
    const device = await insertDevice({ msp: "Northwind Networks" });
    const cookie = await signIn(NW_ADMIN);
    expect((await call("POST", `/inventory/device/${device.id}/assign`, { cookie, body: { nodeId: node.id } })).status).toBe(200);
    const items = await walk(NW_ADMIN, `nodeId=${node.id}`);
    expect(items.map((event) => event.type)).toEqual(["device.assigned"]);
    expect(items[0]).toMatchObject({ entityId: device.id, before: { status: "unassigned" }, after: { status: "assigned", nodeId: node.id } });
  });
});
