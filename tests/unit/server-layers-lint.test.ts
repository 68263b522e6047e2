import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { ESLint } from "eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The layers inside server/ (eslint.config.mjs, serverLayers): entry → api and pages → areas → infrastructure, the
// simulator started by the entry only. Each import is linted as the text of a file at that path (which need not
// exist: a new folder is in its layer from its first file); removing or loosening a zone fails here.

const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root, ignore: false });
// A folder nobody has listed anywhere, on disk for the time of the test, so that an import of it resolves.
const newArea = `lint-probe-${process.pid}`;

beforeAll(async () => {
  await mkdir(path.join(root, "server", newArea), { recursive: true });
  await writeFile(path.join(root, "server", newArea, "probe.ts"), 'import "server-only";\nexport const probe = 1;\n');
});

afterAll(async () => {
  await rm(path.join(root, "server", newArea), { recursive: true, force: true });
});

async function zoneHits(filePath: string, specifier: string): Promise<string[]> {
  const code = `import "server-only";\nimport type * as Imported from "${specifier}";\nexport type Same = typeof Imported;\n`;
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result!.messages.filter((message) => message.ruleId === "architecture/zones").map((message) => message.message);
}

const AREA = "A domain service knows no HTTP, page or entry";
const INFRASTRUCTURE = "The infrastructure (core, db, auth, realtime, secrets, mail, i18n) is below";
const SIMULATOR = "Production code never imports the simulator";
const API_PAGES = "The HTTP layer never imports the pages";
const PAGES_API = "Pages reach the API as the browser does";

// Linting reads the project's module graph once per run: slow on a busy machine.
describe("server layers lint", { timeout: 120_000 }, () => {
  it.each([
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
    // The HTTP layer and the pages meet only at the /api/v1 entry.
    ["server/api/routes/probe.ts", "@/server/pages/session", API_PAGES],
    ["server/pages/probe.ts", "@/server/api/app", PAGES_API],
    ["server/pages/probe.ts", "../api/context", PAGES_API],
  ])("%s may not import %s", async (filePath, specifier, reason) => {
    const hits = await zoneHits(filePath, specifier);
    expect(hits).toHaveLength(1);
    expect(hits[0]).toContain(reason);
  });

  it.each([
    ["server/api/routes/probe.ts", "@/server/sites/service"],
    ["server/api/routes/probe.ts", "@/server/core/fault-control"],
    ["server/sites/probe.ts", "@/server/core/errors"],
    ["server/fabrics/probe.ts", "@/server/nodes/shared"],
    ["server/brand-new/probe.ts", "@/server/core/changes"],
    ["server/brand-new/probe.ts", `@/server/${newArea}/probe`],
    ["server/realtime/probe.ts", "@/server/core/tenancy"],
    ["server/pages/probe.ts", "@/server/api/forward"],
    ["server/pages/probe.ts", "@/server/people/users"],
    ["server/background.ts", "@/server/simulator"],
    ["server/main.ts", "@/server/seed"],
  ])("%s may import %s", async (filePath, specifier) => {
    expect(await zoneHits(filePath, specifier)).toEqual([]);
  });
});
