import "server-only";
import type { NextRequest, NextResponse } from "next/server";
import { revokeSession, sessionCookieName } from "@/server/auth/sessions";
import { peekDatabase } from "@/server/db/client";

const COOKIE_NAMES = [sessionCookieName(true), sessionCookieName(false)];

/**
 * /logout ends the session on the server, whatever became of the browser's POST /auth/logout before it: the session
 * the request carries is revoked and its cookie expired on this answer. A prefetch is no visit and changes nothing,
 * nor does a navigation from another site (a link elsewhere must not sign the user out: the cookie is SameSite=Lax).
 */
export async function endSession(request: NextRequest, response: NextResponse): Promise<void> {
  if (request.headers.get("next-router-prefetch") || request.headers.get("purpose") === "prefetch") return;
  if (request.headers.get("sec-fetch-site") === "cross-site") return;
  for (const name of COOKIE_NAMES) {
    const token = request.cookies.get(name)?.value;
    if (!token) continue;
    const database = peekDatabase();
    if (database && token.length <= 200) await revokeSession((await database).db, token);
    // A __Host- cookie is only accepted (and so only replaced) with Secure.
    response.cookies.set(name, "", { path: "/", maxAge: 0, httpOnly: true, sameSite: "lax", secure: name.startsWith("__Host-") });
  }
}
