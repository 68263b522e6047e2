import { describe, expect, it } from "vitest";
import { SCOPES, type Scope } from "@/lib/auth/scopes";
import { ORGANIZATION_TYPES, type OrganizationType } from "@/lib/constants";
import en from "@/messages/en.json";
import {
  CONSOLE_ROUTES,
  consoleRoute,
  guardConsoleRoute,
  homeRoute,
  isRouteAllowed,
  matchConsoleRoute,
  organizationPath,
  parseOrganizationPath,
  routeTitleKey,
} from "@/lib/routes";

// SPEC §6 guard table, one entry per table row, expanded to the concrete route patterns of SPEC §2.
interface GuardRow {
  row: string;
  patterns: string[];
  types: OrganizationType[];
  scopes: Scope[];
}

const nodePatterns = (kind: string) => [
  `msp/${kind}`,
  `msp/${kind}/:nodeId`,
  `msp/${kind}/:nodeId/monitor`,
  `msp/${kind}/:nodeId/link`,
  `msp/${kind}/:nodeId/configuration`,
];

const GUARD_TABLE: GuardRow[] = [
  {
    row: "msp/topology, externalFabric, edgeNode, cpeNode, customerOrganization, coreFabric",
    patterns: [
      "msp/topology",
      "msp/externalFabric",
      "msp/externalFabric/:fabricId",
      ...nodePatterns("edgeNode"),
      ...nodePatterns("cpeNode"),
      "msp/customerOrganization",
      "msp/coreFabric",
      "msp/coreFabric/:fabricId",
      "msp/coreFabric/:fabricId/coreNode/:nodeId",
      "msp/coreFabric/:fabricId/coreNode/:nodeId/monitor",
      "msp/coreFabric/:fabricId/coreNode/:nodeId/configuration",
    ],
    types: ["msp"],
    scopes: ["common:config:read"],
  },
  {
    row: "user, users, invitations",
    patterns: ["user", "user/users", "user/invitations", "user/apiTokens"],
    types: ["customer", "msp", "maia"],
    scopes: ["common:user:read"],
  },
  // Issue 43: the audit log names people and what they changed, so it is read with the scope that reads people.
  { row: "audit log", patterns: ["audit"], types: ["customer", "msp", "maia"], scopes: ["common:user:read"] },
  { row: "paths list", patterns: ["paths"], types: ["msp", "customer"], scopes: ["common:config:read"] },
  { row: "paths/{pathId}", patterns: ["paths/:pathId"], types: ["msp"], scopes: [] },
  { row: "pathTopology", patterns: ["paths/:pathId/pathTopology"], types: ["msp"], scopes: ["common:config:read"] },
  {
    row: "msp/lifecycle and sub-pages",
    patterns: ["msp/lifecycle", "msp/lifecycle/scheduled", "msp/lifecycle/running", "msp/lifecycle/finished"],
    types: ["msp"],
    scopes: ["msp:lifecycle:read"],
  },
  { row: "msp/inventory", patterns: ["msp/inventory"], types: ["msp"], scopes: ["msp:inventory:read"] },
  {
    row: "msp/dashboard (all levels)",
    patterns: [
      "msp/dashboard",
      "msp/dashboard/:customerOrganizationId",
      "msp/dashboard/:customerOrganizationId/:siteId",
      "msp/dashboard/:customerOrganizationId/:siteId/connector/:siteConnectorId",
    ],
    types: ["msp"],
    scopes: [],
  },
  {
    row: "customer/site and its path and configuration pages",
    patterns: [
      "customer/site",
      "customer/site/:siteId/path",
      "customer/site/:siteId/path/:pathId",
      "customer/site/:siteId/configuration",
    ],
    types: ["customer"],
    scopes: ["common:config:read"],
  },
  {
    row: "customer/dashboard (all levels)",
    patterns: [
      "customer/dashboard",
      "customer/dashboard/:siteId",
      "customer/dashboard/:siteId/path/:pathId",
      "customer/dashboard/:siteId/connector/:siteConnectorId",
    ],
    types: ["customer"],
    scopes: [],
  },
  { row: "core/msp", patterns: ["core/msp"], types: ["maia"], scopes: ["common:config:read"] },
  { row: "core/inventory", patterns: ["core/inventory"], types: ["maia"], scopes: ["internal:inventory:read"] },
  // Issue 43: an organization's webhooks (the operator has none); its admins manage them, the API says.
  { row: "webhooks", patterns: ["webhooks"], types: ["msp", "customer"], scopes: ["common:config:read"] },
];

