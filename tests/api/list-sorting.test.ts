import { beforeAll, describe, expect, it } from "vitest";
import { ALARM_SEVERITIES } from "@/lib/alarms/constants";
import { severityRank } from "@/lib/dashboard/format";
import { LIFECYCLE_STATUSES } from "@/lib/lifecycle/schema";
import { defaultOrder, LIST_SORTS, type SortableList } from "@/lib/sorting";
import { getDb } from "@/server/db/client";
import { alarms } from "@/server/db/schema";
import { call, organizationId, signIn } from "./helpers";
import { createSite, PARIS } from "./site-fixtures";

// Issue 42 scope 6: every list page sorts by the columns people sort by, on the server, with keyset pages: walking
// a sort a few rows at a time gives each row once, in the order of the whole list, in both directions, and never a
// row of another tenant.
process.env.TEST_SEED_NETWORK = "1";

interface Row {
  id: string;
  [field: string]: unknown;
}

interface ListCase {
  list: SortableList;
  who: string;
  url: () => Promise<string>;
  /** The primary key of each sort, read from a row, where it can be compared in JavaScript (names follow the database's collation). */
  primary: Partial<Record<string, (row: Row) => number>>;
  /** Whether a row belongs to the caller's view (never another tenant's). */
  mine: (row: Row) => boolean;
}

const ids: Record<string, string> = {};
const time = (field: string) => (row: Row) => Date.parse(String(row[field]));
const severity = (row: Row) => ALARM_SEVERITIES.length - 1 - ALARM_SEVERITIES.indexOf(row.severity as (typeof ALARM_SEVERITIES)[number]);

const CASES: ListCase[] = [
  {
    list: "alarms",
    who: "admin@contoso.example",
    url: async () => "/alarm?acknowledged=all",
    primary: { time: time("raisedAt"), severity },
    mine: (row) => row.organizationId === ids.Contoso,
  },
  {
    list: "events",
    who: "admin@contoso.example",
    url: async () => "/event",
    primary: { time: time("timestamp") },
    mine: (row) => row.organizationId === ids.Contoso,
  },
  {
    list: "paths",
    who: "admin@northwind.example",
    url: async () => "/config/path",
    primary: { state: (row) => severityRank(String(row.slaHealth)), bandwidth: (row) => Number(row.bandwidth) },
    mine: (row) => row.organizationId !== ids.Initech,
  },
  {
    list: "sites",
    who: "admin@contoso.example",
    url: async () => `/config/organization/${ids.Contoso}/site`,
    primary: { state: (row) => (row.active ? 1 : 0) },
    mine: (row) => row.organizationId === ids.Contoso,
  },
  {
    list: "nodes",
    who: "admin@northwind.example",
    url: async () => `/config/msp/${ids["Northwind Networks"]}/node`,
    primary: {},
    mine: (row) => row.organizationId === ids["Northwind Networks"],
  },
  {
    list: "devices",
    who: "admin@northwind.example",
    url: async () => "/inventory/device",
    primary: {},
    mine: (row) => row.mspName === "Northwind Networks",
  },
  {
    list: "topologyLinks",
    who: "admin@northwind.example",
    url: async () => `/config/msp/${ids["Northwind Networks"]}/topology/link`,
    primary: { bandwidth: (row) => Number(row.bandwidth) },
    mine: () => true,
  },
  {
    list: "lifecycle",
    who: "admin@northwind.example",
    url: async () => "/lifecycle/operation?tab=finished",
    primary: { time: time("scheduledAt"), state: (row) => LIFECYCLE_STATUSES.indexOf(row.status as (typeof LIFECYCLE_STATUSES)[number]) },
    mine: (row) => row.organizationId === ids["Northwind Networks"],
  },
];

const withQuery = (url: string, query: string) => `${url}${url.includes("?") ? "&" : "?"}${query}`;

async function page(cookie: string, url: string) {
  const response = await call("GET", url, { cookie });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { items: Row[]; nextCursor: string | null };
}

/** Every row of a sort, a page of `limit` at a time. */
async function walk(cookie: string, url: string, limit: number): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 200; pages++) {
    const body = await page(cookie, withQuery(url, `limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`));
    rows.push(...body.items);
    cursor = body.nextCursor;
    if (!cursor) return rows;
  }
  throw new Error(`${url}: more than 200 pages`);
}

