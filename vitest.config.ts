import path from "node:path";
import { defineConfig } from "vitest/config";

// Server modules import `server-only`, which throws outside Next's react-server bundles: tests get its empty module.
const alias = { "@": path.resolve(import.meta.dirname), "server-only": path.resolve(import.meta.dirname, "node_modules/server-only/empty.js") };

export default defineConfig({
  resolve: { alias },
  test: {
    // Names the files a test process took with it when it died; scripts/test.mjs runs them once more.
    reporters: ["default", "./scripts/test-crashes.mjs"],
    projects: [
      {
        resolve: { alias },
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node" },
      },
      {
        resolve: { alias },
        // A file's first render pays for loading React DOM and Radix: on a busy 2-core machine that can pass 5 s.
        test: { name: "components", include: ["tests/components/**/*.test.tsx"], environment: "jsdom", testTimeout: 20_000 },
      },
      {
        resolve: { alias },
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          environment: "node",
          // One migrated and seeded image per run; each file gets its own clone of it.
          globalSetup: ["tests/api/global-setup.ts"],
          setupFiles: ["tests/api/setup.ts"],
          // Two files at a time keeps PGlite's memory in check on 2 cores.
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
