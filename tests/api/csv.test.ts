import fc from "fast-check";
import Papa from "papaparse";
import { count, eq, gt, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getApiApp } from "@/server/api/app";
import { getDb } from "@/server/db/client";
import { keptReads } from "@/server/db/read-cache";
import { connectors, events, organizations, paths, sites } from "@/server/db/schema";
import { call, organizationId, signIn } from "./helpers";
import { assignSwitchPort } from "./site-fixtures";

// Scope 4 of issue 43: every list as CSV (its filter, its sort, the caller's tenancy), and sites, connectors and paths
// imported from CSV — a dry run that writes nothing and names every problem by line and column, an import that is all
// or nothing, a retry that creates nothing twice, and an exported file that imports back as it was. The demo network
// gives every list rows (and Contoso sites, connectors and paths of every kind to carry across).
process.env.TEST_SEED_NETWORK = "1";

const CONTOSO_ADMIN = "admin@contoso.example";
const CONTOSO_READONLY = "readonly@contoso.example";
const NW_ADMIN = "admin@northwind.example";
const BW_ADMIN = "admin@bluewave.example";
const FABRIKAM_ADMIN = "admin@fabrikam.example";
const OPERATOR = "admin@maia.example";

let contoso: string;
let fabrikam: string;
let northwind: string;

const get = async (email: string, path: string, language?: string) => call("GET", path, { cookie: await signIn(email), language });
const post = async (email: string, path: string, body: unknown, language?: string) => call("POST", path, { cookie: await signIn(email), body, language });

