import "server-only";
import { CONSOLE_ROUTES } from "@/lib/routes";

// The route label of the HTTP metrics: a pattern, never the path as asked, so ids, names and made-up paths fold into a
// bounded set of series. The API's label is the pattern Hono matched (server/api/app.ts); everything else is named here.

/** An API target no route matched (a 404, or refused before routing). */
export const UNMATCHED_API_ROUTE = "/api/v1/*";
/** A path that names no page: Next answers its not-found page. */
export const UNKNOWN_ROUTE = "*";

const ORGANIZATION_PREFIX = "/organization/:organizationId";
const CONSOLE_PATTERNS = CONSOLE_ROUTES.map((route) => ({ label: route.pattern ? `${ORGANIZATION_PREFIX}/${route.pattern}` : ORGANIZATION_PREFIX, parts: route.pattern.split("/").filter(Boolean) }));

/** Pages and files outside an organization (app/), by their first segment; a parameter stands for the rest. */
const TOP_LEVEL = new Map([
  ["", "/"],
  ["login", "/login"],
  ["logout", "/logout"],
  ["loading", "/loading"],
  ["metrics", "/metrics"],
  ["favicon.ico", "/favicon.ico"],
  ["logo.svg", "/logo.svg"],
]);
const WITH_PARAMETER = new Map([
  ["invite", "/invite/:token"],
  ["catalogue", "/catalogue/:file"],
]);

/** The label of a request target that is not the API's: "/organization/ab12/paths/p9?x=1" → "/organization/:organizationId/paths/:pathId". */
export function routeLabel(target: string): string {
  const query = target.indexOf("?");
  const path = query === -1 ? target : target.slice(0, query);
  if (path.startsWith("/api/")) return UNMATCHED_API_ROUTE;
  if (path.startsWith("/_next/")) return path.startsWith("/_next/static/") ? "/_next/static/*" : "/_next/*";
  const segments = path.split("/").filter(Boolean);
  const [first = "", ...rest] = segments;
  if (first === "organization" && rest.length > 0) return consoleLabel(rest.slice(1));
  if (first === "user" && rest.length === 1 && rest[0] === "logout") return "/user/logout";
  return (rest.length === 0 ? TOP_LEVEL.get(first) : rest.length === 1 ? WITH_PARAMETER.get(first) : undefined) ?? UNKNOWN_ROUTE;
}

function consoleLabel(segments: string[]): string {
  for (const { label, parts } of CONSOLE_PATTERNS) {
    if (parts.length === segments.length && parts.every((part, i) => part.startsWith(":") || part === segments[i])) return label;
  }
  return `${ORGANIZATION_PREFIX}/*`;
}
