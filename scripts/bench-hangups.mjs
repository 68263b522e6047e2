// npm run bench:hangups — clients who give up: HANGUP_CLIENTS (default 40) ask for the customer dashboard of the scale
// seed over new connections and hang up after HANGUP_AFTER_MS (default 100) for HANGUP_SECONDS (default 15), while a
// signed-in API call is timed every 100 ms on a connection of its own. Then a new visitor's call, on a new connection,
// is timed every half second for HANGUP_AFTER_SECONDS (default 10): how long the console goes on working for clients
// who left. The reference is the same call on an idle console, in the same run. BENCH_PORT, BENCH_DATA_DIR as for the
// other benchmarks.
import http from "node:http";
import { percentile, signInTo, startScaleServer } from "./bench-server.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 3540);
const DATA_DIR = process.env.BENCH_DATA_DIR ?? "./data-bench";
const CLIENTS = Number(process.env.HANGUP_CLIENTS ?? 40);
const HANG_UP_MS = Number(process.env.HANGUP_AFTER_MS ?? 100);
const SECONDS = Number(process.env.HANGUP_SECONDS ?? 15);
const AFTER_SECONDS = Number(process.env.HANGUP_AFTER_SECONDS ?? 10);
const base = `http://localhost:${PORT}`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A GET over `agent` (a new connection each time without keep-alive), its time in ms once the whole answer is read. */
function timedGet(path, cookie, agent) {
  const begun = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get({ host: "localhost", port: PORT, path, agent, headers: { cookie } }, (response) => {
        response.resume();
        response.on("end", () => (response.statusCode < 400 ? resolve(performance.now() - begun) : reject(new Error(`${path}: ${response.statusCode}`))));
      })
      .on("error", reject);
  });
}

const ms = (value) => `${Math.round(value)} ms`;

const server = await startScaleServer({ port: PORT, dataDir: DATA_DIR });
try {
  const session = await signInTo(base, "admin@scale-customer-001.example");
  const organizations = await session.get("/config/organization");
  const customer = organizations.find((org) => org.name === "Scale Customer 001");
  const page = `/organization/${customer.id}/customer/dashboard`;
  const probe = "/api/v1/config/organization";
  const kept = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const fresh = new http.Agent({ keepAlive: false });

  // The reference: the same call, on an idle console, over a kept connection and over a new one.
  for (let i = 0; i < 20; i++) await timedGet(probe, session.cookie, kept);
  const idleKept = [];
  const idleNew = [];
  for (let i = 0; i < 30; i++) {
    idleKept.push(await timedGet(probe, session.cookie, kept));
    idleNew.push(await timedGet(probe, session.cookie, fresh));
  }
  idleKept.sort((a, b) => a - b);
  idleNew.sort((a, b) => a - b);

  let flooding = true;
  let hungUp = 0;
  async function giveUp() {
    while (flooding) {
      await new Promise((resolve) => {
        const request = http.get({ host: "localhost", port: PORT, path: page, agent: fresh, headers: { cookie: session.cookie } }, (response) => {
          response.resume();
          response.on("end", resolve);
        });
        request.on("error", resolve);
        setTimeout(() => {
          request.destroy();
          resolve();
        }, HANG_UP_MS);
      });
      hungUp++;
    }
  }
  const flood = Array.from({ length: CLIENTS }, giveUp);
  const during = [];
  const floodStarted = performance.now();
  while (performance.now() - floodStarted < SECONDS * 1000) {
    during.push(await timedGet(probe, session.cookie, kept));
    await sleep(100);
  }
  flooding = false;
  await Promise.all(flood);
  during.sort((a, b) => a - b);

  const after = [];
  const floodEnded = performance.now();
  while (performance.now() - floodEnded < AFTER_SECONDS * 1000) {
    const at = (performance.now() - floodEnded) / 1000;
    after.push([at, await timedGet(probe, session.cookie, fresh)]);
    await sleep(500);
  }
  const settled = after.findIndex(([, took]) => took < 10 * percentile(idleNew, 99));

  console.log(`\n${CLIENTS} clients asking for the customer dashboard and hanging up after ${HANG_UP_MS} ms, ${SECONDS} s (production build, scale seed)`);
  console.log(`idle console, the signed-in call:  kept connection p50 ${ms(percentile(idleKept, 50))}, p99 ${ms(percentile(idleKept, 99))}; new connection p50 ${ms(percentile(idleNew, 50))}, p99 ${ms(percentile(idleNew, 99))}`);
  console.log(`during the flood (${Math.round(hungUp / SECONDS)} hang-ups a second), kept connection: p50 ${ms(percentile(during, 50))}, p99 ${ms(percentile(during, 99))}, at most ${ms(during.at(-1))}`);
  const next = after.slice(1, 6).map(([, took]) => ms(took));
  console.log(`after it, a new visitor's call: first ${ms(after[0][1])} (${(after[0][1] / percentile(idleNew, 50)).toFixed(0)}× idle)${next.length > 0 ? `, then ${next.join(", ")}` : ""}`);
  console.log(
    settled < 0
      ? `no call within 10× the idle p99 in the ${AFTER_SECONDS} s after the flood`
      : `back within 10× the idle p99 ${(after[settled][0] + after[settled][1] / 1000).toFixed(1)} s after the flood ended`,
  );
} finally {
  server.kill("SIGTERM");
}
