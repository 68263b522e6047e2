import "server-only";
import { requestIdOf } from "./request-id";
import { randomUUID } from "node:crypto";
import { getCookie } from "hono/cookie";
import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { REQUEST_ID_HEADER, SESSION_COOKIE } from "@/lib/constants";
import { localeFromAcceptLanguage, translatorFor } from "@/lib/i18n/messages";
import { readSessionToken, resolveSession } from "@/server/auth/sessions";
import { getDb } from "@/server/db/client";
import { currentRequest, inRequestScope, noteCaller } from "@/server/core/request-scope";
import { UNMATCHED_API_ROUTE } from "@/server/core/route-label";
import { limitBody } from "./body-limit";
import { keptJson } from "./kept-json";
import { type ApiEnv } from "./context";
import { bearerOf } from "@/server/tokens/authenticate";
import { isDeviceToken } from "@/server/telemetry/device-tokens";
import { csrfGuard } from "./csrf";
import { errorResponse } from "./error-response";
import { createRouter } from "./openapi";
import { authRouter } from "./routes/auth";
import { chatRouter } from "./routes/chat";
import { alarmsRouter } from "./routes/alarms";
import { coreFabricsRouter } from "./routes/core-fabrics";
import { currentUserRouter } from "./routes/current-user";
import { eventsRouter } from "./routes/events";
import { auditRouter } from "./routes/audit";
import { externalFabricsRouter } from "./routes/external-fabrics";
import { interfacesRouter } from "./routes/interfaces";
import { inventoryRouter } from "./routes/inventory";
import { invitationsRouter } from "./routes/invitations";
import { ipsecEndpointsRouter } from "./routes/ipsec-endpoints";
import { lifecycleRouter } from "./routes/lifecycle";
import { rolloutsRouter } from "./routes/rollouts";
import { linksRouter } from "./routes/links";
import { mspsRouter } from "./routes/msps";
import { nodesRouter } from "./routes/nodes";
import { organizationsRouter } from "./routes/organizations";
import { subinterfacesRouter } from "./routes/subinterfaces";
import { switchPortsRouter } from "./routes/switch-ports";
import { usersRouter } from "./routes/users";
import { apiTokensRouter } from "./routes/api-tokens";
import { pathTopologyRouter } from "./routes/path-topology";
import { pathsRouter } from "./routes/paths";
import { simulatorRouter } from "./routes/simulator";
import { exportsRouter } from "./routes/exports";
import { importsRouter } from "./routes/imports";
import { sitesRouter } from "./routes/sites";
import { supportRouter } from "./routes/support";
import { systemRouter } from "./routes/system";
import { telemetryRouter } from "./routes/telemetry";
import { topologyRouter } from "./routes/topology";
import { webhooksRouter } from "./routes/webhooks";

/** The pattern of the route that answers (its last matched handler's; middleware is registered for every method). */
function routePattern(c: Context<ApiEnv>): string {
  const routes = matchedRoutes(c);
  for (let i = routes.length - 1; i >= 0; i--) if (routes[i].method !== "ALL") return routes[i].path;
  return UNMATCHED_API_ROUTE;
}

// Request id (kept when the caller sent a sane one), language, translator and database for every call; the request's
// scope (server/core/request-scope.ts) learns the route, so its log lines and metrics name it.
const requestContext: MiddlewareHandler<ApiEnv> = async (c, next) => {
  // The entry has already settled the id when it passes one; otherwise the caller's, when it is a sane one.
  const requestId = c.env?.requestId ?? requestIdOf(c.req.raw.headers);
  const locale = localeFromAcceptLanguage(c.req.header("accept-language"));
  c.set("requestId", requestId);
  c.set("locale", locale);
  c.set("t", translatorFor(locale));
  c.set("db", await getDb());
  // A page's own call in-process (it brings its principal) runs in the page's scope and leaves its route alone.
  const outer = currentRequest();
  const scope = outer ?? { requestId };
  scope.route ??= routePattern(c);
  await inRequestScope(scope, next);
  c.header(REQUEST_ID_HEADER, requestId);
  // Answers are per user and per moment: no browser or shared cache keeps them.
  c.header("Cache-Control", "no-store");
};

