import { describe, expect, it, vi } from "vitest";
import { isKeptAnswer, ReadCache, watchStatements } from "@/server/db/read-cache";
import { statementTables } from "@/server/db/statement-tables";

// A kept read is served only while nothing it read has changed since it began — no row of its tables added or
// removed, none of its columns set; what a statement reads or changes is read from its text, a write it cannot place
// counting as a change to every table, a read of a `*` as a read of every column.

/** The columns a read reads, table by table (a table left out is read whole). */
function columnsRead(sql: string) {
  const named = statementTables(sql);
  if (named.kind !== "read") throw new Error(`not a read: ${sql}`);
  return named.columns;
}

describe("statementTables", () => {
  it("names the tables a read reads, quoted or not, and whether it reads the clock", () => {
    expect(statementTables(`select "paths"."id", (select "name" from "sites" where "sites"."id" = "paths"."source_site_id") from "paths" limit $1`)).toEqual({
      kind: "read",
      tables: ["paths", "sites"],
      // A column left unqualified is the innermost select's table's: "name" is the site's, "source_site_id" the path's.
      columns: { paths: ["id", "source_site_id"], sites: ["id", "name"] },
      timeDependent: false,
    });
    // Qualified by its table or the table's alias, a column is that table's only; by anything else, any table's.
    expect(
      statementTables(`select "paths"."id", "paths"."updated_at", "sites"."name" from "paths" inner join "sites" on "sites"."id" = "paths"."source_site_id"`),
    ).toMatchObject({ columns: { paths: ["id", "source_site_id", "updated_at"], sites: ["id", "name"] } });
    expect(statementTables(`select p.id, s.name from paths p join sites as s on s.id = p.source_site_id where p.organization_id = $1`)).toMatchObject({
      columns: { paths: ["id", "organization_id", "source_site_id"], sites: ["id", "name"] },
    });
    expect(statementTables(`with ranked as (select id from sites) select ranked.name from ranked join paths on true`)).toMatchObject({
      columns: { sites: ["id", "name"], paths: ["name"] },
    });
    // Drizzle's list of paths: its own columns unqualified, the ends' names read in subqueries.
    expect(
      statementTables(
        `select "id", "name", "updated_at", (select "name" from "sites" where "id" = "source_site_id"), (select "name" from "connectors" where "id" = "destination_connector_id") from "paths" where "paths"."organization_id" in (select "id" from "organizations" where "organizations"."id" = $1) order by "paths"."name" asc limit $2`,
      ),
    ).toMatchObject({
      columns: { paths: ["destination_connector_id", "id", "name", "organization_id", "source_site_id", "updated_at"], sites: ["id", "name"], connectors: ["id", "name"], organizations: ["id"] },
    });
    // An alias alone is its table's whole row; a function's name is no column.
    expect(statementTables(`select to_jsonb(s), count(p.id) from sites s join paths p on p.source_site_id = s.id group by s.id`)).toMatchObject({
      columns: { paths: ["id", "source_site_id"] },
    });
    // A `*` reads every column (a table left out of columns); count(*) names none.
    expect(statementTables(`select p.* from paths p join sites s on s.id = p.source_site_id`)).toMatchObject({ kind: "read", columns: { sites: ["id"] } });
    expect(columnsRead(`select * from paths p join sites s on s.id = p.source_site_id`)).toEqual({});
    expect(statementTables(`select count(*) from "sites" where "sites"."organization_id" = $1`)).toMatchObject({ columns: { sites: ["organization_id"] } });
    expect(statementTables(`select count(*) from "sites"`)).toMatchObject({ columns: { sites: [] } });
    // A product reads its operands only: a site's description set keeps a list of connectors with their report times.
    expect(
      statementTables(
        `select c.id, s.name, (extract(epoch from cs.sampled_at) * 1000)::float8 as t, sum(c.bandwidth_mbps * 2), $1 * 3 from connectors c join sites s on s.id = c.site_id left join telemetry_connector_state cs on cs.connector_id = c.id group by c.id, s.name, cs.sampled_at`,
      ),
    ).toEqual({
      kind: "read",
      tables: ["connectors", "sites", "telemetry_connector_state"],
      columns: { connectors: ["bandwidth_mbps", "id", "site_id"], sites: ["id", "name"], telemetry_connector_state: ["connector_id", "sampled_at"] },
      timeDependent: false,
    });
    // A select list's `*` after distinct on (...): every column; over a subquery alone, the subquery's own columns.
    expect(columnsRead(`select distinct on (p.source_site_id) * from paths p`)).toEqual({});
    expect(statementTables(`select * from (select p.id, s.name from paths p join sites s on s.id = p.source_site_id) latest`)).toMatchObject({
      columns: { paths: ["id", "source_site_id"], sites: ["id", "name"] },
    });
    expect(statementTables(`select * from (select p.id from paths p) x join sites s on s.id = x.id`)).toMatchObject({ columns: { paths: ["id"] } });
    expect(statementTables(`with x as (select p.id from paths p) select * from x`)).toMatchObject({ columns: { paths: ["id"] } });
    // A join in parentheses declares nothing the text tells apart: its `*` reads every column.
    expect(columnsRead(`select * from (paths join sites on sites.id = paths.source_site_id)`)).toEqual({});
    expect(statementTables(`select 1 from alarms a join organizations o on o.id = a.organization_id for update of a`)).toMatchObject({ kind: "read", tables: ["alarms", "organizations"] });
    expect(statementTables(`select * from "alarms" where "raised_at" > now() - interval '1 hour'`)).toMatchObject({ kind: "read", timeDependent: true });
    expect(statementTables(`select current_timestamp`)).toMatchObject({ kind: "read", timeDependent: true });
    expect(statementTables(`with unit as (select 1) select * from "paths"`)).toMatchObject({ kind: "read", tables: ["paths"] });
  });

  it("names what a write changes, with the tables its foreign keys cascade to", () => {
    // "state" is no column of alarms: an update the text does not place changes whole rows.
    expect(statementTables(`update "alarms" set "state" = $1 where "alarms"."id" = $2`)).toEqual({ kind: "write", tables: ["alarms"], columns: {} });
    const site = statementTables(`delete from "sites" where "sites"."id" = $1`);
    expect(site.kind).toBe("write");
    expect(site.kind === "write" && site.tables).toEqual(expect.arrayContaining(["sites", "connectors", "paths", "telemetry_path_state"]));
    expect(site.kind === "write" && site.tables).not.toContain("alarms");
    // An upsert's "do update set" and a lock's "for update" name no target.
    expect(statementTables(`insert into "server_settings" ("key", "value") values ($1, $2) on conflict ("key") do update set "value" = excluded."value"`)).toEqual({
      kind: "write",
      tables: ["server_settings"],
      columns: {},
    });
    expect(statementTables(`with input as (select 1), changed as (update paths p set sla_health = 'ok' from input returning p.id) select count(*) from changed`)).toMatchObject({
      kind: "write",
      tables: expect.arrayContaining(["paths", "telemetry_path_state"]),
    });
  });

  it("counts what the database's triggers write: a path's insert, delete or new bandwidth or ends changes its connectors' loads", () => {
    expect(statementTables(`insert into "paths" ("name") values ($1)`)).toMatchObject({ kind: "write", tables: expect.arrayContaining(["paths", "connector_loads"]) });
    expect(statementTables(`delete from "paths" where "paths"."id" = $1`)).toMatchObject({ kind: "write", tables: expect.arrayContaining(["paths", "connector_loads"]) });
    // Through a cascade: a site's connectors go, and with them the paths over them.
    const site = statementTables(`delete from "sites" where "sites"."id" = $1`);
    expect(site.kind === "write" && site.tables).toContain("connector_loads");
    expect(statementTables(`update "paths" set "bandwidth_mbps" = $1, "updated_at" = $2 where "paths"."id" = $3`)).toEqual({
      kind: "write",
      tables: ["paths", "connector_loads"],
      columns: { paths: ["bandwidth_mbps", "updated_at"] },
    });
    // The simulator's SLA updates fire no trigger.
    expect(statementTables(`update "paths" set "sla_health" = $1 where "paths"."id" = $2`)).toEqual({ kind: "write", tables: ["paths"], columns: { paths: ["sla_health"] } });
  });

  it("names the columns a plain update sets, and counts any other update as changing whole rows", () => {
    expect(statementTables(`update "sites" set "description" = $1, "updated_at" = $2 where "sites"."id" = $3 returning "id", "name"`)).toEqual({
      kind: "write",
      tables: ["sites"],
      columns: { sites: ["description", "updated_at"] },
    });
    expect(statementTables(`update telemetry_device_state s set silent = true, silent_since = s.last_seen_at from devices d where d.id = s.device_id`)).toEqual({
      kind: "write",
      tables: ["telemetry_device_state"],
      columns: { telemetry_device_state: ["silent", "silent_since"] },
    });
    // Commas and keywords inside quotes and parentheses end no item and no list.
    expect(statementTables(`update "paths" set "name" = 'a, where (x', "bandwidth_mbps" = coalesce($1, 2) where id = $2`)).toMatchObject({
      columns: { paths: ["name", "bandwidth_mbps"] },
    });
    // A column a foreign key refers to may cascade: the update changes whole rows, with the tables it cascades to.
    const renumbered = statementTables(`update "sites" set "id" = $1 where "id" = $2`);
    expect(renumbered).toMatchObject({ kind: "write", columns: {} });
    expect(renumbered.kind === "write" && renumbered.tables).toEqual(expect.arrayContaining(["sites", "connectors", "paths"]));
    // An item that is not "column = ...", or a column the table does not have: whole rows.
    expect(statementTables(`update "paths" set ("name", "bandwidth_mbps") = ($1, $2)`)).toEqual({ kind: "write", tables: ["paths", "telemetry_path_state", "connector_loads"], columns: {} });
    expect(statementTables(`update "paths" set "nonsense" = 1`)).toEqual({ kind: "write", tables: ["paths", "telemetry_path_state", "connector_loads"], columns: {} });
  });

  it("counts as a change to every table what it cannot place, and none what changes no data", () => {
    expect(statementTables(`insert into "telemetry_samples_2026_11" values ($1)`)).toEqual({ kind: "everything" });
    expect(statementTables(`create table "x" (id text)`)).toEqual({ kind: "everything" });
    expect(statementTables(`truncate "paths"`)).toEqual({ kind: "everything" });
    expect(statementTables(`select 1; delete from "paths"`, { script: true })).toEqual({ kind: "everything" });
    expect(statementTables(`with gone as (delete from "nothing_known" returning 1) select 1`)).toEqual({ kind: "everything" });
    for (const sql of ["begin", "COMMIT", "rollback", "savepoint sp1", "release savepoint sp1", "set local statement_timeout = 1000"]) {
      expect(statementTables(sql)).toEqual({ kind: "none" });
    }
  });
});

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

