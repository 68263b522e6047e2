// npm run bench:simulator-load — what the simulator costs an idle console with a large customer (issue 41, scope 6):
// a fresh PGlite with the demo seed and one more Northwind customer of BENCH_SITES sites (default 1,470,
// two connectors each) and BENCH_PATHS paths (default 720), served by the demo devices. Then, in one process as the
// console runs it (PGlite in the same process), for the same wall time each:
//   off    the simulator stopped;
//   before every object every interval, each batch parsed by zod alone (SIMULATOR_CADENCE=all, TELEMETRY_VALIDATION=zod);
//   after  what changed, the rest at the keep-alive, batches parsed by the fast pass (the defaults).
// For each: the process CPU time per wall second (process.cpuUsage: holds on a busy machine, unlike wall times),
// and the latency of a customer's detail read — GET /api/v1/config/site/{id} through the Hono app, signed in —
// p50 and p99, read ten times a second throughout (each from when it was due), and the event loop's delay. Each "on" run starts with one tick that is not measured (the
// world is built and every object is new), then BENCH_TICKS ticks at BENCH_INTERVAL_MS (default 7 × 10 s: the
// keep-alive falls inside). PGlite runs where the console runs it: on its own thread, in a data directory made for the
// run (BENCH_PGLITE=main: in memory on the event loop's thread, as the tests run it — every statement then holds the
// loop). The console's background services (maintenance and its sweeps, the lifecycle scheduler)
// run throughout; render threads, /ws clients and a month of history do not.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { getApiApp } from "@/server/api/app";
import { inBackgroundLane } from "@/server/db/background-lane";
import { startBackgroundServices } from "@/server/background";
import { migrateDatabase, openDatabase, queryRows, setDatabase } from "@/server/db/client";
import { homeUnhomedConnectors } from "@/server/paths/homing";
import { seedDemo } from "@/server/seed";
import { simulatorSettings } from "@/server/simulator/settings";
import { Simulator, type TickReport } from "@/server/simulator/simulator";

const SITES = Number(process.env.BENCH_SITES ?? 1470);
const PATHS = Number(process.env.BENCH_PATHS ?? 720);
const TICKS = Number(process.env.BENCH_TICKS ?? 7);
const INTERVAL_MS = Number(process.env.BENCH_INTERVAL_MS ?? 10_000);
const READS_PER_SECOND = 10;
const PASSWORD = "bench-simulator-load";
const READER = "admin@northwind.example";

const load = () => os.loadavg()[0].toFixed(1);
const started = performance.now();
const PGLITE_ON_MAIN = process.env.BENCH_PGLITE === "main";
const dataDir = PGLITE_ON_MAIN ? "memory://" : fs.mkdtempSync(path.join(os.tmpdir(), "bench-simulator-load-"));
if (PGLITE_ON_MAIN) process.env.PGLITE_THREAD = "main";
const handle = await openDatabase({ dataDir });
await migrateDatabase(handle);
await seedDemo(handle.db, PASSWORD);
setDatabase(handle);
const db = handle.db;

// The large customer, set-based as scripts/seed-scale.ts grows its customers: European sites, two connectors each.
await db.execute(sql`
  insert into organizations (name, organization_type, parent_id)
  select 'Load Customer', 'customer', id from organizations where name = 'Northwind Networks'`);
const customer = sql`(select id from organizations where name = 'Load Customer')`;
await db.execute(sql`
  insert into sites (organization_id, name, description, type, location_address, latitude, longitude, active)
  select ${customer}, 'Load site ' || lpad(s::text, 4, '0'), 'Load site', 'standard', 'Load metro ' || (s % 40),
         38 + (s * 7 % 20) + (s % 10) / 10.0, -8 + (s * 13 % 32) + (s % 7) / 10.0, true
  from generate_series(1, ${SITES}) s`);
await db.execute(sql`
  insert into connectors (organization_id, site_id, kind, name, description, bandwidth_mbps, customer_ip, provider_edge_ip, vlan)
  select s.organization_id, s.id, 'physical', s.name || ' port ' || c, '', 1000, '10.' || (c * 50) || '.0.2', '10.' || (c * 50) || '.0.1', 100 + c
  from sites s cross join generate_series(1, 2) c where s.organization_id = ${customer}`);
