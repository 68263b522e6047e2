import fs from "node:fs";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, MIGRATIONS_DIR, queryRows, type Db } from "@/server/db/client";
import { connectors, events, paths, sites } from "@/server/db/schema";
import { call, organizationId, signIn } from "./helpers";

// Sites and connectors belong to another area: they are inserted directly, and the paths built through the API.

type End = { siteId: string; id: string; name: string };
type PathBody = { id: string; name: string; organizationId: string; layer: string; vlanType: string; vlanId: number | null; prefix: string[] };
type Page = { items: PathBody[]; nextCursor: string | null };

let site = 0;
async function insertSite(organization: string, name: string) {
  const db = await getDb();
  const [row] = await db
    .insert(sites)
    .values({ organizationId: await organizationId(organization), name, locationAddress: `Test street ${++site}`, latitude: 48.85, longitude: 2.35 })
    .returning();
  return row;
}

async function insertConnector(siteRow: { id: string; organizationId: string }, name: string, bandwidthMbps: number): Promise<End> {
  const db = await getDb();
  const [row] = await db
    .insert(connectors)
    .values({ organizationId: siteRow.organizationId, siteId: siteRow.id, kind: "virtual", name, bandwidthMbps })
    .returning();
  return { siteId: row.siteId, id: row.id, name: row.name };
}

async function eventsOf(entityId: string) {
  const db = await getDb();
  return db.select().from(events).where(eq(events.entityId, entityId)).orderBy(asc(events.id));
}

const ADMIN = "admin@contoso.example";
const admin = () => signIn(ADMIN);
let contoso: string;
let paris: Awaited<ReturnType<typeof insertSite>>;
let frankfurt: Awaited<ReturnType<typeof insertSite>>;
let parisA: End; // 1000 Mbps
let frankfurtA: End; // 500 Mbps
let parisTiny: End; // 1 Mbps

/** A path body between two ends (Paris A → Frankfurt A unless told otherwise). */
function body(extra: Record<string, unknown> = {}, source: End = parisA, destination: End = frankfurtA) {
  return {
    name: "Paris ⇄ Frankfurt",
    layer: "layer2",
    sourceSiteId: source.siteId,
    sourceConnectorId: source.id,
    destinationSiteId: destination.siteId,
    destinationConnectorId: destination.id,
    bandwidth: 10,
    vlanType: "specific",
    vlanId: 100,
    ...extra,
  };
}

async function create(payload: Record<string, unknown>, options: { language?: string; email?: string; organization?: string } = {}) {
  return call("POST", `/config/organization/${options.organization ?? contoso}/path`, {
    cookie: await signIn(options.email ?? ADMIN),
    body: payload,
    language: options.language,
  });
}

