import { describe, expect, it } from "vitest";
import {
  hasScopes,
  ROLE_LEVELS,
  ROLE_SCOPES,
  ROLES,
  roleFor,
  roleLevel,
  SCOPES,
  scopesForRole,
  type Role,
  type Scope,
} from "@/lib/auth/scopes";
import { ORGANIZATION_TYPES, type OrganizationType } from "@/lib/constants";
import { CONSOLE_ROUTES } from "@/lib/routes";

// SPEC §6 role names and SPEC §9 scope names.
const SPEC_ROLES = [
  "msp-admin",
  "msp-read-only",
  "msp-configure",
  "internal-admin",
  "internal-read-only",
  "internal-configure",
  "customer-admin",
  "customer-read-only",
  "customer-configure",
];
const SPEC_SCOPES = [
  "common:config:read",
  "common:user:read",
  "msp:lifecycle:read",
  "msp:inventory:read",
  "internal:inventory:read",
];

const TYPE_OF_PREFIX: Record<string, OrganizationType> = { msp: "msp", internal: "maia", customer: "customer" };
const typeOf = (role: Role) => TYPE_OF_PREFIX[role.slice(0, role.indexOf("-"))];
const isWrite = (scope: string) => scope.endsWith(":write");

describe("roles and scopes catalogue", () => {
  it("has exactly the SPEC §6 role names", () => {
    expect([...ROLES].sort()).toEqual([...SPEC_ROLES].sort());
    expect(Object.keys(ROLE_SCOPES).sort()).toEqual([...SPEC_ROLES].sort());
  });

  it("contains every SPEC §9 scope name", () => {
    for (const scope of SPEC_SCOPES) expect(SCOPES).toContain(scope);
  });

  it("gives every SPEC §9 scope to at least one role", () => {
    const held = new Set(ROLES.flatMap((role) => scopesForRole(role)));
    for (const scope of SPEC_SCOPES) expect(held.has(scope as Scope), scope).toBe(true);
  });

  it("uses only known scopes, without duplicates", () => {
    for (const role of ROLES) {
      const scopes = scopesForRole(role);
      for (const scope of scopes) expect(SCOPES, role).toContain(scope);
      expect(new Set(scopes).size, role).toBe(scopes.length);
    }
  });

  it("the three invitation roles are admin, configure and read-only", () => {
    expect([...ROLE_LEVELS].sort()).toEqual(["admin", "configure", "read-only"]);
  });
});

