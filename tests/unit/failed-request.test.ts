import { describe, expect, it } from "vitest";
import { ApiRequestError } from "@/lib/api/client";
import { failureReason } from "@/lib/api/failure";
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

describe("a failure in a toast", () => {
  it("reads in the user's words, its request id kept for support", () => {
    expect(failureReason(new ApiRequestError("Rollout already over (requestId=r-toast)", 409, "r-toast"))).toBe("Rollout already over");
    expect(lastFailedRequest()).toBe("r-toast");
    expect(failureReason(new Error("offline"))).toBe("offline");
    expect(lastFailedRequest()).toBe("r-toast");
  });
});