async function created(payload: Record<string, unknown>): Promise<PathBody> {
  const response = await create(payload);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

const patch = async (id: string, update: Record<string, unknown>, language?: string) =>
  call("PATCH", `/config/path/${id}`, { cookie: await admin(), body: update, language });

/** Two fresh connectors on two fresh sites of Contoso, so a test owns its bandwidth and VLANs. */
let pairs = 0;
async function pair(sourceMbps = 1000, destinationMbps = 1000): Promise<[End, End]> {
  const n = ++pairs;
  const a = await insertSite("Contoso", `Pair ${n} west`);
  const b = await insertSite("Contoso", `Pair ${n} east`);
  return [await insertConnector(a, `West ${n}`, sourceMbps), await insertConnector(b, `East ${n}`, destinationMbps)];
}

beforeAll(async () => {
  contoso = await organizationId("Contoso");
  paris = await insertSite("Contoso", "Paris HQ");
  frankfurt = await insertSite("Contoso", "Frankfurt DC");
  parisA = await insertConnector(paris, "Paris A", 1000);
  parisTiny = await insertConnector(paris, "Paris tiny", 1);
  frankfurtA = await insertConnector(frankfurt, "Frankfurt A", 500);
});

describe("creating paths", () => {
  it("creates a Layer 2 Specific path, answers it with its ends named, and records the event", async () => {
    const response = await create(body());
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toMatchObject({
      organizationId: contoso,
      name: "Paris ⇄ Frankfurt",
      layer: "layer2",
      sourceSiteId: paris.id,
      sourceSiteName: "Paris HQ",
      sourceConnectorName: "Paris A",
      destinationSiteName: "Frankfurt DC",
      destinationConnectorName: "Frankfurt A",
      bandwidth: 10,
      vlanType: "specific",
      vlanId: 100,
      prefix: [],
      slaHealth: "unknown",
    });
    const detail = await call("GET", `/config/path/${response.body.id}`, { cookie: await admin() });
    expect(detail.status).toBe(200);
    expect(detail.body).toEqual(response.body);
    const [event] = await eventsOf(response.body.id);
    expect(event).toMatchObject({ organizationId: contoso, type: "path.created", entityType: "path", before: null, source: ADMIN });
    expect(event.after).toMatchObject({ name: "Paris ⇄ Frankfurt", bandwidth: 10, vlanId: 100, sourceConnectorName: "Paris A" });
    expect(event.requestId).toBeTruthy();
  });

  it("creates a Layer 2 VLAN All path on two connectors of its own (no VLAN id)", async () => {
    const [west, east] = await pair();
    const path = await created(body({ name: "All VLANs", vlanType: "all", vlanId: null }, west, east));
    expect(path).toMatchObject({ vlanType: "all", vlanId: null });
  });

  it("creates a Layer 3 path with two prefixes, from a comma-separated list or an array", async () => {
    const fromText = await created(body({ name: "L3 text", layer: "layer3", vlanId: 101, prefix: "10.10.0.0/16, 172.16.0.0/12" }));
    expect(fromText.prefix).toEqual(["10.10.0.0/16", "172.16.0.0/12"]);
    const fromArray = await created(body({ name: "L3 array", layer: "layer3", vlanId: 102, prefix: ["192.168.0.0/24", "10.20.0.0/16"] }));
    expect(fromArray.prefix).toEqual(["192.168.0.0/24", "10.20.0.0/16"]);
  });

  it("takes a blank prefix on a Layer 2 path as none", async () => {
    const path = await created(body({ name: "L2 blank prefix", vlanId: 103, prefix: "" }));
    expect(path.prefix).toEqual([]);
  });
});

describe("path validation messages (SPEC §5)", () => {
  it.each([
    [{ name: undefined }, "Name is required"],
    [{ name: "P" }, "Name must be at least 2 characters"],
    [{ layer: "layer4" }, "Choose Layer 2 or Layer 3"],
    [{ sourceSiteId: undefined }, "Source site is required"],
    [{ sourceSiteId: "" }, "Source site is required"],
    [{ sourceConnectorId: undefined }, "Source connector is required"],
    [{ destinationSiteId: " " }, "Destination site is required"],
    [{ destinationConnectorId: "" }, "Destination connector is required"],
    [{ vlanId: 4095 }, "VLAN must be between 0 and 4094"],
    [{ vlanId: -1 }, "VLAN must be between 0 and 4094"],
    [{ vlanId: undefined }, "VLAN must be between 0 and 4094"],
    [{ vlanType: "several" }, "Choose VLAN All or Specific"],
    [{ layer: "layer3" }, "Prefix is required"],
    [{ layer: "layer3", prefix: " , " }, "Prefix is required"],
    [{ layer: "layer3", prefix: "10.0.0.0/8, 999.1.1.1/24" }, "Invalid prefix: 999.1.1.1/24"],
    [{ prefix: "10.0.0.0/8" }, "A Layer 2 path carries no prefix"],
    [{ bandwidth: 1.5 }, "Bandwidth must be a whole number of at least 1"],
    [{ bandwidth: 501 }, "Bandwidth must be between 1 and 500"],
    [{ bandwidth: 0 }, "Bandwidth must be between 1 and 500"],
    [{ colour: "blue" }, "Unknown field: colour"],
  ])("refuses %j: %s", async (extra, message) => {
    const response = await create(body({ name: "Refused", vlanId: 200, ...extra }));
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(response.body.error).toBe(message);
  });

  it("refuses one connector at both ends", async () => {
    const response = await create(body({}, parisA, parisA));
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("Source and destination must be different connectors");
  });

  it("reports every bad prefix, each by name", async () => {
    const response = await create(body({ layer: "layer3", prefix: "1.2.3.4/40, 10.0.0.0/8, abc, 10.0.0.1" }));
    expect(response.status).toBe(400);
    expect(response.body.issues).toEqual([
      { path: "prefix", message: "Invalid prefix: 1.2.3.4/40" },
      { path: "prefix", message: "Invalid prefix: abc" },
      { path: "prefix", message: "Invalid prefix: 10.0.0.1" },
    ]);
  });

  it("says the bandwidth must be 1 when the smaller connector has 1 Mbps, in English and French", async () => {
    const english = await create(body({ bandwidth: 2 }, parisTiny, frankfurtA));
    expect(english.status).toBe(400);
    expect(english.body.error).toBe("Bandwidth must be 1");
    expect(english.body.issues).toEqual([{ path: "bandwidth", message: "Bandwidth must be 1" }]);
    const french = await create(body({ bandwidth: 0 }, parisTiny, frankfurtA), { language: "fr" });
    expect(french.body.error).toBe("La bande passante doit être de 1");
    const range = await create(body({ bandwidth: 501 }), { language: "fr" });
    expect(range.body.error).toBe("La bande passante doit être comprise entre 1 et 500");
  });

  it("speaks French for the required ends", async () => {
    const response = await create(body({ sourceSiteId: undefined, destinationConnectorId: "" }), { language: "fr" });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("Le site source est obligatoire");
    expect(response.body.issues.map((issue: { message: string }) => issue.message)).toContain("Le connecteur de destination est obligatoire");
  });

  it("wants both sites in the path's organization and each connector on its site", async () => {
    const unknownSite = await create(body({ sourceSiteId: "no-such-site" }));
    expect(unknownSite.status).toBe(400);
    expect(unknownSite.body.error).toBe("Site not found in this organization");
    const wrongSite = await create(body({ destinationSiteId: paris.id }));
    expect(wrongSite.status).toBe(400);
    expect(wrongSite.body.issues).toEqual([{ path: "destinationConnectorId", message: "This connector does not belong to the chosen site" }]);
    const unknownConnector = await create(body({ sourceConnectorId: "no-such-connector" }));
    expect(unknownConnector.body.error).toBe("This connector does not belong to the chosen site");
  });

  it("creates paths in customer organizations only, and answers 404 for an unknown one", async () => {
    const northwind = await organizationId("Northwind Networks");
    const msp = await create(body(), { email: "admin@northwind.example", organization: northwind });
    expect(msp.status).toBe(400);
    expect(msp.body.error).toBe("Northwind Networks is not a customer organization: paths connect a customer's sites.");
    expect((await create(body(), { organization: "no-such-organization" })).status).toBe(404);
  });
});

describe("connector headroom and VLANs", () => {
  it("keeps the paths on a connector within its bandwidth, naming the connector, on create and update", async () => {
    const [west, east] = await pair(1000, 100);
    await created(body({ name: "Uses 60", bandwidth: 60, vlanId: 1 }, west, east));
    const second = await created(body({ name: "Uses 40", bandwidth: 40, vlanId: 2 }, west, east));
    const over = await create(body({ name: "One too many", bandwidth: 1, vlanId: 3 }, west, east));
    expect(over.status).toBe(409);
    expect(over.body.error).toBe(`Connector ${east.name} has 0 Mbps left of 100 Mbps`);
    const french = await create(body({ name: "Encore un", bandwidth: 1, vlanId: 3 }, west, east), { language: "fr" });
    expect(french.body.error).toBe(`Il reste 0 Mbit/s sur 100 Mbit/s au connecteur ${east.name}`);
    // On update the path's own bandwidth is not counted against it.
    expect((await patch(second.id, { bandwidth: 30 })).status).toBe(200);
    expect((await patch(second.id, { bandwidth: 40 })).status).toBe(200);
    const grow = await patch(second.id, { bandwidth: 41 });
    expect(grow.status).toBe(409);
    expect(grow.body.error).toBe(`Connector ${east.name} has 40 Mbps left of 100 Mbps`);
    // Counting both ends: a path that arrives at a connector uses it as much as one that leaves it.
    const [, third] = await pair(1000, 1000);
    const reverse = await create(body({ name: "Reverse", bandwidth: 1, vlanId: 4 }, east, third));
    expect(reverse.status).toBe(409);
    expect(reverse.body.error).toBe(`Connector ${east.name} has 0 Mbps left of 100 Mbps`);
  });

  it("lets concurrent creates on one connector take no more than its bandwidth (row locks)", async () => {
    const [west, east] = await pair(1000, 100);
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => create(body({ name: `Racer ${n}`, bandwidth: 30, vlanId: n }, west, east))),
    );
    expect(results.map((result) => result.status).sort()).toEqual([201, 201, 201, 409, 409]);
    const db = await getDb();
    const onEast = await db.select().from(paths).where(eq(paths.destinationConnectorId, east.id));
    expect(onEast.reduce((sum, path) => sum + path.bandwidthMbps, 0)).toBe(90);
  });

  it("refuses a VLAN already used on a connector, naming the path, on create and update", async () => {
    const [west, east] = await pair();
    const [, other] = await pair();
    await created(body({ name: "Holds VLAN 42", vlanId: 42 }, west, east));
    const clash = await create(body({ name: "Wants VLAN 42", vlanId: 42 }, west, other));
    expect(clash.status).toBe(409);
    expect(clash.body.error).toBe(`VLAN 42 on ${west.name} is already used by path Holds VLAN 42`);
    const french = await create(body({ name: "Veut le VLAN 42", vlanId: 42 }, other, east), { language: "fr" });
    expect(french.body.error).toBe(`Le VLAN 42 sur ${east.name} est déjà utilisé par le chemin Holds VLAN 42`);
    const mover = await created(body({ name: "Holds VLAN 43", vlanId: 43 }, west, other));
    const moved = await patch(mover.id, { vlanId: 42 });
    expect(moved.status).toBe(409);
    expect(moved.body.error).toBe(`VLAN 42 on ${west.name} is already used by path Holds VLAN 42`);
    // Its own VLAN is no conflict: a rename keeps VLAN 43.
    expect((await patch(mover.id, { name: "Still VLAN 43" })).status).toBe(200);
  });

  it("gives a VLAN All path its connectors alone, both ways, on create and update", async () => {
    const [west, east] = await pair();
    const [, other] = await pair();
    const all = await created(body({ name: "Owns both", vlanType: "all", vlanId: null }, west, east));
    const second = await create(body({ name: "Squatter", vlanId: 7 }, west, other));
    expect(second.status).toBe(409);
    expect(second.body.error).toBe(`Connector ${west.name} is shared with path Owns both: a VLAN All path needs both connectors to itself`);
    const specific = await created(body({ name: "Specific elsewhere", vlanId: 8 }, other, (await pair())[1]));
    const toAll = await create(body({ name: "All on a used one", vlanType: "all", vlanId: null }, (await pair())[0], other));
    expect(toAll.status).toBe(409);
    expect(toAll.body.error).toBe(`Connector ${other.name} is shared with path Specific elsewhere: a VLAN All path needs both connectors to itself`);
    const becomeAll = await patch(specific.id, { vlanType: "all" });
    expect(becomeAll.status).toBe(200);
    // A rename of the All path keeps it All (a PATCH changes only what it names).
    const renamed = await patch(all.id, { name: "Owns both, renamed" });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toMatchObject({ vlanType: "all", vlanId: null });
    const moveOnto = await patch(specific.id, { sourceSiteId: west.siteId, sourceConnectorId: west.id });
    expect(moveOnto.status).toBe(409);
    expect(moveOnto.body.error).toBe(`Connector ${west.name} is shared with path Owns both, renamed: a VLAN All path needs both connectors to itself`);
  });
});

