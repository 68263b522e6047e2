import { safeDecode } from "@/lib/request-target";
import type { OrganizationType } from "@/lib/constants";
import { hasScopes, type Scope } from "@/lib/auth/scopes";

/** A route under /organization/{organizationId}/, with the SPEC §6 guard when it has one. */
export interface ConsoleRoute {
  pattern: string;
  types?: readonly OrganizationType[];
  scopes?: readonly Scope[];
  /** An index route that only chooses a tab: the pattern it opens, with its parameters (search parameters kept). */
  opens?: string;
}

const MSP_CONFIG = { types: ["msp"], scopes: ["common:config:read"] } as const;
const USERS = { types: ["customer", "msp", "maia"], scopes: ["common:user:read"] } as const;
const MSP_ONLY = { types: ["msp"], scopes: [] } as const;
const CUSTOMER_ONLY = { types: ["customer"], scopes: [] } as const;
const CUSTOMER_CONFIG = { types: ["customer"], scopes: ["common:config:read"] } as const;
const LIFECYCLE = { types: ["msp"], scopes: ["msp:lifecycle:read"] } as const;

const nodePages = (kind: string) => [
  { pattern: `msp/${kind}`, ...MSP_CONFIG },
  { pattern: `msp/${kind}/:nodeId`, ...MSP_CONFIG },
  { pattern: `msp/${kind}/:nodeId/monitor`, ...MSP_CONFIG },
  { pattern: `msp/${kind}/:nodeId/link`, ...MSP_CONFIG },
  { pattern: `msp/${kind}/:nodeId/configuration`, ...MSP_CONFIG },
];

// SPEC §2 routes and the SPEC §6 guard table. Routes without types/scopes have no guard.
export const CONSOLE_ROUTES: readonly ConsoleRoute[] = [
  { pattern: "" },
  { pattern: "chat" },
  { pattern: "chat/:chatId" },
  { pattern: "userSettings" },
  { pattern: "organizationSettings" },
  { pattern: "webhooks", types: ["msp", "customer"], scopes: ["common:config:read"] },
  { pattern: "user", ...USERS, opens: "user/users" },
  { pattern: "user/users", ...USERS },
  { pattern: "user/invitations", ...USERS },
  { pattern: "user/apiTokens", ...USERS },
  { pattern: "paths", types: ["msp", "customer"], scopes: ["common:config:read"] },
  { pattern: "paths/:pathId", ...MSP_ONLY },
  { pattern: "paths/:pathId/pathTopology", ...MSP_CONFIG },
  { pattern: "events" },
  // The audit log names people and what they changed: read with the scope that reads people (issue 43).
  { pattern: "audit", types: ["customer", "msp", "maia"], scopes: ["common:user:read"] },
  { pattern: "apiDocs" },
  { pattern: "alarms" },
  { pattern: "msp/topology", ...MSP_CONFIG },
  { pattern: "msp/dashboard", ...MSP_ONLY },
  { pattern: "msp/dashboard/:customerOrganizationId", ...MSP_ONLY },
  { pattern: "msp/dashboard/:customerOrganizationId/:siteId", ...MSP_ONLY },
  { pattern: "msp/dashboard/:customerOrganizationId/:siteId/connector/:siteConnectorId", ...MSP_ONLY },
  { pattern: "msp/lifecycle", ...LIFECYCLE, opens: "msp/lifecycle/scheduled" },
  { pattern: "msp/lifecycle/scheduled", ...LIFECYCLE },
  { pattern: "msp/lifecycle/running", ...LIFECYCLE },
  { pattern: "msp/lifecycle/finished", ...LIFECYCLE },
  { pattern: "msp/inventory", types: ["msp"], scopes: ["msp:inventory:read"] },
  { pattern: "msp/externalFabric", ...MSP_CONFIG },
  { pattern: "msp/externalFabric/:fabricId", ...MSP_CONFIG },
  ...nodePages("edgeNode"),
  ...nodePages("cpeNode"),
  { pattern: "msp/customerOrganization", ...MSP_CONFIG },
  { pattern: "msp/coreFabric", ...MSP_CONFIG },
  { pattern: "msp/coreFabric/:fabricId", ...MSP_CONFIG },
  { pattern: "msp/coreFabric/:fabricId/coreNode/:nodeId", ...MSP_CONFIG },
  { pattern: "msp/coreFabric/:fabricId/coreNode/:nodeId/monitor", ...MSP_CONFIG },
  { pattern: "msp/coreFabric/:fabricId/coreNode/:nodeId/configuration", ...MSP_CONFIG },
  { pattern: "customer/dashboard", ...CUSTOMER_ONLY },
  { pattern: "customer/dashboard/:siteId", ...CUSTOMER_ONLY },
  { pattern: "customer/dashboard/:siteId/path/:pathId", ...CUSTOMER_ONLY },
  { pattern: "customer/dashboard/:siteId/connector/:siteConnectorId", ...CUSTOMER_ONLY },
  { pattern: "customer/site", ...CUSTOMER_CONFIG },
  { pattern: "customer/site/:siteId", opens: "customer/site/:siteId/configuration" },
  { pattern: "customer/site/:siteId/path", ...CUSTOMER_CONFIG },
  { pattern: "customer/site/:siteId/path/:pathId", ...CUSTOMER_CONFIG },
  { pattern: "customer/site/:siteId/configuration", ...CUSTOMER_CONFIG },
  { pattern: "core/msp", types: ["maia"], scopes: ["common:config:read"] },
  { pattern: "core/inventory", types: ["maia"], scopes: ["internal:inventory:read"] },
];