/** A client whose statements answer at once, or when the test lets the one it holds go. */
function fakeClient() {
  const held = new Map<string, Promise<void>>();
  const queryable = {
    query: async (sql: string) => {
      await held.get(sql);
      return { rows: [{ sql }] };
    },
    exec: async (_script: string) => [],
  };
  return {
    client: { ...queryable, transaction: <T>(work: (tx: typeof queryable) => Promise<T>) => work(queryable) },
    /** Holds `sql` until the returned function is called. */
    hold(sql: string) {
      const gate = deferred();
      held.set(sql, gate.promise);
      return () => {
        held.delete(sql);
        gate.resolve();
      };
    },
  };
}

function setUp(limit?: number) {
  const cache = new ReadCache(limit);
  const fake = fakeClient();
  const client = watchStatements(fake.client, cache);
  let computed = 0;
  const read = (key: string, sql = `select * from "paths"`) =>
    cache.read(key, async () => {
      computed++;
      const { rows } = await client.query(sql);
      return { key, rows };
    });
  return { cache, client, read, hold: fake.hold, computed: () => computed };
}

describe("ReadCache", () => {
  it("keeps a read until a table it read changes, and only then", async () => {
    const { client, read, computed } = setUp();
    const first = await read("paths");
    expect(await read("paths")).toBe(first);
    expect(computed()).toBe(1);
    await client.query(`update "alarms" set "state" = 'cleared'`);
    expect(await read("paths")).toBe(first);
    // A site's deletion cascades to its paths.
    await client.query(`delete from "sites" where "id" = $1`);
    expect(await read("paths")).not.toBe(first);
    expect(computed()).toBe(2);
    await client.exec(`vacuum; analyze`);
    await read("paths");
    expect(computed()).toBe(3);
  });

  it("keeps a read across the setting of columns it did not read, and drops it when one it read is set or a row comes or goes", async () => {
    const { client, read, computed } = setUp();
    const names = `select "paths"."id", "sites"."name" from "paths" inner join "sites" on "sites"."id" = "paths"."source_site_id"`;
    const first = await read("names", names);
    await client.query(`update "sites" set "description" = $1, "updated_at" = $2 where "sites"."id" = $3`);
    expect(await read("names", names)).toBe(first);
    expect(computed()).toBe(1);
    await client.query(`update "sites" set "name" = $1 where "sites"."id" = $2`);
    const renamed = await read("names", names);
    expect(renamed).not.toBe(first);
    await client.query(`insert into "sites" ("id") values ('s2')`);
    await read("names", names);
    expect(computed()).toBe(3);
    // A read of every column of sites goes with any column set; a transaction's settings count when it ends.
    const everything = await read("all", `select * from "sites"`);
    await client.transaction(async (tx) => {
      await tx.query(`update "sites" set "description" = $1`);
    });
    expect(await read("all", `select * from "sites"`)).not.toBe(everything);
    await read("names", names);
    expect(computed()).toBe(5);
  });

  it("drops a read that a write ending after it began may have missed", async () => {
    const { client, read, hold, computed } = setUp();
    const release = hold(`select * from "paths"`);
    const reading = read("paths");
    await client.query(`insert into "paths" ("id") values ('p1')`);
    release();
    await reading;
    await read("paths");
    expect(computed()).toBe(2);
    await read("paths");
    expect(computed()).toBe(2);
  });

  it("counts a transaction's writes again when it ends, when other reads see them", async () => {
    const { client, read, computed } = setUp();
    const commit = deferred();
    const renamed = deferred();
    const transaction = client.transaction(async (tx) => {
      await tx.query(`update "paths" set "name" = 'renamed'`);
      renamed.resolve();
      await commit.promise;
    });
    await renamed.promise;
    // Read while the transaction is open: it cannot see the rename yet, and must not outlive the commit.
    await read("paths");
    await read("paths");
    expect(computed()).toBe(1);
    commit.resolve();
    await transaction;
    await read("paths");
    expect(computed()).toBe(2);
  });

  it("keeps no read of the clock, no read that writes and no read that failed", async () => {
    const { cache, client, read, computed } = setUp();
    await read("clock", `select now()`);
    await read("clock", `select now()`);
    expect(computed()).toBe(2);
    const writing = () =>
      cache.read("writing", async () => {
        await client.query(`insert into "events" ("id") values ('e1')`);
        return computed();
      });
    await writing();
    await writing();
    let failures = 0;
    const failing = () =>
      cache.read("failing", async () => {
        failures++;
        throw new Error("no");
      });
    await expect(failing()).rejects.toThrow("no");
    await expect(failing()).rejects.toThrow("no");
    expect(failures).toBe(2);
    expect(cache.size).toBe(0);
  });

  it("lets a caller join a running read only while nothing has changed since it began", async () => {
    const { client, read, hold, computed } = setUp();
    const release = hold(`select * from "paths"`);
    const first = read("paths");
    const joined = read("paths");
    expect(computed()).toBe(1);
    await client.query(`update "sites" set "name" = 'x'`);
    const after = read("paths");
    expect(computed()).toBe(2);
    release();
    expect(await joined).toBe(await first);
    expect(await after).not.toBe(await first);
  });

  it("shares its answers read-only and keeps the most recently used ones past its limit", async () => {
    const { read, computed } = setUp(2);
    const answer = await read("a");
    expect(Object.isFrozen(answer) && Object.isFrozen(answer.rows) && Object.isFrozen(answer.rows[0])).toBe(true);
    // What the API sends once for a kept answer is for kept answers only, not any frozen object.
    expect(isKeptAnswer(answer)).toBe(true);
    expect(isKeptAnswer(Object.freeze({ key: "a" }))).toBe(false);
    await read("b");
    await read("a");
    await read("c");
    expect(computed()).toBe(3);
    await read("a");
    expect(computed()).toBe(3);
    await read("b");
    expect(computed()).toBe(4);
  });

  it("notes what a query builder reads when it runs on being awaited, and keeps no read that named no table", async () => {
    const { cache, client, computed } = setUp();
    let runs = 0;
    // Like Drizzle's builders: nothing runs until then() is called — after compute has returned it.
    const builder = () => ({
      then: <R>(resolve: (rows: unknown[]) => R) => {
        runs++;
        return client.query(`select * from "organizations"`).then(({ rows }) => resolve(rows));
      },
    });
    const organizations = () => cache.read("organizations", builder as unknown as () => Promise<unknown[]>);
    await organizations();
    await organizations();
    expect(runs).toBe(1);
    await client.query(`insert into "organizations" ("id") values ('o2')`);
    await organizations();
    expect(runs).toBe(2);
    const nothing = () => cache.read("nothing", async () => computed());
    await nothing();
    await nothing();
    expect(cache.size).toBe(1);
  });

  it("makes a read that uses a kept one depend on its tables too", async () => {
    const { cache, client, read, computed } = setUp();
    const outer = () => cache.read("outer", async () => (await read("inner", `select * from "sites"`)).rows.length);
    await outer();
    await outer();
    expect(computed()).toBe(1);
    await client.query(`update "sites" set "name" = 'y'`);
    await outer();
    expect(computed()).toBe(2);
    // And on its columns only.
    const named = () => cache.read("named", async () => (await read("inner names", `select "sites"."name" from "sites"`)).rows.length);
    await named();
    await client.query(`update "sites" set "description" = 'z'`);
    await named();
    expect(computed()).toBe(3);
    await client.query(`update "sites" set "name" = 'z'`);
    await named();
    expect(computed()).toBe(4);
  });
});

