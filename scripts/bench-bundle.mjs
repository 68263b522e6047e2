// npm run bench:bundle — each app route's first-load JS, gzipped, from the production build (Next 16's
// `next build` no longer prints it), and the budgets CI holds them to (.ci/run). `--json` prints the figures as JSON.
//
// Budgets (KiB gzipped, first load):
// - every route: at most BUNDLE_BUDGET_KB (250);
// - the shell — the console layout with no page content, no chart, no dialog open (/organization/[organizationId],
//   and the [...rest] fallback that renders the same layout): at most SHELL_BUDGET_KB (200);
// - /logout and /user/logout: at most the sign-in page (/login).
// Dialogs, menus, sheets, tooltips, toasts, charts, the map, the API reference and form checks (zod) load when used
// (lazyComponent, lazyOverlay, useZodForm with an import, components/ui/toast.ts); tests/unit/first-load-weight.test.ts
// says which import brought a heavy package back into a page.
//
// Where the figures come from (Next 16.4 + Turbopack, checked against the HTML the server sends):
// - There is no `.next/app-build-manifest.json` any more, and `build-manifest.json` /
//   `server/app/<route>/page/build-manifest.json` only hold the runtime shared by every route
//   (`rootMainFiles`: Turbopack runtime, React, Next's client) and the polyfills. Their `pagesChunkGroupBootstrapParams`
//   is the same runtime list for every route.
// - The per-route chunks are in `server/app/<route>/page_client-reference-manifest.js` → `entryJSFiles`, keyed by
//   convention file (`[project]/app/layout`, `.../error`, `.../not-found`, `.../global-error`, `.../<route>/page`...).
//   The server renders it into `<script async src>` tags with Next's own rule (create-component-tree.js): the JS of
//   each segment's layout, template, error, loading and page, plus global-error (its client component is referenced
//   from every RSC payload). The not-found / forbidden / unauthorized boundaries contribute CSS only: their JS is
//   fetched only when one is actually rendered, so it is counted only for `/_not-found`, whose page is that boundary.
//   Counting every `entryJSFiles` entry overstates every route by the not-found chunk.
// - First load = `rootMainFiles` + those chunks, deduplicated. The polyfills are a `<script noModule>`: modern
//   browsers never fetch them, so they are shown on their own line and left out of the totals and the budget.
// Cross-checked: the `<script src>` set of each served page (curl + grep) equals the chunk list printed by `--json`.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { gzipSync } from "node:zlib";

const ROOT = path.join(import.meta.dirname, "..");
const NEXT = path.join(ROOT, ".next");
function budgetFrom(name, fallback) {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`${name} must be a positive number of KiB, got ${JSON.stringify(process.env[name])}`);
    process.exit(2);
  }
  return value;
}
const budgetKb = budgetFrom("BUNDLE_BUDGET_KB", 250);
const shellBudgetKb = budgetFrom("SHELL_BUDGET_KB", 200);
const asJson = process.argv.includes("--json");

if (!fs.existsSync(path.join(NEXT, "BUILD_ID"))) {
  console.error("No production build in .next: running npm run build first...");
  // Build output goes to stderr so that `--json` stays parseable.
  const build = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: ["ignore", process.stderr, process.stderr] });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Convention files whose JS the server puts in the first HTML (besides the layouts' and page's own).
const LOADED_WITH_ROUTE = new Set(["layout", "template", "error", "loading", "page", "default", "global-error"]);
const RENDERED_ON_DEMAND = new Set(["not-found", "forbidden", "unauthorized"]);

const sizes = new Map();
function sizeOf(file) {
  let size = sizes.get(file);
  if (!size) {
    const full = path.join(NEXT, file);
    if (!fs.existsSync(full)) throw new Error(`${full} is listed by the build manifests but missing: rebuild (npm run build)`);
    const data = fs.readFileSync(full);
    size = { raw: data.length, gzip: gzipSync(data, { level: 9 }).length };
    sizes.set(file, size);
  }
  return size;
}
const round2 = (n) => Math.round(n * 100) / 100;
function measure(chunks) {
  let raw = 0;
  let gzip = 0;
  for (const chunk of chunks) {
    const size = sizeOf(chunk);
    raw += size.raw;
    gzip += size.gzip;
  }
  return { chunks: chunks.length, rawKb: round2(raw / 1024), gzipKb: round2(gzip / 1024) };
}

function manifestsUnder(dir) {
  const found = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...manifestsUnder(full));
    else if (entry.name === "page_client-reference-manifest.js") found.push(full);
  }
  return found;
}

const buildManifest = JSON.parse(fs.readFileSync(path.join(NEXT, "build-manifest.json"), "utf8"));
const shared = [...new Set(buildManifest.rootMainFiles ?? [])];
const polyfills = [...new Set(buildManifest.polyfillFiles ?? [])];
if (shared.length === 0) throw new Error(".next/build-manifest.json has no rootMainFiles: not an App Router build?");

