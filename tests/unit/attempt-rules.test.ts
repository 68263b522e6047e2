import { describe, expect, it } from "vitest";
import { decideAttempt, type AttemptRule } from "@/server/auth/attempt-rules";

const WINDOW = 15 * 60_000;
const lockOut: AttemptRule = { kind: "address", key: "a", limit: 3, windowMs: WINDOW };
const t0 = new Date("2026-01-01T00:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);

describe("attempt rules", () => {
  it("admits up to the limit, counting from the stored attempts", () => {
    expect(decideAttempt(lockOut, null, t0)).toEqual({ admit: true, attempts: 1 });
    expect(decideAttempt(lockOut, { attempts: 2, lastAt: t0 }, at(10))).toEqual({ admit: true, attempts: 3 });
  });

  it("refuses past the limit until the window has passed since the last attempt", () => {
    expect(decideAttempt(lockOut, { attempts: 3, lastAt: t0 }, at(60_000))).toEqual({ admit: false, retryAfterMs: WINDOW - 60_000 });
    expect(decideAttempt(lockOut, { attempts: 3, lastAt: t0 }, at(WINDOW))).toEqual({ admit: true, attempts: 1 });
  });

  it("only counts a count-only subject, past its limit too, and forgets it after the window", () => {
    const counted: AttemptRule = { ...lockOut, kind: "account", countOnly: true };
    expect(decideAttempt(counted, { attempts: 3, lastAt: t0 }, at(10))).toEqual({ admit: true, attempts: 4 });
    expect(decideAttempt(counted, { attempts: 40, lastAt: t0 }, at(10))).toEqual({ admit: true, attempts: 41 });
    expect(decideAttempt(counted, { attempts: 40, lastAt: t0 }, at(WINDOW))).toEqual({ admit: true, attempts: 1 });
  });

  it("takes a last attempt stamped ahead by another process's clock as just now", () => {
    expect(decideAttempt(lockOut, { attempts: 3, lastAt: at(5_000) }, t0)).toEqual({ admit: false, retryAfterMs: WINDOW });
  });
});
