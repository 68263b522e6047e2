// npm run bench:soak — a heavy day on one console process, on the scale seed: SOAK_CONNECTIONS users (default 150)
// with no think time replay a mix of API calls (lists, details, dashboards' telemetry, alarms, events, a few writes)
// and console page renders for SOAK_SECONDS (default 300), then the console idles for SOAK_IDLE_SECONDS (default 45).
// Every SOAK_REPORT_SECONDS it prints req/s, p50/p99, errors, timeouts and the server's RSS; at the end the totals
// and whether RSS stayed flat after the warm-up (SOAK_WARMUP_SECONDS, default 60), with the machine's speed just before
// and after the load (a plain node:http server's req/s, as bench:api's ceiling), and the CPU each request cost by thread:
// the console's main thread (pages and the API), PGlite's, the garbage collector's helpers, zlib's (PostgreSQL's own
// processes are not counted), and the load generator's. SOAK_HEAP_SNAPSHOTS=1 has the server write a heap snapshot
// (into SOAK_HEAP_DIR) before the load, at its end and after the idle.
// SOAK_THREAD_HEAPS=1 adds to each report every thread's V8 heap in MB, whole (old generation, young one), through a
// preload (scripts/bench/thread-heaps.mjs): which thread's heap moves when RSS does.
// SOAK_MEMORY_DETAIL=1 reads the server's process.memoryUsage() through its inspector, to tell the JavaScript heap
// from native memory and garbage from what the users' connections retain (a full collection at the end of the load,
// their keep-alive connections still open, and another after the idle), and profiles its CPU while idle (into SOAK_HEAP_DIR). BENCH_PORT, BENCH_DATA_DIR (or DATABASE_URL) as for the other benchmarks; SOAK_TIMEOUT_MS
// (default 10000); SOAK_NODE_ARGS, options for the server's node (say --cpu-prof). With DATABASE_URL, SOAK_PROCESSES=2 (or more) starts that many console processes on one PostgreSQL
// (ports BENCH_PORT, BENCH_PORT+1, ...) and spreads the users over them, as a load balancer would; RSS and CPU are
// then the processes' sum, and the snapshots and memory detail are the first process's.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import autocannon from "autocannon";
import WebSocket from "ws";
import { percentile, signInTo, startPlainServer, startScaleServer } from "./bench-server.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 3520);
const DATA_DIR = process.env.BENCH_DATA_DIR ?? "./data-bench";
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 150);
const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const WARMUP_SECONDS = Number(process.env.SOAK_WARMUP_SECONDS ?? 60);
const IDLE_SECONDS = Number(process.env.SOAK_IDLE_SECONDS ?? 45);
const REPORT_SECONDS = Number(process.env.SOAK_REPORT_SECONDS ?? 15);
const TIMEOUT_MS = Number(process.env.SOAK_TIMEOUT_MS ?? 10_000);
const HEAP_SNAPSHOTS = process.env.SOAK_HEAP_SNAPSHOTS === "1";
const HEAP_DIR = process.env.SOAK_HEAP_DIR ?? "/tmp/soak-heap";
const PROCESSES = Number(process.env.SOAK_PROCESSES ?? 1);
if (PROCESSES > 1 && !process.env.DATABASE_URL) throw new Error("SOAK_PROCESSES > 1 needs DATABASE_URL: processes share PostgreSQL, never one PGlite directory");
const bases = Array.from({ length: PROCESSES }, (_, i) => `http://localhost:${PORT + i}`);
const base = bases[0];

// Accounts of the demo seed and of scripts/seed-scale.ts: the operator, an MSP, a scale customer and a demo customer.
const ACCOUNTS = ["admin@maia.example", "admin@bluewave.example", "admin@scale-customer-001.example", "admin@contoso.example"];
const SESSIONS_PER_ACCOUNT = Number(process.env.SOAK_SESSIONS_PER_ACCOUNT ?? 3);

