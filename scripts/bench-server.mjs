// The console a benchmark measures: the production build (rebuilt when the sources changed), the scale network seeded
// into dataDir (or DATABASE_URL), served by dist/server.mjs with the simulator off. Returns the server process.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { isBuildCurrent } from "./build-state.mjs";

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

export async function startScaleServer({ port, dataDir }) {
  if (!isBuildCurrent()) run("npm", ["run", "build"]);
  if (!process.env.DATABASE_URL && !fs.existsSync(`${dataDir}/pglite`)) console.log(`Building the scale network in ${dataDir}...`);
  run("npm", ["run", "seed:scale"], { DATA_DIR: dataDir });
  const server = spawn("node", ["dist/server.mjs"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, SIMULATOR: "off" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise((resolve, reject) => {
    server.stdout.on("data", (chunk) => String(chunk).includes("ready on") && resolve());
    server.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
  return server;
}
