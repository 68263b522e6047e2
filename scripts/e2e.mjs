// End-to-end tests in Debian's Chromium against a production build on a fresh embedded database. With --build-only,
// the build alone (npm test runs it beside the API tests, then the tests).
import { execSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import { isBuildCurrent } from "./build-state.mjs";

const buildOnly = process.argv[2] === "--build-only";
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!buildOnly && !fs.existsSync(chromium)) {
  if (process.getuid?.() === 0) {
    console.log("Chromium is missing: installing Debian's chromium package...");
    execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", { stdio: "inherit" });
  } else {
    console.error(
      `Chromium was not found at ${chromium}. Install Debian's package (sudo apt-get install chromium) or set CHROMIUM_PATH.`,
    );
    process.exit(1);
  }
}

if (!isBuildCurrent()) {
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
if (buildOnly) process.exit(0);

const result = spawnSync("npx", ["playwright", "test", ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(result.status ?? 1);
