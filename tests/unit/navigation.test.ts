import { describe, expect, it } from "vitest";
import { roleFor, scopesForRole, type RoleLevel } from "@/lib/auth/scopes";
import { ORGANIZATION_TYPES, type OrganizationType } from "@/lib/constants";
import { matchConsoleRoute } from "@/lib/routes";
import { NAV_GROUPS, navigationFor } from "@/lib/navigation";
import en from "@/messages/en.json";

type Shown = Record<string, string[]>;

/** { groupId: [itemIds] }, sorted, so the assertion is about what is visible. */
function visible(type: OrganizationType, scopes: readonly string[]): Shown {
  const shown: Shown = {};
  for (const group of navigationFor(type, scopes)) shown[group.id] = group.items.map((item) => item.id).sort();
  return shown;
}

// SPEC §2 navigation groups: common (alarms, the audit log of issue 43, events, lifecycle, paths, users), customer (dashboard, sites),
// operator (inventory, MSPs, users), MSP (CPE nodes, dashboard, edge nodes, external fabrics, inventory, customers,
// topology) — each item only where its route's SPEC §6 guard lets the organization and the user in.
const EXPECTED: Record<OrganizationType, Shown> = {
  customer: {
    customer: ["dashboard", "sites"],
    common: ["alarms", "audit", "events", "paths", "users"],
  },
  msp: {
    msp: ["cpeNodes", "customers", "dashboard", "edgeNodes", "externalFabrics", "inventory", "topology"],
    common: ["alarms", "audit", "events", "lifecycle", "paths", "users"],
  },
  maia: {
    operator: ["inventory", "msps", "users"],
    common: ["alarms", "audit", "events"],
  },
};

const CASES = ORGANIZATION_TYPES.flatMap((type) =>
  (["admin", "configure", "read-only"] as RoleLevel[]).map((level) => ({ type, level, role: roleFor(type, level) })),
);

describe("navigationFor by organization type and role", () => {
  it.each(CASES)("$type / $role", ({ type, role }) => {
    const shown = visible(type, scopesForRole(role));
    expect(Object.keys(shown).sort()).toEqual(Object.keys(EXPECTED[type]).sort());
    expect(shown).toEqual(EXPECTED[type]);
  });

  it.each(CASES)("$type / $role: every item shows once, and users only once", ({ type, role }) => {
    const items = navigationFor(type, scopesForRole(role)).flatMap((group) => group.items);
    const paths = items.map((item) => item.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(items.filter((item) => item.id === "users")).toHaveLength(1);
  });

  it("maia gets the operator group and common alarms and events, but no lifecycle or paths", () => {
    const groups = navigationFor("maia", scopesForRole("internal-admin"));
    const ids = groups.map((group) => group.id);
    expect(ids).toContain("operator");
    expect(ids).not.toContain("msp");
    expect(ids).not.toContain("customer");
    const common = groups.find((group) => group.id === "common")!;
    expect(common.items.map((item) => item.id)).toEqual(expect.arrayContaining(["alarms", "events"]));
    expect(common.items.map((item) => item.id)).not.toContain("lifecycle");
    expect(common.items.map((item) => item.id)).not.toContain("paths");
    // The users entry sits in the operator group, not repeated under common.
    expect(groups.find((group) => group.id === "operator")!.items.map((item) => item.id)).toContain("users");
    expect(common.items.map((item) => item.id)).not.toContain("users");
  });

  it("items link to the organization's own pages", () => {
    const byId = (type: OrganizationType, role: Parameters<typeof scopesForRole>[0]) =>
      Object.fromEntries(navigationFor(type, scopesForRole(role)).flatMap((g) => g.items.map((i) => [`${g.id}.${i.id}`, i.path])));
    expect(byId("customer", "customer-admin")).toMatchObject({
      "customer.dashboard": "customer/dashboard",
      "customer.sites": "customer/site",
      "common.paths": "paths",
      "common.users": "user",
    });
    expect(byId("msp", "msp-admin")).toMatchObject({
      "msp.dashboard": "msp/dashboard",
      "msp.inventory": "msp/inventory",
      "msp.customers": "msp/customerOrganization",
      "common.lifecycle": "msp/lifecycle",
    });
    expect(byId("maia", "internal-admin")).toMatchObject({
      "operator.msps": "core/msp",
      "operator.inventory": "core/inventory",
      "operator.users": "user",
    });
  });
});

describe("navigationFor follows the scopes held", () => {
  it.each([
    ["customer", { customer: ["dashboard"], common: ["alarms", "events"] }],
    ["msp", { msp: ["dashboard"], common: ["alarms", "events"] }],
    ["maia", { common: ["alarms", "events"] }],
  ] as const)("%s with no scope shows only unguarded or scope-free pages, and no empty group", (type, expected) => {
    expect(visible(type, [])).toEqual(expected);
  });

  it("an MSP user without lifecycle or inventory read scope sees neither", () => {
    const shown = visible("msp", ["common:config:read", "common:user:read"]);
    expect(shown.msp).not.toContain("inventory");
    expect(shown.common).not.toContain("lifecycle");
    expect(shown.msp).toContain("edgeNodes");
  });

  it("a maia user with only common:user:read sees users under operator, once", () => {
    expect(visible("maia", ["common:user:read"])).toEqual({ operator: ["users"], common: ["alarms", "audit", "events"] });
  });

  it("a maia user with msp scopes still gets no MSP lifecycle entry", () => {
    expect(visible("maia", ["msp:lifecycle:read", "msp:inventory:read"]).common).toEqual(["alarms", "events"]);
  });
});

describe("navigation catalogue", () => {
  it("every navigation item points at a console route", () => {
    for (const group of NAV_GROUPS) {
      for (const item of group.items) expect(matchConsoleRoute(item.path), `${group.id}.${item.id}`).not.toBeNull();
    }
  });

  it("every group and item has a label in the catalogue", () => {
    for (const group of NAV_GROUPS) {
      expect(en.nav.groups[group.id], group.id).toEqual(expect.any(String));
      for (const item of group.items) expect(en.nav.items[item.id], item.id).toEqual(expect.any(String));
    }
  });

  it("has the four SPEC §2 groups with their items", () => {
    const groups = Object.fromEntries(NAV_GROUPS.map((g) => [g.id, g.items.map((i) => i.id).sort()]));
    expect(groups).toEqual({
      common: ["alarms", "audit", "events", "lifecycle", "paths", "users"],
      customer: ["dashboard", "sites"],
      operator: ["inventory", "msps", "users"],
      msp: ["cpeNodes", "customers", "dashboard", "edgeNodes", "externalFabrics", "inventory", "topology"],
    });
  });
});
