// npm run bench:audit — the audit log on 1,000,000 events: a fresh in-memory PGlite with the demo organizations and
// users, a million events inserted in SQL (a year of them, 90 % people's changes over every organization, user and
// kind, the rest the system's), then the first page and a deep page (a cursor 90 % of the way down) of
// GET /organization/{id}/audit for each filter, as the operator, an MSP and a customer, through the API in-process.
// Each figure is the median of BENCH_RUNS calls (default 5).
import { sql } from "drizzle-orm";
import { getApiApp } from "@/server/api/app";
import { auditQuery } from "@/server/audit/service";
import { encodeCursor } from "@/server/core/pagination";
import { migrateDatabase, openDatabase, queryRows, setDatabase } from "@/server/db/client";
import { seedDemo } from "@/server/seed";

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PASSWORD = "bench-audit";

const started = performance.now();
// BENCH_DATA_DIR keeps the database between runs (the million rows take minutes to insert): a run finding them there
// only measures.
const handle = await openDatabase({ dataDir: process.env.BENCH_DATA_DIR ?? "memory://" });
await migrateDatabase(handle);
await seedDemo(handle.db, PASSWORD, { network: false });
setDatabase(handle);
const db = handle.db;
const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);
console.log(`PGlite with the demo organizations in ${seconds(started)} s`);
const [{ present }] = await queryRows<{ present: number }>(db, sql`select count(*)::int as present from events`);

const inserting = performance.now();
// Each event: an organization (weighted by row number), one of its members as the actor (10 % none: the system's),
// a kind, one of 20,000 objects, a time in the last year. Inserted in chunks of 100,000.
const KINDS = ["site", "connector", "path", "node", "link", "device", "user", "invitation", "organization", "coreFabric"];
for (let from = 0; present < EVENTS && from < EVENTS; from += 100_000) {
  const to = Math.min(EVENTS, from + 100_000) - 1;
  await db.execute(sql`
    with members as (
      select m.organization_id, array_agg(m.user_id order by m.user_id) as users,
             row_number() over (order by m.organization_id) - 1 as n, count(*) over () as total
      from memberships m group by m.organization_id
    )
    insert into events (organization_id, timestamp, source, type, entity_type, entity_id, entity_name, actor_user_id, before, after)
    select m.organization_id,
           now() - (g * 31.536 * ${1_000_000 / EVENTS}::float8) * interval '1 second',
           'bench',
           k.kind || '.updated',
           k.kind,
           'obj-' || (g % 20000),
           'Object ' || (g % 20000),
           case when g % 10 = 0 then null else m.users[1 + (g / 7) % array_length(m.users, 1)] end,
           jsonb_build_object('name', 'Object ' || (g % 20000), 'vlan', g % 4000),
           jsonb_build_object('name', 'Object ' || (g % 20000), 'vlan', (g + 1) % 4000)
    from generate_series(${from}::int, ${to}::int) g
    join members m on m.n = (g % 97) % m.total
    cross join lateral (select (${sql.raw(`array[${KINDS.map((kind) => `'${kind}'`).join(",")}]`)})[1 + (g / 3) % ${KINDS.length}] as kind) k`);
}
await db.execute(sql`analyze events`);
const [{ count }] = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from events`);
console.log(`${count.toLocaleString("en")} events inserted and analyzed in ${seconds(inserting)} s`);

const api = getApiApp();
async function call(path: string, cookie?: string, body?: unknown) {
  const headers = new Headers({ host: "localhost", "content-type": "application/json" });
  if (cookie) headers.set("cookie", cookie);
  const response = await api.fetch(new Request(`http://localhost/api/v1${path}`, { method: body ? "POST" : "GET", headers, body: body ? JSON.stringify(body) : undefined }));
  return { response, body: (await response.json()) as { items: unknown[]; nextCursor: string | null; error?: string } };
}
async function signIn(email: string) {
  const { response } = await call("/auth/login", undefined, { email, password: PASSWORD });
  return response.headers.getSetCookie().find((cookie) => cookie.startsWith("maia_session="))!.split(";")[0];
}
const organization = async (name: string) => (await queryRows<{ id: string }>(db, sql`select id from organizations where name = ${name}`))[0].id;

