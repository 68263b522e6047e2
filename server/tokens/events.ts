import "server-only";
import { type ApiTokenRefusal } from "@/lib/tokens/constants";
import type { ChangeRecord } from "@/server/core/changes";
import type { Transaction } from "@/server/core/service-context";
import type { Db } from "@/server/db/client";
import { events } from "@/server/db/schema";
import { announceChanges } from "@/server/realtime/announce";

// A token's own events that no mutation of its owner's writes: refused and used. They name the token and its owner as
// the actor. "used" is written on a token's first use and on its first use from each new address (an IPv4 address or
// an IPv6 /64), never per call; "refused" at most once a minute per token, reason and address, so a script looping
// on an expired token does not flood the log.

export interface TokenRef {
  id: string;
  name: string;
  organizationId: string;
  userId: string;
  ownerEmail: string;
}

export async function recordTokenEvent(
  executor: Db | Transaction,
  db: Db,
  token: TokenRef,
  type: "used" | "refused",
  after: Record<string, unknown>,
  requestId?: string,
): Promise<void> {
  const change: ChangeRecord = { organizationId: token.organizationId, entityType: "apiToken", entityId: token.id, entityName: token.name, type, after };
  await executor.insert(events).values({
    organizationId: token.organizationId,
    source: token.ownerEmail,
    type: `apiToken.${type}`,
    entityType: "apiToken",
    entityId: token.id,
    entityName: token.name,
    actorUserId: token.userId,
    actorTokenId: token.id,
    requestId: requestId ?? null,
    after,
  });
  announceChanges(db, [change]);
}

const REFUSAL_EVENT_EVERY_MS = 60_000;
const MAX_REMEMBERED = 10_000;
const holder = globalThis as typeof globalThis & { __maiaTokenRefusals?: Map<string, number> };

/** Records a refusal of a known token, unless the same one (token, reason, address) was recorded within a minute. */
export async function recordTokenRefusal(db: Db, token: TokenRef, reason: ApiTokenRefusal, address: string, requestId?: string): Promise<void> {
  const recorded = (holder.__maiaTokenRefusals ??= new Map());
  const key = `${token.id}|${reason}|${address}`;
  const now = Date.now();
  if (now - (recorded.get(key) ?? 0) < REFUSAL_EVENT_EVERY_MS) return;
  if (recorded.size >= MAX_REMEMBERED) recorded.clear();
  recorded.set(key, now);
  await recordTokenEvent(db, db, token, "refused", { reason, address }, requestId);
}