const MEMORY_DETAIL = process.env.SOAK_MEMORY_DETAIL === "1";
const THREAD_HEAPS = process.env.SOAK_THREAD_HEAPS === "1";
const THREAD_HEAPS_FILE = `${os.tmpdir()}/maia-soak-heaps-${process.pid}.jsonl`;
if (THREAD_HEAPS) process.env.THREAD_HEAPS_FILE = THREAD_HEAPS_FILE;
const INSPECT_PORT = PORT + 100;

const nodeArgs = [
  ...(process.env.SOAK_NODE_ARGS?.split(" ").filter(Boolean) ?? []),
  ...(HEAP_SNAPSHOTS ? [`--heapsnapshot-signal=SIGUSR2`, `--diagnostic-dir=${HEAP_DIR}`] : []),
  ...(MEMORY_DETAIL ? [`--inspect=127.0.0.1:${INSPECT_PORT}`] : []),
  ...(THREAD_HEAPS ? ["--import", "./scripts/bench/thread-heaps.mjs"] : []),
];
if (HEAP_SNAPSHOTS) fs.mkdirSync(HEAP_DIR, { recursive: true });
const servers = [await startScaleServer({ port: PORT, dataDir: DATA_DIR, nodeArgs })];
for (let i = 1; i < PROCESSES; i++) servers.push(await startScaleServer({ port: PORT + i, dataDir: DATA_DIR, seed: false }));
const server = servers[0];
// The machine's speed in the same run: a bare node:http server's req/s (as bench:api's ceiling row), just before the
// load and just after it. This 2-core machine's speed moves by a fifth from one hour to the next; the soak's own
// figures move with it.
const PLAIN_PORT = PORT + 99;
const plain = await startPlainServer(PLAIN_PORT);
async function machineSpeed() {
  const result = await autocannon({ url: `http://127.0.0.1:${PLAIN_PORT}/health`, connections: 10, duration: 3 });
  return Math.round(result.requests.average);
}

