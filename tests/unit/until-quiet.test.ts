import { describe, expect, it } from "vitest";
import { untilQuiet } from "@/server/db/until-quiet";

// A database closes once nothing has used it for a moment, and never waits past its bound.
describe("untilQuiet", () => {
  it("waits until nothing has been busy for the quiet time in a row", async () => {
    const start = performance.now();
    // Busy for the first 40 ms, quiet after: done about 40 + 30 ms in, not 30.
    await untilQuiet(() => performance.now() - start < 40, { quietMs: 30, maxMs: 1_000 });
    expect(performance.now() - start).toBeGreaterThanOrEqual(68);
  });

  it("gives up at its bound when something stays busy", async () => {
    const start = performance.now();
    await untilQuiet(() => true, { quietMs: 30, maxMs: 80 });
    const waited = performance.now() - start;
    expect(waited).toBeGreaterThanOrEqual(79);
    expect(waited).toBeLessThan(1_000);
  });
});
