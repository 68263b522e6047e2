// Compiles the server entry (Next + /ws) to dist/server.mjs, and the render threads' (server/render-threads) to
// dist/render-thread.mjs: they start faster than under tsx.
import { build } from "esbuild";

// Every server module imports `server-only`, which throws unless resolved with Next's react-server condition: the
// compiled entry leaves it out, as Next's server bundles do.
const serverOnlyOff = {
  name: "server-only-off",
  setup(build) {
    build.onResolve({ filter: /^server-only$/ }, () => ({ path: "server-only", namespace: "server-only-off" }));
    build.onLoad({ filter: /.*/, namespace: "server-only-off" }, () => ({ contents: "", loader: "js" }));
  },
};

await build({
  entryPoints: { server: "server/main.ts", "render-thread": "server/render-threads/thread.ts" },
  outdir: "dist",
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  packages: "external",
  tsconfig: "tsconfig.json",
  sourcemap: true,
  logLevel: "warning",
  plugins: [serverOnlyOff],
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
console.log("Built dist/server.mjs and dist/render-thread.mjs");

// npm start compares this stamp with the sources to decide whether to build again.
const { stampBuild } = await import("./build-state.mjs");
stampBuild();
