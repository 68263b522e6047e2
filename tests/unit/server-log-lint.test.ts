import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The server logs through its one logger (server/core/log.ts): lint refuses console.* anywhere in server/, so no line
// without a level, a time or the request's id comes back (eslint.config.mjs).

const eslint = new ESLint({ cwd: process.cwd(), overrideConfig: { rules: { "import/no-cycle": "off", "architecture/zones": "off" } } });

async function consoleCalls(code: string, filePath: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((message) => message.ruleId === "no-console").length;
}

describe("console.* in the server", () => {
  it("is refused in every server module, the entry and the threads included", { timeout: 60_000 }, async () => {
    const code = 'export function f(error: unknown) {\n  console.error("[x] failed:", error);\n  console.log("done");\n}\n';
    for (const file of ["server/sites/probe.ts", "server/main-probe.ts", "server/render-threads/probe.ts", "server/pages/probe.tsx"]) {
      expect(await consoleCalls(code, file), file).toBe(2);
    }
  });

  it("is left to the browser's code and the scripts", { timeout: 60_000 }, async () => {
    const code = 'export const f = () => console.error("failed");\n';
    expect(await consoleCalls(code, "lib/probe.ts")).toBe(0);
    expect(await consoleCalls(code, "scripts/probe.ts")).toBe(0);
  });
});
