import "server-only";
import type { NextRequest, NextResponse } from "next/server";
import { SESSION_COOKIE } from "@/lib/constants";
import { revokeSession } from "@/server/auth/sessions";
import { peekDatabase } from "@/server/db/client";

const COOKIE_NAMES = [`__Host-${SESSION_COOKIE}`, SESSION_COOKIE];

/**
 * /logout ends the session on the server, whatever became of the browser's POST /auth/logout before it: the session
 * the request carries is revoked and its cookie expired on this answer. A prefetch is no visit and changes nothing.
 */
export async function endSession(request: NextRequest, response: NextResponse): Promise<void> {
  if (request.headers.get("next-router-prefetch") || request.headers.get("purpose") === "prefetch") return;
  for (const name of COOKIE_NAMES) {
    const token = request.cookies.get(name)?.value;
    if (!token) continue;
    const database = peekDatabase();
    if (database && token.length <= 200) await revokeSession((await database).db, token);
    // A __Host- cookie is only accepted (and so only replaced) with Secure.
    response.cookies.set(name, "", { path: "/", maxAge: 0, httpOnly: true, sameSite: "lax", secure: name.startsWith("__Host-") });
  }
}