await db.execute(sql`
  with numbered as (
    select c.id, c.site_id, c.organization_id, row_number() over (order by c.site_id, c.name) - 1 as n, count(*) over () as total
    from connectors c where c.organization_id = ${customer})
  insert into paths (organization_id, name, layer, source_site_id, source_connector_id, destination_site_id,
                     destination_connector_id, bandwidth_mbps, vlan_type, vlan_id, prefixes)
  select a.organization_id, 'Load path ' || lpad(p::text, 4, '0'), 'layer2', a.site_id, a.id, b.site_id, b.id, 10, 'specific', 1000 + p, '{}'::text[]
  from generate_series(0, ${PATHS - 1}) p
  join numbered a on a.n = (p * 2) % a.total
  join numbered b on b.n = (p * 2 + 3) % b.total`);
await homeUnhomedConnectors(db);
await db.execute(sql`analyze`);
const siteIds = (await queryRows<{ id: string }>(db, sql`select id from sites where organization_id = ${customer} order by name limit 20`)).map((row) => row.id);
console.log(`fresh PGlite (${PGLITE_ON_MAIN ? "in memory, on the event loop's thread" : "in a data directory, on its own thread"}), demo seed and Load Customer (${SITES} sites, ${SITES * 2} connectors, ${PATHS} paths) in ${((performance.now() - started) / 1000).toFixed(1)} s; load ${load()}`);

const api = getApiApp();
const login = await api.fetch(
  new Request("http://localhost/api/v1/auth/login", {
    method: "POST",
    headers: { host: "localhost", "content-type": "application/json" },
    body: JSON.stringify({ email: READER, password: PASSWORD }),
  }),
);
const session = login.headers
  .getSetCookie()
  .find((value) => value.startsWith("maia_session="))
  ?.split(";")[0];
if (!session) throw new Error(`sign-in answered ${login.status}: ${await login.text()}`);
const cookie: string = session;

/**
 * Reads site details ten times a second until stopped, on a fixed schedule: each read's time counts from when it was
 * due, so a read held up by a busy event loop or database counts the wait, as a client's request would. Answers each
 * read's milliseconds and any status but 200.
 */
