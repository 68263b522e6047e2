import "server-only";
import { eq, sql } from "drizzle-orm";
import { PASSWORD_HASHING } from "@/lib/constants";
import type { Db } from "@/server/db/client";
import { sessions, users } from "@/server/db/schema";
import { releaseAttempt, reserveAttempt, tooManyAttempts } from "./attempt-throttle";
import { PoolFullError } from "./bounded-pool";
import { verifyAgainstDummy, verifyPassword } from "./password";
import { ACCOUNT_ADDRESS_KIND, signInRules } from "./attempt-limits";

/**
 * The id of the enabled account the email and password open, or null. The attempt is counted before any password
 * work and given back when the password matches; throws RateLimitedError (429) when a limit refuses it or the
 * hashing pool is full.
 */
export async function checkCredentials(db: Db, email: string, password: string, address: string): Promise<string | null> {
  const account = email.toLowerCase();
  const [user] = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      disabled: users.disabled,
      knownAddress: sql<boolean>`exists (select 1 from ${sessions} where ${sessions.userId} = ${users.id} and ${sessions.address} = ${address})`,
    })
    .from(users)
    .where(eq(sql`lower(${users.email})`, account))
    .limit(1);
  const rules = signInRules(account, address, user?.knownAddress === true);
  const reservation = await reserveAttempt(db, rules);
  if (!reservation.ok) {
    const key = reservation.rule.slowDown ? "apiErrors.signInSlowedDown" : "apiErrors.tooManyAttempts";
    throw tooManyAttempts(key, reservation.retryAfterMs);
  }
  let userId: string | null;
  try {
    const valid =
      user && user.passwordHash && !user.disabled ? await verifyPassword(password, user.passwordHash) : await verifyAgainstDummy(password);
    userId = valid ? user.id : null;
  } catch (error) {
    // Not checked: the attempt is given back.
    await releaseAttempt(db, rules);
    if (error instanceof PoolFullError) throw tooManyAttempts("apiErrors.signInBusy", PASSWORD_HASHING.busyRetryMs);
    throw error;
  }
  // The owner proved the password: this address's misses on the account are forgiven.
  if (userId) await releaseAttempt(db, rules, (rule) => rule.kind === ACCOUNT_ADDRESS_KIND);
  return userId;
}
