// npm test: typecheck, lint, unit, components (jsdom), API integration and end-to-end tests, stopping at the first failure.
import { spawnSync } from "node:child_process";

const steps = [
  ["typecheck", "npm", ["run", "typecheck"]],
  ["lint", "npm", ["run", "lint"]],
  ["unit", "npx", ["vitest", "run", "--project", "unit"]],
  ["components", "npx", ["vitest", "run", "--project", "components"]],
  ["api", "npx", ["vitest", "run", "--project", "api"]],
  ["e2e", "node", ["scripts/e2e.mjs"]],
];

const only = process.argv[2];
for (const [name, command, args] of steps) {
  if (only && only !== name) continue;
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command, args, { stdio: "inherit" });
  console.log(`=== ${name}: ${result.status === 0 ? "passed" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`);
  if (result.status !== 0) process.exit(result.status ?? 1);
}