// SPEC §6: "userSettings, events, apiDocs, alarms, chat and customer site detail have no guard shown."
const UNGUARDED = ["userSettings", "events", "apiDocs", "alarms", "chat", "chat/:chatId", "customer/site/:siteId"];
// Routes outside the table and the list above: the organization index and its settings page.
const OTHER_UNGUARDED = ["", "organizationSettings"];

/** "msp/edgeNode/:nodeId/monitor" → "msp/edgeNode/nodeId-value/monitor". */
const concrete = (pattern: string) =>
  pattern
    .split("/")
    .map((part) => (part.startsWith(":") ? `${part.slice(1)}-value` : part))
    .join("/");

const GUARDED_CASES = GUARD_TABLE.flatMap(({ row, patterns, types, scopes }) =>
  patterns.map((pattern) => ({ row, pattern, types, scopes })),
);

const routeFor = (pattern: string) => {
  const match = matchConsoleRoute(concrete(pattern));
  expect(match, `no console route for ${pattern}`).not.toBeNull();
  expect(match!.route.pattern).toBe(pattern);
  return match!.route;
};

describe("SPEC §6 guard table", () => {
  it.each(GUARDED_CASES)("$pattern ($row): types $types, scopes $scopes", ({ pattern, types, scopes }) => {
    const route = routeFor(pattern);

    for (const type of ORGANIZATION_TYPES) {
      if (types.includes(type)) {
        // Allowed with exactly the required scopes, and with every scope there is.
        expect(isRouteAllowed(route, type, scopes), `${type} with ${scopes}`).toBe(true);
        expect(isRouteAllowed(route, type, SCOPES), `${type} with all scopes`).toBe(true);
        // Denied when any one required scope is missing, even if every other scope is held.
        for (const missing of scopes) {
          expect(isRouteAllowed(route, type, SCOPES.filter((s) => s !== missing)), `${type} without ${missing}`).toBe(false);
          expect(isRouteAllowed(route, type, scopes.filter((s) => s !== missing)), `${type} only without ${missing}`).toBe(false);
        }
        if (scopes.length > 0) expect(isRouteAllowed(route, type, []), `${type} with no scopes`).toBe(false);
        else expect(isRouteAllowed(route, type, []), `${type} needs no scope`).toBe(true);
      } else {
        // Any other organization type is denied whatever scopes it holds.
        expect(isRouteAllowed(route, type, SCOPES), `${type} with all scopes`).toBe(false);
        expect(isRouteAllowed(route, type, scopes), `${type} with required scopes`).toBe(false);
      }
    }
  });

  it.each(UNGUARDED)("%s has no guard: every organization type, no scope needed", (pattern) => {
    const route = routeFor(pattern);
    for (const type of ORGANIZATION_TYPES) {
      expect(isRouteAllowed(route, type, []), type).toBe(true);
      expect(isRouteAllowed(route, type, new Set<string>()), type).toBe(true);
    }
  });

  it("every console route is either in the guard table or unguarded on purpose", () => {
    const expected = [...GUARDED_CASES.map((c) => c.pattern), ...UNGUARDED, ...OTHER_UNGUARDED].sort();
    expect(CONSOLE_ROUTES.map((r) => r.pattern).sort()).toEqual(expected);
    for (const pattern of OTHER_UNGUARDED) {
      const route = routeFor(pattern);
      for (const type of ORGANIZATION_TYPES) expect(isRouteAllowed(route, type, [])).toBe(true);
    }
  });

  it("the scope check accepts any iterable of held scopes", () => {
    const route = routeFor("msp/lifecycle");
    expect(isRouteAllowed(route, "msp", new Set(["msp:lifecycle:read"]))).toBe(true);
    expect(isRouteAllowed(route, "msp", new Set(["msp:lifecycle:write"]))).toBe(false);
  });
});

describe("guardConsoleRoute (the page wrapper's decision)", () => {
  const northwind = { id: "msp-1", organizationType: "msp" as const, name: "Northwind" };
  const contoso = { id: "cust-1", organizationType: "customer" as const, name: "Contoso" };
  const visible = [northwind, contoso];
  const mspReadOnly = ["common:config:read", "common:user:read", "msp:lifecycle:read", "msp:inventory:read"];

  it("opens a route of the right type with every scope held, on a visible organization", () => {
    expect(guardConsoleRoute(visible, "msp-1", consoleRoute("msp/lifecycle/running"), mspReadOnly)).toBe(northwind);
    expect(guardConsoleRoute(visible, "cust-1", consoleRoute("customer/dashboard"), [])).toBe(contoso);
  });

  it.each([
    ["a wrong organization type", "cust-1", "msp/lifecycle", mspReadOnly],
    ["a missing scope", "msp-1", "msp/lifecycle", ["common:config:read"]],
    ["an organization the user may not see", "cust-2", "alarms", mspReadOnly],
    ["an organization that does not exist (or an id that does not decode)", null, "alarms", mspReadOnly],
  ] as const)("sends %s to /", (_case, organizationId, pattern, scopes) => {
    expect(guardConsoleRoute(visible, organizationId, consoleRoute(pattern), scopes)).toBeNull();
  });

  it("sends an unknown route to /", () => {
    expect(guardConsoleRoute(visible, "msp-1", matchConsoleRoute("msp/nowhere")?.route, mspReadOnly)).toBeNull();
  });

  it("knows every pattern a page may name, and refuses one that is not in the table", () => {
    for (const route of CONSOLE_ROUTES) expect(consoleRoute(route.pattern)).toBe(route);
    expect(() => consoleRoute("msp/nowhere")).toThrow(/No console route/);
  });
});

