import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// Tests wait for what they assert (eslint.config.mjs, fixedSleeps): a fixed sleep in a test fails lint, unless an
// allow comment says why that test is about a delay itself.

const eslint = new ESLint({ cwd: process.cwd(), overrideConfig: { rules: { "import/no-cycle": "off" } } });

async function fixedSleeps(code: string, filePath = "tests/api/probe.test.ts"): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((message) => message.ruleId === "no-restricted-syntax").length;
}

describe("fixed sleeps in tests", () => {
  it("refuses a timer wrapped in a promise, a sleep helper, Playwright's waitForTimeout and timers/promises", { timeout: 60_000 }, async () => {
    expect(await fixedSleeps("export const settle = () => new Promise((resolve) => setTimeout(resolve, 20));\n")).toBe(1);
    expect(await fixedSleeps("export async function f() {\n  await new Promise((resolve) => setTimeout(resolve, 1500));\n}\n")).toBe(1);
    expect(await fixedSleeps("export async function f() {\n  await new Promise<void>((resolve) => setImmediate(resolve));\n}\n")).toBe(1);
    expect(await fixedSleeps("export async function f(page: { waitForTimeout(ms: number): Promise<void> }) {\n  await page.waitForTimeout(500);\n}\n", "tests/e2e/probe.spec.ts")).toBe(1);
    expect(await fixedSleeps('import { setTimeout as sleep } from "node:timers/promises";\nexport const f = () => sleep(10);\n')).toBe(1);
  });

  it("lets a test poll with a deadline, and a fake server use a timer for what it plays", { timeout: 60_000 }, async () => {
    expect(await fixedSleeps('import { expect, vi } from "vitest";\nexport const f = (n: () => number) => expect.poll(n).toBe(1);\nexport const g = () => vi.waitFor(() => expect(1).toBe(1));\n')).toBe(0);
    expect(await fixedSleeps("export const play = (response: { destroy(): void }) => setTimeout(() => response.destroy(), 50);\n")).toBe(0);
  });

  it("lets a test of a delay say so", { timeout: 60_000 }, async () => {
    const allowed =
      "// eslint-disable-next-line no-restricted-syntax -- idle gaps shorter than the quiet period are what this test is about\n" +
      "export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));\n";
    expect(await fixedSleeps(allowed)).toBe(0);
  });

  it("finds a reason on every allow comment of the suite", () => {
    const files = readdirSync("tests", { recursive: true, encoding: "utf8" }).filter((file) => /\.(ts|tsx|mjs)$/.test(file));
    const allowances = files.flatMap((file) =>
      readFileSync(path.join("tests", file), "utf8")
        .split("\n")
        .filter((line) => /^\s*(\/\/|\/\*) eslint-disable\S* no-restricted-syntax/.test(line))
        .map((line) => ({ file, reason: line.split(" -- ")[1]?.trim() ?? "" })),
    );
    expect(allowances.length).toBeGreaterThan(0);
    for (const { file, reason } of allowances) expect(reason.length, `${file}: an allow comment without its reason`).toBeGreaterThanOrEqual(20);
  });
});