export interface RouteMatch {
  route: ConsoleRoute;
  params: Record<string, string>;
}

/** The parameters of a route pattern: "customer/dashboard/:siteId/path/:pathId" → { siteId, pathId }. */
export type RouteParams<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & RouteParams<Rest>
  : Pattern extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, string>;

/** The route of a pattern in the table; a page naming a pattern that is not there is a programming error. */
export function consoleRoute(pattern: string): ConsoleRoute {
  const route = CONSOLE_ROUTES.find((each) => each.pattern === pattern);
  if (!route) throw new Error(`No console route "${pattern}" in lib/routes.ts`);
  return route;
}

/** decodeURIComponent that answers null for malformed escapes instead of throwing. */
function splitPath(path: string): string[] {
  return path.split("/").filter(Boolean);
}

/** Finds the console route for a path relative to /organization/{id}/ (e.g. "msp/edgeNode/n1/monitor"). */
export function matchConsoleRoute(path: string): RouteMatch | null {
  const segments = splitPath(path);
  for (const route of CONSOLE_ROUTES) {
    const parts = splitPath(route.pattern);
    if (parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const ok = parts.every((part, i) => {
      if (part.startsWith(":")) {
        const value = safeDecode(segments[i]);
        if (value === null) return false;
        params[part.slice(1)] = value;
        return true;
      }
      return part === segments[i];
    });
    if (ok) return { route, params };
  }
  return null;
}

/** SPEC §6: the organization type must be allowed and every required scope held. */
export function isRouteAllowed(route: ConsoleRoute, organizationType: OrganizationType, scopes: Iterable<string>): boolean {
  if (route.types && !route.types.includes(organizationType)) return false;
  return hasScopes(scopes, route.scopes ?? []);
}

/**
 * The SPEC §6 guard of a console URL, the page wrapper's (server/pages/console-page.tsx): the organization it names
 * when the user may see it (it is among `visible`), its type is allowed and every required scope is held; otherwise
 * null, and the caller goes silently to /. An unknown route or an organization id that does not decode is null too.
 */
export function guardConsoleRoute<T extends { id: string; organizationType: OrganizationType }>(
  visible: readonly T[],
  organizationId: string | null,
  route: ConsoleRoute | undefined,
  scopes: Iterable<string>,
): T | null {
  const organization = organizationId === null ? undefined : visible.find((each) => each.id === organizationId);
  if (!route || !organization || !isRouteAllowed(route, organization.organizationType, scopes)) return null;
  return organization;
}

/** Splits "/organization/{id}/rest" into its parts; null for paths outside the organization tree. */
export function parseOrganizationPath(pathname: string): { organizationId: string; rest: string } | null {
  const match = /^\/organization\/([^/]+)(?:\/(.*))?$/.exec(pathname);
  const organizationId = match ? safeDecode(match[1]) : null;
  if (!match || organizationId === null) return null;
  return { organizationId, rest: (match[2] ?? "").replace(/\/+$/, "") };
}

export function organizationPath(organizationId: string, rest = ""): string {
  return `/organization/${encodeURIComponent(organizationId)}/${rest}`.replace(/\/$/, rest ? "" : "/");
}

/**
 * Where an index route sends its visitor once the guard has let them in, or null for a page of its own: the
 * organization's home for /organization/{id}/, the first tab for a route that only chooses one (user → user/users).
 * The path keeps the URL's search parameters (`search`, with its "?", or "").
 */
export function indexRedirect(match: RouteMatch, organization: { id: string; organizationType: OrganizationType }, search = ""): string | null {
  const { route, params } = match;
  const target = route.pattern === "" ? homeRoute(organization.organizationType) : route.opens;
  if (target === undefined) return null;
  const rest = target.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
  return `${organizationPath(organization.id, rest)}${search}`;
}

/** The organization's home page (SPEC §2: / and /organization/{id}/ go there). */
export function homeRoute(type: OrganizationType): string {
  return type === "maia" ? "core/msp" : type === "msp" ? "msp/dashboard" : "customer/dashboard";
}

export type PageTitleKey =
  | "home" | "chat" | "userSettings" | "organizationSettings" | "user" | "paths" | "path" | "pathTopology"
  | "events" | "apiDocs" | "alarms" | "mspTopology" | "mspDashboard" | "lifecycle" | "mspInventory"
  | "externalFabric" | "edgeNode" | "cpeNode" | "customerOrganization" | "coreFabric" | "customerDashboard"
  | "customerSite" | "coreMsp" | "coreInventory" | "webhooks" | "audit";

const TITLE_PREFIXES: readonly [string, PageTitleKey][] = [
  ["paths/:pathId/pathTopology", "pathTopology"],
  ["paths/:pathId", "path"],
  ["paths", "paths"],
  ["msp/topology", "mspTopology"],
  ["msp/dashboard", "mspDashboard"],
  ["msp/lifecycle", "lifecycle"],
  ["msp/inventory", "mspInventory"],
  ["msp/externalFabric", "externalFabric"],
  ["msp/edgeNode", "edgeNode"],
  ["msp/cpeNode", "cpeNode"],
  ["msp/customerOrganization", "customerOrganization"],
  ["msp/coreFabric", "coreFabric"],
  ["customer/dashboard", "customerDashboard"],
  ["customer/site", "customerSite"],
  ["core/msp", "coreMsp"],
  ["core/inventory", "coreInventory"],
  ["chat", "chat"],
  ["userSettings", "userSettings"],
  ["organizationSettings", "organizationSettings"],
  ["webhooks", "webhooks"],
  ["user", "user"],
  ["events", "events"],
  ["audit", "audit"],
  ["apiDocs", "apiDocs"],
  ["alarms", "alarms"],
];

/** The catalogue key (pages.*) naming the page of a route pattern. */
export function routeTitleKey(pattern: string): PageTitleKey {
  return TITLE_PREFIXES.find(([prefix]) => pattern === prefix || pattern.startsWith(`${prefix}/`))?.[1] ?? "home";
}
