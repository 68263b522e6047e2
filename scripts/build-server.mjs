// Compiles the server entry (Next + /ws) to dist/server.mjs: it starts faster than under tsx.
import { build } from "esbuild";

await build({
  entryPoints: ["server/main.ts"],
  outfile: "dist/server.mjs",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  packages: "external",
  tsconfig: "tsconfig.json",
  sourcemap: true,
  logLevel: "warning",
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
console.log("Built dist/server.mjs");

// npm start compares this stamp with the sources to decide whether to build again.
const { stampBuild } = await import("./build-state.mjs");
stampBuild();
