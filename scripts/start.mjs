// npm start: builds when there is no current build, then serves the production console.
import { spawnSync } from "node:child_process";
import { isBuildCurrent } from "./build-state.mjs";
import { runOnProjectNode } from "./project-node.mjs";

runOnProjectNode();

if (!isBuildCurrent()) {
  console.log("No current production build: building the console first (about a minute)...");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
process.env.NODE_ENV = "production";
await import("../dist/server.mjs");
