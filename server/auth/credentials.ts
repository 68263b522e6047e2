import "server-only";
import { eq, sql } from "drizzle-orm";
import { PASSWORD_HASHING } from "@/lib/constants";
import type { Db } from "@/server/db/client";
import { sessions, users } from "@/server/db/schema";
import { releaseAttempt, reserveAttempt, tooManyAttempts } from "./attempt-throttle";
import { BoundedPool, PoolFullError } from "./bounded-pool";
import { verifyAgainstDummy, verifyPassword } from "./password";
import { ACCOUNT_ADDRESS_KIND, signInRules } from "./attempt-limits";

// A sign-in in flight costs database work, then a hash: past what the hashing pool can serve soon, one is refused at
// once, before it costs anything (a flood would otherwise queue its reservations ahead of everyone's queries).
const inFlight = new BoundedPool(PASSWORD_HASHING.concurrency + PASSWORD_HASHING.queue, 0);
const busy = () => tooManyAttempts("apiErrors.signInBusy", PASSWORD_HASHING.busyRetryMs);

/**
 * The id of the enabled account the email and password open, or null. The attempt is counted before any password
 * work and given back when the password matches; throws RateLimitedError (429) when a limit refuses it or too many
 * sign-ins are in flight.
 */
export async function checkCredentials(db: Db, email: string, password: string, address: string): Promise<string | null> {
  try {
    return await inFlight.run(() => check(db, email, password, address), "refuse");
  } catch (error) {
    if (error instanceof PoolFullError) throw busy();
    throw error;
  }
}

async function check(db: Db, email: string, password: string, address: string): Promise<string | null> {
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
    // Not checked (the hashing queue is full, or a failure): the attempt is given back.
    await releaseAttempt(db, rules);
    throw error;
  }
  // The owner proved the password: this address's misses on the account are forgiven.
  if (userId) await releaseAttempt(db, rules, (rule) => rule.kind === ACCOUNT_ADDRESS_KIND);
  return userId;
}
