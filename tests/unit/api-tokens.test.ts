import { describe, expect, it } from "vitest";
import { scopesForRole } from "@/lib/auth/scopes";
import {
  addressAllowed,
  apiTokenCreateSchema,
  apiTokenExpiry,
  apiTokenFormSchema,
  apiTokenStatus,
  effectiveScopes,
  parseAddressRange,
  readScopes,
  scopesBeyond,
} from "@/lib/tokens/schema";
import { plainAddress } from "@/server/auth/address-networks";
import { ValidationError } from "@/server/core/errors";
import { bearerOf, isApiTokenShaped } from "@/server/tokens/authenticate";
import { TokenRateBudget } from "@/server/tokens/rate-budget";
import { tokenScopes } from "@/server/tokens/service";

// Issue 43, scope 1: the rules of API tokens that need no database.

describe("a token's scopes", () => {
  const admin = scopesForRole("msp-admin");

  it("are the holder's read scopes unless more are asked for", () => {
    expect(readScopes(admin)).toEqual(["common:config:read", "common:user:read", "msp:lifecycle:read", "msp:inventory:read"]);
    expect(tokenScopes(undefined, scopesForRole("customer-admin"))).toEqual(["common:config:read", "common:user:read"]);
    expect(tokenScopes(["common:config:write", "common:config:write"], admin)).toEqual(["common:config:write"]);
  });

  it("must be a non-empty subset of the holder's", () => {
    expect(scopesBeyond(["common:config:read", "internal:inventory:read"], admin)).toEqual(["internal:inventory:read"]);
    expect(scopesBeyond(["common:config:read"], admin)).toEqual([]);
    const beyond = () => tokenScopes(["common:config:write"], scopesForRole("customer-read-only"));
    expect(beyond).toThrow(ValidationError);
    expect(beyond).toThrow(expect.objectContaining({ key: "validation.tokenScopeBeyond", values: { scope: "common:config:write" }, field: "scopes" }));
    expect(() => tokenScopes([], admin)).toThrow(expect.objectContaining({ key: "validation.tokenScopesRequired" }));
  });

  it("are narrowed to what the owner holds now", () => {
    const given = ["common:config:read", "common:config:write", "common:user:write"];
    expect(effectiveScopes(given, scopesForRole("customer-admin"))).toEqual(["common:config:read", "common:config:write", "common:user:write"]);
    expect(effectiveScopes(given, scopesForRole("customer-read-only"))).toEqual(["common:config:read"]);
    // Never more than given, whatever the owner holds.
    expect(effectiveScopes(["common:config:read"], scopesForRole("internal-admin"))).toEqual(["common:config:read"]);
  });
});

describe("a token's expiry", () => {
  it("is required: 90 days unless said, from 1 to 365", () => {
    expect(apiTokenCreateSchema.parse({ name: "Script" }).expiresInDays).toBe(90);
    expect(apiTokenCreateSchema.parse({ name: "Script", expiresInDays: 365 }).expiresInDays).toBe(365);
    for (const days of [0, 366, 1.5, -3, "soon"]) expect(apiTokenCreateSchema.safeParse({ name: "Script", expiresInDays: days }).success, String(days)).toBe(false);
    expect(apiTokenExpiry(90, Date.UTC(2026, 0, 1)).toISOString()).toBe("2026-04-01T00:00:00.000Z");
  });

  it("makes the status with revocation first", () => {
    const now = Date.UTC(2026, 5, 1);
    expect(apiTokenStatus({ expiresAt: new Date(now + 1), revokedAt: null }, now)).toBe("active");
    expect(apiTokenStatus({ expiresAt: new Date(now), revokedAt: null }, now)).toBe("expired");
    expect(apiTokenStatus({ expiresAt: new Date(now - 1), revokedAt: new Date(now - 2) }, now)).toBe("revoked");
  });
});

