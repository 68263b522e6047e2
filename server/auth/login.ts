import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { memberships } from "@/server/db/schema";
import { checkCredentials } from "./credentials";
import { createSession } from "./sessions";

export type LoginResult = { ok: true; token: string; userId: string } | { ok: false; reason: "invalid" | "no-membership" };

/**
 * Checks the credentials under the sign-in limits (RateLimitedError past them) and opens a session. An account that
 * belongs to no organization (removed from its last one) gets no session: one would come back to life, unasked, the
 * day it is invited again.
 */
export async function login(
  db: Db,
  input: { email: string; password: string },
  meta: { address: string; userAgent?: string },
): Promise<LoginResult> {
  const userId = await checkCredentials(db, input.email, input.password, meta.address);
  if (!userId) return { ok: false, reason: "invalid" };
  const [member] = await db.select({ userId: memberships.userId }).from(memberships).where(eq(memberships.userId, userId)).limit(1);
  if (!member) return { ok: false, reason: "no-membership" };
  return { ok: true, token: await createSession(db, userId, meta), userId };
}
