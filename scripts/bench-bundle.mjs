// npm run bench:bundle — each app route's first-load JS, gzipped, from the production build (Next 16's
// `next build` no longer prints it), and a budget for the console shell.
//
// Source: Turbopack writes, per page, `.next/server/app/<route>/page_client-reference-manifest.js` whose
// `entryJSFiles` lists the client chunks of every segment on the route (root layout, nested layouts, the page,
// and the error / not-found / loading boundaries rendered with them). A first visit loads those plus the
// runtime in `build-manifest.json` → `rootMainFiles`. Polyfills (nomodule, legacy browsers only) are left out.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { gzipSync } from "node:zlib";

const NEXT = ".next";
// The shell today: ~130 KiB React + Next runtime, ~65 KiB zod (the shared schemas), ~45 KiB Radix, the rest ours.
const budgetKb = Number(process.env.BUNDLE_BUDGET_KB ?? 320);
const asJson = process.argv.includes("--json");

if (!fs.existsSync(path.join(NEXT, "BUILD_ID"))) {
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const sizes = new Map();
function sizeOf(file) {
  let size = sizes.get(file);
  if (!size) {
    const data = fs.readFileSync(path.join(NEXT, file));
    size = { raw: data.length, gzip: gzipSync(data, { level: 9 }).length };
    sizes.set(file, size);
  }
  return size;
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
const shared = [...new Set(buildManifest.rootMainFiles)];

const routes = [];
for (const file of manifestsUnder(path.join(NEXT, "server", "app"))) {
  const sandbox = { globalThis: {} };
  vm.runInNewContext(fs.readFileSync(file, "utf8"), sandbox);
  for (const [page, manifest] of Object.entries(sandbox.globalThis.__RSC_MANIFEST ?? {})) {
    const chunks = new Set(shared);
    for (const files of Object.values(manifest.entryJSFiles ?? {})) for (const chunk of files) chunks.add(chunk);
    const total = [...chunks].reduce(
      (sum, chunk) => {
        const size = sizeOf(chunk);
        return { raw: sum.raw + size.raw, gzip: sum.gzip + size.gzip };
      },
      { raw: 0, gzip: 0 },
    );
    const route = page.replace(/\/page$/, "") || "/";
    routes.push({ route: route === "" ? "/" : route, chunks: chunks.size, rawKb: total.raw / 1024, gzipKb: total.gzip / 1024 });
  }
}
routes.sort((a, b) => a.route.localeCompare(b.route));
const sharedSize = shared.reduce((sum, chunk) => sum + sizeOf(chunk).gzip, 0) / 1024;

// The shell: every page inside the console layout, and sign-in.
const isShell = (route) => route.startsWith("/organization/[organizationId]") || route === "/login";
const over = routes.filter((r) => isShell(r.route) && r.gzipKb > budgetKb);
const shellMax = Math.max(...routes.filter((r) => isShell(r.route)).map((r) => r.gzipKb));

if (asJson) {
  console.log(JSON.stringify({ sharedGzipKb: sharedSize, budgetKb, routes }, null, 2));
} else {
  console.log(`${"route".padEnd(64)} ${"chunks".padStart(6)} ${"raw KiB".padStart(9)} ${"gzip KiB".padStart(9)}`);
  for (const r of routes) {
    console.log(`${r.route.padEnd(64)} ${String(r.chunks).padStart(6)} ${r.rawKb.toFixed(1).padStart(9)} ${r.gzipKb.toFixed(1).padStart(9)}`);
  }
  console.log(`${"(shared runtime only)".padEnd(64)} ${String(shared.length).padStart(6)} ${"".padStart(9)} ${sharedSize.toFixed(1).padStart(9)}`);
}
if (over.length) {
  for (const r of over) console.error(`over budget: ${r.route} loads ${r.gzipKb.toFixed(1)} KiB gzipped (budget ${budgetKb} KiB)`);
  process.exit(1);
}
if (!asJson) console.log(`bundle budget OK (${shellMax.toFixed(1)} KiB ≤ ${budgetKb} KiB)`);