/** A CSV answer's rows as objects by header (the byte-order mark checked and dropped). */
function rowsOf(body: string): Record<string, string>[] {
  expect(body.startsWith("\uFEFF")).toBe(true);
  const parsed = Papa.parse<Record<string, string>>(body.slice(1), { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

/** A CSV answer as its bytes say (Response.text() would drop the byte-order mark). */
async function download(email: string, path: string) {
  const headers = new Headers({ host: "localhost", cookie: await signIn(email) });
  const response = await getApiApp().fetch(new Request(`http://localhost/api/v1${path}`, { headers }));
  return { status: response.status, headers: response.headers, text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer()) };
}

async function exported(email: string, path: string): Promise<{ header: string[]; rows: Record<string, string>[]; text: string }> {
  const response = await download(email, path);
  expect(response.status, response.text).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="[\w.-]+\.csv"$/);
  const { text } = response;
  return { header: Papa.parse<string[]>(text.slice(1).split("\r\n")[0]).data[0], rows: rowsOf(text), text };
}

/** Every item of a JSON list, page after page. */
async function listed(email: string, path: string): Promise<{ id: string }[]> {
  const items: { id: string }[] = [];
  let cursor: string | null = null;
  do {
    const separator = path.includes("?") ? "&" : "?";
    const response = await get(email, `${path}${separator}limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    items.push(...response.body.items);
    cursor = response.body.nextCursor;
  } while (cursor);
  return items;
}

const importFile = (email: string, path: string, csv: string, dryRun: boolean, language?: string) => post(email, path, { csv, dryRun }, language);

async function rowCount(table: typeof sites | typeof connectors | typeof paths, organization: string) {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(table).where(eq(table.organizationId, organization));
  return row.n;
}

async function lastEventId() {
  const db = await getDb();
  const [row] = await db.select({ id: sql<number>`coalesce(max(${events.id}), 0)`.mapWith(Number) }).from(events);
  return row.id;
}

async function eventsSince(id: number) {
  const db = await getDb();
  return db.select().from(events).where(gt(events.id, id));
}

/** A customer of Northwind of its own, for a file to be imported into an empty console. */
async function newCustomer(name: string) {
  const db = await getDb();
  const [row] = await db.insert(organizations).values({ name, organizationType: "customer", parentId: northwind }).returning();
  return row.id;
}

const csvOf = (header: string[], rows: (string | number)[][]) => Papa.unparse([header, ...rows], { newline: "\r\n" });

beforeAll(async () => {
  contoso = await organizationId("Contoso");
  fabrikam = await organizationId("Fabrikam");
  northwind = await organizationId("Northwind Networks");
});

describe("exporting a list as CSV", () => {
  it("gives exactly the rows of every list page, in its order, under the API's field names", async () => {
    const mspId = northwind;
    const cases: [string, string, string][] = [
      [CONTOSO_ADMIN, `/config/organization/${contoso}/site?sort=name&order=desc`, `/config/organization/${contoso}/site.csv?sort=name&order=desc`],
      [NW_ADMIN, `/config/organization/${northwind}/path?sort=bandwidth&order=desc`, `/config/organization/${northwind}/path.csv?sort=bandwidth&order=desc`],
      [CONTOSO_ADMIN, "/config/path?layer=layer2", "/config/path.csv?layer=layer2"],
      [NW_ADMIN, `/config/msp/${mspId}/node?kind=edge`, `/config/msp/${mspId}/node.csv?kind=edge`],
      [NW_ADMIN, "/inventory/device", "/inventory/device.csv"],
      [OPERATOR, "/inventory/device?status=unclaimed", "/inventory/device.csv?status=unclaimed"],
      [NW_ADMIN, "/alarm?state=all&acknowledged=all", "/alarm.csv?state=all&acknowledged=all"],
      [CONTOSO_ADMIN, "/event", "/event.csv"],
      [NW_ADMIN, "/lifecycle/operation?tab=finished", "/lifecycle/operation.csv?tab=finished"],
      [NW_ADMIN, `/organization/${northwind}/user`, `/organization/${northwind}/user.csv`],
    ];
    for (const [email, list, csv] of cases) {
      const items = await listed(email, list);
      const { header, rows } = await exported(email, csv);
      expect(header[0], csv).toBe("id");
      expect(items.length, csv).toBeGreaterThan(0);
      expect(rows.map((row) => row.id), csv).toEqual(items.map((item) => item.id));
    }
    const customers = await get(NW_ADMIN, `/config/msp/${mspId}/customer-summary`);
    const { rows } = await exported(NW_ADMIN, `/config/msp/${mspId}/customer-summary.csv`);
    const byName = [...customers.body].sort((a: { customerName: string }, b: { customerName: string }) => a.customerName.localeCompare(b.customerName));
    expect(rows).toEqual(byName.map((customer: Record<string, unknown>) => Object.fromEntries(Object.entries(customer).map(([key, value]) => [key, String(value)]))));
  });

  it("flattens nested fields and writes the sites' columns of every type", async () => {
    const { header, rows } = await exported(CONTOSO_ADMIN, `/config/organization/${contoso}/site.csv?search=a`);
    expect(header).toEqual(expect.arrayContaining(["name", "type", "location.address", "location.latitude", "awsAccountId", "azureSubscriptionId", "region", "connectors.count"]));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.name.toLowerCase()).toContain("a");
  });

  it("keeps none of the pages it read: an export does not fill the read cache", async () => {
    // The embedded database keeps reads; PostgreSQL keeps none (server/db/read-cache.ts).
    const cache = keptReads(await getDb());
    if (!cache) return;
    await listed(NW_ADMIN, `/config/organization/${northwind}/path`);
    const kept = cache.size;
    expect(kept).toBeGreaterThan(0);
    await exported(NW_ADMIN, `/config/organization/${northwind}/path.csv?sort=state`);
    await exported(NW_ADMIN, "/event.csv");
    expect(cache.size).toBe(kept);
  });

  it("answers another tenant's list as missing, and a list the caller may not read as forbidden", async () => {
    expect((await get(CONTOSO_ADMIN, `/config/organization/${fabrikam}/site.csv`)).status).toBe(404);
    expect((await get(BW_ADMIN, `/config/organization/${contoso}/path.csv`)).status).toBe(404);
    expect((await get(CONTOSO_ADMIN, "/inventory/device.csv")).status).toBe(403);
    expect((await get(CONTOSO_ADMIN, "/config/site/no-such-site/connector.csv")).status).toBe(404);
    const bad = await get(CONTOSO_ADMIN, `/config/organization/${contoso}/site.csv?sort=nope`);
    expect(bad.status).toBe(400);
  });

  it("writes a cell that a spreadsheet would run as a formula behind an apostrophe, and reads it back as it was", async () => {
    const organization = await newCustomer("Formula Co");
    const names = ["=HYPERLINK(\"http://x\",\"y\")", "+33 1 23", "@SUM(A1)", "-1", "'=quoted", "Plain, with \"quotes\""];
    const csv = csvOf(
      ["name", "type", "location.address", "location.latitude", "location.longitude"],
      names.map((name) => [name.startsWith("-") || name.startsWith("'") ? name : name, "standard", "Paris", 48.85, 2.35]),
    );
    // The file as a person types it (no apostrophes): every name is taken literally.
    const first = await importFile(NW_ADMIN, `/config/organization/${organization}/site/import`, csv.replaceAll("'=quoted", "''=quoted"), false);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.errors).toEqual([]);
    const { text, rows } = await exported(NW_ADMIN, `/config/organization/${organization}/site.csv`);
    const cells = rows.map((row) => row.name).sort();
    expect(cells).toEqual(["'+33 1 23", "''=quoted", "'-1", "'=HYPERLINK(\"http://x\",\"y\")", "'@SUM(A1)", "Plain, with \"quotes\""].sort());
    expect(text).toContain('"Plain, with ""quotes"""');
    const again = await importFile(NW_ADMIN, `/config/organization/${organization}/site/import`, text, false);
    expect(again.body).toMatchObject({ applied: true, created: 0, updated: 0, unchanged: names.length, errors: [] });
    const db = await getDb();
    const stored = (await db.select({ name: sites.name }).from(sites).where(eq(sites.organizationId, organization))).map((row) => row.name).sort();
    expect(stored).toEqual(["'=quoted", "+33 1 23", "-1", "=HYPERLINK(\"http://x\",\"y\")", "@SUM(A1)", "Plain, with \"quotes\""].sort());
  });
});

describe("importing sites", () => {
  const HEADER = ["name", "description", "type", "location.address", "location.latitude", "location.longitude", "awsAccountId", "region"];

  it("checks on a dry run and writes nothing, imports all the rows together, and creates nothing on a retry", async () => {
    const organization = await newCustomer("Import Co");
    const csv = csvOf(HEADER, [
      ["Lyon office", "Head office", "standard", "Lyon, France", 45.764, 4.8357, "", ""],
      ["AWS Paris", "", "aws", "Paris, France", 48.8566, 2.3522, "123456789012", "eu-west-3"],
    ]);
    const path = `/config/organization/${organization}/site/import`;
    const before = await lastEventId();
    const dry = await importFile(NW_ADMIN, path, csv, true);
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body).toMatchObject({ dryRun: true, applied: false, rows: 2, created: 2, updated: 0, unchanged: 0, errors: [] });
    expect(await rowCount(sites, organization)).toBe(0);
    expect(await eventsSince(before)).toEqual([]);

    const done = await importFile(NW_ADMIN, path, csv, false);
    expect(done.body).toMatchObject({ dryRun: false, applied: true, created: 2, updated: 0, unchanged: 0, errors: [] });
    expect(await rowCount(sites, organization)).toBe(2);
    expect((await eventsSince(before)).map((event) => event.type).sort()).toEqual(["site.created", "site.created"]);

    const afterFirst = await lastEventId();
    const retry = await importFile(NW_ADMIN, path, csv, false);
    expect(retry.body).toMatchObject({ applied: true, created: 0, updated: 0, unchanged: 2 });
    expect(await rowCount(sites, organization)).toBe(2);
    expect(await eventsSince(afterFirst)).toEqual([]);

    // A changed description updates the site it names, once.
    const edited = csv.replace("Head office", "Head office 3rd floor");
    expect((await importFile(NW_ADMIN, path, edited, false)).body).toMatchObject({ created: 0, updated: 1, unchanged: 1 });
    expect((await importFile(NW_ADMIN, path, edited, false)).body).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
  });

  it("writes nothing at all when one row is refused, and says which row and column in the caller's language", async () => {
    const organization = await newCustomer("All Or Nothing Co");
    const csv = csvOf(HEADER, [
      ["Good one", "", "standard", "Lyon, France", 45.764, 4.8357, "", ""],
      ["Bad one", "", "aws", "Paris, France", 48.8566, 2.3522, "12", "eu-west-3"],
    ]);
    const response = await importFile(NW_ADMIN, `/config/organization/${organization}/site/import`, csv, false, "fr");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ applied: false, created: 0, updated: 0, unchanged: 0 });
    expect(response.body.errors).toEqual([{ line: 3, column: "awsAccountId", message: expect.stringMatching(/AWS/) }]);
    expect(await rowCount(sites, organization)).toBe(0);
  });

  it("keeps to the caller's tenancy: its own customers only, and the write scope", async () => {
    const csv = csvOf(HEADER, [["Tenancy probe", "", "standard", "Lyon, France", 45.764, 4.8357, "", ""]]);
    expect((await importFile(CONTOSO_ADMIN, `/config/organization/${fabrikam}/site/import`, csv, true)).status).toBe(404);
    expect((await importFile(FABRIKAM_ADMIN, `/config/organization/${contoso}/site/import`, csv, false)).status).toBe(404);
    expect((await importFile(BW_ADMIN, `/config/organization/${contoso}/site/import`, csv, false)).status).toBe(404);
    expect((await importFile(CONTOSO_READONLY, `/config/organization/${contoso}/site/import`, csv, true)).status).toBe(403);
    const msp = await importFile(NW_ADMIN, `/config/organization/${northwind}/site/import`, csv, true);
    expect(msp.status).toBe(400);
    // An MSP imports into its customer as it creates sites there.
    expect((await importFile(NW_ADMIN, `/config/organization/${contoso}/site/import`, csv, true)).body).toMatchObject({ created: 1, errors: [] });
    expect((await importFile(CONTOSO_ADMIN, `/config/organization/${contoso}/site/import`, csv, true)).body).toMatchObject({ created: 1, errors: [] });
    const db = await getDb();
    expect(await db.select().from(sites).where(eq(sites.name, "Tenancy probe"))).toEqual([]);
  });

  it("refuses a file that is not CSV text with a clear message, never a server error", async () => {
    const path = `/config/organization/${contoso}/site/import`;
    const cases: [string, RegExp][] = [
      ["", /empty/],
      ["name,type\n", /no data rows/],
      ["\u0000\u0001PK\u0003\u0004binary", /not a CSV file/],
      ["name,type\nCaf\uFFFD,standard\n", /not UTF-8 text \(line 2\)/],
      ['name,type\n"Lyon,standard\n', /quote is not closed/],
      ["name,name\nA,B\n", /column name twice/],
      ["name,description\nLyon,x\n", /must name the columns: type, location.address/],
      [`name,type\n${"x,standard\n".repeat(1001)}`, /at most 1000 rows/],
      ["a".repeat(600 * 1024), /larger than 512 KB/],
    ];
    for (const [csv, message] of cases) {
      const response = await importFile(CONTOSO_ADMIN, path, csv, true);
      expect(response.status, csv.slice(0, 40)).toBe(400);
      expect(response.body.error, csv.slice(0, 40)).toMatch(message);
    }
  });
});

describe("importing paths", () => {
  let organization: string;
  let header: string[];
  let good: Record<string, string>;

  beforeAll(async () => {
    organization = await newCustomer("Paths Co");
    await importFile(
      NW_ADMIN,
      `/config/organization/${organization}/site/import`,
      csvOf(["name", "type", "location.address", "location.latitude", "location.longitude"], [
        ["West", "standard", "Lyon, France", 45.764, 4.8357],
        ["East", "standard", "Milan, Italy", 45.4642, 9.19],
      ]),
      false,
    );
    const db = await getDb();
    const siteRows = await db.select().from(sites).where(eq(sites.organizationId, organization));
    for (const site of siteRows) {
      const response = await importFile(
        NW_ADMIN,
        `/config/site/${site.id}/connector/import`,
        csvOf(["name", "kind", "bandwidth", "description"], [
          [`${site.name} big`, "virtual", 1000, ""],
          [`${site.name} small`, "virtual", 100, ""],
        ]),
        false,
      );
      expect(response.body.errors).toEqual([]);
    }
    header = ["name", "layer", "sourceSiteName", "sourceConnectorName", "destinationSiteName", "destinationConnectorName", "bandwidth", "vlanType", "vlanId", "prefix"];
    good = { name: "", layer: "layer2", sourceSiteName: "West", sourceConnectorName: "West big", destinationSiteName: "East", destinationConnectorName: "East big", bandwidth: "10", vlanType: "specific", vlanId: "100", prefix: "" };
  });

  const row = (values: Record<string, string>) => header.map((column) => values[column] ?? "");

  it("names every mistake of a file by line and column on a dry run, and writes nothing", async () => {
    const mistakes: [Record<string, string>, string, RegExp][] = [
      [{ name: "" }, "name", /Name is required/],
      [{ name: "bad layer", layer: "layer4" }, "layer", /layer/i],
      [{ name: "unknown site", sourceSiteName: "Nowhere" }, "sourceSiteName", /No site is named Nowhere/],
      [{ name: "unknown connector", destinationConnectorName: "East huge" }, "destinationConnectorName", /no connector named East huge/],
      [{ name: "not a number", bandwidth: "ten" }, "bandwidth", /bandwidth/i],
      [{ name: "too much", bandwidth: "5000" }, "bandwidth", /1000|bandwidth/i],
      [{ name: "vlan range", vlanId: "5000" }, "vlanId", /VLAN/],
      [{ name: "l3 without prefix", layer: "layer3" }, "prefix", /[Pp]refix/],
      [{ name: "bad prefix", layer: "layer3", prefix: "10.0.0.300/24" }, "prefix", /./],
      [{ name: "same ends", destinationSiteName: "West", destinationConnectorName: "West big" }, "destinationConnectorName", /./],
      [{ name: "twice" }, "name", /line/],
    ];
    const lines = [row({ ...good, name: "twice" }), ...mistakes.map(([values]) => row({ ...good, ...values }))];
    const before = await lastEventId();
    const response = await importFile(NW_ADMIN, `/config/organization/${organization}/path/import`, csvOf(header, lines), true);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const errors: { line: number; column: string | null; message: string }[] = response.body.errors;
    mistakes.forEach(([, column, message], index) => {
      const line = index + 3;
      const found = errors.filter((error) => error.line === line);
      expect(found.length, `line ${line}: ${JSON.stringify(errors)}`).toBeGreaterThan(0);
      expect(found.map((error) => error.column), `line ${line}`).toContain(column);
      expect(found.find((error) => error.column === column)!.message, `line ${line}`).toMatch(message);
    });
    expect(errors.some((error) => error.line === 2)).toBe(false);
    expect(response.body.applied).toBe(false);
    expect(await rowCount(paths, organization)).toBe(0);
    expect(await eventsSince(before)).toEqual([]);
  });

  it("refuses by row what the domain rules refuse (a connector's headroom taken by an earlier row), and writes nothing", async () => {
    const csv = csvOf(header, [row({ ...good, name: "first", sourceConnectorName: "West small", bandwidth: "80", vlanId: "10" }), row({ ...good, name: "second", sourceConnectorName: "West small", bandwidth: "80", vlanId: "11" })]);
    const response = await importFile(NW_ADMIN, `/config/organization/${organization}/path/import`, csv, true);
    expect(response.body.errors).toHaveLength(1);
    expect(response.body.errors[0]).toMatchObject({ line: 3 });
    expect(await rowCount(paths, organization)).toBe(0);
  });

  it("imports paths once: a retry of the same file creates nothing twice", async () => {
    const csv = csvOf(header, [1, 2, 3, 4, 5].map((n) => row({ ...good, name: `Path ${n}`, vlanId: String(200 + n) })));
    const path = `/config/organization/${organization}/path/import`;
    expect((await importFile(CONTOSO_ADMIN, path, csv, false)).status).toBe(404);
    // The first try and a retry sent while it still runs: one creates the five paths, the other finds them.
    const tries = await Promise.all([importFile(NW_ADMIN, path, csv, false), importFile(NW_ADMIN, path, csv, false)]);
    expect(tries.map((response) => [response.body.created, response.body.unchanged]).sort()).toEqual([
      [0, 5],
      [5, 0],
    ]);
    const retry = await importFile(NW_ADMIN, path, csv, false);
    expect(retry.body).toMatchObject({ applied: true, created: 0, unchanged: 5 });
    expect(await rowCount(paths, organization)).toBe(5);
  });
});

describe("round trip", () => {
  /** The columns a list's rows are compared on between two organizations: not ids, times or the organization. */
  const comparable = (rows: Record<string, string>[]) =>
    rows
      .map((row) => Object.fromEntries(Object.entries(row).filter(([column]) => !/(^|\.)(id|organizationId|siteId|createdAt|updatedAt|slaHealth)$|Id$|^presharedKeySet$|^awsConfigSet$/.test(column))))
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

  it("imports every exported list back unchanged, into the same console and into an empty one", async () => {
    const target = await newCustomer("Round Trip Co");
    await assignSwitchPort("Round Trip Co");
    const sitesCsv = (await exported(NW_ADMIN, `/config/organization/${contoso}/site.csv`)).text;
    // Into the same console: every row is there already, nothing changes.
    const same = await importFile(NW_ADMIN, `/config/organization/${contoso}/site/import`, sitesCsv, false);
    expect(same.body, JSON.stringify(same.body.errors)).toMatchObject({ applied: true, created: 0, updated: 0, errors: [] });
    // Into an empty one: the same sites.
    const into = await importFile(NW_ADMIN, `/config/organization/${target}/site/import`, sitesCsv, false);
    expect(into.body, JSON.stringify(into.body.errors)).toMatchObject({ applied: true, updated: 0, unchanged: 0, errors: [] });
    const siteRows = (await exported(NW_ADMIN, `/config/organization/${target}/site.csv`)).rows;
    const sourceSites = (await exported(NW_ADMIN, `/config/organization/${contoso}/site.csv`)).rows;
    const withoutConnectors = (rows: Record<string, string>[]) => comparable(rows).map(({ "connectors.count": _count, "connectors.kinds": _kinds, ...rest }) => rest);
    expect(withoutConnectors(siteRows)).toEqual(withoutConnectors(sourceSites));
    expect(new Set(sourceSites.map((site) => site.type)).size).toBeGreaterThan(2);

    const db = await getDb();
    const targetSites = new Map((await db.select().from(sites).where(eq(sites.organizationId, target))).map((site) => [site.name, site.id]));
    const connectorKinds = new Set<string>();
    for (const source of sourceSites) {
      const { text, rows } = await exported(NW_ADMIN, `/config/site/${source.id}/connector.csv`);
      for (const row of rows) connectorKinds.add(row.kind);
      if (rows.length === 0) continue;
      const sameSite = await importFile(NW_ADMIN, `/config/site/${source.id}/connector/import`, text, false);
      expect(sameSite.body, JSON.stringify(sameSite.body.errors)).toMatchObject({ applied: true, created: 0, updated: 0, errors: [] });
      // A preshared key is never exported: a new IPsec connector is given one in a column of its own.
      const parsed = Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true });
      const withKeys = Papa.unparse(
        parsed.data.map((row) => ({ ...row, presharedKey: row.kind === "ipsec" ? "a-new-secret-key" : "" })),
        { newline: "\r\n" },
      );
      const siteId = targetSites.get(source.name)!;
      const created = await importFile(NW_ADMIN, `/config/site/${siteId}/connector/import`, withKeys, false);
      expect(created.body, `${source.name}: ${JSON.stringify(created.body.errors)}`).toMatchObject({ applied: true, errors: [] });
      expect(comparable((await exported(NW_ADMIN, `/config/site/${siteId}/connector.csv`)).rows)).toEqual(comparable(rows));
    }

    expect(connectorKinds).toEqual(new Set(["physical", "ipsec", "external", "virtual", "internet"]));
    const pathsCsv = (await exported(NW_ADMIN, `/config/organization/${contoso}/path.csv`)).text;
    expect(new Set(rowsOf(pathsCsv).map((path) => path.layer))).toEqual(new Set(["layer2", "layer3"]));
    const samePaths = await importFile(NW_ADMIN, `/config/organization/${contoso}/path/import`, pathsCsv, false);
    expect(samePaths.body, JSON.stringify(samePaths.body.errors)).toMatchObject({ applied: true, created: 0, updated: 0, errors: [] });
    const intoPaths = await importFile(NW_ADMIN, `/config/organization/${target}/path/import`, pathsCsv, false);
    expect(intoPaths.body, JSON.stringify(intoPaths.body.errors)).toMatchObject({ applied: true, errors: [] });
    expect(comparable((await exported(NW_ADMIN, `/config/organization/${target}/path.csv`)).rows)).toEqual(comparable(rowsOf(pathsCsv)));
  });
});

describe("hostile files", () => {
  const hostileCell = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.constantFrom("", " ", "=cmd|' /C calc'!A0", "+1", "-1", "@x", "'", '"', '""', "\r", "\n", "\t", "\u0000", "\uFFFD", "NaN", "1e309", "-0", "ä".repeat(200), "x".repeat(5000), "'; drop table sites; --", "layer3", "standard", "aws", "virtual"),
  );
  const columns = ["name", "type", "kind", "layer", "bandwidth", "location.address", "location.latitude", "location.longitude", "region", "awsAccountId", "sourceSiteName", "sourceConnectorName", "vlanId", "prefix", "active", "presharedKey", "natTraversal"];
  const file = fc.record({
    // Every column (rows then reach the schemas and the services) or some of them (the file is refused whole).
    header: fc.oneof(fc.constant(columns), fc.shuffledSubarray(columns, { minLength: 1 })),
    rows: fc.array(fc.array(hostileCell, { maxLength: 12 }), { maxLength: 8 }),
    separator: fc.constantFrom(",", ";", "\t"),
    bom: fc.boolean(),
  });

  async function counts() {
    const db = await getDb();
    const [row] = await db.select({ sites: sql<number>`(select count(*) from ${sites})`.mapWith(Number), connectors: sql<number>`(select count(*) from ${connectors})`.mapWith(Number), paths: sql<number>`(select count(*) from ${paths})`.mapWith(Number), events: sql<number>`(select count(*) from ${events})`.mapWith(Number) }).from(sql`(select 1) as one`);
    return row;
  }

  it("never answers a server error, and writes nothing when it refuses a file or a row", async () => {
    const db = await getDb();
    const [site] = await db.select().from(sites).where(eq(sites.organizationId, contoso)).limit(1);
    const targets = [`/config/organization/${contoso}/site/import`, `/config/site/${site.id}/connector/import`, `/config/organization/${contoso}/path/import`];
    await fc.assert(
      fc.asyncProperty(file, fc.nat(targets.length - 1), fc.boolean(), async ({ header, rows, separator, bom }, target, dryRun) => {
        const csv = (bom ? "\uFEFF" : "") + Papa.unparse([header, ...rows], { delimiter: separator, newline: "\r\n" });
        const before = await counts();
        const response = await importFile(CONTOSO_ADMIN, targets[target], csv, dryRun);
        const label = `${targets[target]} ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`;
        expect(response.status, label).toBeLessThan(500);
        if (response.status >= 400) expect(typeof response.body.error, label).toBe("string");
        if (response.status >= 400 || !response.body.applied) expect(await counts(), label).toEqual(before);
        if (response.status === 200) for (const error of response.body.errors) expect(error.line, label).toBeGreaterThan(1);
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});
