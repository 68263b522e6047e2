import "server-only";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { loginSchema } from "@/lib/auth/schema";
import { SESSION_ABSOLUTE_TIMEOUT_MS } from "@/lib/constants";
import { currentUserSchema } from "@/lib/users/schema";
import { login } from "@/server/auth/login";
import { readSessionToken, resolveSession, revokeSession, sessionCookieName } from "@/server/auth/sessions";
import { toCurrentUser } from "@/server/people/user-settings";
import { clientAddress, isSecureRequest, setLocaleCookie, type ApiContext } from "../context";
import { createRouter, jsonBody, jsonResponse, route, standardErrors } from "../openapi";
import { ForbiddenError, UnauthenticatedError } from "@/server/core/errors";

export const authRouter = createRouter();

/** Sets the session cookie of a new session (sign-in, an accepted invitation). */
export function setSessionCookie(c: ApiContext, token: string) {
  const secure = isSecureRequest(c);
  setCookie(c, sessionCookieName(secure), token, {
    httpOnly: true,
    sameSite: "Lax",
    secure,
    path: "/",
    maxAge: Math.floor(SESSION_ABSOLUTE_TIMEOUT_MS / 1000),
  });
}

// POST /api/v1/auth/login — checks the credentials and sets the session cookie.
authRouter.openapi(
  route({
    method: "post",
    path: "/login",
    public: true,
    tags: ["auth"],
    request: { body: jsonBody(loginSchema) },
    responses: {
      200: jsonResponse(currentUserSchema, "Signed in; the session cookie is set"),
      ...standardErrors,
      429: { description: "Too many attempts (Retry-After says when to try again)" },
    },
  }),
  async (c) => {
    const db = c.get("db");
    const result = await login(db, c.req.valid("json"), { address: clientAddress(c), userAgent: c.req.header("user-agent") });
    // SPEC §8: a member of no organization is told so (and to accept the invitations they received).
    if (!result.ok && result.reason === "no-membership") throw new ForbiddenError("apiErrors.noMemberships");
    if (!result.ok) throw new UnauthenticatedError("apiErrors.invalidCredentials");
    setSessionCookie(c, result.token);
    const principal = await resolveSession(db, result.token);
    if (!principal) throw new UnauthenticatedError("apiErrors.invalidCredentials");
    // The console speaks the user's language from the first page on.
    setLocaleCookie(c, principal.language);
    return c.json(toCurrentUser(principal), 200);
  },
);

// POST /api/v1/auth/logout — revokes the session and clears its cookie.
authRouter.openapi(
  route({
    method: "post",
    path: "/logout",
    public: true,
    tags: ["auth"],
    responses: { 204: { description: "Signed out" } },
  }),
  async (c) => {
    const token = readSessionToken({ get: (name) => getCookie(c, name) });
    if (token) await revokeSession(c.get("db"), token);
    const secure = isSecureRequest(c);
    deleteCookie(c, sessionCookieName(secure), { path: "/", secure });
    return c.body(null, 204);
  },
);