// Who is calling: the session cookie's principal, or null; an API token the call carries is checked by its route.
const identify: MiddlewareHandler<ApiEnv> = async (c, next) => {
  // A server page's prefetch brings the principal its request resolved.
  const given = c.env?.principal;
  const bearer = given === undefined ? bearerOf(c.req.header("authorization")) : undefined;
  if (bearer !== undefined) {
    // A call with a bearer is the bearer's alone: a session cookie beside it is not read, so a token never borrows
    // a session's rights, a wrong token never falls back to the cookie, and signing out needs the cookie alone. The
    // token is checked by the routes that need a caller (server/api/openapi.ts), so a public route that reads its own
    // bearer (a device's ingestion token) never sees an API token's refusal; to every other route a device token is
    // no one.
    c.set("sessionToken", undefined);
    c.set("principal", null);
    c.set("bearer", isDeviceToken(bearer) ? undefined : bearer);
    return next();
  }
  const token = readSessionToken({ get: (name) => getCookie(c, name) });
  c.set("sessionToken", token);
  const principal = given !== undefined ? given : await resolveSession(c.get("db"), token);
  c.set("principal", principal);
  noteCaller(principal);
  await next();
};

/** What the OpenAPI document at /api/v1/openapi.json says of itself (scripts/generate-api-types.ts reads the same). */
export const OPENAPI_DOCUMENT = { openapi: "3.1.0", info: { title: "Maia Console control-plane API", version: "1" } };

/** The control-plane API, mounted under /api/v1. The route handler calls `api.fetch(request)` in-process. */
export function createApiApp() {
  const api = createRouter().basePath("/api/v1");
  // The session cookie, whose scopes each operation's `security` lists (server/api/openapi.ts's route()).
  api.openAPIRegistry.registerComponent("securitySchemes", "session", { type: "apiKey", in: "cookie", name: SESSION_COOKIE });
  // An API token (Authorization: Bearer mat_…), holding the same scopes as a session would, within its own.
  api.openAPIRegistry.registerComponent("securitySchemes", "apiToken", { type: "http", scheme: "bearer", description: "A personal API token (POST /api/v1/config/user/token)" });
  api.use("*", requestContext);
  api.use("*", limitBody);
  api.use("*", csrfGuard);
  api.use("*", identify);
  api.use("*", keptJson);

  api.route("/", systemRouter);
  api.route("/auth", authRouter);
  api.route("/config", organizationsRouter);
  api.route("/config", currentUserRouter);
  api.route("/support", supportRouter);
  // One router per resource, each mounted at the API root with its own paths.
  api.route("/", sitesRouter);
  api.route("/", pathsRouter);
  api.route("/", pathTopologyRouter);
  api.route("/", topologyRouter);
  api.route("/", nodesRouter);
  api.route("/", interfacesRouter);
  api.route("/", subinterfacesRouter);
  api.route("/", ipsecEndpointsRouter);
  api.route("/", switchPortsRouter);
  api.route("/", linksRouter);
  api.route("/", coreFabricsRouter);
  api.route("/", externalFabricsRouter);
  api.route("/", inventoryRouter);
  api.route("/", lifecycleRouter);
  api.route("/", rolloutsRouter);
  api.route("/", alarmsRouter);
  api.route("/", eventsRouter);
  api.route("/", auditRouter);
  api.route("/", usersRouter);
  api.route("/", apiTokensRouter);
  api.route("/", invitationsRouter);
  api.route("/", mspsRouter);
  api.route("/", telemetryRouter);
  api.route("/", chatRouter);
  api.route("/", simulatorRouter);
  api.route("/", webhooksRouter);
  api.route("/", exportsRouter);
  api.route("/", importsRouter);

  api.doc31("/openapi.json", OPENAPI_DOCUMENT);

  api.notFound((c) => {
    const t = c.get("t") ?? translatorFor("en");
    return c.json({ error: t("apiErrors.notFound"), requestId: c.get("requestId") ?? randomUUID() }, 404);
  });

  api.onError(errorResponse);

  return api;
}

let app: ReturnType<typeof createApiApp> | undefined;
export function getApiApp() {
  app ??= createApiApp();
  return app;
}