describe("the process's read caches", () => {
  it("are one for the server entry and the code Next bundles, two module graphs over one database", async () => {
    const { client, cache } = setUp();
    const db = {};
    const entry = await import("@/server/db/read-cache");
    entry.keepReads(db, cache);
    // A second copy of the module, as Next's bundle of the same sources holds.
    vi.resetModules();
    const bundled = await import("@/server/db/read-cache");
    expect(bundled).not.toBe(entry);
    expect(bundled.keptReads(db)).toBe(cache);
    let runs = 0;
    const sites = () =>
      bundled.cachedRead(db, "sites", async () => {
        runs++;
        return (await client.query(`select * from "sites"`)).rows;
      });
    const first = await sites();
    expect(await sites()).toBe(first);
    expect(runs).toBe(1);
    expect(entry.isKeptAnswer(first)).toBe(true);
    expect(bundled.isKeptAnswer(first)).toBe(true);
  });
});

describe("ReadCache between the threads of a process", () => {
  it("tells its listeners what each write changed, a transaction's when it ends", async () => {
    const { cache, client } = setUp();
    const told: unknown[] = [];
    const stop = cache.onChange((change) => told.push(change));
    await client.query(`update "sites" set "name" = $1 where "sites"."id" = $2`);
    await client.exec(`vacuum`);
    await client.transaction(async (tx) => {
      await tx.query(`insert into "paths" ("id") values ('p1')`);
      expect(told).toHaveLength(3);
    });
    await client.query(`select * from "paths"`);
    stop();
    await client.query(`delete from "alarms"`);
    expect(told.slice(0, 2)).toEqual([[["sites", ["name"]]], "everything"]);
    // The insert when it ended, and again with its transaction (rows a write adds are whole rows).
    expect(told[2]).toContainEqual(["paths", "all"]);
    expect(told[3]).toEqual(told[2]);
    expect(told).toHaveLength(4);
  });

  it("drops a kept read when another thread's client changed what it read, and tells no listener of it", async () => {
    const { cache, read, computed } = setUp();
    const told = vi.fn();
    cache.onChange(told);
    const names = `select "sites"."name" from "sites"`;
    const first = await read("names", names);
    cache.applyChange([["sites", ["description"]]]);
    expect(await read("names", names)).toBe(first);
    cache.applyChange([["sites", ["name"]]]);
    expect(await read("names", names)).not.toBe(first);
    cache.applyChange("everything");
    await read("names", names);
    expect(computed()).toBe(3);
    expect(told).not.toHaveBeenCalled();
  });
});
