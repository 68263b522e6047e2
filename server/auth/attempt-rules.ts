import "server-only";

/**
 * A limit on guesses at one subject (an address, an account, an organization). Over `limit` attempts within
 * `windowMs` of the last one, an attempt is refused until the window has passed (`countOnly`: only counted).
 */
export interface AttemptRule {
  kind: string;
  key: string;
  limit: number;
  windowMs: number;
  /** Counted, never refused: a measure others act on (how hard an account is being guessed). */
  countOnly?: boolean;
}

export interface AttemptCounter {
  attempts: number;
  lastAt: Date;
}

export type AttemptDecision = { admit: true; attempts: number } | { admit: false; retryAfterMs: number };

/** Whether one more attempt is admitted under the rule, given its counter as stored (null: never tried). */
export function decideAttempt(rule: AttemptRule, counter: AttemptCounter | null, now: Date): AttemptDecision {
  // Another process's clock may run ahead: a last attempt "in the future" counts as just now.
  const sinceLast = counter ? Math.max(0, now.getTime() - counter.lastAt.getTime()) : Infinity;
  const attempts = sinceLast < rule.windowMs ? counter!.attempts : 0;
  if (attempts < rule.limit || rule.countOnly) return { admit: true, attempts: attempts + 1 };
  return { admit: false, retryAfterMs: rule.windowMs - sinceLast };
}