/** Connectors whose kept load (connector_loads) is not the sum of their paths' bandwidth, each path counted once. */
async function loadsOff(db?: Db) {
  return queryRows<{ id: string; kept: number; summed: number }>(
    db ?? (await getDb()),
    sql`select * from (
          select c.id, coalesce(l.used_bandwidth_mbps, 0)::int as kept,
            (select coalesce(sum(p.bandwidth_mbps), 0)::int from paths p where p.source_connector_id = c.id or p.destination_connector_id = c.id) as summed
          from connectors c left join connector_loads l on l.connector_id = c.id) loads
        where kept <> summed`,
  );
}

describe("connector rules on a busy connector", () => {
  it("counts every path's bandwidth and names the first clashing path by name, however many the connector carries", async () => {
    const [west, east] = await pair(1000, 1000);
    const db = await getDb();
    // 300 paths of 3 Mbps on west, inserted directly, their names out of order: 900 Mbps used.
    await db.insert(paths).values(
      Array.from({ length: 300 }, (_, i) => ({
        organizationId: contoso,
        name: `Busy ${String(299 - i).padStart(3, "0")}`,
        layer: "layer2" as const,
        sourceSiteId: west.siteId,
        sourceConnectorId: west.id,
        destinationSiteId: east.siteId,
        destinationConnectorId: east.id,
        bandwidthMbps: 3,
        vlanType: "specific" as const,
        vlanId: 1000 + i,
      })),
    );
    const over = await create(body({ name: "Needs 101", bandwidth: 101, vlanId: 5 }, west, east));
    expect(over.status).toBe(409);
    expect(over.body.error).toBe(`Connector ${west.name} has 100 Mbps left of 1000 Mbps`);
    const vlan = await create(body({ name: "Reuses 1150", bandwidth: 1, vlanId: 1150 }, west, east));
    expect(vlan.body.error).toBe(`VLAN 1150 on ${west.name} is already used by path Busy 149`);
    const all = await create(body({ name: "Wants all", bandwidth: 1, vlanType: "all", vlanId: null }, west, (await pair())[1]));
    expect(all.body.error).toBe(`Connector ${west.name} is shared with path Busy 000: a VLAN All path needs both connectors to itself`);
    expect((await create(body({ name: "Fits 100", bandwidth: 100, vlanId: 5 }, west, east))).status).toBe(201);
    // The 300 inserted at once count too (summed per statement), and go at once with their connector.
    expect(await loadsOff()).toEqual([]);
    await db.delete(connectors).where(eq(connectors.id, west.id));
    expect(await loadsOff()).toEqual([]);
  });
});