/** The server's process.memoryUsage() in MB, through its inspector (SOAK_MEMORY_DETAIL=1). */
const inspector = MEMORY_DETAIL ? await connectInspector() : undefined;
async function connectInspector() {
  const [target] = await (await fetch(`http://127.0.0.1:${INSPECT_PORT}/json/list`)).json();
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  let id = 0;
  const pending = new Map();
  socket.on("message", (data) => {
    const message = JSON.parse(String(data));
    pending.get(message.id)?.(message.result);
    pending.delete(message.id);
  });
  const send = (method, params = {}) =>
    new Promise((resolve) => {
      pending.set(++id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  return {
    async memory() {
      const result = await send("Runtime.evaluate", { expression: "JSON.stringify(process.memoryUsage())", returnByValue: true });
      const usage = JSON.parse(result.result.value);
      return Object.fromEntries(Object.entries(usage).map(([key, bytes]) => [key, Math.round(bytes / 1e6)]));
    },
    collectGarbage: () => send("HeapProfiler.collectGarbage"),
    startProfile: async () => {
      await send("Profiler.enable");
      await send("Profiler.start");
    },
    stopProfile: async () => (await send("Profiler.stop")).profile,
    close: () => socket.close(),
  };
}
const memoryLine = async () => {
  if (!inspector) return "";
  const m = await inspector.memory();
  return `  heap ${m.heapUsed}/${m.heapTotal} MB, external ${m.external} MB (array buffers ${m.arrayBuffers} MB)`;
};

/** The first server's threads' latest heaps (SOAK_THREAD_HEAPS=1), as " heaps main 185 (42, 128) ...". */
function threadHeapsLine() {
  if (!THREAD_HEAPS || !fs.existsSync(THREAD_HEAPS_FILE)) return "";
  const latest = new Map();
  for (const line of fs.readFileSync(THREAD_HEAPS_FILE, "utf8").trim().split("\n")) {
    const heap = JSON.parse(line);
    if (heap.pid === server.pid) latest.set(heap.thread, heap);
  }
  const threads = [...latest.values()].sort((a, b) => a.thread.localeCompare(b.thread));
  return `  heaps MB ${threads.map((heap) => `${heap.thread} ${heap.total} (${heap.old}, ${heap.young})`).join(", ")}`;
}

/** The servers' resident memory in MB, from Linux's /proc. */
function rssMb() {
  try {
    const kb = servers.map((child) => {
      const line = fs.readFileSync(`/proc/${child.pid}/status`, "utf8").split("\n").find((l) => l.startsWith("VmRSS:"));
      return Number(line.split(/\s+/)[1]);
    });
    return Math.round(kb.reduce((sum, n) => sum + n, 0) / 1024);
  } catch {
    return NaN;
  }
}

// The servers' CPU time so far in seconds (user + system), from Linux's /proc: how busy they are, load or no load.
const ticksPerSecond = 100;
/** A process's or thread's /proc stat line: its name and its CPU time so far in ms (user + system). */
function readStat(file) {
  const stat = fs.readFileSync(file, "utf8");
  const fields = stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
  return { name: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")), ms: ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond };
}
function cpuSeconds() {
  try {
    return servers.reduce((sum, child) => sum + readStat(`/proc/${child.pid}/stat`).ms, 0) / 1000;
  } catch {
    return NaN;
  }
}
/**
 * The servers' CPU time so far in ms by kind of thread (Linux names them: MainThread, WorkerThread for PGlite's,
 * V8Worker for the garbage collector's and compiler's helpers, libuv-worker for zlib and files), summed over processes.
 */
function cpuByThread() {
  const byName = new Map();
  for (const child of servers) {
    let tasks = [];
    try {
      tasks = fs.readdirSync(`/proc/${child.pid}/task`);
    } catch {
      continue;
    }
    for (const task of tasks) {
      try {
        const { name, ms } = readStat(`/proc/${child.pid}/task/${task}/stat`);
        const kind = name.replace(/[\s\d]+$/, "");
        byName.set(kind, (byName.get(kind) ?? 0) + ms);
      } catch {
        // The thread ended meanwhile.
      }
    }
  }
  return byName;
}
/** CPU ms per request between two cpuByThread() readings, by thread, and the load generator's own (this process). */
function cpuPerRequest(before, after, generator, requests) {
  const parts = [...after]
    .map(([name, ms]) => [name, ms - (before.get(name) ?? 0)])
    .filter(([, ms]) => ms > 0)
    .sort((a, b) => b[1] - a[1]);
  const total = parts.reduce((sum, [, ms]) => sum + ms, 0);
  const own = (generator.user + generator.system) / 1000;
  const each = (ms) => (ms / requests).toFixed(2);
  return `CPU per request: console ${each(total)} ms (${parts.map(([name, ms]) => `${name} ${each(ms)}`).join(", ")}); load generator ${each(own)} ms`;
}
let cpuMark = cpuSeconds();
let cpuMarkAt = performance.now();
/** The server's CPU use since the last call, in % of one core. */
function cpuPercent() {
  const [now, at] = [cpuSeconds(), performance.now()];
  const percent = ((now - cpuMark) / ((at - cpuMarkAt) / 1000)) * 100;
  [cpuMark, cpuMarkAt] = [now, at];
  return `${percent.toFixed(0)} % CPU`;
}

const load = () => os.loadavg()[0].toFixed(1);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function snapshot(label) {
  if (!HEAP_SNAPSHOTS) return;
  const before = new Set(fs.readdirSync(HEAP_DIR));
  server.kill("SIGUSR2");
  // The snapshot is written synchronously by the server: wait for the file to appear and stop growing.
  for (let size = -1; ; ) {
    await sleep(2_000);
    const added = fs.readdirSync(HEAP_DIR).filter((name) => !before.has(name));
    if (added.length === 0) continue;
    const now = fs.statSync(`${HEAP_DIR}/${added[0]}`).size;
    if (now === size && now > 0) {
      console.log(`heap snapshot (${label}): ${HEAP_DIR}/${added[0]} (${Math.round(now / 1e6)} MB)`);
      return;
    }
    size = now;
  }
}

/** What one account's user looks at: ids found once, before the load. */
async function discover(session) {
  const organizations = await session.get("/config/organization");
  const own = organizations.find((org) => org.name === "Scale Customer 001") ?? organizations.find((org) => org.organizationType === "customer") ?? organizations[0];
  const msp = organizations.find((org) => org.organizationType === "msp");
  const home = organizations[0];
  const customer = own?.organizationType === "customer" ? own : undefined;
  const sites = customer ? (await session.get(`/config/organization/${customer.id}/site?limit=20`)).items : [];
  const paths = (await session.get("/config/path?limit=20")).items;
  return { home, msp, customer, sites, paths };
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const RANGE = () => {
  const to = new Date();
  return `from=${new Date(to.getTime() - 24 * 3600_000).toISOString()}&to=${to.toISOString()}`;
};

/** The user's next request: [kind, method, path, body?]. Weights as a dashboard-heavy working day spreads them. */
function nextRequest({ home, msp, customer, sites, paths }) {
  const site = sites.length > 0 ? pick(sites) : undefined;
  const path = paths.length > 0 ? pick(paths) : undefined;
  const options = [
    [10, () => ["api list", "GET", "/api/v1/config/path?limit=50"]],
    [5, () => ["api list", "GET", "/api/v1/alarm?limit=50"]],
    [5, () => ["api list", "GET", "/api/v1/event?limit=50"]],
    [3, () => ["api list", "GET", "/api/v1/config/organization"]],
    [6, () => path && ["api detail", "GET", `/api/v1/config/path/${path.id}`]],
    [4, () => customer && ["api list", "GET", `/api/v1/config/organization/${customer.id}/site?limit=50`]],
    [4, () => site && ["api detail", "GET", `/api/v1/config/site/${site.id}`]],
    [3, () => site && ["api list", "GET", `/api/v1/config/site/${site.id}/connector`]],
    [4, () => site && ["telemetry", "GET", `/api/v1/telemetry/site/${site.id}/bandwidth?${RANGE()}`]],
    [3, () => site && ["telemetry", "GET", `/api/v1/telemetry/site/${site.id}/breakdown?${RANGE()}`]],
    [4, () => path && ["telemetry", "GET", `/api/v1/telemetry/path/${path.id}/performance?${RANGE()}`]],
    [3, () => customer && ["telemetry", "GET", `/api/v1/telemetry/organization/${customer.id}/site-health?limit=50`]],
    [3, () => customer && ["telemetry", "GET", `/api/v1/telemetry/organization/${customer.id}/path-health?limit=50`]],
    [2, () => customer && ["telemetry", "GET", `/api/v1/telemetry/organization/${customer.id}/probes?limit=50`]],
    [2, () => customer && ["telemetry", "GET", `/api/v1/telemetry/organization/${customer.id}/top-talkers?${RANGE()}`]],
    [1, () => site && ["write", "PATCH", `/api/v1/config/site/${site.id}`, { description: `Soak ${Date.now()}` }]],
    [5, () => customer && ["page", "GET", `/organization/${customer.id}/customer/dashboard`]],
    [3, () => customer && site && ["page", "GET", `/organization/${customer.id}/customer/dashboard/${site.id}`]],
    [3, () => ["page", "GET", `/organization/${home.id}/alarms`]],
    [2, () => ["page", "GET", `/organization/${home.id}/events`]],
    [2, () => ["page", "GET", `/organization/${home.id}/paths`]],
    [2, () => msp && customer && ["page", "GET", `/organization/${msp.id}/msp/dashboard/${customer.id}`]],
  ];
  for (;;) {
    const total = options.reduce((sum, [weight]) => sum + weight, 0);
    let r = Math.random() * total;
    for (const [weight, make] of options) {
      r -= weight;
      if (r > 0) continue;
      const request = make();
      if (request) return request;
      break;
    }
  }
}

const results = []; // [endMs since start, ms, kind, outcome]
let started = performance.now();
let running = true;

// The users' requests go through node:http on keep-alive connections and read the bodies without decoding them, as
// wrk or autocannon do: the load generator shares the server's two cores, and fetch() spent 14 % of one decoding
// gzip and building WHATWG streams (node:http: 6 %). The server still compresses what a browser would ask compressed.
const agents = new Map();
function send(base, method, path, headers, body) {
  let agent = agents.get(base);
  if (!agent) agents.set(base, (agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS })));
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method, agent, headers }, (response) => {
      response.on("data", () => {});
      response.on("end", () => {
        clearTimeout(timer);
        resolve(response.statusCode);
      });
      response.on("error", reject);
    });
    // The whole answer within TIMEOUT_MS, as AbortSignal.timeout() gave fetch.
    const timer = setTimeout(() => request.destroy(Object.assign(new Error("timed out"), { name: "TimeoutError" })), TIMEOUT_MS);
    request.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end(body);
  });
}

