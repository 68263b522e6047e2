import "server-only";
import { and, desc, eq, gt, inArray, sql, type SQL } from "drizzle-orm";
import { INVITATION_MAIL_BUDGET } from "@/lib/people/constants";
import { RateLimitedError } from "@/server/core/errors";
import type { Transaction } from "@/server/core/service-context";
import { events } from "@/server/db/schema";

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

// Every invitation mail leaves an event in the transaction that sends it: its invitation created (a new customer's
// first one too) or sent again. Counting those rows keeps the budgets across restarts and processes.
const MAIL_EVENT_TYPES = ["invitation.created", "invitation.updated"];

type Budget = { readonly hour: number; readonly day: number };

/**
 * How long until one more mail fits the budget, given when the latest ones were sent (newest first): 0 when it fits
 * now. Over a window's limit, the wait ends when the limit-th newest mail of that window leaves it.
 */
export function budgetWaitMs(sentAt: Date[], budget: Budget, now: Date): number {
  let wait = 0;
  for (const [limit, windowMs] of [
    [budget.hour, HOUR_MS],
    [budget.day, DAY_MS],
  ]) {
    const inWindow = sentAt.filter((at) => now.getTime() - at.getTime() < windowMs);
    if (inWindow.length >= limit) wait = Math.max(wait, inWindow[limit - 1].getTime() + windowMs - now.getTime());
  }
  return wait;
}

/** The latest invitation mails of one sender (newest first, within the day before `now`, `limit` at most). */
export function invitationMailsQuery(tx: Transaction, sender: SQL, limit: number, now: Date) {
  return (
    tx
      .select({ at: events.timestamp })
      .from(events)
      // A literal, not a parameter: the planner then uses the partial indexes on invitation events.
      .where(and(sql`${events.entityType} = 'invitation'`, sender, inArray(events.type, MAIL_EVENT_TYPES), gt(events.timestamp, new Date(now.getTime() - DAY_MS))))
      .orderBy(desc(events.timestamp))
      .limit(limit)
  );
}

async function latestMails(tx: Transaction, sender: SQL, budget: Budget, now: Date): Promise<Date[]> {
  const rows = await invitationMailsQuery(tx, sender, Math.max(budget.hour, budget.day), now);
  return rows.map((row) => row.at);
}

function tooManyInvitations(key: string, waitMs: number): RateLimitedError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new RateLimitedError(key, { minutes, hours: minutes > 60 ? Math.ceil(minutes / 60) : 0 }, seconds);
}

/**
 * Refuses (429, with when to try again) one more invitation mail from an inviter into an organization once either has
 * spent its hourly or daily budget. Called in the sending transaction once the organization's row is locked (or
 * created), so concurrent sends into one organization queue; the inviter's sends into several queue on a lock of
 * theirs, taken last (after the organization's), so two sends never wait on each other in turn.
 */
export async function assertInvitationBudget(tx: Transaction, sender: { userId: string; organizationId: string }, now = new Date()): Promise<void> {
  const { perInviter, perOrganization } = INVITATION_MAIL_BUDGET;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`invitation-mail:${sender.userId}`}))`);
  const inviterWait = budgetWaitMs(await latestMails(tx, eq(events.actorUserId, sender.userId), perInviter, now), perInviter, now);
  const organizationWait = budgetWaitMs(await latestMails(tx, eq(events.organizationId, sender.organizationId), perOrganization, now), perOrganization, now);
  if (inviterWait === 0 && organizationWait === 0) return;
  throw inviterWait >= organizationWait
    ? tooManyInvitations("apiErrors.tooManyInvitationsFromInviter", inviterWait)
    : tooManyInvitations("apiErrors.tooManyInvitationsInOrganization", organizationWait);
}
