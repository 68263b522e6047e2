// The console a benchmark measures: the production build (rebuilt when the sources changed), the scale network seeded
// into dataDir (or DATABASE_URL), served by dist/server.mjs with the simulator off. Returns the server process.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { isBuildCurrent } from "./build-state.mjs";

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * `nodeArgs`: options for the server's node only (a benchmark's inspector or heap snapshots), not for the seed.
 * `seed: false` for a second process on the same PostgreSQL, which the first one's start has seeded.
 * `env`: the server's own settings on top of the benchmark's environment (TRUST_PROXY for a sign-in flood).
 */
export async function startScaleServer({ port, dataDir, nodeArgs = [], seed = true, env = {} }) {
  if (!isBuildCurrent()) run("npm", ["run", "build"]);
  if (seed && !process.env.DATABASE_URL && !fs.existsSync(`${dataDir}/pglite`)) console.log(`Building the scale network in ${dataDir}...`);
  if (seed) run("npm", ["run", "seed:scale"], { DATA_DIR: dataDir });
  const server = spawn("node", [...nodeArgs, "dist/server.mjs"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, SIMULATOR: "off", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise((resolve, reject) => {
    server.stdout.on("data", (chunk) => String(chunk).includes("ready on") && resolve());
    server.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
  return server;
}

/** A signed-in session on the console at `base`: its cookie, a request helper for the API, and a JSON getter. */
export async function signInTo(base, email, password = process.env.DEMO_PASSWORD || "maia-demo") {
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`sign-in of ${email} failed: ${login.status}`);
  const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const request = async (method, path, body) => {
    const response = await fetch(`${base}/api/v1${path}`, {
      method,
      headers: { cookie, origin: base, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response;
  };
  return { email, cookie, request, get: async (path) => (await request("GET", path)).json() };
}

/** The machine's ceiling, measured beside a benchmark: a bare node:http server (scripts/bench/plain-server.mjs). */
export async function startPlainServer(port) {
  const plain = spawn("node", ["scripts/bench/plain-server.mjs", String(port)], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise((resolve, reject) => {
    plain.stdout.on("data", resolve);
    plain.on("exit", (code) => reject(new Error(`plain server exited with ${code}`)));
  });
  return plain;
}

/** The p-th percentile (nearest rank) of ascending `sorted`; NaN when it is empty. */
export const percentile = (sorted, p) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
