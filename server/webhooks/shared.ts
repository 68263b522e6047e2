import "server-only";
import type { WebhookDelivery, WebhookEndpoint } from "@/lib/webhooks/schema";
import type { WebhookEventType } from "@/lib/webhooks/constants";
import { iso } from "@/server/core/rows";
import type { webhookDeliveries, webhookEndpoints } from "@/server/db/schema";

/** An endpoint as the API answers it (and as its events keep it): never its secret. */
export function toWebhookEndpoint(row: typeof webhookEndpoints.$inferSelect): WebhookEndpoint {
  return {
    id: row.id,
    organizationId: row.organizationId,
    url: row.url,
    eventTypes: row.eventTypes as WebhookEventType[],
    includeCustomers: row.includeCustomers,
    enabled: row.enabled,
    secretCreatedAt: row.secretCreatedAt.toISOString(),
    failingSince: iso(row.failingSince),
    disabledAt: iso(row.disabledAt),
    disabledReason: row.disabledReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toWebhookDelivery(row: typeof webhookDeliveries.$inferSelect): WebhookDelivery {
  return {
    id: row.id,
    endpointId: row.endpointId,
    eventId: row.eventId,
    eventType: row.eventType,
    eventOrganizationId: row.eventOrganizationId,
    eventTime: row.eventTime.toISOString(),
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
    lastAttemptAt: iso(row.lastAttemptAt),
    lastStatusCode: row.lastStatusCode,
    lastDurationMs: row.lastDurationMs,
    lastResponse: row.lastResponse,
    lastError: row.lastError,
    redeliveryOf: row.redeliveryOf,
    createdAt: row.createdAt.toISOString(),
    finishedAt: iso(row.finishedAt),
  };
}