describe("each connector's load, kept by the database", () => {
  it("stays the sum of its paths' bandwidth through creates, changes, moves, deletes and cascades", async () => {
    const [west, east] = await pair(1000, 1000);
    const [north, south] = await pair(1000, 1000);
    const db = await getDb();
    const first = await created(body({ name: "Load 1", bandwidth: 100, vlanId: 1 }, west, east));
    const second = await created(body({ name: "Load 2", bandwidth: 50, vlanId: 2 }, west, north));
    expect(await loadsOff()).toEqual([]);
    const [westLoad] = await queryRows<{ used: number }>(db, sql`select used_bandwidth_mbps::int as used from connector_loads where connector_id = ${west.id}`);
    expect(westLoad.used).toBe(150);
    expect((await patch(first.id, { bandwidth: 70 })).status).toBe(200);
    // Moved from north to south: north gives the 50 Mbps back.
    expect((await patch(second.id, { destinationSiteId: south.siteId, destinationConnectorId: south.id })).status).toBe(200);
    expect(await loadsOff()).toEqual([]);
    // A path whose two ends are one connector counts once there (the sum the rules read).
    await db.insert(paths).values({
      organizationId: contoso, name: "Loop", layer: "layer2", sourceSiteId: south.siteId, sourceConnectorId: south.id,
      destinationSiteId: south.siteId, destinationConnectorId: south.id, bandwidthMbps: 5, vlanType: "specific", vlanId: 9,
    });
    expect(await loadsOff()).toEqual([]);
    expect((await call("DELETE", `/config/path/${first.id}`, { cookie: await admin() })).status).toBe(204);
    // Deleting a connector deletes its paths, and the other ends' loads go down with them; so does deleting a site.
    await db.delete(connectors).where(eq(connectors.id, south.id));
    await db.delete(sites).where(eq(sites.id, north.siteId));
    expect(await loadsOff()).toEqual([]);
    const [westAfter] = await queryRows<{ used: number }>(db, sql`select used_bandwidth_mbps::int as used from connector_loads where connector_id = ${west.id}`);
    expect(westAfter.used).toBe(0);
  });

  it("starts from the paths already there when the migration adds it", async () => {
    const [west, east] = await pair(1000, 1000);
    await created(body({ name: "Before the migration", bandwidth: 30, vlanId: 1 }, west, east));
    await (await getDb()).insert(paths).values({
      organizationId: contoso, name: "Loop before", layer: "layer2", sourceSiteId: east.siteId, sourceConnectorId: east.id,
      destinationSiteId: east.siteId, destinationConnectorId: east.id, bandwidthMbps: 5, vlanType: "specific", vlanId: 9,
    });
    const migration = fs.readFileSync(path.join(MIGRATIONS_DIR, "0013_connector_loads.sql"), "utf8");
    const backfill = migration.split("--> statement-breakpoint").find((statement) => statement.includes('INSERT INTO "connector_loads"'));
    expect(backfill).toBeDefined();
    const db = await getDb();
    await db.transaction(async (tx) => {
      await tx.execute(sql`delete from connector_loads`);
      await tx.execute(sql.raw(backfill!));
      expect(await loadsOff(tx as unknown as Db)).toEqual([]);
      tx.rollback();
    }).catch((error: Error) => {
      if (!/rollback/i.test(error.message)) throw error;
    });
  });
});

