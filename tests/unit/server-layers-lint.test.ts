import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The layering inside server/ is enforced by lint (eslint.config.mjs, serverLayers): these imports must fail it.

// The cycle rule needs the file on disk; these probes exist only as text.
const eslint = new ESLint({ cwd: process.cwd(), overrideConfig: { rules: { "import/no-cycle": "off" } } });

async function restrictedImports(filePath: string, code: string): Promise<number> {
  const [result] = await eslint.lintText(`import "server-only";\n${code}\nexport const used = value;\n`, { filePath });
  return result!.messages.filter((message) => message.ruleId === "no-restricted-imports").length;
}

describe("server layers lint", () => {
  it("refuses an area importing the HTTP layer, the pages or the simulator", { timeout: 60_000 }, async () => {
    expect(await restrictedImports("server/sites/probe.ts", 'import { ApiError as value } from "@/server/api/errors";')).toBe(1);
    expect(await restrictedImports("server/paths/probe.ts", 'import { distanceKm as value } from "@/server/simulator/geo";')).toBe(1);
    expect(await restrictedImports("server/chat/probe.ts", 'import { getPrincipal as value } from "../pages/session";')).toBe(1);
  });

  it("refuses the core importing an area", { timeout: 60_000 }, async () => {
    expect(await restrictedImports("server/core/probe.ts", 'import { listSites as value } from "@/server/sites/service";')).toBe(1);
    expect(await restrictedImports("server/audit/probe.ts", 'import { errorResponse as value } from "@/server/api/error-response";')).toBe(1);
  });

  it("lets the HTTP layer use areas, and areas use the core and each other", { timeout: 60_000 }, async () => {
    expect(await restrictedImports("server/api/routes/probe.ts", 'import { listSites as value } from "@/server/sites/service";')).toBe(0);
    expect(await restrictedImports("server/sites/probe.ts", 'import { NotFoundError as value } from "@/server/core/errors";')).toBe(0);
    expect(await restrictedImports("server/fabrics/probe.ts", 'import { findVisibleMsp as value } from "@/server/nodes/shared";')).toBe(0);
  });
});
