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
  {
    files: ["tests/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off", "@typescript-eslint/no-non-null-assertion": "off" },
  },
]);
