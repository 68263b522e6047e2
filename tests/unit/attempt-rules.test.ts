import { describe, expect, it } from "vitest";
import { decideAttempt, type AttemptRule } from "@/server/auth/attempt-rules";

const WINDOW = 15 * 60_000;
const lockOut: AttemptRule = { kind: "address", key: "a", limit: 3, windowMs: WINDOW };
const slowed: AttemptRule = { ...lockOut, kind: "account", slowDown: { baseMs: 1_000, maxMs: 8_000 } };
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

  it("slows a slowed subject instead: one attempt per delay, doubling up to the cap", () => {
    expect(decideAttempt(slowed, { attempts: 3, lastAt: t0 }, at(500))).toEqual({ admit: false, retryAfterMs: 500 });
    expect(decideAttempt(slowed, { attempts: 3, lastAt: t0 }, at(1_000))).toEqual({ admit: true, attempts: 4 });
    expect(decideAttempt(slowed, { attempts: 4, lastAt: t0 }, at(1_000))).toEqual({ admit: false, retryAfterMs: 1_000 });
    expect(decideAttempt(slowed, { attempts: 5, lastAt: t0 }, at(4_000))).toEqual({ admit: true, attempts: 6 });
    expect(decideAttempt(slowed, { attempts: 40, lastAt: t0 }, at(7_999))).toEqual({ admit: false, retryAfterMs: 1 });
    expect(decideAttempt(slowed, { attempts: 40, lastAt: t0 }, at(8_000))).toEqual({ admit: true, attempts: 41 });
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