async function user(profile, base) {
  while (running) {
    const [kind, method, path, body] = nextRequest(profile);
    const payload = body ? JSON.stringify(body) : undefined;
    const headers = { cookie: profile.cookie, origin: base, "accept-encoding": "gzip, deflate, br" };
    if (payload) Object.assign(headers, { "content-type": "application/json", "content-length": Buffer.byteLength(payload) });
    const begun = performance.now();
    let outcome;
    try {
      const status = await send(base, method, path, headers, payload);
      outcome = status < 400 ? "ok" : `http ${status}`;
    } catch (error) {
      outcome = error?.name === "TimeoutError" ? "timeout" : `error ${error?.code ?? error?.name}`;
    }
    const end = performance.now();
    if (running) results.push([end - started, end - begun, kind, outcome]);
  }
}

function summary(rows, seconds) {
  const ms = rows.map((row) => row[1]).sort((a, b) => a - b);
  return {
    rps: rows.length / seconds,
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
    errors: rows.filter((row) => row[3] !== "ok" && row[3] !== "timeout").length,
    timeouts: rows.filter((row) => row[3] === "timeout").length,
  };
}
const fmt = (s) =>
  `${s.rps.toFixed(0).padStart(5)} req/s  p50 ${String(Math.round(s.p50)).padStart(5)} ms  p99 ${String(Math.round(s.p99)).padStart(5)} ms  ` +
  `errors ${String(s.errors).padStart(4)}  timeouts ${String(s.timeouts).padStart(4)}`;

