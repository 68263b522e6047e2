import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Principal } from "@/server/auth/principal";
import type { Db } from "@/server/db/client";
import { idempotencyKeys } from "@/server/db/schema";
import type { Transaction } from "./service-context";

// Work that must happen once (issue 41, scope 2): a create retried under its Idempotency-Key, an assistant action run
// under its approval. A key is the caller's (user and organization: another tenant's key never matches); it is
// inserted before the work runs, so of two concurrent requests under one key only one finds it free.

/** How long a key is kept: a retry a day later is a new request. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3600_000;

type Executor = Db | Transaction;

export type KeyClaim =
  | { kind: "claimed" }
  /** The first request's answer, to give again. */
  | { kind: "done"; status: number; body: string }
  /** The first request is still being worked on. */
  | { kind: "running" }
  /** The key was used for another request (another route or body). */
  | { kind: "other-request" };

const own = (principal: Principal, key: string) =>
  and(eq(idempotencyKeys.userId, principal.userId), eq(idempotencyKeys.organizationId, principal.organizationId), eq(idempotencyKeys.key, key));

/** Takes a key of the caller for a request (its fingerprint), or says what the key already holds. */
export async function claimKey(db: Executor, principal: Principal, key: string, fingerprint: string): Promise<KeyClaim> {
  // Keys past their day are forgotten first, this caller's included: the key is then free again.
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(secs => ${IDEMPOTENCY_KEY_TTL_MS / 1000})`));
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ userId: principal.userId, organizationId: principal.organizationId, key, fingerprint })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) return { kind: "claimed" };
  const [held] = await db
    .select({ fingerprint: idempotencyKeys.fingerprint, status: idempotencyKeys.status, body: idempotencyKeys.body })
    .from(idempotencyKeys)
    .where(own(principal, key));
  // Gone meanwhile (the first request failed and let it go): the caller may simply try again.
  if (!held) return { kind: "running" };
  if (held.fingerprint !== fingerprint) return { kind: "other-request" };
  if (held.status === null || held.body === null) return { kind: "running" };
  return { kind: "done", status: held.status, body: held.body };
}

/** Keeps the answer of the request a key was claimed for, for its retries. */
export async function settleKey(db: Executor, principal: Principal, key: string, answer: { status: number; body: string }): Promise<void> {
  await db.update(idempotencyKeys).set(answer).where(own(principal, key));
}

/** Lets a key go when its request failed: nothing was done, and a retry under it is a new try. */
export async function releaseKey(db: Executor, principal: Principal, key: string): Promise<void> {
  await db.delete(idempotencyKeys).where(and(own(principal, key), sql`${idempotencyKeys.status} is null`));
}

// --- A claim taken inside the work's own transaction ---

type Claim = (tx: Transaction) => Promise<void>;
const pendingClaims = new AsyncLocalStorage<{ claim: Claim | null }>();

/**
 * Runs work whose first mutation must take a claim in its own transaction (`mutate` calls `takeClaim`): the claim and
 * the change commit together or not at all, so a second run of the same work fails at its claim and changes nothing.
 */
export function runClaimed<T>(claim: Claim, work: () => Promise<T>): Promise<T> {
  return pendingClaims.run({ claim }, work);
}

/** The claim the current work still has to take, once (null when there is none or it was taken). */
export function takeClaim(): Claim | null {
  const slot = pendingClaims.getStore();
  if (!slot?.claim) return null;
  const { claim } = slot;
  slot.claim = null;
  return claim;
}

/** A claim on a key of the caller that fails (with the given error) when the key is already taken. */
export function keyClaim(principal: Principal, key: string, fingerprint: string, taken: () => Error): Claim {
  return async (tx) => {
    const inserted = await tx
      .insert(idempotencyKeys)
      .values({ userId: principal.userId, organizationId: principal.organizationId, key, fingerprint, status: 200, body: "" })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length === 0) throw taken();
  };
}
