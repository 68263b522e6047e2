import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import importPlugin from "eslint-plugin-import";

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
  // The architecture (docs/WHERE-THINGS-GO.md): imports flow app → components → lib and app → server → lib, never
  // back; inside server/, entry → api → areas → infrastructure (serverLayers below); and no module reaches itself
  // through its runtime imports. Zones match paths once resolved, so "@/…", relative and type-only imports all count,
  // and a folder that does not exist yet is already in its layer. Every zone is in this one list because ESLint keeps
  // one set of options per rule and file: a later block's zones would replace these for the files it names.
  {
    plugins: { architecture: { rules: { zones: importPlugin.rules["no-restricted-paths"] } } },
    // eslint-config-next names "@typescript-eslint/parser" for the import plugin to load, which npm does not hoist: the
    // plugin then fails to read any .ts file and no-cycle finds nothing. Unnamed, it reads each file with the parser
    // ESLint already uses for it.
    settings: {
      "import/parsers": { "@typescript-eslint/parser": [] },
      "import/extensions": [".js", ".mjs", ".cjs", ".jsx", ".ts", ".tsx"],
      // A package never imports the project back, so no cycle runs through one: not parsing them keeps lint fast.
      "import/ignore": ["node_modules"],
    },
    rules: {
      "architecture/zones": [
        "error",
        {
          basePath: import.meta.dirname,
          zones: [
            { target: "./lib", from: ["./components", "./app", "./server"], message: "lib/ is isomorphic: it imports only lib/ and packages." },
            {
              target: "./components",
              from: ["./app", "./server"],
              message: "components/ never import app/ (routes compose components) nor server/ (it never reaches the browser).",
            },
            { target: "./server", from: ["./components", "./app"], message: "server/ never imports the browser's code or the routes." },
            ...serverLayers(),
          ],
        },
      ],
      "import/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  // A form submits through SubmitButton: a plain submit button lets the browser submit the form itself before the
  // page is hydrated (a GET with every field, a password among them, in the address).
  {
    files: ["components/**/*.tsx", "app/**/*.tsx"],
    ignores: ["components/forms/submit-button.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "JSXOpeningElement[name.name='Button'] > JSXAttribute[name.name='type'][value.value='submit']",
          message: "Use SubmitButton (components/forms/submit-button.tsx): it stays disabled until the page is hydrated.",
        },
      ],
    },
  },
  // The server logs through its one logger (server/core/log.ts): JSON lines with the request's id, organization, user
  // and route, which a console.* line would have none of.
  {
    files: ["server/**"],
    rules: { "no-console": "error" },
  },
  // Two modules that import each other on purpose, linted by tests/unit/architecture-lint.test.ts.
  globalIgnores(["tests/fixtures/lint/**"]),
  {
    files: ["tests/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off", "@typescript-eslint/no-non-null-assertion": "off" },
  },
  {
    // Tests import the code under test and nothing imports a test: no cycle can pass through one (the lint fixtures
    // that show the rule working keep it).
    files: ["tests/**"],
    ignores: ["tests/fixtures/**"],
    rules: { "import/no-cycle": "off" },
  },
  // A test waits for what it asserts: polling with a deadline (expect.poll, vi.waitFor, a locator's assertion) or a
  // signal that the work is done (the bus's delivered(), a tick, a later message) — never a fixed sleep, which fails on
  // a slow machine before something happened and passes before something that must not happen had its chance. A test
  // of a delay itself says so: `// eslint-disable-next-line no-restricted-syntax -- <why>` (tests/unit/test-waits-lint.test.ts).
  {
    files: ["tests/**"],
    rules: { "no-restricted-syntax": ["error", ...fixedSleeps()] },
  },
]);

/** What a fixed sleep looks like in a test: a timer wrapped in a promise, Playwright's waitForTimeout, timers/promises. */
function fixedSleeps() {
  const message = "A fixed sleep before an assertion: poll with a deadline (expect.poll, vi.waitFor) or wait for a signal that the work is done.";
  return [
    { selector: "NewExpression[callee.name='Promise'] CallExpression[callee.name=/^set(Timeout|Immediate)$/]", message },
    { selector: "CallExpression[callee.property.name='waitForTimeout']", message },
    { selector: "ImportDeclaration[source.value=/^(node:)?timers\\/promises$/]", message },
  ];
}

/**
 * Layers inside server/, as path-resolved zones: the entry (server/*.ts) → the HTTP layer (api/) and the pages (pages/,
 * render-threads/) → areas → infrastructure. Any folder that is neither infrastructure nor outward is an area, so a
 * new folder is held by the area rules from its first file.
 */
function serverLayers() {
  const infrastructure = ["core", "db", "auth", "realtime", "secrets", "mail", "i18n"];
  const outward = ["api", "pages", "simulator", "render-threads"];
  const areas = `./server/!(${[...infrastructure, ...outward].join("|")})/**`;
  const entry = "./server/*.{ts,tsx}";
  return [
    {
      target: areas,
      from: ["./server/api/**", "./server/pages/**", "./server/render-threads/**", entry],
      message: "A domain service knows no HTTP, page or entry: it throws domain errors (server/core/errors.ts).",
    },
    {
      target: infrastructure.map((folder) => `./server/${folder}`),
      // The simulator has its own zone below.
      from: [`./server/!(${[...infrastructure, "simulator"].join("|")})/**`, entry],
      message: "The infrastructure (core, db, auth, realtime, secrets, mail, i18n) is below the areas, the HTTP layer and the pages.",
    },
    {
      target: ["./app", "./server/!(simulator)/**"],
      from: "./server/simulator",
      message: "Production code never imports the simulator: the entry starts it (server/background.ts) and wires its fault control (server/core/fault-control.ts).",
    },
    { target: "./server/api", from: "./server/pages", message: "The HTTP layer never imports the pages." },
    {
      target: "./server/pages",
      from: "./server/api",
      // A page's queries reach the /api/v1 entry through the transport the entry wires (server/page-transport.ts).
      message: "Pages never import the HTTP layer: their queries take the /api/v1 entry through lib/api/client's server transport (server/page-transport.ts).",
    },
  ];
}