describe("updating and deleting paths", () => {
  it("records before and after, skips a change that changes nothing, and deletes with the before", async () => {
    const [west, east] = await pair();
    const path = await created(body({ name: "To edit", vlanId: 300 }, west, east));
    const updated = await patch(path.id, { name: "Edited", vlanId: 301, bandwidth: 20 });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: "Edited", vlanId: 301, bandwidth: 20 });
    expect((await patch(path.id, { name: "Edited" })).status).toBe(200);
    const history = await eventsOf(path.id);
    expect(history.map((event) => event.type)).toEqual(["path.created", "path.updated"]);
    expect(history[1].before).toMatchObject({ name: "To edit", vlanId: 300, bandwidth: 10 });
    expect(history[1].after).toMatchObject({ name: "Edited", vlanId: 301, bandwidth: 20 });
    const deleted = await call("DELETE", `/config/path/${path.id}`, { cookie: await admin() });
    expect(deleted.status).toBe(204);
    expect((await call("GET", `/config/path/${path.id}`, { cookie: await admin() })).status).toBe(404);
    expect((await call("DELETE", `/config/path/${path.id}`, { cookie: await admin() })).status).toBe(404);
    expect((await eventsOf(path.id)).at(-1)).toMatchObject({ type: "path.deleted", before: { name: "Edited" }, after: null });
  });

  it("checks the merged path: Layer 3 needs a prefix, Layer 2 drops it, Specific needs a VLAN", async () => {
    const [west, east] = await pair();
    const path = await created(body({ name: "Changes layer", vlanId: 5 }, west, east));
    const noPrefix = await patch(path.id, { layer: "layer3" });
    expect(noPrefix.status).toBe(400);
    expect(noPrefix.body.error).toBe("Prefix is required");
    const layer3 = await patch(path.id, { layer: "layer3", prefix: "10.1.0.0/16" });
    expect(layer3.body).toMatchObject({ layer: "layer3", prefix: ["10.1.0.0/16"] });
    const cleared = await patch(path.id, { prefix: "" });
    expect(cleared.body.error).toBe("Prefix is required");
    const layer2 = await patch(path.id, { layer: "layer2" });
    expect(layer2.body).toMatchObject({ layer: "layer2", prefix: [] });
    const all = await patch(path.id, { vlanType: "all" });
    expect(all.body).toMatchObject({ vlanType: "all", vlanId: null });
    const specific = await patch(path.id, { vlanType: "specific" });
    expect(specific.body.error).toBe("VLAN must be between 0 and 4094");
    const tooBig = await patch(path.id, { bandwidth: 1001 });
    expect(tooBig.body.error).toBe("Bandwidth must be between 1 and 1000");
    expect((await patch(path.id, { destinationConnectorId: west.id, destinationSiteId: west.siteId })).body.error).toBe(
      "Source and destination must be different connectors",
    );
  });
});