beforeAll(async () => {
  for (const name of ["Contoso", "Northwind Networks", "Initech"]) ids[name] = await organizationId(name);
  // Alarms of each severity, two raised at the same instant: ties to cut through (the demo gives Contoso only two).
  const at = new Date(Date.now() - 30 * 60_000);
  await (await getDb()).insert(alarms).values(
    (["critical", "major", "major", "minor", "warning"] as const).map((level, index) => ({
      organizationId: ids.Contoso,
      message: `Sorting alarm ${index}`,
      severity: level,
      type: "port-down" as const,
      source: `sorting-${index}`,
      subject: `sorting:${index}`,
      raisedAt: index === 2 ? at : new Date(at.getTime() - index * 60_000),
    })),
  );
  // Sites of the same name and state, one inactive, and the events they write: ties to cut through.
  for (const name of ["Lyon", "Lyon", "Nantes", "Lille"]) {
    const site = await createSite("Contoso", { name, description: "", location: PARIS, type: "standard" });
    if (name === "Nantes") await call("PATCH", `/config/site/${site.id}`, { cookie: await signIn("admin@contoso.example"), body: { active: false } });
  }
});

describe.each(CASES)("sorting the $list list", ({ list, who, url, primary, mine }) => {
  const columns = Object.keys(LIST_SORTS[list]);

  it.each(columns)("walks the %s sort a few rows at a time, each row once, in both directions", async (column) => {
    const cookie = await signIn(who);
    const base = await url();
    const whole = await walk(cookie, withQuery(base, `sort=${column}&order=asc`), 500);
    expect(whole.length, `${list} has rows to sort`).toBeGreaterThan(2);
    expect(whole.every(mine), "only the caller's rows").toBe(true);

    // A few pages, cutting through the ties of the demo data (states, bandwidths, models): the name and id break them.
    const limit = Math.max(2, Math.ceil(whole.length / 4));
    const ascending = await walk(cookie, withQuery(base, `sort=${column}&order=asc`), limit);
    expect(ascending.map((row) => row.id)).toEqual(whole.map((row) => row.id));
    expect(new Set(ascending.map((row) => row.id)).size).toBe(ascending.length);

    const descending = await walk(cookie, withQuery(base, `sort=${column}&order=desc`), limit);
    expect(descending.map((row) => row.id)).toEqual(whole.map((row) => row.id).reverse());

    const key = primary[column];
    if (key) {
      const keys = ascending.map(key);
      expect(keys.every((value, index) => index === 0 || keys[index - 1] <= value), `${column} ascending`).toBe(true);
    }

    const defaulted = await walk(cookie, withQuery(base, `sort=${column}`), limit);
    expect(defaulted.map((row) => row.id)).toEqual(defaultOrder(list, column as never) === "asc" ? whole.map((row) => row.id) : whole.map((row) => row.id).reverse());
  });

  it("refuses an unknown column or order with a 400 that names the columns", async () => {
    const cookie = await signIn(who);
    const base = await url();
    const column = await call("GET", withQuery(base, "sort=password"), { cookie });
    expect(column.status).toBe(400);
    expect(column.body.error).toBe(`Sort must be one of ${columns.join(", ")}`);
    const french = await call("GET", withQuery(base, "sort=password"), { cookie, language: "fr" });
    expect(french.status).toBe(400);
    expect(french.body.error).toContain(columns.join(", "));
    const order = await call("GET", withQuery(base, `sort=${columns[0]}&order=sideways`), { cookie });
    expect(order.status).toBe(400);
    expect(order.body.error).toBe("Order must be asc or desc");
  });

  it("starts from the beginning on a cursor of another sort or a forged one, never a 500", async () => {
    const cookie = await signIn(who);
    const base = await url();
    const first = await page(cookie, withQuery(base, `sort=${columns[0]}&order=asc&limit=2`));
    expect(first.nextCursor).not.toBeNull();
    const forged = [
      first.nextCursor!,
      Buffer.from(JSON.stringify([["x", "y", "z"], "id", `${columns[0]}:asc`])).toString("base64url"),
      Buffer.from(JSON.stringify([[{}], 1, `${columns[0]}:asc`])).toString("base64url"),
      Buffer.from(JSON.stringify(["not", "a", "cursor"])).toString("base64url"),
      Buffer.from(JSON.stringify([["\u0000"], "\u0000", `${columns[0]}:desc`])).toString("base64url"),
    ];
    const restart = await page(cookie, withQuery(base, `sort=${columns[0]}&order=desc&limit=2`));
    for (const cursor of forged) {
      const response = await call("GET", withQuery(base, `sort=${columns[0]}&order=desc&limit=2&cursor=${cursor}`), { cookie });
      expect(response.status).toBe(200);
      expect(response.body.items.map((row: Row) => row.id)).toEqual(restart.items.map((row) => row.id));
    }
  });
});

describe("another tenant's rows under every sort", () => {
  it("never lists Initech's paths or sites to Contoso, whichever the sort", async () => {
    const cookie = await signIn("admin@contoso.example");
    for (const column of Object.keys(LIST_SORTS.paths)) {
      const rows = await walk(cookie, `/config/path?sort=${column}`, 7);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.organizationId === ids.Contoso)).toBe(true);
    }
    const foreign = await call("GET", `/config/organization/${ids.Initech}/site?sort=state`, { cookie });
    expect(foreign.status).toBe(404);
  });
});
