import "server-only";
import { createRoute, OpenAPIHono, type RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { z } from "zod";
import { hasScopes, type Scope } from "@/lib/auth/scopes";
import { clientAddress, requirePrincipal, type ApiContext, type ApiEnv } from "./context";
import { authenticateApiToken, recordOutOfScope } from "@/server/tokens/authenticate";
import { validationError } from "@/server/core/validation";
import { idempotencyKeyHeader, idempotent } from "./idempotency";
import { noteCaller } from "@/server/core/request-scope";

/**
 * Who may call a route, said on its definition: anyone (`public: true`, the route checks whatever else it needs), or
 * a signed-in caller holding every listed scope (`scopes: []`: any signed-in caller). `{ maia, others }` when the
 * operator's staff need other scopes than the MSPs and customers.
 */
export type RouteScopes = readonly Scope[] | { maia: readonly Scope[]; others: readonly Scope[] };
export type RouteAccess = ({ public: true; scopes?: never } | { scopes: RouteScopes; public?: never }) & {
  /** A create that takes an Idempotency-Key (server/api/idempotency.ts): a retry under the key answers the first answer. */
  idempotent?: boolean;
};

const SCOPES_KEY = "x-required-scopes";
const PUBLIC_KEY = "x-public";
const IDEMPOTENT_KEY = "x-idempotent";

/**
 * A route definition with its access: the scopes go into the OpenAPI document (`x-required-scopes` and the
 * operation's `security`) and are enforced by the router before the handler runs.
 */
export function route<R extends RouteConfig>({ scopes, public: isPublic, idempotent, ...rest }: R & RouteAccess): R {
  const config = idempotent ? idempotentRoute(rest as RouteConfig) : rest;
  if (isPublic) return createRoute({ ...config, security: config.security ?? [], [PUBLIC_KEY]: true }) as unknown as R;
  const declared = scopes as RouteScopes;
  const alternatives = byOrganizationType(declared) ? [declared.maia, declared.others] : [declared];
  // A session or an API token holding the scopes (a token's are narrowed to its owner's current ones).
  const security = alternatives.flatMap((held): Record<string, string[]>[] => [{ session: [...held] }, { apiToken: [...held] }]);
  return createRoute({ ...config, security, [SCOPES_KEY]: declared }) as unknown as R;
}

/** The Idempotency-Key header and its answers, in the route's definition (so in the OpenAPI document). */
function idempotentRoute(config: RouteConfig): RouteConfig {
  const headers = (config.request?.headers as z.ZodObject | undefined) ?? z.object({});
  return {
    ...config,
    request: { ...config.request, headers: headers.extend({ "idempotency-key": idempotencyKeyHeader }) },
    responses: {
      ...config.responses,
      409: errorAnswerDoc([(config.responses[409] as { description?: string } | undefined)?.description, "A request under the same Idempotency-Key is still being worked on"].filter(Boolean).join("; or: ")),
      422: errorAnswerDoc("The Idempotency-Key was already used for another request"),
    },
    [IDEMPOTENT_KEY]: true,
  } as RouteConfig;
}

function byOrganizationType(scopes: RouteScopes): scopes is { maia: readonly Scope[]; others: readonly Scope[] } {
  return !Array.isArray(scopes);
}

/** The scopes a caller of this organization type needs. */
function scopesFor(scopes: RouteScopes, organizationType: string): readonly Scope[] {
  if (!byOrganizationType(scopes)) return scopes;
  return organizationType === "maia" ? scopes.maia : scopes.others;
}

/** The caller: the session's, or the API token's the call carries, checked here (401 or 429 when it is refused). */
async function callerOf(c: ApiContext) {
  const bearer = c.get("bearer");
  if (bearer !== undefined && !c.get("principal")) {
    c.set("principal", await authenticateApiToken(c.get("db"), bearer, clientAddress(c), c.get("requestId")));
    noteCaller(c.get("principal"));
  }
  return c.get("principal");
}

/**
 * The one access check: 401 without a session, 403 without the route's scopes. It runs after the request is parsed
 * (a malformed request answers 400 whoever sends it) and before the handler. An API token refused for its scopes is an
 * event of the token.
 */
function accessCheck(config: RouteConfig): ((c: ApiContext) => Promise<void>) | undefined {
  if ((config as Record<string, unknown>)[PUBLIC_KEY] === true) return undefined;
  const scopes = (config as Record<string, unknown>)[SCOPES_KEY] as RouteScopes | undefined;
  if (!scopes) throw new Error(`${config.method.toUpperCase()} ${config.path} declares neither its scopes nor public: define it with route()`);
  return async (c) => {
    const principal = await callerOf(c);
    const required = principal ? scopesFor(scopes, principal.organizationType) : [];
    if (principal?.tokenId && !hasScopes(principal.scopes, required)) await recordOutOfScope(c.get("db"), principal, clientAddress(c), c.get("requestId"));
    requirePrincipal(c, ...required);
  };
}

/** A router whose request bodies, params and queries are parsed by their zod schemas, failing as one 400. */
export function createRouter() {
  const router = new OpenAPIHono<ApiEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error as z.ZodError);
    },
  });
  const register = router.openapi;
  // Every route goes through its access check, placed last before the handler so the check order stays: media
  // type and validation (400/415), then 401, then 403.
  router.openapi = ((config: RouteConfig, handler: MiddlewareHandler<ApiEnv>, hook?: never) => {
    const check = accessCheck(config);
    const once: MiddlewareHandler<ApiEnv> = (config as Record<string, unknown>)[IDEMPOTENT_KEY] === true ? (c, next) => idempotent(c, () => handler(c, next)) : handler;
    const guarded: MiddlewareHandler<ApiEnv> = check
      ? async (c, next) => {
          await check(c);
          return once(c, next);
        }
      : once;
    return register(config as never, guarded as never, hook);
  }) as typeof register;
  return router;
}

export const errorBodySchema = z.object({ error: z.string(), requestId: z.string() });

export const errorAnswerDoc = (description: string) => ({
  description,
  content: { "application/json": { schema: errorBodySchema } },
});

/** The error answers every authenticated route may give. */
export const standardErrors = {
  400: errorAnswerDoc("Invalid input"),
  401: errorAnswerDoc("Not signed in"),
  403: errorAnswerDoc("Missing scope"),
  404: errorAnswerDoc("Not found, or not visible to the caller"),
} satisfies RouteConfig["responses"];

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { "application/json": { schema } },
});

export const jsonResponse = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

/** An object's id in a path. */
export const idSchema = z.string().min(1).max(64);
export const idParams = z.object({ id: idSchema });

export const deleted = { 204: { description: "Deleted" } };

/** The answer of a request refused by a rule of the current state. */
export const conflict = (description: string) => ({ 409: errorAnswerDoc(description) });
