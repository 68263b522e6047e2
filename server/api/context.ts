import "server-only";
import { CLIENT_ADDRESS_HEADER } from "@/server/core/client-address";
import type { Context } from "hono";
import { hasScopes, type Scope } from "@/lib/auth/scopes";
import { setCookie } from "hono/cookie";
import { LOCALE_COOKIE, type Locale } from "@/lib/constants";
import type { translatorFor } from "@/lib/i18n/messages";
import type { Principal } from "@/server/auth/principal";
import type { Db } from "@/server/db/client";
import { UnauthenticatedError, ForbiddenError } from "@/server/core/errors";

/**
 * What the /api/v1 route handler hands the API in-process besides the request (only server code can set these): the
 * request id it chose, and for a server page's prefetch the principal its request already resolved.
 */
export interface ApiBindings {
  requestId?: string;
  principal?: Principal | null;
}

export interface ApiEnv {
  Bindings: ApiBindings | undefined;
  Variables: {
    requestId: string;
    locale: Locale;
    t: ReturnType<typeof translatorFor>;
    db: Db;
    principal: Principal | null;
    sessionToken: string | undefined;
    /** An API token the call carries, checked by the routes that need a caller (server/api/openapi.ts). */
    bearer: string | undefined;
  };
}

export type ApiContext = Context<ApiEnv>;

/** The signed-in caller holding every given scope; 401 without a session, 403 without the scopes. */
export function requirePrincipal(c: ApiContext, ...scopes: Scope[]): Principal {
  const principal = c.get("principal");
  if (!principal) throw new UnauthenticatedError();
  if (!hasScopes(principal.scopes, scopes)) throw new ForbiddenError();
  return principal;
}

/** The caller's network address as the console's server saw it (it overwrites any client-sent value). */
export function clientAddress(c: ApiContext): string {
  return c.req.header(CLIENT_ADDRESS_HEADER) ?? "unknown";
}

export function isSecureRequest(c: ApiContext): boolean {
  if (new URL(c.req.url).protocol === "https:") return true;
  // X-Forwarded-Proto is anyone's to send unless TRUST_PROXY=1 says a proxy in front writes it.
  return process.env.TRUST_PROXY === "1" && c.req.header("x-forwarded-proto")?.split(",")[0]?.trim() === "https";
}

const YEAR_SECONDS = 365 * 24 * 3600;

/** Remembers the user's language for the pages (next-intl reads this cookie). */
export function setLocaleCookie(c: ApiContext, locale: Locale): void {
  setCookie(c, LOCALE_COOKIE, locale, { path: "/", sameSite: "Lax", maxAge: YEAR_SECONDS, secure: isSecureRequest(c) });
}

/**
 * The service context of a call: the database, the signed-in caller, the request id. The caller's scopes were checked
 * against the route's before its handler ran (server/api/openapi.ts).
 */
export function serviceContext(c: ApiContext) {
  return { db: c.get("db"), principal: requirePrincipal(c), requestId: c.get("requestId") };
}
