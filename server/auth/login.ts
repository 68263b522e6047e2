import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { memberships } from "@/server/db/schema";
import { checkCredentials, rememberKnownAddress } from "./credentials";
import { createSession } from "./sessions";
import { completeSignInCode, startSignInCode } from "./sign-in-codes";

export type LoginResult =
  | { ok: true; token: string; userId: string }
  | { ok: false; reason: "invalid" | "no-membership" }
  | { ok: false; reason: "code-required"; challenge: string };

export interface LoginMeta {
  address: string;
  userAgent?: string;
  /** Where the mailed code's link points (linkOrigin). */
  origin: string;
}

/**
 * Checks the credentials under the sign-in limits (RateLimitedError past them) and opens a session, or, while the
 * account is being guessed and the address is new to it, asks for the code mailed to the account (loginWithCode).
 * An account that belongs to no organization (removed from its last one) gets no session: one would come back to
 * life, unasked, the day it is invited again.
 */
export async function login(db: Db, input: { email: string; password: string }, meta: LoginMeta): Promise<LoginResult> {
  const check = await checkCredentials(db, input.email, input.password, meta.address);
  if (check.outcome === "invalid") return { ok: false, reason: "invalid" };
  if (check.outcome === "code") return { ok: false, reason: "code-required", challenge: await startSignInCode(db, check.userId, meta, meta.origin) };
  return openSession(db, check.userId, meta);
}

/** The second step: the code mailed for the challenge opens a session (and makes the address known to the account). */
export async function loginWithCode(db: Db, input: { challenge: string; code: string }, meta: LoginMeta): Promise<LoginResult> {
  const userId = await completeSignInCode(db, input.challenge, input.code);
  if (!userId) return { ok: false, reason: "invalid" };
  return openSession(db, userId, meta);
}

async function openSession(db: Db, userId: string, meta: LoginMeta): Promise<LoginResult> {
  const [member] = await db.select({ userId: memberships.userId }).from(memberships).where(eq(memberships.userId, userId)).limit(1);
  if (!member) return { ok: false, reason: "no-membership" };
  const token = await createSession(db, userId, meta);
  await rememberKnownAddress(db, userId, meta.address);
  return { ok: true, token, userId };
}