function reader() {
  const times: number[] = [];
  const failures: number[] = [];
  let running = true;
  const start = performance.now();
  const done = (async () => {
    for (let i = 0; running; i++) {
      const due = start + (i * 1000) / READS_PER_SECOND;
      await sleep(Math.max(0, due - performance.now()));
      const response = await api.fetch(
        new Request(`http://localhost/api/v1/config/site/${siteIds[i % siteIds.length]}`, { headers: { host: "localhost", cookie } }),
      );
      await response.arrayBuffer();
      if (response.status === 200) times.push(performance.now() - due);
      else failures.push(response.status);
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return { times, failures };
    },
  };
}

const percentile = (values: number[], p: number) => (values.length === 0 ? NaN : [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]);

interface Phase {
  label: string;
  cpuPerWallSecond: number;
  wallSeconds: number;
  reads: number[];
  failedReads: number;
  ticks: TickReport[];
  tickMs: number[];
  /** The event loop's delay over the span (ms): what any request waited before its turn. */
  loopP99: number;
  loopMax: number;
  load: string;
}

/** Runs the reader (and the simulator in a mode) for the measured span; CPU and wall time over that span only. */
async function phase(label: string, mode: "off" | "before" | "after"): Promise<Phase> {
  process.env.TELEMETRY_VALIDATION = mode === "before" ? "zod" : "";
  const simulator =
    mode === "off"
      ? undefined
      : new Simulator(db, simulatorSettings({}, { seed: 1, intervalMs: INTERVAL_MS, backfill: false, cadence: mode === "before" ? "all" : "changes" }), {
          now: Date.now,
          log: (line) => console.log(line),
        });
  // Not measured: the world is built and every object is new to the simulator.
  if (simulator) await inBackgroundLane(() => simulator.tick());
  const ticks: TickReport[] = [];
  const tickMs: number[] = [];
  const reads = reader();
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const cpu = process.cpuUsage();
  const begin = performance.now();
  for (let tick = 0; tick < TICKS; tick++) {
    const due = begin + (tick + 1) * INTERVAL_MS;
    if (simulator) {
      const t0 = performance.now();
      ticks.push(await inBackgroundLane(() => simulator.tick()));
      tickMs.push(performance.now() - t0);
    }
    await sleep(Math.max(0, due - performance.now()));
  }
  const wallSeconds = (performance.now() - begin) / 1000;
  const used = process.cpuUsage(cpu);
  delay.disable();
  const { times, failures } = await reads.stop();
  simulator?.stop();
  return {
    label,
    cpuPerWallSecond: (used.user + used.system) / 1e6 / wallSeconds,
    wallSeconds,
    reads: times,
    failedReads: failures.length,
    ticks,
    tickMs,
    loopP99: delay.percentile(99) / 1e6,
    loopMax: delay.max / 1e6,
    load: load(),
  };
}

// The console's own background services (telemetry maintenance, the lifecycle scheduler) run throughout, as in a
// console process; the simulator is started by each phase instead.
const background = startBackgroundServices(db, { SIMULATOR: "off" });
// Its first maintenance pass (a second after start) is behind us before anything is measured.
await sleep(5_000);
// BENCH_PHASES=off,after runs only those (a profile of one phase, a quicker look).
const PHASES = (process.env.BENCH_PHASES ?? "off,before,after").split(",");
const LABELS = { off: "simulator off", before: "on, before (send all, zod)", after: "on, after (changes, fast pass)" } as const;
const phases: Phase[] = [];
for (const mode of ["off", "before", "after"] as const) if (PHASES.includes(mode)) phases.push(await phase(LABELS[mode], mode));

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
console.log(`\n${TICKS} ticks of ${INTERVAL_MS / 1000} s per phase (the same wall time when off), detail reads ${READS_PER_SECOND}/s as ${READER}`);
console.log(
  [
    "phase".padEnd(32),
    "CPU/wall s".padStart(10),
    "samples/tick".padStart(12),
    "held/tick".padStart(10),
    "tick avg".padStart(9),
    "read p50".padStart(9),
    "read p99".padStart(9),
    "reads".padStart(6),
    "loop p99".padStart(9),
    "loop max".padStart(9),
    "load".padStart(5),
  ].join(" "),
);
for (const result of phases) {
  const n = Math.max(1, result.ticks.length);
  console.log(
    [
      result.label.padEnd(32),
      `${(result.cpuPerWallSecond * 100).toFixed(0)} %`.padStart(10),
      String(Math.round(sum(result.ticks.map((tick) => tick.accepted)) / n)).padStart(12),
      String(Math.round(sum(result.ticks.map((tick) => tick.held)) / n)).padStart(10),
      (result.tickMs.length ? `${(sum(result.tickMs) / n).toFixed(0)} ms` : "-").padStart(9),
      `${percentile(result.reads, 50).toFixed(1)} ms`.padStart(9),
      `${percentile(result.reads, 99).toFixed(1)} ms`.padStart(9),
      String(result.reads.length).padStart(6),
      `${result.loopP99.toFixed(0)} ms`.padStart(9),
      `${result.loopMax.toFixed(0)} ms`.padStart(9),
      result.load.padStart(5),
    ].join(" "),
  );
  const refused = sum(result.ticks.map((tick) => tick.rejected + tick.failed));
  if (refused > 0 || result.failedReads > 0) console.log(`  ${result.label}: ${refused} samples rejected or batches failed, ${result.failedReads} reads not 200`);
}
console.log(`\ntotal ${((performance.now() - started) / 1000).toFixed(1)} s; load average ${load()} on ${os.availableParallelism()} cores (CPU is this process's, PGlite's included)`);
await background.stop();
await handle.close();
if (!PGLITE_ON_MAIN) fs.rmSync(dataDir, { recursive: true, force: true });
