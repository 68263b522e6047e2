// The demo network the assistant's evaluation runs on: a fresh in-memory database, migrated and seeded, a month of
// history from the simulator, then a few minutes of live samples with the fault script part-way through (a path
// drifting on latency, another on loss, a silent device, a probe degrading), played on a clock of its own so it takes
// seconds, not minutes. Everything the questions check is read back from the API afterwards.
import fs from "node:fs";
import { getApiApp } from "@/server/api/app";
import { migrateDatabase, openDatabase, setDatabase, type DatabaseHandle } from "@/server/db/client";
import { seedDemo } from "@/server/seed";
import { Simulator } from "@/server/simulator/simulator";
import { simulatorSettings } from "@/server/simulator/settings";
import { runSilentDeviceSweep, runTelemetryMaintenance } from "@/server/telemetry/maintenance";

export const EVAL_PASSWORD = "eval-demo-password";

const MINUTE = 60_000;
/** How far into the fault script the network is when the questions are asked. */
const FAULT_OFFSET_MS = 7.5 * MINUTE;
/** The live minutes played before the questions: more than the SLA window. */
const LIVE_MS = 6 * MINUTE;
const TICK_MS = 10_000;

export interface EvalNetwork {
  handle: DatabaseHandle;
  close(): Promise<void>;
}

/**
 * `cache`: a file to keep the seeded database with its month of history in (a PGlite dump), so runs after the first
 * start from it; the history ends a few minutes before the dump, and each run plays its own live minutes.
 */
export async function startEvalNetwork(log: (line: string) => void, options: { backfill: boolean; cache?: string }): Promise<EvalNetwork> {
  const begun = performance.now();
  const cached = options.cache && fs.existsSync(options.cache) ? options.cache : null;
  const handle = await openDatabase({ dataDir: "memory://", ...(cached ? { image: await fs.openAsBlob(cached) } : {}) });
  if (!cached) await migrateDatabase(handle);
  setDatabase(handle);
  if (!cached) await seedDemo(handle.db, EVAL_PASSWORD, { network: true });
  log(cached ? `database loaded from ${cached} in ${Math.round(performance.now() - begun)} ms` : `database seeded in ${Math.round(performance.now() - begun)} ms`);

  const realNow = Date.now();
  let clock = realNow - LIVE_MS;
  const settings = simulatorSettings({}, { seed: 1, firstFaultMs: 0, backfill: options.backfill });
  const simulator = new Simulator(handle.db, settings, { now: () => clock, log, startedAt: realNow - FAULT_OFFSET_MS });
  if (options.backfill && !cached) {
    const report = await simulator.backfill();
    // The hourly rollups the maintenance job keeps: ranges beyond the raw samples' retention read them.
    const maintenance = await runTelemetryMaintenance(handle.db, realNow);
    log(`history: ${report.samples} samples in ${report.ms} ms, ${maintenance.hoursRolledUp ?? 0} hours rolled up`);
    if (options.cache) {
      const dump = await handle.pglite!.dumpDataDir("gzip");
      await fs.promises.writeFile(options.cache, new Uint8Array(await dump.arrayBuffer()));
    }
  }
  const live = performance.now();
  for (; clock <= realNow; clock += TICK_MS) await simulator.tick();
  await runSilentDeviceSweep(handle.db, realNow);
  log(`live minutes played in ${Math.round(performance.now() - live)} ms`);
  // From now on the devices report in real time, as in the console: answers and facts read a live network.
  let ticking: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    ticking = ticking.then(async () => {
      clock = Date.now();
      await simulator.tick();
      await runSilentDeviceSweep(handle.db, clock);
    });
  }, TICK_MS);
  return {
    handle,
    async close() {
      clearInterval(timer);
      await ticking.catch(() => undefined);
      simulator.stop();
      setDatabase(undefined);
      await handle.close();
    },
  };
}

/** The in-process API, as the /api/v1 route handler calls it. */
export async function apiCall(method: string, path: string, options: { cookie?: string; body?: unknown; language?: string } = {}) {
  const headers = new Headers({ host: "localhost", "content-type": "application/json", origin: "http://localhost" });
  if (options.cookie) headers.set("cookie", options.cookie);
  if (options.language) headers.set("accept-language", options.language);
  return getApiApp().fetch(
    new Request(`http://localhost/api/v1${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) }),
  );
}
