import "server-only";
import { eq, sql } from "drizzle-orm";
import { LOGIN_RATE_LIMIT, PASSWORD_HASHING } from "@/lib/constants";
import type { Db } from "@/server/db/client";
import { knownAddresses, sessions, users } from "@/server/db/schema";
import { addressNetworks, type AddressNetworks } from "./address-networks";
import { releaseAttempt, reserveAttempt, tooManyAttempts } from "./attempt-throttle";
import { BoundedPool, PoolFullError } from "./bounded-pool";
import { verifyAgainstDummy, verifyPassword } from "./password";
import { ACCOUNT_ADDRESS_KIND, ACCOUNT_KIND, signInRules } from "./attempt-limits";
import type { AttemptRule } from "./attempt-rules";
import { recentAttempts, refusedInMemory, rememberAdmitted, rememberRefused, rememberReleased, takeShare } from "./sign-in-gate";

// A sign-in in flight costs database work, then a hash. Each address holds at most its share of these slots, and the
// line is ordered by how much each address has tried already, so a flood from one address or many leaves room for
// everyone else; past `waiting` in line, the one that has tried most is refused at once.
const inFlight = new BoundedPool(PASSWORD_HASHING.concurrency + PASSWORD_HASHING.queue, PASSWORD_HASHING.waiting);
const busy = () => tooManyAttempts("apiErrors.signInBusy", PASSWORD_HASHING.busyRetryMs);

/**
 * What the email and password open: an enabled account's id; nothing; or, while the account is being guessed and the
 * address is new to it, a second step (`userId` null when the password was wrong: the answer must not tell).
 */
export type CredentialCheck = { outcome: "valid"; userId: string } | { outcome: "invalid" } | { outcome: "code"; userId: string | null };

/**
 * Checks the email and password under the sign-in limits. An address over a limit this process already knows of is
 * refused before any database work, and an address over its share of the slots at once; the attempt is counted in
 * the database before any password work and given back when the password matches. Throws RateLimitedError (429).
 */
export async function checkCredentials(db: Db, email: string, password: string, address: string): Promise<CredentialCheck> {
  const account = email.toLowerCase();
  const networks = addressNetworks(address);
  const rules = signInRules(account, networks, false);
  const refusal = refusedInMemory(rules);
  if (refusal) throw tooManyAttempts("apiErrors.tooManyAttempts", refusal.retryAfterMs);
  const release = takeShare(networks);
  if (!release) throw busy();
  try {
    // An address that has tried least goes first, here and for the hash: a newcomer waits behind no flood.
    const rank = recentAttempts(rules);
    return await inFlight.run(() => check(db, account, password, address, networks, rank), "refuse", rank);
  } catch (error) {
    if (error instanceof PoolFullError) throw busy();
    throw error;
  } finally {
    release();
  }
}

async function check(db: Db, account: string, password: string, rawAddress: string, address: AddressNetworks, rank: number): Promise<CredentialCheck> {
  const [user] = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      disabled: users.disabled,
      // Sessions opened before addresses were kept on their own count as well.
      knownAddress: sql<boolean>`exists (select 1 from ${knownAddresses} where ${knownAddresses.userId} = ${users.id} and ${knownAddresses.address} = ${address.host})
        or exists (select 1 from ${sessions} where ${sessions.userId} = ${users.id} and ${sessions.address} = ${rawAddress})`,
    })
    .from(users)
    .where(eq(sql`lower(${users.email})`, account))
    .limit(1);
  const rules = signInRules(account, address, user?.knownAddress === true);
  const reservation = await reserveAttempt(db, rules);
  if (!reservation.ok) {
    rememberRefused(reservation.rule, reservation.retryAfterMs);
    throw tooManyAttempts("apiErrors.tooManyAttempts", reservation.retryAfterMs);
  }
  rememberAdmitted(rules, reservation.attempts);
  const accountRule = rules.findIndex((rule) => rule.kind === ACCOUNT_KIND);
  // This attempt is counted: more misses than the limit before it, and the account is being guessed.
  const beingGuessed = accountRule >= 0 && reservation.attempts[accountRule] > LOGIN_RATE_LIMIT.maxPerAccount;
  let valid: boolean;
  try {
    valid =
      user && user.passwordHash && !user.disabled ? await verifyPassword(password, user.passwordHash, rank) : await verifyAgainstDummy(password, rank);
  } catch (error) {
    // Not checked (the hashing queue is full, or a failure): the attempt is given back.
    await giveBack(db, rules);
    throw error;
  }
  if (!valid) return beingGuessed ? { outcome: "code", userId: null } : { outcome: "invalid" };
  // The owner proved the password: this address's misses on the account are forgiven.
  await giveBack(db, rules, (rule) => rule.kind === ACCOUNT_ADDRESS_KIND);
  return beingGuessed ? { outcome: "code", userId: user.id } : { outcome: "valid", userId: user.id };
}

async function giveBack(db: Db, rules: AttemptRule[], forget?: (rule: AttemptRule) => boolean) {
  rememberReleased(rules, forget);
  await releaseAttempt(db, rules, forget);
}

const KNOWN_ADDRESSES_KEPT = 10;

/** Remembers the address an account just signed in from, keeping its newest few. */
export async function rememberKnownAddress(db: Db, userId: string, address: string) {
  const { host } = addressNetworks(address);
  await db
    .insert(knownAddresses)
    .values({ userId, address: host })
    .onConflictDoUpdate({ target: [knownAddresses.userId, knownAddresses.address], set: { lastAt: sql`now()` } });
  await db.execute(sql`
    delete from ${knownAddresses} where ${knownAddresses.userId} = ${userId} and ${knownAddresses.address} not in (
      select ${knownAddresses.address} from ${knownAddresses} where ${knownAddresses.userId} = ${userId}
      order by ${knownAddresses.lastAt} desc limit ${KNOWN_ADDRESSES_KEPT})`);
}
