// npm run bench:api — req/s and latency of the control-plane API through the production console, on the scale seed:
// a paginated list over 100,000 paths, a path detail, a path create, the bare route, and a plain node:http server (the
// machine's ceiling) in the same run, with the ratios between them and the serving process's CPU time per request.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import autocannon from "autocannon";
import { startPlainServer, startScaleServer } from "./bench-server.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 3500);
const DATA_DIR = process.env.BENCH_DATA_DIR ?? "./data-bench";
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const base = `http://localhost:${PORT}`;

const PLAIN_PORT = PORT + 1;

// The CPU time a process has used so far (user + system, µs), from Linux's /proc; undefined elsewhere.
const tickMicros = 1e6 / Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout || 100);
function cpuMicros(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) * tickMicros;
  } catch {
    return undefined;
  }
}

const server = await startScaleServer({ port: PORT, dataDir: DATA_DIR });
const plain = await startPlainServer(PLAIN_PORT);

try {
  const json = { "content-type": "application/json", origin: base };
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email: "admin@maia.example", password: process.env.DEMO_PASSWORD || "maia-demo" }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status}`);
  const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const get = async (path) => (await fetch(`${base}/api/v1${path}`, { headers: { cookie } })).json();

  const organizations = await get("/config/organization");
  const customer = organizations.find((org) => org.name === "Scale Customer 001");
  // The paths an earlier run created are deleted first (and this run's after it): every run's creates start on
  // connectors as the seed left them, with no VLAN taken and nothing to add up.
  const deleteBenchPaths = async () => {
    let deleted = 0;
    for (;;) {
      const page = await get(`/config/path?limit=100&search=${encodeURIComponent("Bench path")}`);
      const mine = page.items.filter((path) => path.name.startsWith("Bench path "));
      if (mine.length === 0) return deleted;
      for (let i = 0; i < mine.length; i += 10) {
        await Promise.all(
          mine.slice(i, i + 10).map(async (path) => {
            const response = await fetch(`${base}/api/v1/config/path/${path.id}`, { method: "DELETE", headers: { cookie, ...json } });
            if (response.status !== 204) throw new Error(`deleting ${path.name}: ${response.status}`);
          }),
        );
      }
      deleted += mine.length;
    }
  };
  const leftOver = await deleteBenchPaths();
  if (leftOver > 0) console.log(`Deleted ${leftOver} paths an earlier run created`);
  const firstPage = await get("/config/path?limit=50");
  const pathId = firstPage.items[0].id;
  const sites = await get(`/config/organization/${customer.id}/site?limit=100`);
  const connectors = [];
  for (const site of sites.items.slice(0, 20)) {
    const list = await get(`/config/site/${site.id}/connector`);
    for (const connector of list.items ?? list) connectors.push({ siteId: site.id, id: connector.id });
  }
  // Each run starts on another connector pair.
  const firstPair = Math.floor(Math.random() * (connectors.length - 1));
  let sequence = 0;
  const createBody = () => {
    const i = sequence++;
    const pair = (firstPair + Math.floor(i / 4000)) % (connectors.length - 1);
    const source = connectors[pair];
    const destination = connectors[pair + 1];
    return JSON.stringify({
      name: `Bench path ${Date.now()}-${i}`,
      layer: "layer2",
      sourceSiteId: source.siteId,
      sourceConnectorId: source.id,
      destinationSiteId: destination.siteId,
      destinationConnectorId: destination.id,
      bandwidth: 1,
      vlanType: "specific",
      vlanId: 4094 - (i % 4000),
    });
  };

  const scenarios = [
    { name: "plain node:http (the ceiling)", base: `http://127.0.0.1:${PLAIN_PORT}`, path: "/health", method: "GET" },
    { name: "bare route (GET /health)", path: "/api/v1/health", method: "GET" },
    { name: "paginated list (GET /config/path?limit=50)", path: "/api/v1/config/path?limit=50", method: "GET" },
    { name: "detail (GET /config/path/{id})", path: `/api/v1/config/path/${pathId}`, method: "GET" },
    { name: "create (POST /organization/{id}/path)", path: `/api/v1/config/organization/${customer.id}/path`, method: "POST", body: createBody },
  ];
  // Warm-up: the first requests compile code paths and fill caches; they are not measured.
  await autocannon({ url: `${base}/api/v1/config/path?limit=50`, connections: CONNECTIONS, duration: 3, headers: { cookie } });
  // The machine's speed drifts within a run: each scenario runs ROUNDS times for DURATION / ROUNDS seconds, in turn
  // with the others, so that every ratio compares figures measured under the same conditions.
  const rounds = scenarios.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, scenario] of scenarios.entries()) {
      const pid = scenario.base ? plain.pid : server.pid;
      const cpuBefore = cpuMicros(pid);
      const result = await autocannon({
        url: scenario.base ?? base,
        connections: CONNECTIONS,
        duration: DURATION / ROUNDS,
        requests: [
          {
            method: scenario.method,
            path: scenario.path,
            headers: { cookie, ...json },
            ...(scenario.body ? { setupRequest: (request) => ({ ...request, body: scenario.body() }) } : {}),
          },
        ],
      });
      const cpuAfter = cpuMicros(pid);
      rounds[index].push({ result, cpu: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore });
    }
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  // A scenario's figures over its rounds: requests over time, the median round's p50, the worst round's p99.
  const results = scenarios.map((scenario, index) => {
    const runs = rounds[index];
    const total = runs.reduce((sum, { result }) => sum + result.requests.total, 0);
    const seconds = runs.reduce((sum, { result }) => sum + result.duration, 0);
    const cpu = runs.some((run) => run.cpu === undefined) ? undefined : runs.reduce((sum, run) => sum + run.cpu, 0);
    return {
      ...scenario,
      perSecond: runs.map(({ result }) => result.requests.total / result.duration),
      result: {
        requests: { average: total / seconds },
        latency: { p50: median(runs.map(({ result }) => result.latency.p50)), p99: Math.max(...runs.map(({ result }) => result.latency.p99)) },
        non2xx: runs.reduce((sum, { result }) => sum + result.non2xx, 0),
      },
      cpuPerRequest: cpu === undefined ? undefined : cpu / Math.max(1, total),
    };
  });
  const [plainRun, bare, list, , create] = results;
  console.log(
    `\n${CONNECTIONS} connections, ${DURATION} s each in ${ROUNDS} rounds taken in turn (p50: the median round's; p99: the worst round's), ${base} (production build, scale seed in ${process.env.DATABASE_URL ? "PostgreSQL" : DATA_DIR})`,
  );
  console.log(["scenario".padEnd(46), "req/s".padStart(8), "p50 ms".padStart(8), "p99 ms".padStart(8), "non-2xx".padStart(8), "of bare".padStart(8), "CPU µs/req".padStart(11)].join(" "));
  for (const { name, result, cpuPerRequest } of results) {
    console.log(
      [
        name.padEnd(46),
        result.requests.average.toFixed(0).padStart(8),
        String(result.latency.p50).padStart(8),
        String(result.latency.p99).padStart(8),
        String(result.non2xx).padStart(8),
        `${((result.requests.average / bare.result.requests.average) * 100).toFixed(0)} %`.padStart(8),
        (cpuPerRequest === undefined ? "-" : cpuPerRequest.toFixed(0)).padStart(11),
      ].join(" "),
    );
  }
  // A ratio over the whole run, and its spread over the rounds: how far the machine moved it.
  const line = (label, a, b, short) => {
    const each = a.perSecond.map((value, round) => (value / b.perSecond[round]) * 100);
    const whole = ((a.result.requests.average / b.result.requests.average) * 100).toFixed(1);
    return `${label.padEnd(14)}${`${whole} %`.padStart(7)}   (${Math.min(...each).toFixed(0)}–${Math.max(...each).toFixed(0)} % by round; ${short} p99 ${a.result.latency.p99} ms)`;
  };
  console.log(`\n${line("bare / plain", bare, plainRun, "bare")}`);
  console.log(line("list / bare", list, bare, "list"));
  console.log(line("create / bare", create, bare, "create"));
  console.log(`Deleted the ${await deleteBenchPaths()} paths this run created`);
} finally {
  plain.kill("SIGTERM");
  server.kill("SIGTERM");
}
