// npm test: typecheck, lint, unit, components (jsdom), API integration and end-to-end tests, stopping at the first
// failing group. Steps in one group run side by side: typecheck and lint each use one core, so on two cores they
// take the time of the longer one; the production build the end-to-end tests need runs beside the API tests, without
// Next's own type check (the typecheck step has checked the same sources and route types). `node scripts/test.mjs
// <step>` runs one step.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { runOnProjectNode } from "./project-node.mjs";
import { filesToRerun } from "./test-crashes.mjs";

runOnProjectNode();

const groups = [
  [
    ["typecheck", "npm", ["run", "typecheck"]],
    ["lint", "npm", ["run", "lint"]],
  ],
  [
    ["unit", "npx", ["vitest", "run", "--project", "unit"]],
    ["components", "npx", ["vitest", "run", "--project", "components"]],
  ],
  [
    ["api", "npx", ["vitest", "run", "--project", "api"]],
    ["build", "node", ["scripts/e2e.mjs", "--build-only"], { BUILD_TYPECHECK: "off" }],
  ],
  [["e2e", "node", ["scripts/e2e.mjs"]]],
];

/** Runs a step's command; alone its output streams, beside others it is printed whole when it ends. */
function spawnStep(name, command, args, env, alone) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"], env: { ...process.env, ...env } });
    const output = [];
    child.stdout?.on("data", (chunk) => output.push(chunk));
    child.stderr?.on("data", (chunk) => output.push(chunk));
    child.on("close", (code) => {
      if (!alone) process.stdout.write(`\n=== ${name} ===\n${Buffer.concat(output).toString()}`);
      resolve(code ?? 1);
    });
  });
}

/**
 * Runs a step. A vitest step whose only failure is a test process that died (scripts/test-crashes.mjs) runs the
 * files it took with it once more, and passes only if they do.
 */
async function run([name, command, args, env], alone) {
  const started = Date.now();
  if (alone) console.log(`\n=== ${name} ===`);
  const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "maia-test-")), "crashes.json");
  let code = await spawnStep(name, command, args, { ...env, TEST_CRASH_REPORT: report }, alone);
  const rerun = code !== 0 && fs.existsSync(report) ? filesToRerun(JSON.parse(fs.readFileSync(report, "utf8"))) : [];
  if (rerun.length > 0) {
    console.log(`=== ${name}: a test process exited before finishing ${rerun.join(", ")}: running ${rerun.length === 1 ? "it" : "them"} once more ===`);
    code = await spawnStep(`${name} (again)`, command, [...args, ...rerun], env, alone);
  }
  fs.rmSync(path.dirname(report), { recursive: true, force: true });
  console.log(`=== ${name}: ${code === 0 ? "passed" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`);
  return code;
}

const only = process.argv[2];
for (const group of groups) {
  const steps = group.filter(([name]) => !only || only === name);
  if (steps.length === 0) continue;
  const codes = await Promise.all(steps.map((step) => run(step, steps.length === 1)));
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) process.exit(failed);
}
