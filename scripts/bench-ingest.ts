// npm run bench:ingest — samples/s through the real ingestion endpoint (POST /api/v1/telemetry/ingest, bearer
// device token, zod parsing, ownership checks, partitioned inserts, state and SLA derivation, alarm conditions),
// called in-process with api.fetch as the /api/v1 route handler does, on a fresh in-memory PGlite with the demo
// seed. Live batches of several sizes, then a month of hourly history (the simulator's first start) and the
// maintenance pass that rolls it up. Bounded: each scenario stops after its sample budget or its time budget.
import os from "node:os";
import { sql } from "drizzle-orm";
import { getApiApp } from "@/server/api/app";
import { migrateDatabase, openDatabase, queryRows, setDatabase } from "@/server/db/client";
import { seedDemo } from "@/server/seed";
import { issueDeviceToken } from "@/server/telemetry/device-tokens";
import { runTelemetryMaintenance } from "@/server/telemetry/maintenance";
import { resolveOwnership } from "@/server/telemetry/ownership";

const SCENARIO_SECONDS = Number(process.env.BENCH_SECONDS ?? 12);
const SCENARIO_SAMPLES = Number(process.env.BENCH_SAMPLES ?? 150_000);
const BATCH_SIZES = (process.env.BENCH_BATCH_SIZES ?? "100,1000,5000").split(",").map(Number);

const started = performance.now();
const handle = await openDatabase({ dataDir: "memory://" });
await migrateDatabase(handle);
await seedDemo(handle.db, "bench-ingest");
setDatabase(handle);
const db = handle.db;
console.log(`fresh PGlite with the demo seed in ${((performance.now() - started) / 1000).toFixed(1)} s`);

// The Paris edge of Northwind: its switch ports, its links, and what it serves of Northwind's customers (the paths
// crossing it, the connectors homed on it and their sites) — a device writes nothing else.
const [device] = await queryRows<{ id: string; serial_number: string; node_id: string; msp: string }>(
  db,
  sql`select d.id, d.serial_number, d.node_id, d.msp_organization_id as msp from devices d join nodes n on n.id = d.node_id where n.name = 'nw-edge-par-01'`,
);
const token = await issueDeviceToken(db, device.id);
const ids = async (query: ReturnType<typeof sql>) => new Set((await queryRows<{ id: string }>(db, query)).map((row) => row.id));
const customers = sql`(select id from organizations where parent_id = ${device.msp})`;
const served = await resolveOwnership(
  db,
  { deviceId: device.id, serialNumber: device.serial_number, mspOrganizationId: device.msp, nodeId: device.node_id, nodeName: "nw-edge-par-01" },
  {
    pathIds: await ids(sql`select id from paths where organization_id in ${customers}`),
    connectorIds: await ids(sql`select id from connectors where organization_id in ${customers}`),
    siteIds: await ids(sql`select id from sites where organization_id in ${customers}`),
    linkIds: await ids(sql`select id from links where source_node_id = ${device.node_id} or destination_node_id = ${device.node_id}`),
    portIds: new Set([
      ...(await ids(sql`select port_id as id from interfaces where node_id = ${device.node_id}`)),
      ...(await ids(sql`select index::text as id from switch_ports where node_id = ${device.node_id}`)),
    ]),
  },
);
const pathIds = [...served.paths.keys()];
const connectorIds = [...served.connectors.keys()];
const siteIds = [...served.sites.keys()];
const linkIds = [...served.links.keys()];
const portIds = [...served.ports];
if (pathIds.length === 0 || connectorIds.length === 0 || siteIds.length === 0 || portIds.length === 0) throw new Error("nw-edge-par-01 serves too little to bench");
console.log(`device on nw-edge-par-01 reports on ${pathIds.length} paths, ${connectorIds.length} connectors, ${siteIds.length} sites, ${linkIds.length} links, ${portIds.length} ports`);

const round = (value: number) => Math.round(value * 100) / 100;
let serial = 0;

/** One sample of a mixed stream (mostly paths and connectors, as a device sends), at the given time. */
function sample(time: number) {
  const n = serial++;
  const at = new Date(time).toISOString();
  const traffic = { rxBps: round(1e8 + (n % 997) * 1e5), txBps: round(5e7 + (n % 991) * 1e5) };
  switch (n % 8) {
    case 0:
    case 1:
    case 2:
      return { kind: "path", time: at, pathId: pathIds[n % pathIds.length], latencyMs: round(20 + (n % 13)), jitterMs: round(1 + (n % 5)), lossPercent: round((n % 7) / 10), ...traffic };
    case 3:
    case 4:
      return { kind: "connector", time: at, connectorId: connectorIds[n % connectorIds.length], status: "up", ...traffic };
    case 5:
      return { kind: "port", time: at, portId: portIds[n % portIds.length], status: "up", ...traffic };
    case 6:
      return { kind: "flow", time: at, siteId: siteIds[n % siteIds.length], source: `10.0.${n % 50}.${n % 200}`, destination: `172.16.${n % 20}.1`, bytes: 1000 + (n % 5000) };
    default:
      return linkIds.length > 0 && n % 16 === 7
        ? { kind: "link", time: at, linkId: linkIds[n % linkIds.length], status: "up", latencyMs: 2, lossPercent: 0, ...traffic }
        : { kind: "probe", time: at, siteId: siteIds[n % siteIds.length], target: `target-${n % 6}`, latencyMs: round(10 + (n % 30)), jitterMs: 1, lossPercent: 0 };
  }
}

