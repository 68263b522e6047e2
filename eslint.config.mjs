import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const serverOnly = {
  group: ["@/server/*", "@/server/**", "../server/*"],
  message: "server/ is imported only from route handlers, server components, pages and the server entry.",
};

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([".next/**", "dist/**", "data/**", "node_modules/**", "next-env.d.ts", "test-results/**", "playwright-report/**"]),
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // Logout, Go Home and the error pages' ways out are full document loads on purpose: they must work
      // when the client router is the thing that is stuck, and they drop every piece of client state.
      "@next/next/no-html-link-for-pages": "off",
    },
  },
  // Direction of imports: lib ← components ← app; server/ never reaches the browser's code.
  {
    files: ["lib/**", "components/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [serverOnly] }] },
  },
  // Layers inside server/ (ARCHITECTURE.md "Layout"): HTTP (api) → areas → core.
  ...serverLayers(),
  {
    files: ["tests/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off", "@typescript-eslint/no-non-null-assertion": "off" },
  },
]);

/** Layers inside server/: an area never imports the HTTP layer, the pages or the simulator; the core never an area. */
function serverLayers() {
  const areas = ["alarms", "assistant", "chat", "events", "fabrics", "inventory", "lifecycle", "locations", "nodes", "organizations", "paths", "people", "sites", "support", "telemetry"];
  const core = ["core", "db", "auth", "audit", "realtime", "secrets"];
  const outward = ["api", "pages", "simulator"];
  // By alias or by relative path.
  const reaching = (folders) => folders.flatMap((folder) => [`@/server/${folder}`, `@/server/${folder}/**`, `../${folder}`, `../${folder}/**`, `../../${folder}/**`]);
  const forbid = (group, message) => ({ "no-restricted-imports": ["error", { patterns: [{ group, message }] }] });
  return [
    {
      files: areas.map((area) => `server/${area}/**`),
      rules: forbid(reaching(outward), "A domain service knows no HTTP, page or simulator: it throws domain errors (server/core/errors.ts)."),
    },
    {
      files: core.map((folder) => `server/${folder}/**`),
      rules: forbid(reaching([...areas, ...outward]), "The core (database, tenancy, sessions, audit, bus, errors) is below the areas and the HTTP layer."),
    },
  ];
}
