import { describe, expect, it } from "vitest";
import { safeNextPath } from "@/lib/auth/safe-next";

// Finding 3 of issue 13: after sign-in the browser follows `next` only inside the console. The values are as the
// page receives them, percent-decoded (`?next=/%5Cevil.example/` arrives as "/\evil.example/").

describe("safeNextPath", () => {
  it.each([
    ["/organization/org-1/dashboard", "/organization/org-1/dashboard"],
    ["/organization/org-1/customer/site?properties=true#topology", "/organization/org-1/customer/site?properties=true#topology"],
    ["/organization/org-1/events?startTime=2026-03-01T00%3A00%3A00.000Z", "/organization/org-1/events?startTime=2026-03-01T00%3A00%3A00.000Z"],
    ["/", "/"],
    ["/organization/a/../b/dashboard", "/organization/b/dashboard"],
  ])("follows the console path %j", (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });

  it.each([
    ["/\\evil.example/"],
    ["/%5Cevil.example/"],
    ["/%5cevil.example/"],
    ["/%09/evil.example/"],
    ["\\\\evil.example"],
    ["/\t/evil.example/"],
    ["/\n/evil.example/"],
    ["/\r/evil.example/"],
    ["/\u0000/evil.example"],
    ["/\u007f/evil.example"],
    ["/\\/evil.example/"],
    ["//evil.example"],
    ["//evil.example/organization"],
    ["/.//evil.example"],
    ["/a/..//evil.example"],
    ["https://evil.example/"],
    ["http://console.invalid/organization"],
    ["javascript:alert(1)"],
    [" javascript:alert(1)"],
    ["JaVaScRiPt:alert(1)"],
    ["data:text/html,<script>alert(1)</script>"],
    ["evil.example"],
    ["organization/org-1"],
    ["?next=//evil.example"],
    [""],
    ["/api/v1/auth/logout"],
    ["/_next/static/chunk.js"],
    ["/logout"],
    ["/user/logout"],
    ["/login"],
    [`/${"a".repeat(3000)}`],
  ])("refuses %j for the console's root", (next) => {
    expect(safeNextPath(next)).toBe("/");
  });

  it.each([[undefined], [null], [42], [["/organization/a", "/organization/b"]], [{}]])("refuses the non-string %j", (next) => {
    expect(safeNextPath(next)).toBe("/");
  });

  it("never returns a value a browser would resolve to another origin", () => {
    const hostile = ["/%5Cevil.example/", "/\\evil.example/", "/\t/evil.example/", "/.//evil.example", "//evil.example", "/\\\\evil"];
    for (const next of hostile) expect(new URL(safeNextPath(next), "http://localhost:3000").origin).toBe("http://localhost:3000");
  });
});