const northwind = await organization("Northwind Networks");
const northwindConsole = (await queryRows<{ id: string }>(db, sql`select id from organizations where id = ${northwind} or parent_id = ${northwind}`)).map((row) => row.id);
// Each caller's console as the service narrows it (server/audit/service.ts): all, a list of ids, one id.
const callers = [
  { label: "operator (all)", email: "admin@maia.example", organization: await organization("Maia"), scope: sql`true` },
  { label: "MSP + customers", email: "admin@northwind.example", organization: northwind, scope: sql`organization_id in ${sql.raw(`(${northwindConsole.map((id) => `'${id}'`).join(",")})`)}` },
  { label: "customer", email: "admin@contoso.example", organization: await organization("Contoso"), scope: sql`organization_id = ${await organization("Contoso")}` },
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
async function time(path: string, cookie: string) {
  const runs: number[] = [];
  let items = 0;
  for (let run = 0; run < RUNS; run++) {
    const from = performance.now();
    const { response, body } = await call(path, cookie);
    runs.push(performance.now() - from);
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${body.error}`);
    items = body.items.length;
  }
  return { ms: median(runs), items };
}

console.log("\ncaller            filter        rows matched   first page ms   deep page ms (90 %)");
for (const caller of callers) {
  const cookie = await signIn(caller.email);
  const [user] = await queryRows<{ id: string; email: string }>(
    db,
    sql`select u.id, u.email from users u join events e on e.actor_user_id = u.id where ${caller.scope} group by u.id, u.email order by count(*) desc limit 1`,
  );
  const month = { start: new Date(Date.now() - 60 * 86_400_000).toISOString(), end: new Date(Date.now() - 30 * 86_400_000).toISOString() };
  const filters = [
    { label: "none", query: "", where: sql`true` },
    { label: "user", query: `user=${encodeURIComponent(user.email)}`, where: sql`actor_user_id = ${user.id}` },
    { label: "kind", query: "kind=path", where: sql`entity_type = 'path'` },
    { label: "object", query: "object=Object%204242", where: sql`entity_id in ('Object 4242', 'obj-4242')` },
    { label: "time (1 month)", query: `startTime=${month.start}&endTime=${month.end}`, where: sql`timestamp between ${month.start}::timestamptz and ${month.end}::timestamptz` },
  ];
  for (const filter of filters) {
    const where = sql`actor_user_id is not null and ${caller.scope} and ${filter.where}`;
    const [{ matched }] = await queryRows<{ matched: number }>(db, sql`select count(*)::int as matched from events where ${where}`);
    // The cursor of the row 90 % of the way down, as a client paging that far would hold it.
    const [deep] = await queryRows<{ time: string; id: string }>(
      db,
      sql`select to_char(timestamp at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as time, id::text from events where ${where}
          order by timestamp desc, id desc offset ${Math.floor(matched * 0.9)} limit 1`,
    );
    const base = `/organization/${caller.organization}/audit?limit=50${filter.query ? `&${filter.query}` : ""}`;
    const first = await time(base, cookie);
    const deepPage = deep ? await time(`${base}&cursor=${encodeCursor({ value: deep.time, id: deep.id })}`, cookie) : { ms: NaN, items: 0 };
    if (process.env.BENCH_EXPLAIN) {
      // The page's own statement (server/audit/service.ts) under the same conditions, as PostgreSQL runs it.
      const plan = await queryRows<{ "QUERY PLAN": string }>(db, sql`explain analyze ${auditQuery(db, where, { limit: 50 })}`);
      console.log(plan.map((row) => `    ${row["QUERY PLAN"]}`).join("\n"));
    }
    console.log(
      `${caller.label.padEnd(17)} ${filter.label.padEnd(13)} ${matched.toLocaleString("en").padStart(12)}   ${first.ms.toFixed(1).padStart(13)}   ${deepPage.ms.toFixed(1).padStart(19)}`,
    );
  }
}
await handle.close?.();
process.exit(0);
