import path from "node:path";
import { defineConfig } from "vitest/config";

// Server modules import `server-only`, which throws outside Next's react-server bundles: tests get its empty module.
const alias = { "@": path.resolve(import.meta.dirname), "server-only": path.resolve(import.meta.dirname, "node_modules/server-only/empty.js") };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node" },
      },
      {
        resolve: { alias },
        // Component and hook tests: React in jsdom.
        test: { name: "components", environment: "jsdom", include: ["tests/components/**/*.test.tsx"] },
      },
      {
        resolve: { alias },
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          environment: "node",
          setupFiles: ["tests/api/setup.ts"],
          // Each file gets its own database; two at a time keeps PGlite's memory in check on 2 cores.
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
