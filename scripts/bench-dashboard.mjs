// npm run bench:dashboard — server render time and HTML size of the dashboard deep links through the production
// console, on the scale seed: a scale customer (100 sites, 200 connectors, 1,000 paths) as its admin and as its MSP,
// and the demo's Contoso as admin@contoso.example. Each link is fetched whole (the streamed HTML to its end) a few
// times to warm up, then BENCH_REQUESTS times in a row; it prints the median and p95 time and the size.
import { gzipSync } from "node:zlib";
import { percentile, signInTo, startScaleServer } from "./bench-server.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 3510);
const DATA_DIR = process.env.BENCH_DATA_DIR ?? process.env.DATA_DIR ?? "/tmp/scale-data";
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
// Accounts of the demo seed and of scripts/seed-scale.ts (Scale Customer 001 is Bluewave Telecom's).
const SCALE_CUSTOMER = "Scale Customer 001";
const SCALE_ADMIN = "admin@scale-customer-001.example";
const SCALE_MSP_ADMIN = "admin@bluewave.example";
const DEMO_ADMIN = "admin@contoso.example";
const base = `http://localhost:${PORT}`;

const server = await startScaleServer({ port: PORT, dataDir: DATA_DIR });

const signIn = (email) => signInTo(base, email);

/** A customer's first site (by name), one of its paths and one of its connectors. */
async function sampleObjects(session, customerId) {
  const sites = await session.get(`/config/organization/${encodeURIComponent(customerId)}/site?limit=1`);
  const site = sites.items[0];
  const paths = await session.get(`/config/path?siteId=${encodeURIComponent(site.id)}&limit=1`);
  const connectors = await session.get(`/config/site/${encodeURIComponent(site.id)}/connector?limit=1`);
  return { siteId: site.id, pathId: paths.items[0]?.id, connectorId: connectors.items[0]?.id };
}

function customerLinks(customerId, { siteId, pathId, connectorId }) {
  const home = `/organization/${encodeURIComponent(customerId)}/customer/dashboard`;
  return [
    ["customer/dashboard", home],
    ["customer/dashboard/{siteId}", `${home}/${siteId}`],
    ["customer/dashboard/{siteId}/path/{pathId}", pathId && `${home}/${siteId}/path/${pathId}`],
    ["customer/dashboard/{siteId}/connector/{id}", connectorId && `${home}/${siteId}/connector/${connectorId}`],
  ].filter(([, url]) => url);
}

function mspLinks(mspId, customerId, { siteId }) {
  const home = `/organization/${encodeURIComponent(mspId)}/msp/dashboard/${encodeURIComponent(customerId)}`;
  return [
    ["msp/dashboard/{customer}", home],
    ["msp/dashboard/{customer}/{siteId}", `${home}/${siteId}`],
  ];
}

/** One whole page: milliseconds to the end of the HTML, and its bytes. */
async function render(session, url) {
  const started = performance.now();
  const response = await fetch(`${base}${url}`, { headers: { cookie: session.cookie }, redirect: "manual" });
  const body = Buffer.from(await response.arrayBuffer());
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`GET ${url} as ${session.email}: ${response.status}`);
  return { ms, bytes: body.length, gzip: gzipSync(body).length };
}


async function measure(account, session, [label, url]) {
  for (let i = 0; i < WARMUP; i += 1) await render(session, url);
  const times = [];
  let last;
  for (let i = 0; i < REQUESTS; i += 1) {
    last = await render(session, url);
    times.push(last.ms);
  }
  times.sort((a, b) => a - b);
  return { account, label, median: percentile(times, 50), p95: percentile(times, 95), bytes: last.bytes, gzip: last.gzip };
}

try {
  const scaleAdmin = await signIn(SCALE_ADMIN);
  const scaleMsp = await signIn(SCALE_MSP_ADMIN);
  const demoAdmin = await signIn(DEMO_ADMIN);
  const scaleOrganizations = await scaleMsp.get("/config/organization");
  const scaleCustomer = scaleOrganizations.find((org) => org.name === SCALE_CUSTOMER);
  const msp = scaleOrganizations.find((org) => org.id === scaleCustomer.parentId) ?? scaleOrganizations.find((org) => org.organizationType === "msp");
  const demoCustomer = (await demoAdmin.get("/config/organization")).find((org) => org.organizationType === "customer");
  const scaleObjects = await sampleObjects(scaleAdmin, scaleCustomer.id);
  const demoObjects = await sampleObjects(demoAdmin, demoCustomer.id);

  const plan = [
    ...customerLinks(scaleCustomer.id, scaleObjects).map((link) => [`${SCALE_CUSTOMER} (customer admin)`, scaleAdmin, link]),
    ...mspLinks(msp.id, scaleCustomer.id, scaleObjects).map((link) => [`${SCALE_CUSTOMER} (MSP ${msp.name})`, scaleMsp, link]),
    ...customerLinks(demoCustomer.id, demoObjects).map((link) => [`${demoCustomer.name} (demo admin)`, demoAdmin, link]),
  ];
  const results = [];
  for (const [account, session, link] of plan) results.push(await measure(account, session, link));

  console.log(`\n${REQUESTS} requests each after ${WARMUP} warm-up, one at a time, ${base} (production build, scale seed in ${process.env.DATABASE_URL ? "PostgreSQL" : DATA_DIR})`);
  console.log(["page".padEnd(46), "median ms".padStart(10), "p95 ms".padStart(8), "HTML KB".padStart(9), "gzip KB".padStart(8)].join(" "));
  let account = "";
  for (const result of results) {
    if (result.account !== account) console.log(`${(account = result.account)}:`);
    console.log(
      [
        `  ${result.label}`.padEnd(46),
        result.median.toFixed(0).padStart(10),
        result.p95.toFixed(0).padStart(8),
        (result.bytes / 1024).toFixed(1).padStart(9),
        (result.gzip / 1024).toFixed(1).padStart(8),
      ].join(" "),
    );
  }
} finally {
  server.kill("SIGTERM");
}