try {
  const sessions = [];
  for (const email of ACCOUNTS) {
    for (let i = 0; i < SESSIONS_PER_ACCOUNT; i++) {
      const session = await signInTo(base, email);
      sessions.push({ cookie: session.cookie, ...(await discover(session)) });
    }
  }
  console.log(
    `\n${CONNECTIONS} users, no think time, ${SECONDS} s then ${IDLE_SECONDS} s idle, ${bases.join(" + ")} (production build, scale seed in ` +
      `${process.env.DATABASE_URL ? "PostgreSQL" : DATA_DIR}); ${sessions.length} sessions; RSS ${rssMb()} MB at start, load ${load()}`,
  );
  const speedBefore = await machineSpeed();
  // Snapshots are taken with the load stopped: the server pauses while it writes one.
  await snapshot("before the load");
  started = performance.now();
  cpuPercent();
  const threadsBefore = cpuByThread();
  const generatorBefore = process.cpuUsage();
  const rss = [[0, rssMb()]];
  const reporter = setInterval(() => {
    const at = (performance.now() - started) / 1000;
    const window = results.filter((row) => row[0] / 1000 > at - REPORT_SECONDS);
    rss.push([at, rssMb()]);
    void memoryLine().then((detail) =>
      console.log(`${String(Math.round(at)).padStart(4)} s  ${fmt(summary(window, REPORT_SECONDS))}  RSS ${String(rss.at(-1)[1]).padStart(5)} MB  ${cpuPercent()}  load ${load()}${detail}${threadHeapsLine()}`),
    );
  }, REPORT_SECONDS * 1000);
  // Sessions live in the database: any process serves any of them.
  const users = Array.from({ length: CONNECTIONS }, (_, i) => user(sessions[i % sessions.length], bases[i % bases.length]));
  await sleep(SECONDS * 1000);
  running = false;
  clearInterval(reporter);
  await Promise.all(users);
  const cpuLine = cpuPerRequest(threadsBefore, cpuByThread(), process.cpuUsage(generatorBefore), results.length);
  const endRss = rssMb();
  const speedAfter = await machineSpeed();
  await snapshot("at the end of the load");

  const warm = results.filter((row) => row[0] / 1000 >= WARMUP_SECONDS);
  console.log(`\nmachine: a plain node:http server answered ${speedBefore} req/s just before the load, ${speedAfter} just after it`);
  console.log(`all ${SECONDS} s:           ${fmt(summary(results, SECONDS))}`);
  console.log(`after the warm-up:    ${fmt(summary(warm, SECONDS - WARMUP_SECONDS))}`);
  const kinds = [...new Set(results.map((row) => row[2]))].sort();
  for (const kind of kinds) {
    const rows = warm.filter((row) => row[2] === kind);
    console.log(`  ${kind.padEnd(18)}  ${fmt(summary(rows, SECONDS - WARMUP_SECONDS))}`);
  }
  const outcomes = new Map();
  for (const row of results) if (row[3] !== "ok") outcomes.set(row[3], (outcomes.get(row[3]) ?? 0) + 1);
  if (outcomes.size > 0) console.log(`  failures: ${[...outcomes].map(([what, n]) => `${what} ×${n}`).join(", ")}`);
  console.log(cpuLine);

  console.log(`RSS ${endRss} MB at the end of the load${await memoryLine()}`);
  // What the open keep-alive connections still hold: garbage goes in a full collection, what they retain stays.
  if (inspector) {
    await inspector.collectGarbage();
    console.log(`RSS ${rssMb()} MB after a full garbage collection, the users' connections still open${await memoryLine()}`);
  }
  cpuPercent();
  // What the server still does once nobody asks: a CPU profile of the idle period.
  await inspector?.startProfile();
  await sleep(IDLE_SECONDS * 1000);
  const idleRss = rssMb();
  if (inspector) {
    fs.mkdirSync(HEAP_DIR, { recursive: true });
    fs.writeFileSync(`${HEAP_DIR}/idle.cpuprofile`, JSON.stringify(await inspector.stopProfile()));
    console.log(`CPU profile of the idle period: ${HEAP_DIR}/idle.cpuprofile`);
  }
  console.log(`RSS ${idleRss} MB after ${IDLE_SECONDS} s idle, the server used ${cpuPercent()} meanwhile${await memoryLine()}`);
  if (inspector) {
    await inspector.collectGarbage();
    console.log(`RSS ${rssMb()} MB after a full garbage collection${await memoryLine()}`);
  }
  await snapshot(`after ${IDLE_SECONDS} s idle`);
  const afterWarmup = rss.filter(([at]) => at >= WARMUP_SECONDS).map(([, mb]) => mb);
  const reference = afterWarmup[0] ?? endRss;
  const peak = Math.max(...afterWarmup, endRss);
  const growth = ((peak - reference) / reference) * 100;
  console.log(
    `\nRSS: ${rss[0][1]} MB at start, ${reference} MB after the warm-up, peak ${peak} MB after it (${growth >= 0 ? "+" : ""}${growth.toFixed(1)} %), ` +
      `${endRss} MB at the end, ${idleRss} MB after ${IDLE_SECONDS} s idle (load ${load()})`,
  );
} finally {
  running = false;
  inspector?.close();
  for (const child of [...servers, plain]) child.kill("SIGTERM");
  if (THREAD_HEAPS) fs.rmSync(THREAD_HEAPS_FILE, { force: true });
}
