import { afterEach, describe, expect, it, vi } from "vitest";

// The browser's zod must never probe `new Function` (the page's CSP reports it): lib/zod-jitless.ts sets zod's
// setting before zod loads, without importing zod itself (a page's first load carries none).
describe("zod in the browser", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    delete (globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig;
    vi.resetModules();
  });

  it("runs jitless once the providers' first import has run, and zod adopts the setting when it loads", async () => {
    vi.resetModules();
    delete (globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig;
    vi.stubGlobal("window", {});
    await import("@/lib/zod-jitless");
    const { config } = await import("zod");
    expect(config().jitless).toBe(true);
  });

  it("leaves the server's zod compiling its parsers", async () => {
    vi.resetModules();
    delete (globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig;
    await import("@/lib/zod-jitless");
    expect((globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig?.jitless).toBeUndefined();
  });
});
