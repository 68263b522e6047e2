import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The project's own eslint.config.mjs, run on wrong-way imports and on a cycle: removing or loosening a rule fails here.
// Each wrong-way import is linted as the text of an existing file, so the import resolver and the cycle rule see a
// real module; the cycle lives in tests/fixtures/lint/, which `npm run lint` ignores.

const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root, ignore: false });

async function ruleHits(filePath: string, code: string, ruleId: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result.messages.filter((message) => message.ruleId === ruleId).map((message) => message.message);
}

const zone = "architecture/zones";

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