describe("scopes per role", () => {
  it.each(ROLES.filter((r) => r.endsWith("-read-only")))("%s holds no write scope", (role) => {
    const scopes = scopesForRole(role);
    expect(scopes.length).toBeGreaterThan(0);
    expect(scopes.filter(isWrite)).toEqual([]);
  });

  it.each(ROLES.filter((r) => r.endsWith("-configure")))("%s can write configuration but not manage users", (role) => {
    const scopes = scopesForRole(role);
    expect(scopes).toContain("common:config:write");
    expect(scopes).not.toContain("common:user:write");
  });

  it.each(ROLES.filter((r) => r.endsWith("-admin")))("%s can write configuration and manage users", (role) => {
    const scopes = scopesForRole(role);
    expect(scopes).toContain("common:config:write");
    expect(scopes).toContain("common:user:write");
  });

  it("only admin roles hold common:user:write", () => {
    const holders = ROLES.filter((role) => scopesForRole(role).includes("common:user:write"));
    expect(holders.sort()).toEqual(["customer-admin", "internal-admin", "msp-admin"]);
  });

  it.each(ORGANIZATION_TYPES)("in a %s organization: read-only ⊂ configure ⊂ admin, with the same read scopes", (type) => {
    const readOnly = scopesForRole(roleFor(type, "read-only"));
    const configure = scopesForRole(roleFor(type, "configure"));
    const admin = scopesForRole(roleFor(type, "admin"));
    for (const scope of readOnly) expect(configure, scope).toContain(scope);
    for (const scope of configure) expect(admin, scope).toContain(scope);
    expect(configure.length).toBeGreaterThan(readOnly.length);
    expect(admin.length).toBeGreaterThan(configure.length);
    const reads = (scopes: Scope[]) => scopes.filter((s) => !isWrite(s)).sort();
    expect(reads(configure)).toEqual(reads(readOnly));
    expect(reads(admin)).toEqual(reads(readOnly));
  });

  it.each(ROLES)("%s holds every scope its organization type's guarded routes require (read-only still sees them)", (role) => {
    const type = typeOf(role);
    const scopes = scopesForRole(role);
    for (const route of CONSOLE_ROUTES) {
      if (route.types && !route.types.includes(type)) continue;
      for (const scope of route.scopes ?? []) expect(scopes, `${role} on ${route.pattern}`).toContain(scope);
    }
  });

  it("customer roles hold no MSP or operator scope", () => {
    for (const level of ROLE_LEVELS) {
      const scopes = scopesForRole(roleFor("customer", level));
      expect(scopes.filter((s) => s.startsWith("msp:") || s.startsWith("internal:")), level).toEqual([]);
    }
  });

  it("MSP roles hold no operator (internal) scope; only operator roles read the operator inventory", () => {
    for (const role of ROLES) {
      const holdsInternal = scopesForRole(role).some((s) => s.startsWith("internal:"));
      expect(holdsInternal, role).toBe(role.startsWith("internal-"));
    }
  });

  it("scopesForRole returns a copy that callers cannot use to change the table", () => {
    const scopes = scopesForRole("customer-read-only");
    scopes.push("common:user:write");
    expect(scopesForRole("customer-read-only")).not.toContain("common:user:write");
    expect(ROLE_SCOPES["customer-read-only"]).not.toContain("common:user:write");
  });
});

describe("roleFor and roleLevel", () => {
  it.each([
    ["msp", "admin", "msp-admin"],
    ["msp", "configure", "msp-configure"],
    ["msp", "read-only", "msp-read-only"],
    ["maia", "admin", "internal-admin"],
    ["maia", "configure", "internal-configure"],
    ["maia", "read-only", "internal-read-only"],
    ["customer", "admin", "customer-admin"],
    ["customer", "configure", "customer-configure"],
    ["customer", "read-only", "customer-read-only"],
  ] as const)("roleFor(%s, %s) = %s", (type, level, role) => {
    expect(roleFor(type, level)).toBe(role);
    expect(roleLevel(role)).toBe(level);
  });

  it("every role maps back to itself through its level and organization type", () => {
    for (const role of ROLES) expect(roleFor(typeOf(role), roleLevel(role))).toBe(role);
  });
});

describe("hasScopes", () => {
  it("holds when nothing is required", () => {
    expect(hasScopes([], [])).toBe(true);
    expect(hasScopes(["common:config:read"], [])).toBe(true);
  });

  it("requires every required scope", () => {
    expect(hasScopes(["common:config:read", "common:user:read"], ["common:config:read"])).toBe(true);
    expect(hasScopes(["common:config:read", "common:user:read"], ["common:config:read", "common:user:read"])).toBe(true);
    expect(hasScopes(["common:config:read"], ["common:config:read", "common:user:read"])).toBe(false);
    expect(hasScopes([], ["common:config:read"])).toBe(false);
  });

  it("does not treat a write scope as the read scope, nor match by prefix", () => {
    expect(hasScopes(["common:config:write"], ["common:config:read"])).toBe(false);
    expect(hasScopes(["common:config"], ["common:config:read"])).toBe(false);
    expect(hasScopes(["msp:inventory:read"], ["internal:inventory:read"])).toBe(false);
  });

  it("accepts any iterable, such as a Set, and ignores unknown held scopes", () => {
    expect(hasScopes(new Set(["msp:lifecycle:read", "something:else"]), ["msp:lifecycle:read"])).toBe(true);
    expect(hasScopes(new Set<string>(), ["msp:lifecycle:read"])).toBe(false);
  });
});
