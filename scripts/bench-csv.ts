// npm run bench:csv — the CSV export of 100,000 paths (GET /api/v1/config/organization/{id}/path.csv), called
// in-process with api.fetch as the /api/v1 route handler does, on a fresh in-memory PGlite with the demo tenants.
// The answer is read as a client would and thrown away chunk by chunk, while the process's memory is sampled; the
// reference is the same process idle, after the rows were written and before the export. The export is first run
// on 10,000 paths, then on 100,000: a streamed export grows with neither.
import { sql } from "drizzle-orm";
import { getApiApp } from "@/server/api/app";
import { migrateDatabase, openDatabase, queryRows, setDatabase } from "@/server/db/client";
import { seedDemo } from "@/server/seed";

const PASSWORD = "bench-csv-password";
const SIZES = (process.env.BENCH_CSV_SIZES ?? "10000,100000").split(",").map(Number);
const MAX_SECONDS = Number(process.env.BENCH_SECONDS ?? 600);

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const signed = (bytes: number) => `${bytes < 0 ? "-" : "+"}${mb(Math.abs(bytes))}`;
const gc = () => (globalThis as { gc?: () => void }).gc?.();

const started = performance.now();
const handle = await openDatabase({ dataDir: "memory://" });
await migrateDatabase(handle);
await seedDemo(handle.db, PASSWORD, { network: false });
setDatabase(handle);
const db = handle.db;
const api = getApiApp();

const [contoso] = await queryRows<{ id: string }>(db, sql`select id from organizations where name = 'Contoso'`);
const site = async (name: string) =>
  (await queryRows<{ id: string }>(db, sql`insert into sites (organization_id, name, location_address, latitude, longitude) values (${contoso.id}, ${name}, 'Lyon, France', 45.76, 4.84) returning id`))[0].id;
const connector = async (siteId: string, name: string) =>
  (await queryRows<{ id: string }>(db, sql`insert into connectors (organization_id, site_id, kind, name, bandwidth_mbps) values (${contoso.id}, ${siteId}, 'virtual', ${name}, 100000) returning id`))[0].id;
const west = await site("Bench west");
const east = await site("Bench east");
const westConnector = await connector(west, "West virtual");
const eastConnector = await connector(east, "East virtual");

async function fillPaths(total: number) {
  const [{ n }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from paths where organization_id = ${contoso.id}`);
  for (let from = n; from < total; from += 10_000) {
    const to = Math.min(total, from + 10_000);
    await db.execute(sql`
      insert into paths (organization_id, name, layer, source_site_id, source_connector_id, destination_site_id, destination_connector_id, bandwidth_mbps, vlan_type, vlan_id, prefixes)
      select ${contoso.id}, 'Bench path ' || lpad(i::text, 6, '0') || case when i % 7 = 0 then ', "quoted"' else '' end,
             case when i % 2 = 0 then 'layer2' else 'layer3' end, ${west}, ${westConnector}, ${east}, ${eastConnector}, 1 + i % 1000, 'specific', 1 + i % 4000,
             case when i % 2 = 0 then '{}'::text[] else array['10.' || (i % 250) || '.0.0/24', '10.' || (i % 250) || '.1.0/24'] end
      from generate_series(${from + 1}::int, ${to}::int) as i`);
  }
}

const login = await api.fetch(
  new Request("http://localhost/api/v1/auth/login", {
    method: "POST",
    headers: { host: "localhost", "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@contoso.example", password: PASSWORD }),
  }),
);
const cookie = login.headers.getSetCookie().find((value) => value.startsWith("maia_session="))!.split(";")[0];
console.log(`fresh PGlite with the demo tenants in ${((performance.now() - started) / 1000).toFixed(1)} s`);

/** The process idle: the most of a few samples over a second, after a collection. */
async function idle() {
  gc();
  let rss = 0;
  let heap = 0;
  for (let sample = 0; sample < 10; sample += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const memory = process.memoryUsage();
    rss = Math.max(rss, memory.rss);
    heap = Math.max(heap, memory.heapUsed);
  }
  return { rss, heap };
}

for (const size of SIZES) {
  const filling = performance.now();
  await fillPaths(size);
  console.log(`\n${size.toLocaleString("en")} paths written in ${((performance.now() - filling) / 1000).toFixed(1)} s`);
  const reference = await idle();
  // Sampled on a timer and at every chunk read (a busy export may hold the timer back). The peak counts garbage not
  // yet collected; every 20th chunk a collection first gives the heap the export really holds (its live heap).
  let peakRss = 0;
  let peakHeap = 0;
  let peakLive = 0;
  let chunks = 0;
  let samples = 0;
  const sample = () => {
    const memory = process.memoryUsage();
    peakRss = Math.max(peakRss, memory.rss);
    peakHeap = Math.max(peakHeap, memory.heapUsed);
    samples += 1;
  };
  const sampler = setInterval(sample, 25);
  const exportStarted = performance.now();
  const response = await api.fetch(new Request(`http://localhost/api/v1/config/organization/${contoso.id}/path.csv?sort=name`, { headers: { host: "localhost", cookie } }));
  if (response.status !== 200 || !response.body) throw new Error(`export answered ${response.status}`);
  let bytes = 0;
  let lines = 0;
  const reader = response.body.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    sample();
    if (++chunks % 20 === 0) {
      gc();
      peakLive = Math.max(peakLive, process.memoryUsage().heapUsed);
    }
    bytes += chunk.value.byteLength;
    for (const byte of chunk.value) if (byte === 10) lines += 1;
    if ((performance.now() - exportStarted) / 1000 > MAX_SECONDS) {
      await reader.cancel();
      throw new Error(`export of ${size} paths still running after ${MAX_SECONDS} s`);
    }
  }
  clearInterval(sampler);
  const seconds = (performance.now() - exportStarted) / 1000;
  // The header and a line per path (no name holds a line break).
  if (lines !== size + 1) throw new Error(`expected ${size + 1} lines, got ${lines}`);
  console.log(`exported ${size.toLocaleString("en")} paths: ${mb(bytes)} of CSV in ${seconds.toFixed(1)} s (${Math.round(size / seconds).toLocaleString("en")} rows/s)`);
  console.log(`  idle reference: rss ${mb(reference.rss)}, heap ${mb(reference.heap)}`);
  gc();
  const after = process.memoryUsage().heapUsed;
  console.log(`  live heap while exporting (after a collection, every 20 pages): at most ${mb(peakLive)} (${signed(peakLive - reference.heap)}); after it: ${mb(after)} (${signed(after - reference.heap)})`);
  console.log(`  peak while exporting (${samples} samples): rss ${mb(peakRss)} (${signed(peakRss - reference.rss)}), heap ${mb(peakHeap)} (${signed(peakHeap - reference.heap)})`);
}

await handle.close();
