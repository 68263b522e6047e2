import "server-only";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { loginCodeRequiredSchema, loginCodeSchema, loginSchema } from "@/lib/auth/schema";
import { SESSION_ABSOLUTE_TIMEOUT_MS } from "@/lib/constants";
import { currentUserSchema } from "@/lib/users/schema";
import { login, loginWithCode, type LoginResult } from "@/server/auth/login";
import { readSessionToken, resolveSession, revokeSession, sessionCookieName } from "@/server/auth/sessions";
import { toCurrentUser } from "@/server/people/user-settings";
import { linkOrigin } from "@/server/core/public-origin";
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

const loginMeta = (c: ApiContext) => ({ address: clientAddress(c), userAgent: c.req.header("user-agent"), origin: linkOrigin() });

/** A signed-in answer: the session cookie, the user's language, the current user. */
async function signedIn(c: ApiContext, result: LoginResult & { ok: true }) {
  setSessionCookie(c, result.token);
  const principal = await resolveSession(c.get("db"), result.token);
  if (!principal) throw new UnauthenticatedError("apiErrors.invalidCredentials");
  // The console speaks the user's language from the first page on.
  setLocaleCookie(c, principal.language);
  return c.json(toCurrentUser(principal), 200);
}

function refused(result: LoginResult & { ok: false }, invalidKey: string): never {
  // SPEC §8: a member of no organization is told so (and to accept the invitations they received).
  if (result.reason === "no-membership") throw new ForbiddenError("apiErrors.noMemberships");
  throw new UnauthenticatedError(invalidKey);
}

// POST /api/v1/auth/login — checks the credentials and sets the session cookie, or asks for a mailed code (202).
authRouter.openapi(
  route({
    method: "post",
    path: "/login",
    public: true,
    tags: ["auth"],
    request: { body: jsonBody(loginSchema) },
    responses: {
      200: jsonResponse(currentUserSchema, "Signed in; the session cookie is set"),
      202: jsonResponse(
        loginCodeRequiredSchema,
        "The account is being guessed and this address is new to it: if the password was right, a code was mailed to the account; send it with the challenge to /auth/login/code",
      ),
      ...standardErrors,
      429: { description: "Too many attempts (Retry-After says when to try again)" },
    },
  }),
  async (c) => {
    const result = await login(c.get("db"), c.req.valid("json"), loginMeta(c));
    if (result.ok) return signedIn(c, result);
    if (result.reason === "code-required") return c.json({ codeRequired: true as const, challenge: result.challenge }, 202);
    return refused(result, "apiErrors.invalidCredentials");
  },
);

// POST /api/v1/auth/login/code — the second step: the code mailed to the account opens the session.
authRouter.openapi(
  route({
    method: "post",
    path: "/login/code",
    public: true,
    tags: ["auth"],
    request: { body: jsonBody(loginCodeSchema) },
    responses: {
      200: jsonResponse(currentUserSchema, "Signed in; the session cookie is set"),
      ...standardErrors,
    },
  }),
  async (c) => {
    const result = await loginWithCode(c.get("db"), c.req.valid("json"), loginMeta(c));
    if (result.ok) return signedIn(c, result);
    return refused(result, "apiErrors.invalidSignInCode");
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
