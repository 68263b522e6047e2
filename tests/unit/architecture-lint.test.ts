import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { ESLint } from "eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The project's own eslint.config.mjs, run on wrong-way imports and on a cycle: removing or loosening a rule fails here.
// Each wrong-way import is linted as the text of a file at that path, so the import resolver sees where it stands (the
// file need not exist: a new folder under server/ is in its layer from its first file); the cycle lives in
// tests/fixtures/lint/, which `npm run lint` ignores.

const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root, ignore: false });
// A folder under server/ that no rule names, on disk for the time of the tests, so that an import of it resolves.
const newArea = `lint-probe-${process.pid}`;

beforeAll(async () => {
  await mkdir(path.join(root, "server", newArea), { recursive: true });
  await writeFile(path.join(root, "server", newArea, "probe.ts"), 'import "server-only";\nexport const probe = 1;\n');
});

afterAll(async () => {
  await rm(path.join(root, "server", newArea), { recursive: true, force: true });
});

async function ruleHits(filePath: string, code: string, ruleId: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result.messages.filter((message) => message.ruleId === ruleId).map((message) => message.message);
}

const zone = "architecture/zones";
// The layers inside server/ (serverLayers in eslint.config.mjs): entry → api and pages → areas → infrastructure.
const AREA = "A domain service knows no HTTP, page or entry";
const INFRASTRUCTURE = "The infrastructure (core, db, auth, realtime, secrets, mail, i18n) is below";
const SIMULATOR = "Production code never imports the simulator";

// Linting reads the project's module graph once per run: slow on a busy machine.
describe("import zones", { timeout: 120_000 }, () => {
  it.each([
    ["lib/utils.ts", "@/components/ui/button", "lib/ is isomorphic"],
    ["lib/utils.ts", "../app/layout", "lib/ is isomorphic"],
    ["lib/health.ts", "@/server/db/client", "lib/ is isomorphic"],
    ["components/ui/button.tsx", "@/app/layout", "components/ never import app/"],
    ["components/ui/button.tsx", "../../server/db/client", "components/ never import app/"],
    ["server/db/query.ts", "@/components/ui/button", "server/ never imports the browser's code"],
    ["server/db/query.ts", "../../app/layout", "server/ never imports the browser's code"],
    // An area, listed nowhere, and a folder that does not exist yet: the same rule.
    ["server/sites/probe.ts", "@/server/api/errors", AREA],
    ["server/chat/probe.ts", "../pages/session", AREA],
    ["server/seed/probe.ts", "@/server/render-threads/pool", AREA],
    ["server/brand-new/probe.ts", "@/server/api/app", AREA],
    ["server/brand-new/deeper/probe.ts", "../../pages/session", AREA],
    ["server/brand-new/probe.ts", "@/server/main", AREA],
    // The infrastructure under everything, new folders included.
    ["server/core/probe.ts", "@/server/sites/service", INFRASTRUCTURE],
    ["server/realtime/probe.ts", `@/server/${newArea}/probe`, INFRASTRUCTURE],
    ["server/db/probe.ts", "@/server/api/app", INFRASTRUCTURE],
    ["server/auth/probe.ts", "@/server/background", INFRASTRUCTURE],
    // The simulator is the entry's: not the API's, an area's, the infrastructure's or a route's.
    ["server/api/routes/probe.ts", "@/server/simulator/simulator", SIMULATOR],
    ["server/brand-new/probe.ts", "@/server/simulator", SIMULATOR],
    ["server/core/probe.ts", "@/server/simulator/settings", SIMULATOR],
    ["app/probe.ts", "@/server/simulator", SIMULATOR],
    // The HTTP layer and the pages never import each other: the entry wires a page's queries to the /api/v1 entry.
    ["server/api/routes/probe.ts", "@/server/pages/session", "The HTTP layer never imports the pages"],
    ["server/pages/probe.ts", "@/server/api/app", "Pages never import the HTTP layer"],
    ["server/pages/probe.ts", "../api/context", "Pages never import the HTTP layer"],
    ["server/pages/probe.ts", "@/server/api/forward", "Pages never import the HTTP layer"],
  ])("%s may not import %s", async (filePath, specifier, reason) => {
    const hits = await ruleHits(filePath, `import type * as Wrong from "${specifier}";\nexport type Same = typeof Wrong;\n`, zone);
    expect(hits).toHaveLength(1);
    expect(hits[0]).toContain(reason);
  });

  it.each([
    ["lib/utils.ts", "@/lib/constants"],
    ["components/ui/button.tsx", "@/lib/utils"],
    ["server/db/query.ts", "@/lib/constants"],
    ["app/layout.tsx", "@/components/ui/button"],
    ["app/layout.tsx", "@/server/db/client"],
    ["server/api/routes/probe.ts", "@/server/sites/service"],
    ["server/api/routes/probe.ts", "@/server/core/fault-control"],
    ["server/sites/probe.ts", "@/server/core/errors"],
    ["server/fabrics/probe.ts", "@/server/nodes/shared"],
    ["server/brand-new/probe.ts", "@/server/core/changes"],
    ["server/brand-new/probe.ts", `@/server/${newArea}/probe`],
    ["server/realtime/probe.ts", "@/server/core/tenancy"],
    ["server/page-transport.ts", "@/server/api/forward"],
    ["server/pages/probe.ts", "@/server/people/users"],
    ["server/background.ts", "@/server/simulator"],
    ["server/main.ts", "@/server/seed"],
  ])("%s may import %s", async (filePath, specifier) => {
    expect(await ruleHits(filePath, `import type * as Right from "${specifier}";\nexport type Same = typeof Right;\n`, zone)).toEqual([]);
  });
});

describe("import cycles", { timeout: 120_000 }, () => {
  it("two modules importing each other fail, at both ends", async () => {
    const results = await eslint.lintFiles(["tests/fixtures/lint/cycle/first.ts", "tests/fixtures/lint/cycle/second.ts"]);
    expect(results.map((result) => result.messages.filter((message) => message.ruleId === "import/no-cycle").length)).toEqual([1, 1]);
  });

  it("the same modules without the way back pass", async () => {
    const hits = await ruleHits("tests/fixtures/lint/cycle/second.ts", "export const second = () => 1;\n", "import/no-cycle");
    expect(hits).toEqual([]);
  });
});

describe("submit buttons", { timeout: 120_000 }, () => {
  const button = (type: string) =>
    `import { Button } from "@/components/ui/button";\nexport const Save = () => <Button type="${type}">Save</Button>;\n`;

  it("a plain Button of type submit fails: forms submit through SubmitButton", async () => {
    const hits = await ruleHits("components/sites/add-site-form-dialog.tsx", button("submit"), "no-restricted-syntax");
    expect(hits).toHaveLength(1);
    expect(hits[0]).toContain("Use SubmitButton");
  });

  it("any other Button passes", async () => {
    expect(await ruleHits("components/sites/add-site-form-dialog.tsx", button("button"), "no-restricted-syntax")).toEqual([]);
  });
});