describe("a token's allowed addresses", () => {
  it("parses IPv4 and IPv6 addresses and networks, and nothing else", () => {
    for (const good of ["192.0.2.1", "192.0.2.0/24", "0.0.0.0/0", "2001:db8::1", "2001:db8::/32", "::1", "::", "::ffff:192.0.2.1", "fe80::1:2:3:4/64"])
      expect(parseAddressRange(good), good).not.toBeNull();
    for (const bad of ["192.0.2.256", "192.0.2.0/33", "2001:db8::/129", "2001:db8:::1", "1:2:3:4:5:6:7:8:9", "example.com", "10.0.0.1/", "/24", "1.2.3.4/24/1", ""])
      expect(parseAddressRange(bad), bad).toBeNull();
  });

  it("allows an address inside a listed network, an IPv4-mapped address as IPv4, and anything when none are listed", () => {
    const allowed = ["192.0.2.0/24", "2001:db8:abcd::/48", "198.51.100.7"];
    expect(addressAllowed(allowed, "192.0.2.200")).toBe(true);
    expect(addressAllowed(allowed, "192.0.3.1")).toBe(false);
    expect(addressAllowed(allowed, "::ffff:192.0.2.9")).toBe(true);
    expect(addressAllowed(allowed, "2001:db8:abcd:12::1")).toBe(true);
    expect(addressAllowed(allowed, "2001:db8:abce::1")).toBe(false);
    expect(addressAllowed(allowed, "198.51.100.7")).toBe(true);
    expect(addressAllowed(allowed, "198.51.100.8")).toBe(false);
    expect(addressAllowed(allowed, "unknown")).toBe(false);
    expect(addressAllowed([], "unknown")).toBe(true);
    expect(addressAllowed(["10.0.0.0/8"], "::ffff:10.1.2.3")).toBe(true);
  });

  it("reads the client's address as written (brackets, zone and IPv4 mapping away)", () => {
    expect(plainAddress("[2001:DB8::1]")).toBe("2001:db8::1");
    expect(plainAddress("::ffff:192.0.2.9")).toBe("192.0.2.9");
    expect(plainAddress("fe80::1%eth0")).toBe("fe80::1");
    expect(plainAddress("unknown")).toBe("unknown");
  });

  it("is typed in one box in the create dialog", () => {
    const parsed = apiTokenFormSchema.parse({ name: "Script", scopes: ["common:config:read"], expiresInDays: "30", allowedAddresses: "192.0.2.0/24,\n 2001:db8::/32  " });
    expect(parsed).toEqual({ name: "Script", scopes: ["common:config:read"], expiresInDays: 30, allowedAddresses: ["192.0.2.0/24", "2001:db8::/32"] });
    const refused = apiTokenFormSchema.safeParse({ name: "Script", scopes: ["common:config:read"], expiresInDays: "30", allowedAddresses: "192.0.2.0/24 nowhere" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0].path).toEqual(["allowedAddresses"]);
  });
});

describe("a bearer value", () => {
  it("is read from the Authorization header's Bearer scheme only", () => {
    expect(bearerOf("Bearer mat_abc")).toBe("mat_abc");
    expect(bearerOf("bearer   mat_abc  ")).toBe("mat_abc");
    expect(bearerOf("Bearer")).toBe("");
    expect(bearerOf("Basic dXNlcjpwYXNz")).toBeUndefined();
    expect(bearerOf(undefined)).toBeUndefined();
  });

  it("is looked up only when shaped like one of ours", () => {
    expect(isApiTokenShaped(`mat_${"a".repeat(43)}`)).toBe(true);
    expect(isApiTokenShaped(`mat_${"a".repeat(42)}`)).toBe(false);
    expect(isApiTokenShaped(`mdt_${"a".repeat(43)}`)).toBe(false);
    expect(isApiTokenShaped(`mat_${"a".repeat(42)}'`)).toBe(false);
  });
});

describe("a token's rate budget", () => {
  it("admits its burst at once, then its rate, each token on its own", () => {
    const budget = new TokenRateBudget({ perSecond: 10, burst: 20 });
    const t0 = 1_000_000;
    for (let i = 0; i < 20; i++) expect(budget.take("a", t0)).toBe(0);
    expect(budget.take("a", t0)).toBe(100);
    expect(budget.take("b", t0)).toBe(0);
    expect(budget.take("a", t0 + 50)).toBe(50);
    expect(budget.take("a", t0 + 100)).toBe(0);
    expect(budget.take("a", t0 + 100)).toBeGreaterThan(0);
    // Refilled to its burst after a quiet while, never beyond.
    for (let i = 0; i < 20; i++) expect(budget.take("a", t0 + 60_000)).toBe(0);
    expect(budget.take("a", t0 + 60_000)).toBeGreaterThan(0);
  });
});
