import "server-only";
import { and, inArray, lt, not, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "@/server/db/client";
import { events } from "@/server/db/schema";
import { logger } from "@/server/core/log";

const log = logger("event-retention");

// Events older than EVENT_RETENTION_DAYS (unset: kept forever) are purged, daily — but never the record of who
// created an object, nor its last state, while the object exists (no "<kind>.deleted" event): the audit log can
// always say who made a thing that is still there (NetBox's change log lost exactly that, netbox#21409).

const DAY = 86_400_000;
const later = alias(events, "later");

/** What a purge keeps of an object still there: its creation record and its latest event. */
const keptWhileItExists = and(
  sql`not exists (select 1 from ${events} ${later} where ${later.entityType} = ${events.entityType} and ${later.entityId} = ${events.entityId} and ${later.type} = ${events.entityType} || '.deleted')`,
  sql`(${events.type} = ${events.entityType} || '.created' or ${events.id} = (select max(${later.id}) from ${events} ${later} where ${later.entityType} = ${events.entityType} and ${later.entityId} = ${events.entityId}))`,
)!;

const BATCH = 10_000;

/** Deletes the events written before `before`, but those an existing object's history keeps; answers how many. */
export async function purgeEvents(db: Db, before: Date): Promise<number> {
  let total = 0;
  // In batches: a purge of months of events holds no long lock and keeps no long list in memory.
  for (;;) {
    const batch = db.select({ id: events.id }).from(events).where(and(lt(events.timestamp, before), not(keptWhileItExists))).limit(BATCH);
    const purged = await db.delete(events).where(inArray(events.id, batch)).returning({ id: events.id });
    total += purged.length;
    if (purged.length < BATCH) return total;
  }
}

/** The retention in days from the environment; null (keep everything) when unset, empty or not a positive number. */
export function eventRetentionDays(env: Record<string, string | undefined>): number | null {
  const days = Number(env.EVENT_RETENTION_DAYS);
  return env.EVENT_RETENTION_DAYS?.trim() && Number.isFinite(days) && days > 0 ? days : null;
}

/** Purges once now and then daily, when a retention is set; several processes purging at once delete the same rows. */
export function startEventRetention(db: Db, env: Record<string, string | undefined>): { stop(): void } {
  const days = eventRetentionDays(env);
  if (days === null) return { stop() {} };
  const run = () => void purgeEvents(db, new Date(Date.now() - days * DAY)).catch((error: unknown) => log.error({ err: error }, "event retention failed"));
  run();
  const timer = setInterval(run, DAY);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
