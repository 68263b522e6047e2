import "server-only";
import type { Db } from "@/server/db/client";
import { checkCredentials } from "./credentials";
import { createSession } from "./sessions";

export type LoginResult = { ok: true; token: string; userId: string } | { ok: false; reason: "invalid" };

/** Checks the credentials under the sign-in limits (RateLimitedError past them) and opens a session. */
export async function login(
  db: Db,
  input: { email: string; password: string },
  meta: { address: string; userAgent?: string },
): Promise<LoginResult> {
  const userId = await checkCredentials(db, input.email, input.password, meta.address);
  if (!userId) return { ok: false, reason: "invalid" };
  return { ok: true, token: await createSession(db, userId, meta), userId };
}