describe("matchConsoleRoute", () => {
  it.each([
    ["msp/edgeNode/n1/monitor", "msp/edgeNode/:nodeId/monitor", { nodeId: "n1" }],
    ["msp/cpeNode/c7/link", "msp/cpeNode/:nodeId/link", { nodeId: "c7" }],
    ["msp/cpeNode/c7", "msp/cpeNode/:nodeId", { nodeId: "c7" }],
    ["msp/coreFabric/f1/coreNode/n2/configuration", "msp/coreFabric/:fabricId/coreNode/:nodeId/configuration", { fabricId: "f1", nodeId: "n2" }],
    ["msp/externalFabric/x9", "msp/externalFabric/:fabricId", { fabricId: "x9" }],
    [
      "msp/dashboard/cust1/site2/connector/conn3",
      "msp/dashboard/:customerOrganizationId/:siteId/connector/:siteConnectorId",
      { customerOrganizationId: "cust1", siteId: "site2", siteConnectorId: "conn3" },
    ],
    ["customer/dashboard/s1/path/p2", "customer/dashboard/:siteId/path/:pathId", { siteId: "s1", pathId: "p2" }],
    ["customer/dashboard/s1/connector/c2", "customer/dashboard/:siteId/connector/:siteConnectorId", { siteId: "s1", siteConnectorId: "c2" }],
    ["customer/site/s1", "customer/site/:siteId", { siteId: "s1" }],
    ["customer/site/s1/path/p2", "customer/site/:siteId/path/:pathId", { siteId: "s1", pathId: "p2" }],
    ["paths/p1/pathTopology", "paths/:pathId/pathTopology", { pathId: "p1" }],
    ["chat/c1", "chat/:chatId", { chatId: "c1" }],
    ["msp/lifecycle/running", "msp/lifecycle/running", {}],
    ["user/invitations", "user/invitations", {}],
    ["", "", {}],
  ] as const)("%s → %s", (path, pattern, params) => {
    const match = matchConsoleRoute(path);
    expect(match).not.toBeNull();
    expect(match!.route.pattern).toBe(pattern);
    expect(match!.params).toEqual(params);
  });

  it("ignores leading and trailing slashes and decodes parameters", () => {
    expect(matchConsoleRoute("/msp/edgeNode/n1/")?.params).toEqual({ nodeId: "n1" });
    expect(matchConsoleRoute("msp/edgeNode/node%201")?.params).toEqual({ nodeId: "node 1" });
  });

  it("matches static segments exactly, not as another route's parameter", () => {
    expect(matchConsoleRoute("msp/inventory")?.route.pattern).toBe("msp/inventory");
    expect(matchConsoleRoute("customer/site")?.route.pattern).toBe("customer/site");
  });

  it.each([
    "unknown",
    "msp",
    "customer",
    "core",
    "msp/unknown",
    "msp/edgeNode/n1/unknown",
    "msp/edgeNode/n1/monitor/extra",
    // SPEC §2: core nodes have overview, monitor and configuration; no link page.
    "msp/coreFabric/f1/coreNode/n1/link",
    "msp/lifecycle/paused",
    "core/msp/m1",
    "customer/site/s1/unknown",
    "user/unknown",
    "paths/p1/unknown",
    "MSP/dashboard",
  ])("unknown path %j → null", (path) => {
    expect(matchConsoleRoute(path)).toBeNull();
  });
});

