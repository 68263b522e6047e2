// npm run bench:signin-flood — sign-in under a flood (issue 41, scope 1). Against the production build and the scale
// seed (scripts/bench-server.mjs), with TRUST_PROXY=1 so that each request's X-Forwarded-For is its address: first
// FLOOD_LOOPS (default 20) loops of unknown-email sign-ins from one address, then as many loops from 20 addresses, each
// for FLOOD_SECONDS (default 15). During each flood, LEGIT_SIGNINS (default 15) people sign in with the right password,
// each from a clean address of their own, and a signed-in call is timed every 100 ms on a kept connection; the
// reference is the same call on the idle console, in the same run. Targets: every legitimate sign-in succeeds, and the
// signed-in call's p99 during a flood stays under 3× idle. BENCH_PORT, BENCH_DATA_DIR as for the other benchmarks.
import http from "node:http";
import { percentile, signInTo, startScaleServer } from "./bench-server.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 3541);
const DATA_DIR = process.env.BENCH_DATA_DIR ?? "./data-bench";
const LOOPS = Number(process.env.FLOOD_LOOPS ?? 20);
const SECONDS = Number(process.env.FLOOD_SECONDS ?? 15);
const LEGIT = Number(process.env.LEGIT_SIGNINS ?? 15);
const PASSWORD = process.env.DEMO_PASSWORD || "maia-demo";
const base = `http://localhost:${PORT}`;
const ACCOUNTS = [
  "admin@maia.example",
  "admin@bluewave.example",
  "admin@contoso.example",
  "admin@northwind.example",
  "admin@fabrikam.example",
  "admin@initech.example",
  "configure@northwind.example",
  "readonly@contoso.example",
  "readonly@northwind.example",
  "admin@scale-customer-001.example",
];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const ms = (value) => `${Math.round(value)} ms`;

/** One request over `agent`: its status and its time in ms once the whole answer is read (status 0: no answer). */
function send(agent, method, path, headers, body) {
  const begun = performance.now();
  return new Promise((resolve) => {
    const request = http.request({ host: "localhost", port: PORT, method, path, agent, headers: { origin: base, ...headers } }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode, ms: performance.now() - begun }));
    });
    request.on("error", () => resolve({ status: 0, ms: performance.now() - begun }));
    request.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

const signIn = (agent, address, email, password) =>
  send(agent, "POST", "/api/v1/auth/login", { "content-type": "application/json", "x-forwarded-for": address }, { email, password });

function counts(statuses) {
  const byStatus = new Map();
  for (const status of statuses) byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  return [...byStatus].sort(([a], [b]) => a - b).map(([status, n]) => `${n}×${status || "no answer"}`).join(" ");
}

const server = await startScaleServer({ port: PORT, dataDir: DATA_DIR, env: { TRUST_PROXY: "1" } });
try {
  const session = await signInTo(base, "admin@scale-customer-001.example");
  const kept = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const probe = () => send(kept, "GET", "/api/v1/config/organization", { cookie: session.cookie });
  for (let i = 0; i < 20; i++) await probe();
  const idle = [];
  for (let i = 0; i < 100; i++) {
    idle.push((await probe()).ms);
    await sleep(20);
  }
  idle.sort((a, b) => a - b);
  const idleP99 = percentile(idle, 99);
  console.log(`\nSign-in under a flood (production build, scale seed, TRUST_PROXY=1): ${LOOPS} loops for ${SECONDS} s each`);
  console.log(`idle console, the signed-in call: p50 ${ms(percentile(idle, 50))}, p99 ${ms(idleP99)}`);

  // Each flood's clean addresses are new to the console and to every budget (another /24 for each sign-in).
  let clean = 0;
  const results = [];
  for (const [label, addressOf] of [
    ["one address", () => "203.0.113.7"],
    ["20 addresses", (loop) => `10.${loop % 20}.41.7`],
  ]) {
    let flooding = true;
    const floodStatuses = [];
    const flood = Array.from({ length: LOOPS }, async (_, loop) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      for (let i = 0; flooding; i++) floodStatuses.push((await signIn(agent, addressOf(loop), `flood-${loop}-${i}@nowhere.example`, "guess")).status);
      agent.destroy();
    });
    const started = performance.now();
    const during = [];
    const probing = (async () => {
      while (flooding) {
        during.push((await probe()).ms);
        await sleep(100);
      }
    })();
    const legit = await Promise.all(
      Array.from({ length: LEGIT }, async (_, i) => {
        await sleep(((i + 0.5) * SECONDS * 1000) / LEGIT);
        const agent = new http.Agent({ keepAlive: false });
        clean++;
        return signIn(agent, `198.18.${clean}.1`, ACCOUNTS[i % ACCOUNTS.length], PASSWORD);
      }),
    );
    await sleep(Math.max(0, SECONDS * 1000 - (performance.now() - started)));
    flooding = false;
    await Promise.all([...flood, probing]);
    const seconds = (performance.now() - started) / 1000;
    during.sort((a, b) => a - b);
    const succeeded = legit.filter((answer) => answer.status === 200).length;
    const p99 = percentile(during, 99);
    results.push({ label, succeeded, ratio: p99 / idleP99 });
    console.log(`\nflood from ${label}: ${floodStatuses.length} sign-ins (${Math.round(floodStatuses.length / seconds)}/s): ${counts(floodStatuses)}`);
    console.log(
      `  legitimate sign-ins from clean addresses: ${succeeded} of ${LEGIT} succeeded (${counts(legit.map((a) => a.status))}), ` +
        `slowest ${ms(Math.max(...legit.map((a) => a.ms)))}`,
    );
    console.log(`  the signed-in call during the flood: p50 ${ms(percentile(during, 50))}, p99 ${ms(p99)} (${(p99 / idleP99).toFixed(1)}× idle p99)`);
  }
  console.log("\ntargets: every legitimate sign-in succeeds; the signed-in call's p99 under 3× idle");
  for (const { label, succeeded, ratio } of results) {
    console.log(`  ${label}: sign-ins ${succeeded === LEGIT ? "met" : "MISSED"} (${succeeded}/${LEGIT}), p99 ${ratio < 3 ? "met" : "MISSED"} (${ratio.toFixed(1)}×)`);
  }
} finally {
  server.kill("SIGTERM");
}
