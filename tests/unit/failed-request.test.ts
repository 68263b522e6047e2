import { describe, expect, it } from "vitest";
import { lastFailedRequest, rememberFailedRequest } from "@/lib/support/failed-request";

// The support form offers the request id of the last error shown, for half an hour; the latest one wins.

describe("the last failed request", () => {
  it("is the latest one shown, for half an hour", () => {
    const t0 = Date.UTC(2026, 11, 7, 9, 0);
    rememberFailedRequest("r-1", t0);
    rememberFailedRequest("r-2", t0 + 1000);
    expect(lastFailedRequest(t0 + 1000)).toBe("r-2");
    expect(lastFailedRequest(t0 + 1000 + 29 * 60_000)).toBe("r-2");
    expect(lastFailedRequest(t0 + 1000 + 30 * 60_000)).toBeNull();
  });
});