const api = getApiApp();
async function post(samples: unknown[]) {
  const body = JSON.stringify({ samples });
  const response = await api.fetch(
    new Request("http://localhost/api/v1/telemetry/ingest", {
      method: "POST",
      headers: { host: "localhost", "content-type": "application/json", authorization: `Bearer ${token}` },
      body,
    }),
  );
  const result = (await response.json()) as { accepted?: number; rejected?: number; error?: string };
  if (response.status !== 200 || result.rejected !== 0) throw new Error(`ingest answered ${response.status}: ${JSON.stringify(result)} (${body.length} bytes)`);
  return result.accepted ?? 0;
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))];

interface Result {
  label: string;
  samples: number;
  seconds: number;
  /** CPU seconds this process used (PGlite runs in it): a figure that holds when other work shares the machine. */
  cpuSeconds: number;
  batches: number[];
}

/** Posts batches until the sample or time budget is spent; each sample has its own time, so none is a resend. */
async function scenario(label: string, batchSize: number, timeOf: (index: number) => number, budget = SCENARIO_SAMPLES): Promise<Result> {
  const batches: number[] = [];
  let samples = 0;
  const begin = performance.now();
  const cpu = process.cpuUsage();
  while (samples + batchSize <= budget && performance.now() - begin < SCENARIO_SECONDS * 1000) {
    const batch = Array.from({ length: batchSize }, (_, i) => sample(timeOf(samples + i)));
    const t0 = performance.now();
    samples += await post(batch);
    batches.push(performance.now() - t0);
  }
  const used = process.cpuUsage(cpu);
  return { label, samples, seconds: (performance.now() - begin) / 1000, cpuSeconds: (used.user + used.system) / 1e6, batches };
}

const results: Result[] = [];
const now = Date.now();
// Warm-up: compiles code paths and fills the ownership cache; not measured.
await post(Array.from({ length: 200 }, (_, i) => sample(now - 1_000_000 - i)));

for (const size of BATCH_SIZES) {
  // Live samples over the last four minutes (inside the live window: states, SLA and alarm conditions run), one
  // millisecond apart across all scenarios.
  results.push(await scenario(`live, batches of ${size}`, size, () => now - 250_000 + (serial % 245_000)));
}

// The simulator's first start: a month of history, oldest first, in batches of 5000 (old partitions made on demand).
const historyStart = now - 30 * 24 * 3600_000;
const span = 30 * 24 * 3600_000 - 600_000;
const historySamples = Math.min(SCENARIO_SAMPLES, 100_000);
results.push(
  await scenario(`history over 30 days, batches of 5000`, 5000, (index) => historyStart + Math.floor((index / historySamples) * span), historySamples),
);

const maintenanceStart = performance.now();
const maintenance = await runTelemetryMaintenance(db);
const maintenanceSeconds = (performance.now() - maintenanceStart) / 1000;

console.log(`\nPOST /api/v1/telemetry/ingest in-process (api.fetch), PGlite in memory, ${SCENARIO_SECONDS} s or ${SCENARIO_SAMPLES} samples per scenario`);
console.log(
  ["scenario".padEnd(42), "samples".padStart(9), "samples/s".padStart(10), "per CPU s".padStart(10), "batch p50".padStart(10), "batch p99".padStart(10)].join(" "),
);
for (const result of results) {
  console.log(
    [
      result.label.padEnd(42),
      String(result.samples).padStart(9),
      Math.round(result.samples / result.seconds)
        .toString()
        .padStart(10),
      Math.round(result.samples / result.cpuSeconds)
        .toString()
        .padStart(10),
      `${percentile(result.batches, 50).toFixed(0)} ms`.padStart(10),
      `${percentile(result.batches, 99).toFixed(0)} ms`.padStart(10),
    ].join(" "),
  );
}
console.log(
  `\nmaintenance after the history: ${maintenance.hoursRolledUp} hours rolled up into ${maintenance.rollupRows} rollup rows, ` +
    `${maintenance.partitionsDropped.length} expired raw partitions dropped, in ${maintenanceSeconds.toFixed(1)} s`,
);
console.log(`total ${((performance.now() - started) / 1000).toFixed(1)} s; load average ${os.loadavg()[0].toFixed(1)} on ${os.availableParallelism()} cores`);
await handle.close();
