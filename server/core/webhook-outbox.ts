import "server-only";
import { randomUUID } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import type { WebhookEventType } from "@/lib/webhooks/constants";
import { actionOfChange, type ChangeType } from "@/lib/realtime-contract";
import { queryRows, type Db } from "@/server/db/client";
import type { Transaction } from "./service-context";

// The webhooks' outbox (issue 43 scope 2). Every change is recorded by server/core/changes.ts; the changes a
// webhook may tell of are queued here, in the same transaction, as one delivery row per endpoint that subscribed to
// them: a rolled-back change queues nothing, a committed one is never lost to a crash, and the request that made it
// pays one INSERT … SELECT and never waits for a receiver. The worker (server/webhooks/worker.ts) sends them.

/** What the outbox reads of a change (ChangeRecord's fields, with its event's name). */
export interface OutboxChange {
  organizationId: string;
  entityType: string;
  entityId: string;
  entityName: string | null;
  type: ChangeType;
  before?: unknown;
  after?: unknown;
}

/** Who made the change: a person (with the request it came in) or the console itself. */
export type OutboxActor = { type: "user"; id: string; email: string; requestId: string } | { type: "system"; source: string };

/** Configuration: what people create, edit and delete. Alarms and lifecycle operations have their own types. */
const CONFIGURATION_ACTIONS = new Set(["created", "updated", "deleted"]);
const NOT_CONFIGURATION = new Set(["alarm", "lifecycleOperation", "rollout"]);

const statusOf = (side: unknown) => (side && typeof side === "object" ? (side as { status?: unknown }).status : undefined);

/** The webhook event type a change is, or null when no webhook tells of it. */
export function webhookTypeOfChange(change: Pick<OutboxChange, "entityType" | "type" | "before" | "after">): WebhookEventType | null {
  const action = actionOfChange(change.type);
  switch (change.entityType) {
    case "alarm":
      return action === "raised" ? "alarm.raised" : action === "acknowledged" ? "alarm.acknowledged" : action === "cleared" ? "alarm.cleared" : null;
    case "lifecycleOperation":
      // A progress tick is an update too: only a new status is a state change.
      return statusOf(change.before) !== statusOf(change.after) ? "lifecycle_operation.state_changed" : null;
    case "rollout":
      return action === "halted" ? "rollout.halted" : null;
    case "invitation":
      if (action === "accepted") return "invitation.accepted";
  }
  return CONFIGURATION_ACTIONS.has(action) && !NOT_CONFIGURATION.has(change.entityType) ? "configuration.changed" : null;
}

/**
 * The endpoints that receive an event of an organization: that organization's own, and its MSP's when the MSP's
 * endpoint includes its customers' events. Never another tenant's: `organization` is the event's.
 */
export function subscribedEndpointsWhere(endpoint: SQL, organization: SQL, type: SQL): SQL {
  return sql`${endpoint}.enabled and ${type} = any(${endpoint}.event_types)
    and (${endpoint}.organization_id = ${organization}
      or (${endpoint}.include_customers and ${endpoint}.organization_id =
        (select o.parent_id from organizations o where o.id = ${organization} and o.organization_type = 'customer')))`;
}

/**
 * Per transaction, the (organization, event type) pairs no endpoint subscribed to when it first asked: a batch of a
 * thousand changes (an import) then pays one statement, not a thousand, while no one listens. An endpoint committed
 * meanwhile by another transaction hears the changes that start after it.
 */
const unheard = new WeakMap<object, Set<string>>();

/** A transaction, not the database itself: what is learned in it ends with it. */
const isTransaction = (executor: Transaction | Db): executor is Transaction => "rollback" in executor;

/** Queues one event for every endpoint subscribed to it (none: nothing written). */
export async function enqueueWebhookEvent(tx: Transaction | Db, event: { type: WebhookEventType; organizationId: string; data: unknown }): Promise<void> {
  const key = `${event.organizationId}|${event.type}`;
  const known = isTransaction(tx) ? unheard.get(tx) : undefined;
  if (known?.has(key)) return;
  const eventId = randomUUID();
  const organization = sql`${event.organizationId}::text`;
  const type = sql`${event.type}::text`;
  const queued = await queryRows<{ id: string }>(
    tx as Db,
    sql`insert into webhook_deliveries (endpoint_id, organization_id, event_id, event_type, event_organization_id, event_time, data, next_attempt_at)
        select e.id, e.organization_id, ${eventId}, ${type}, ${organization}, now(), ${JSON.stringify(event.data)}::jsonb, now()
        from webhook_endpoints e
        where ${subscribedEndpointsWhere(sql`e`, organization, type)}
        returning id`,
  );
  if (queued.length === 0 && isTransaction(tx)) unheard.set(tx, (known ?? new Set()).add(key));
}

/** Queues the webhook event of a recorded change, when it is one (the data: the object, before and after, who). */
export async function enqueueChange(tx: Transaction | Db, change: OutboxChange, actor: OutboxActor): Promise<void> {
  const type = webhookTypeOfChange(change);
  if (!type) return;
  const data = {
    object: { type: change.entityType, id: change.entityId, name: change.entityName },
    action: actionOfChange(change.type),
    before: change.before ?? null,
    after: change.after ?? null,
    actor,
  };
  await enqueueWebhookEvent(tx, { type, organizationId: change.organizationId, data });
}