describe("listing paths", () => {
  let cookie: string;
  let names: string[];
  let listWest: End;
  let listEast: End;

  beforeAll(async () => {
    cookie = await admin();
    const westSite = await insertSite("Contoso", "Lisbon Office");
    const eastSite = await insertSite("Contoso", "Madrid Office");
    listWest = await insertConnector(westSite, "Lisbon Fibre", 10_000);
    listEast = await insertConnector(eastSite, "Madrid Fibre", 10_000);
    // 120 paths, three of them sharing a name so the id breaks the tie between pages.
    names = [];
    for (let i = 0; i < 120; i++) {
      const name = i < 3 ? "Iberia twin" : `Iberia ${String(i).padStart(3, "0")}`;
      await created(body({ name, bandwidth: 1, vlanId: 1000 + i, ...(i % 4 === 0 ? { layer: "layer3", prefix: `10.${i}.0.0/16` } : {}) }, listWest, listEast));
      names.push(name);
    }
    names.sort();
    const db = await getDb();
    await db.update(paths).set({ slaHealth: "bad" }).where(eq(paths.name, "Iberia 007"));
  });

  async function walk(query: string, limit: number) {
    const seen: PathBody[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const separator = query ? "&" : "";
      const page: { status: number; body: Page } = await call("GET", `${query}${separator}limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`, { cookie });
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(limit);
      seen.push(...page.body.items);
      cursor = page.body.nextCursor;
      pages++;
    } while (cursor);
    return { seen, pages };
  }

  it("pages through 120 paths by name then id, each once, with an opaque cursor", async () => {
    const { seen, pages } = await walk("/config/path?search=iberia", 25);
    expect(pages).toBe(5);
    expect(seen.map((path) => path.name)).toEqual(names);
    expect(new Set(seen.map((path) => path.id)).size).toBe(120);
    const twins = seen.filter((path) => path.name === "Iberia twin").map((path) => path.id);
    expect(twins).toEqual([...twins].sort());
    const organizationRoute = await walk(`/config/organization/${contoso}/path?search=IBERIA`, 50);
    expect(organizationRoute.seen.map((path) => path.id)).toEqual(seen.map((path) => path.id));
    const garbage = await call("GET", "/config/path?search=iberia&limit=10&cursor=not-a-cursor", { cookie });
    expect(garbage.body.items[0].name).toBe(names[0]);
  });

  it("searches path, site and connector names, case-insensitively, wildcards taken literally", async () => {
    const byPath = await call("GET", "/config/path?search=iBeRiA%20011&limit=500", { cookie });
    expect(byPath.body.items.map((path: PathBody) => path.name)).toEqual(["Iberia 011"]);
    for (const term of ["lisbon office", "MADRID", "lisbon fibre", "Madrid Fib"]) {
      const response = await call("GET", `/config/path?search=${encodeURIComponent(term)}&limit=500`, { cookie });
      expect(response.body.items, term).toHaveLength(120);
    }
    const wildcard = await call("GET", "/config/path?search=%25&limit=500", { cookie });
    expect(wildcard.body.items).toEqual([]);
  });

  it("finds paths by site or connector name when the term matches hundreds of connectors", async () => {
    const db = await getDb();
    const wide = await insertSite("Contoso", "Wideband campus");
    await db.insert(connectors).values(
      Array.from({ length: 600 }, (_, i) => ({ organizationId: contoso, siteId: wide.id, kind: "virtual" as const, name: `Wideband port ${i}`, bandwidthMbps: 100 })),
    );
    const [last] = await db.select().from(connectors).where(eq(connectors.name, "Wideband port 599"));
    const path = await created(body({ name: "Across the campus", vlanId: 9 }, { siteId: wide.id, id: last.id, name: last.name }, listEast));
    for (const term of ["wideband", "Wideband port 599", "campus"]) {
      const response = await call("GET", `/config/path?search=${encodeURIComponent(term)}&limit=500`, { cookie });
      expect(response.body.items.map((item: PathBody) => item.id), term).toEqual([path.id]);
    }
    const bySite = await call("GET", `/config/path?siteId=${wide.id}`, { cookie });
    expect(bySite.body.items.map((item: PathBody) => item.id)).toEqual([path.id]);
    expect((await call("DELETE", `/config/path/${path.id}`, { cookie })).status).toBe(204);
  });

  it("filters by site, layer, SLA health and organization", async () => {
    const bySite = await call("GET", `/config/path?siteId=${listEast.siteId}&limit=500`, { cookie });
    expect(bySite.body.items).toHaveLength(120);
    const layer3 = await call("GET", `/config/path?siteId=${listWest.siteId}&layer=layer3&limit=500`, { cookie });
    expect(layer3.body.items).toHaveLength(30);
    expect(layer3.body.items.every((path: PathBody) => path.layer === "layer3" && path.prefix.length === 1)).toBe(true);
    const bad = await call("GET", "/config/path?slaHealth=bad&limit=500", { cookie });
    expect(bad.body.items.map((path: PathBody) => path.name)).toEqual(["Iberia 007"]);
    const fabrikam = await organizationId("Fabrikam");
    const otherOrganization = await call("GET", `/config/path?organizationId=${fabrikam}&limit=500`, { cookie });
    expect(otherOrganization.body.items).toEqual([]);
    const invalid = await call("GET", "/config/path?layer=layer9", { cookie });
    expect(invalid.status).toBe(400);
  });
});

