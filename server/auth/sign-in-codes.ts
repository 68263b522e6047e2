import "server-only";
import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, count, eq, gt, isNotNull, lt, sql } from "drizzle-orm";
import { SIGN_IN_CODE } from "@/lib/constants";
import { translatorFor } from "@/lib/i18n/messages";
import type { Db } from "@/server/db/client";
import { signInCodes, users } from "@/server/db/schema";
import { deliver } from "@/server/mail/mailer";
import { hashToken } from "./sessions";

// The code is hashed with the challenge token, which is never stored: a copy of the table does not give the codes.
const codeHash = (challenge: string, code: string) => createHash("sha256").update(`${challenge}:${code}`).digest();

/**
 * Starts the second step of a sign-in to an account being guessed, from an address new to it: a challenge for the
 * browser, and when the password was right (`userId`) a code mailed to the account, a few live at once at most.
 * A wrong password gets a challenge too, which no code completes: the answer does not tell whether it was right.
 */
export async function startSignInCode(db: Db, userId: string | null, meta: { address: string; userAgent?: string }, origin: string): Promise<string> {
  const challenge = randomBytes(32).toString("base64url");
  const now = new Date();
  await db.delete(signInCodes).where(lt(signInCodes.expiresAt, now));
  let code: string | null = null;
  let user: { email: string; language: "en" | "fr" } | undefined;
  if (userId) {
    [user] = await db.select({ email: users.email, language: users.language }).from(users).where(eq(users.id, userId));
    const [{ live }] = await db
      .select({ live: count() })
      .from(signInCodes)
      .where(and(eq(signInCodes.userId, userId), isNotNull(signInCodes.codeHash), gt(signInCodes.expiresAt, now)));
    if (user && live < SIGN_IN_CODE.maxLivePerAccount) code = String(randomInt(0, 10 ** SIGN_IN_CODE.digits)).padStart(SIGN_IN_CODE.digits, "0");
  }
  await db.insert(signInCodes).values({
    challengeHash: hashToken(challenge),
    userId,
    codeHash: code ? codeHash(challenge, code).toString("base64url") : null,
    address: meta.address,
    userAgent: meta.userAgent ?? null,
    expiresAt: new Date(now.getTime() + SIGN_IN_CODE.validityMs),
  });
  if (code && user) {
    const t = translatorFor(user.language);
    const link = new URL("/login", origin).href;
    const values = { code, minutes: SIGN_IN_CODE.validityMs / 60_000, address: meta.address, link };
    // Not awaited: the answer takes as long whether a code was mailed or not.
    void deliver({ to: user.email, subject: t("mail.signInCode.subject", values), text: t("mail.signInCode.body", values), link });
  }
  return challenge;
}

/**
 * The account a mailed code opens, or null: the challenge unknown, expired, used, out of tries, or the code wrong.
 * Each answer spends one of the challenge's few tries; the right one spends the challenge.
 */
export async function completeSignInCode(db: Db, challenge: string, code: string): Promise<string | null> {
  const challengeHash = hashToken(challenge);
  const [row] = await db
    .update(signInCodes)
    .set({ tries: sql`${signInCodes.tries} + 1` })
    .where(and(eq(signInCodes.challengeHash, challengeHash), lt(signInCodes.tries, SIGN_IN_CODE.maxTries), gt(signInCodes.expiresAt, new Date())))
    .returning({ userId: signInCodes.userId, codeHash: signInCodes.codeHash });
  if (!row?.codeHash || !row.userId) return null;
  const expected = Buffer.from(row.codeHash, "base64url");
  const actual = codeHash(challenge, code);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  // Single use, even for two right answers at once: only the one that deletes the row signs in.
  const [spent] = await db.delete(signInCodes).where(eq(signInCodes.challengeHash, challengeHash)).returning({ userId: signInCodes.userId });
  if (!spent) return null;
  const [user] = await db.select({ disabled: users.disabled }).from(users).where(eq(users.id, row.userId));
  return user && !user.disabled ? row.userId : null;
}
