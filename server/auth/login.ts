import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { users } from "@/server/db/schema";
import { verifyAgainstDummy, verifyPassword } from "./password";
import { clearLoginFailures, loginRetryAfterMinutes, recordLoginFailure } from "./rate-limit";
import { createSession } from "./sessions";

export type LoginResult =
  | { ok: true; token: string; userId: string }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "rate-limited"; minutes: number };

/** Checks the credentials under the per-account and per-address limits and opens a session. */
export async function login(
  db: Db,
  input: { email: string; password: string },
  meta: { address: string; userAgent?: string },
): Promise<LoginResult> {
  const account = input.email.toLowerCase();
  const minutes = await loginRetryAfterMinutes(db, account, meta.address);
  if (minutes > 0) return { ok: false, reason: "rate-limited", minutes };
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, disabled: users.disabled })
    .from(users)
    .where(eq(sql`lower(${users.email})`, account))
    .limit(1);
  const valid =
    user && user.passwordHash && !user.disabled
      ? await verifyPassword(input.password, user.passwordHash)
      : await verifyAgainstDummy(input.password);
  if (!valid || !user) {
    await recordLoginFailure(db, account, meta.address);
    return { ok: false, reason: "invalid" };
  }
  await clearLoginFailures(db, account);
  return { ok: true, token: await createSession(db, user.id, meta), userId: user.id };
}
