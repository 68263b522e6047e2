import "server-only";
import { and, eq, lt, or, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { attemptThrottles } from "@/server/db/schema";
import { RateLimitedError } from "@/server/core/errors";
import { decideAttempt, type AttemptRule } from "./attempt-rules";

/** Admitted, with every rule's count including this attempt (in the rules' order); or refused by one rule. */
export type Reservation = { ok: true; attempts: number[] } | { ok: false; rule: AttemptRule; retryAfterMs: number };

const byKindAndKey = (a: AttemptRule, b: AttemptRule) => (a.kind === b.kind ? (a.key < b.key ? -1 : 1) : a.kind < b.kind ? -1 : 1);
const ruleRow = (rule: AttemptRule) => and(eq(attemptThrottles.kind, rule.kind), eq(attemptThrottles.key, rule.key));

const SWEEP_EVERY_MS = 60_000;
const lastSweep = new Map<string, number>();

// Counters quiet for their window no longer count; keeping the table small keeps reservations fast. Each kind is
// swept at most once a minute per process, by the calls that use it.
async function sweep(db: Db, now: Date, rules: AttemptRule[]) {
  const due = rules.filter((rule) => now.getTime() - (lastSweep.get(rule.kind) ?? 0) >= SWEEP_EVERY_MS);
  if (due.length === 0) return;
  for (const rule of due) lastSweep.set(rule.kind, now.getTime());
  const expired = due.map((rule) => and(eq(attemptThrottles.kind, rule.kind), lt(attemptThrottles.lastAt, new Date(now.getTime() - rule.windowMs))));
  await db.delete(attemptThrottles).where(or(...expired));
}

/**
 * Counts one attempt under every rule, or under none when any refuses. The counters' rows stay locked until the
 * decision is written, so concurrent attempts (in this process or another sharing PostgreSQL) are admitted one by one.
 */
export async function reserveAttempt(db: Db, rules: AttemptRule[], now = new Date()): Promise<Reservation> {
  // One order for every caller, so two reservations never wait on each other's rows.
  const ordered = [...rules].sort(byKindAndKey);
  await sweep(db, now, ordered);
  return db.transaction(async (tx) => {
    // Creates the missing counters and locks every one (a no-op update), reading them as they are.
    const rows = await tx
      .insert(attemptThrottles)
      .values(ordered.map((rule) => ({ kind: rule.kind, key: rule.key, attempts: 0, lastAt: new Date(0) })))
      .onConflictDoUpdate({ target: [attemptThrottles.kind, attemptThrottles.key], set: { kind: sql`excluded.kind` } })
      .returning();
    const decisions = ordered.map((rule) => {
      const row = rows.find((r) => r.kind === rule.kind && r.key === rule.key) ?? null;
      return { rule, decision: decideAttempt(rule, row, now) };
    });
    let refusal: Reservation | null = null;
    for (const { rule, decision } of decisions) {
      if (!decision.admit && (!refusal || (!refusal.ok && decision.retryAfterMs > refusal.retryAfterMs))) {
        refusal = { ok: false, rule, retryAfterMs: decision.retryAfterMs };
      }
    }
    if (refusal) return refusal;
    const counted = decisions.map(({ rule, decision }) => sql`(${rule.kind}, ${rule.key}, ${decision.admit ? decision.attempts : 0}::integer)`);
    await tx.execute(sql`
      update ${attemptThrottles} set attempts = counted.attempts, last_at = ${now.toISOString()}::timestamptz
      from (values ${sql.join(counted, sql`, `)}) as counted(kind, key, attempts)
      where ${attemptThrottles.kind} = counted.kind and ${attemptThrottles.key} = counted.key`);
    const attempts = new Map(decisions.map(({ rule, decision }) => [rule, decision.admit ? decision.attempts : 0]));
    return { ok: true, attempts: rules.map((rule) => attempts.get(rule)!) };
  });
}

/** Gives an admitted attempt back (the secret matched, or it was never checked); `forget` drops a counter whole. */
export async function releaseAttempt(db: Db, rules: AttemptRule[], forget: (rule: AttemptRule) => boolean = () => false) {
  for (const rule of [...rules].sort(byKindAndKey)) {
    if (forget(rule)) await db.delete(attemptThrottles).where(ruleRow(rule));
    else await db.update(attemptThrottles).set({ attempts: sql`greatest(${attemptThrottles.attempts} - 1, 0)` }).where(ruleRow(rule));
  }
}

/** The API's refusal of a refused reservation: the catalogue key with the wait in minutes, and Retry-After. */
export function tooManyAttempts(key: string, retryAfterMs: number): RateLimitedError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new RateLimitedError(key, { minutes: Math.ceil(seconds / 60), seconds }, seconds);
}

/**
 * Runs a guess at a secret under the rules: reserved before the secret is checked, given back when the guess was
 * right or the attempt failed for another reason, kept when `wrongGuess` says the secret did not match.
 */
export async function guessUnderLimits<T>(
  db: Db,
  rules: AttemptRule[],
  refusedKey: string,
  attempt: () => Promise<T>,
  wrongGuess: (error: unknown) => boolean,
): Promise<T> {
  const reservation = await reserveAttempt(db, rules);
  if (!reservation.ok) throw tooManyAttempts(refusedKey, reservation.retryAfterMs);
  try {
    const result = await attempt();
    await releaseAttempt(db, rules);
    return result;
  } catch (error) {
    if (!wrongGuess(error)) await releaseAttempt(db, rules);
    throw error;
  }
}