const routes = [];
for (const file of manifestsUnder(path.join(NEXT, "server", "app"))) {
  const sandbox = { globalThis: {} };
  vm.runInNewContext(fs.readFileSync(file, "utf8"), sandbox);
  for (const [page, manifest] of Object.entries(sandbox.globalThis.__RSC_MANIFEST ?? {})) {
    const route = page.replace(/\/page$/, "") || "/";
    const chunks = new Set(shared);
    for (const [entry, files] of Object.entries(manifest.entryJSFiles ?? {})) {
      const convention = entry.slice(entry.lastIndexOf("/") + 1);
      const loaded = LOADED_WITH_ROUTE.has(convention) || (RENDERED_ON_DEMAND.has(convention) && route === "/_not-found");
      if (!loaded && !RENDERED_ON_DEMAND.has(convention)) console.error(`note: ${route}: unknown entry ${entry}, not counted`);
      if (loaded) for (const chunk of files) chunks.add(chunk);
    }
    routes.push({ route, ...measure([...chunks]), files: [...chunks] });
  }
}
routes.sort((a, b) => a.route.localeCompare(b.route));
const sharedSize = measure(shared);
const polyfillSize = measure(polyfills);

// The routes a person opens (not Next's own error pages), the console's shell, and the pages that must not weigh more
// than signing in.
const isBudgeted = (route) => !route.startsWith("/_");
const SHELL_ROUTES = new Set(["/organization/[organizationId]", "/organization/[organizationId]/[...rest]"]);
const SIGN_IN = "/login";
const NO_HEAVIER_THAN_SIGN_IN = ["/logout", "/user/logout"];
const byRoute = new Map(routes.map((r) => [r.route, r]));
for (const route of [...SHELL_ROUTES, SIGN_IN, ...NO_HEAVIER_THAN_SIGN_IN]) {
  if (!byRoute.has(route)) {
    console.error(`${route} is not in the build: nothing to check its budget against`);
    process.exit(1);
  }
}
const signInKb = byRoute.get(SIGN_IN).gzipKb;
const budgetOf = (route) =>
  Math.min(budgetKb, SHELL_ROUTES.has(route) ? shellBudgetKb : Infinity, NO_HEAVIER_THAN_SIGN_IN.includes(route) ? signInKb : Infinity);
const budgeted = routes.filter((r) => isBudgeted(r.route)).map((r) => ({ ...r, budgetKb: budgetOf(r.route) }));
const over = budgeted.filter((r) => r.gzipKb > r.budgetKb);
const heaviest = budgeted.reduce((max, r) => (r.gzipKb > max.gzipKb ? r : max));
const shellMax = Math.max(...budgeted.filter((r) => SHELL_ROUTES.has(r.route)).map((r) => r.gzipKb));

const kb = (n) => n.toFixed(1);
if (asJson) {
  const json = {
    buildId: fs.readFileSync(path.join(NEXT, "BUILD_ID"), "utf8").trim(),
    budgetKb,
    shellBudgetKb,
    signInGzipKb: signInKb,
    shellMaxGzipKb: Number(kb(shellMax)),
    overBudget: over.map((r) => r.route),
    shared: { ...sharedSize, files: shared },
    polyfillsNoModule: { ...polyfillSize, files: polyfills },
    routes: routes.map((r) => ({ ...r, shell: SHELL_ROUTES.has(r.route), budgetKb: isBudgeted(r.route) ? budgetOf(r.route) : null })),
  };
  console.log(JSON.stringify(json, null, 2));
} else {
  const line = (label, r, budget = "") =>
    `${label.padEnd(58)} ${String(r.chunks).padStart(6)} ${kb(r.rawKb).padStart(9)} ${kb(r.gzipKb).padStart(9)} ${budget.padStart(8)}`;
  console.log(`${"route (* = shell)".padEnd(58)} ${"chunks".padStart(6)} ${"raw KiB".padStart(9)} ${"gzip KiB".padStart(9)} ${"budget".padStart(8)}`);
  for (const r of routes) {
    const budget = isBudgeted(r.route) ? kb(budgetOf(r.route)) : "";
    console.log(line(`${SHELL_ROUTES.has(r.route) ? "*" : " "} ${r.route}`, r, budget));
  }
  console.log(line("  (shared by every route: runtime, React, Next)", sharedSize));
  console.log(line("  (polyfills, noModule: legacy browsers only, not counted)", polyfillSize));
}
if (over.length) {
  for (const r of over) {
    console.error(`over budget: ${r.route} loads ${kb(r.gzipKb)} KiB of JS gzipped on first visit (budget ${kb(r.budgetKb)} KiB)`);
  }
  console.error(`bundle budget exceeded by ${over.length} route${over.length === 1 ? "" : "s"} (BUNDLE_BUDGET_KB ${budgetKb}, SHELL_BUDGET_KB ${shellBudgetKb}, logout ≤ ${SIGN_IN})`);
  process.exit(1);
}
if (!asJson) {
  console.log(
    `bundle budgets OK: heaviest route ${heaviest.route} ${kb(heaviest.gzipKb)} ≤ ${budgetKb} KiB; shell ${kb(shellMax)} ≤ ${shellBudgetKb} KiB; logout pages ≤ ${SIGN_IN} ${kb(signInKb)} KiB`,
  );
}