describe("parseOrganizationPath", () => {
  it.each([
    ["/organization/org1", { organizationId: "org1", rest: "" }],
    ["/organization/org1/", { organizationId: "org1", rest: "" }],
    ["/organization/org1/msp/edgeNode/n1/monitor", { organizationId: "org1", rest: "msp/edgeNode/n1/monitor" }],
    ["/organization/org1/msp/dashboard/", { organizationId: "org1", rest: "msp/dashboard" }],
    ["/organization/org%201/alarms", { organizationId: "org 1", rest: "alarms" }],
  ])("%s", (pathname, expected) => {
    expect(parseOrganizationPath(pathname)).toEqual(expected);
  });

  it.each(["/", "/loading", "/user/logout", "/organization", "/organization/", "/organizations/org1", "/x/organization/org1"])(
    "%s is outside the organization tree → null",
    (pathname) => {
      expect(parseOrganizationPath(pathname)).toBeNull();
    },
  );
});

describe("organizationPath", () => {
  it("builds the organization index with a trailing slash", () => {
    expect(organizationPath("org1")).toBe("/organization/org1/");
    expect(organizationPath("org1", "")).toBe("/organization/org1/");
  });

  it("builds a page path without a trailing slash", () => {
    expect(organizationPath("org1", "msp/dashboard")).toBe("/organization/org1/msp/dashboard");
    expect(organizationPath("org1", "msp/dashboard/")).toBe("/organization/org1/msp/dashboard");
  });

  it("encodes the organization id and round-trips through parseOrganizationPath", () => {
    expect(organizationPath("a b/c", "alarms")).toBe("/organization/a%20b%2Fc/alarms");
    expect(parseOrganizationPath(organizationPath("a b/c", "alarms"))).toEqual({ organizationId: "a b/c", rest: "alarms" });
    expect(parseOrganizationPath(organizationPath("org1"))).toEqual({ organizationId: "org1", rest: "" });
  });
});

describe("homeRoute", () => {
  it.each([
    ["maia", "core/msp"],
    ["msp", "msp/dashboard"],
    ["customer", "customer/dashboard"],
  ] as const)("%s → %s", (type, home) => {
    expect(homeRoute(type)).toBe(home);
  });

  it.each(ORGANIZATION_TYPES)("the %s home page is a route its organization type may open", (type) => {
    const match = matchConsoleRoute(homeRoute(type));
    expect(match).not.toBeNull();
    // With the scopes every role of that type holds at least (read scopes), the home page opens.
    const scopes = type === "maia" ? ["common:config:read"] : [];
    expect(isRouteAllowed(match!.route, type, scopes)).toBe(true);
  });
});

describe("routeTitleKey", () => {
  it.each([
    ["", "home"],
    ["chat", "chat"],
    ["chat/:chatId", "chat"],
    ["userSettings", "userSettings"],
    ["organizationSettings", "organizationSettings"],
    ["webhooks", "webhooks"],
    ["user", "user"],
    ["user/invitations", "user"],
    ["paths", "paths"],
    ["paths/:pathId", "path"],
    ["paths/:pathId/pathTopology", "pathTopology"],
    ["events", "events"],
    ["audit", "audit"],
    ["apiDocs", "apiDocs"],
    ["alarms", "alarms"],
    ["msp/topology", "mspTopology"],
    ["msp/dashboard/:customerOrganizationId/:siteId", "mspDashboard"],
    ["msp/lifecycle/finished", "lifecycle"],
    ["msp/inventory", "mspInventory"],
    ["msp/externalFabric/:fabricId", "externalFabric"],
    ["msp/edgeNode/:nodeId/monitor", "edgeNode"],
    ["msp/cpeNode/:nodeId/link", "cpeNode"],
    ["msp/customerOrganization", "customerOrganization"],
    ["msp/coreFabric/:fabricId/coreNode/:nodeId", "coreFabric"],
    ["customer/dashboard/:siteId/path/:pathId", "customerDashboard"],
    ["customer/site/:siteId/configuration", "customerSite"],
    ["core/msp", "coreMsp"],
    ["core/inventory", "coreInventory"],
  ])("%j → %s", (pattern, key) => {
    expect(routeTitleKey(pattern)).toBe(key);
  });

  it("does not confuse a prefix that is not a whole segment", () => {
    expect(routeTitleKey("userSettings")).toBe("userSettings");
    expect(routeTitleKey("pathsX")).toBe("home");
  });

  it("every console route has a title in the catalogue", () => {
    for (const route of CONSOLE_ROUTES) {
      const key = routeTitleKey(route.pattern);
      expect(en.pages[key], route.pattern).toEqual(expect.any(String));
      if (route.pattern !== "") expect(key, route.pattern).not.toBe("home");
    }
  });
});

describe("malformed percent-encoding", () => {
  it("is an unknown route, not an exception", () => {
    expect(parseOrganizationPath("/organization/%E0%A4%A/alarms")).toBeNull();
    expect(matchConsoleRoute("msp/edgeNode/%E0%A4%A")).toBeNull();
  });
});
