// The project runs on the Node it installs (the `node` package, Node 24), whatever Node the machine ships: npm puts
// node_modules/.bin first on PATH for its scripts. A script started directly with an older Node (`node scripts/…`)
// runs itself again on the project's Node.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const MINIMUM_MAJOR = 22;
const projectNode = fileURLToPath(new URL("../node_modules/.bin/node", import.meta.url));

/** Re-runs the current script on the project's Node when this one is older than the minimum; returns otherwise. */
export function runOnProjectNode() {
  const major = Number(process.versions.node.split(".")[0]);
  if (major >= MINIMUM_MAJOR) return;
  if (!existsSync(projectNode)) {
    console.error(`Maia Console needs Node ${MINIMUM_MAJOR} or newer (this is ${process.version}). Run \`npm install\` first: it installs Node 24 for the project.`);
    process.exit(1);
  }
  const binDir = fileURLToPath(new URL("../node_modules/.bin", import.meta.url));
  const result = spawnSync(projectNode, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: "inherit",
    env: { ...process.env, PATH: `${binDir}:${process.env.PATH ?? ""}` },
  });
  process.exit(result.status ?? 1);
}