describe("path permissions and tenant isolation", () => {
  let secret: PathBody;
  beforeAll(async () => {
    const [west, east] = await pair();
    secret = await created(body({ name: "Contoso private path", vlanId: 77 }, west, east));
  });

  it("refuses writes to read-only users (403) and lets them read", async () => {
    const cookie = await signIn("readonly@contoso.example");
    expect((await call("POST", `/config/organization/${contoso}/path`, { cookie, body: body({ name: "Read only" }) })).status).toBe(403);
    expect((await call("PATCH", `/config/path/${secret.id}`, { cookie, body: { name: "Read only" } })).status).toBe(403);
    expect((await call("DELETE", `/config/path/${secret.id}`, { cookie })).status).toBe(403);
    expect((await call("GET", `/config/path/${secret.id}`, { cookie })).status).toBe(200);
    const msp = await signIn("readonly@northwind.example");
    expect((await call("PATCH", `/config/path/${secret.id}`, { cookie: msp, body: { name: "Read only" } })).status).toBe(403);
    expect((await call("GET", "/config/path", {})).status).toBe(401);
  });

  it("lets Contoso's MSP see and manage Contoso's paths", async () => {
    const cookie = await signIn("configure@northwind.example");
    expect((await call("GET", `/config/path/${secret.id}`, { cookie })).status).toBe(200);
    const [west, east] = await pair();
    const byMsp = await create(body({ name: "Made by the MSP" }, west, east), { email: "configure@northwind.example" });
    expect(byMsp.status, JSON.stringify(byMsp.body)).toBe(201);
    const list = await call("GET", `/config/path?search=${encodeURIComponent("Contoso private")}`, { cookie });
    expect(list.body.items.map((path: PathBody) => path.id)).toEqual([secret.id]);
  });

  it("lists an MSP's customers' paths in the MSP's console (the operator's view of it), and nothing of it to a customer", async () => {
    const northwind = await organizationId("Northwind Networks");
    const operator = await signIn("admin@maia.example");
    const mspConsole = await call("GET", `/config/organization/${northwind}/path?search=${encodeURIComponent("Contoso private")}`, { cookie: operator });
    expect(mspConsole.status).toBe(200);
    expect(mspConsole.body.items.map((path: PathBody) => path.id)).toEqual([secret.id]);
    const bluewave = await organizationId("Bluewave Telecom");
    const other = await call("GET", `/config/path?organizationId=${bluewave}&search=${encodeURIComponent("Contoso private")}`, { cookie: operator });
    expect(other.body.items).toEqual([]);
    const customer = await call("GET", `/config/path?organizationId=${northwind}&limit=500`, { cookie: await signIn("admin@contoso.example") });
    expect(customer.body.items).toEqual([]);
  });

  it.each(["admin@fabrikam.example", "admin@initech.example", "admin@bluewave.example"])(
    "hides Contoso's path from %s: 404 on read, update and delete, never listed",
    async (email) => {
      const cookie = await signIn(email);
      expect((await call("GET", `/config/path/${secret.id}`, { cookie })).status).toBe(404);
      expect((await call("PATCH", `/config/path/${secret.id}`, { cookie, body: { name: "Stolen" } })).status).toBe(404);
      expect((await call("DELETE", `/config/path/${secret.id}`, { cookie })).status).toBe(404);
      const list = await call("GET", "/config/path?limit=500", { cookie });
      expect(list.status).toBe(200);
      expect(list.body.items.some((path: PathBody) => path.organizationId === contoso)).toBe(false);
      const filtered = await call("GET", `/config/path?organizationId=${contoso}&limit=500`, { cookie });
      expect(filtered.body.items).toEqual([]);
      expect((await call("GET", `/config/organization/${contoso}/path`, { cookie })).status).toBe(404);
      expect((await call("POST", `/config/organization/${contoso}/path`, { cookie, body: body({ name: "Intruder" }) })).status).toBe(404);
      expect((await call("GET", `/config/path/${secret.id}`, { cookie: await admin() })).body.name).toBe("Contoso private path");
    },
  );

  it("cannot build a path on another organization's site or connector", async () => {
    const dublin = await insertSite("Fabrikam", "Dublin");
    const dublinPort = await insertConnector(dublin, "Dublin port", 1000);
    const intoFabrikam = await create(body({ name: "Cross tenant" }, parisA, dublinPort));
    expect(intoFabrikam.status).toBe(400);
    expect(intoFabrikam.body.error).toBe("Site not found in this organization");
    // Fabrikam's admin, in Fabrikam, naming Contoso's site and connector: the same answer as for a missing one.
    const fabrikam = await organizationId("Fabrikam");
    const fromFabrikam = await create(body({ name: "Borrowed" }, dublinPort, frankfurtA), { email: "admin@fabrikam.example", organization: fabrikam });
    expect(fromFabrikam.status).toBe(400);
    expect(fromFabrikam.body.error).toBe("Site not found in this organization");
    expect(fromFabrikam.body.issues).toEqual([{ path: "destinationSiteId", message: "Site not found in this organization" }]);
    // A Contoso connector named under a Fabrikam site.
    const mixed = await create(body({ name: "Mixed", destinationSiteId: dublin.id }, dublinPort, frankfurtA), {
      email: "admin@fabrikam.example",
      organization: fabrikam,
    });
    expect(mixed.body.issues).toEqual([{ path: "destinationConnectorId", message: "This connector does not belong to the chosen site" }]);
  });
});
