import "server-only";
import { randomBytes, randomUUID } from "node:crypto";
import { and, asc, count, eq, type SQL } from "drizzle-orm";
import type { PageQuery } from "@/lib/pagination";
import { WEBHOOK_TEST_EVENT } from "@/lib/webhooks/constants";
import type { WebhookAttempt, WebhookCreate, WebhookDelivery, WebhookEndpoint, WebhookUpdate, WebhookWithSecret } from "@/lib/webhooks/schema";
import { mutate } from "@/server/core/changes";
import { ConflictError, NotFoundError, ValidationError } from "@/server/core/errors";
import { keyset, timeKey } from "@/server/core/pagination";
import type { ServiceContext } from "@/server/core/service-context";
import { findVisibleOrganization, tenantWhere } from "@/server/core/tenancy";
import { changedColumns, setsNothing } from "@/server/db/changed-columns";
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from "@/server/db/schema";
import { encryptSecret } from "@/server/secrets/crypto";
import { assertEndpointUrl } from "./address";
import { toWebhookDelivery, toWebhookEndpoint } from "./shared";

// Webhook endpoints of an organization and their deliveries (issue 43 scope 2). The organization's admins manage
// them (the routes' scopes); whoever reads its configuration sees them. Another tenant's endpoint is a missing one.

/** Endpoints an organization may have: each is a queue the worker serves. */
export const WEBHOOK_ENDPOINTS_MAX = 20;

type EndpointRow = typeof webhookEndpoints.$inferSelect;

const newSecret = () => `whsec_${randomBytes(32).toString("base64url")}`;

const customersOnlyForMsp = () =>
  new ValidationError("validation.webhookCustomersMspOnly", undefined, [{ path: "includeCustomers", key: "validation.webhookCustomersMspOnly" }]).onField("includeCustomers");

/** An organization whose endpoints the caller may reach: visible, and a customer or an MSP (the operator has none). */
async function webhookOrganization(context: ServiceContext, organizationId: string) {
  const organization = await findVisibleOrganization(context.db, context.principal, organizationId);
  if (!organization || organization.organizationType === "maia") throw new NotFoundError();
  return organization;
}

async function findEndpoint(context: ServiceContext, webhookId: string, where?: SQL): Promise<EndpointRow> {
  const { db, principal } = context;
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, webhookId), tenantWhere(principal, webhookEndpoints.organizationId, db), where))
    .limit(1);
  if (!row) throw new NotFoundError();
  return row;
}

// GET /api/v1/organization/{organizationId}/webhook — by URL, a page at a time.
export async function listWebhooks(context: ServiceContext, organizationId: string, query: PageQuery) {
  const { db, principal } = context;
  const organization = await webhookOrganization(context, organizationId);
  const list = keyset({ column: webhookEndpoints.url, id: webhookEndpoints.id }, query);
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.organizationId, organization.id), tenantWhere(principal, webhookEndpoints.organizationId, db), list.after))
    .orderBy(...list.orderBy)
    .limit(list.limit);
  const page = list.page(rows, (row) => ({ value: row.url, id: row.id }));
  return { items: page.items.map(toWebhookEndpoint), nextCursor: page.nextCursor };
}

// GET /api/v1/webhook/{webhookId}
export async function getWebhook(context: ServiceContext, webhookId: string): Promise<WebhookEndpoint> {
  return toWebhookEndpoint(await findEndpoint(context, webhookId));
}

// POST /api/v1/organization/{organizationId}/webhook — the secret is in this answer only.
export async function createWebhook(context: ServiceContext, organizationId: string, input: WebhookCreate): Promise<WebhookWithSecret> {
  const organization = await webhookOrganization(context, organizationId);
  if (input.includeCustomers && organization.organizationType !== "msp") throw customersOnlyForMsp();
  await assertEndpointUrl(input.url);
  const secret = newSecret();
  const stored = await encryptSecret(context.db, secret);
  return mutate(context, async (tx, record) => {
    const [{ endpoints }] = await tx.select({ endpoints: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.organizationId, organization.id));
    if (endpoints >= WEBHOOK_ENDPOINTS_MAX) throw new ConflictError("apiErrors.webhookLimit", { max: WEBHOOK_ENDPOINTS_MAX });
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({ organizationId: organization.id, url: input.url, eventTypes: [...new Set(input.eventTypes)], includeCustomers: input.includeCustomers, enabled: input.enabled, secret: stored })
      .returning();
    const endpoint = toWebhookEndpoint(row);
    await record({ organizationId: organization.id, entityType: "webhookEndpoint", entityId: row.id, entityName: row.url, type: "created", after: endpoint });
    return { ...endpoint, secret };
  });
}

// PATCH /api/v1/webhook/{webhookId} — enabling a disabled endpoint starts it afresh (its failures forgotten).
export async function updateWebhook(context: ServiceContext, webhookId: string, input: WebhookUpdate): Promise<WebhookEndpoint> {
  const existing = await findEndpoint(context, webhookId);
  if (input.includeCustomers) {
    const organization = await webhookOrganization(context, existing.organizationId);
    if (organization.organizationType !== "msp") throw customersOnlyForMsp();
  }
  if (input.url !== undefined && input.url !== existing.url) await assertEndpointUrl(input.url);
  const wanted: Partial<EndpointRow> = {
    ...(input.url !== undefined && { url: input.url }),
    ...(input.eventTypes !== undefined && { eventTypes: [...new Set(input.eventTypes)] }),
    ...(input.includeCustomers !== undefined && { includeCustomers: input.includeCustomers }),
    ...(input.enabled !== undefined && { enabled: input.enabled }),
  };
  if (input.enabled === true && !existing.enabled) Object.assign(wanted, { failingSince: null, disabledAt: null, disabledReason: null });
  const changed = changedColumns(existing, wanted);
  if (setsNothing(changed)) return toWebhookEndpoint(existing);
  return mutate(context, async (tx, record) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ ...changed, updatedAt: new Date() })
      .where(eq(webhookEndpoints.id, existing.id))
      .returning();
    if (!row) throw new NotFoundError();
    const after = toWebhookEndpoint(row);
    await record({ organizationId: row.organizationId, entityType: "webhookEndpoint", entityId: row.id, entityName: row.url, type: "updated", before: toWebhookEndpoint(existing), after });
    return after;
  });
}

// DELETE /api/v1/webhook/{webhookId} — its deliveries and their attempts go with it.
export async function deleteWebhook(context: ServiceContext, webhookId: string): Promise<void> {
  const existing = await findEndpoint(context, webhookId);
  await mutate(context, async (tx, record) => {
    const [row] = await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, existing.id)).returning({ id: webhookEndpoints.id });
    if (!row) throw new NotFoundError();
    await record({ organizationId: existing.organizationId, entityType: "webhookEndpoint", entityId: existing.id, entityName: existing.url, type: "deleted", before: toWebhookEndpoint(existing) });
  });
}

// POST /api/v1/webhook/{webhookId}/secret — a new secret, in this answer only; the old one signs nothing more.
export async function rotateWebhookSecret(context: ServiceContext, webhookId: string): Promise<WebhookWithSecret> {
  const existing = await findEndpoint(context, webhookId);
  const secret = newSecret();
  const stored = await encryptSecret(context.db, secret);
  return mutate(context, async (tx, record) => {
    const now = new Date();
    const [row] = await tx.update(webhookEndpoints).set({ secret: stored, secretCreatedAt: now, updatedAt: now }).where(eq(webhookEndpoints.id, existing.id)).returning();
    if (!row) throw new NotFoundError();
    const after = toWebhookEndpoint(row);
    await record({ organizationId: row.organizationId, entityType: "webhookEndpoint", entityId: row.id, entityName: row.url, type: "updated", before: toWebhookEndpoint(existing), after });
    return { ...after, secret };
  });
}

// POST /api/v1/webhook/{webhookId}/test — a test event to this endpoint only, queued like any other.
export async function sendTestEvent(context: ServiceContext, webhookId: string): Promise<WebhookDelivery> {
  const endpoint = await findEndpoint(context, webhookId);
  const [row] = await context.db
    .insert(webhookDeliveries)
    .values({
      endpointId: endpoint.id,
      organizationId: endpoint.organizationId,
      eventId: randomUUID(),
      eventType: WEBHOOK_TEST_EVENT,
      eventOrganizationId: endpoint.organizationId,
      eventTime: new Date(),
      data: { message: "A test event from Maia Console", endpoint: { id: endpoint.id, url: endpoint.url }, actor: { type: "user", id: context.principal.userId, email: context.principal.email } },
    })
    .returning();
  return toWebhookDelivery(row);
}

// GET /api/v1/webhook/{webhookId}/delivery — newest first, a page at a time.
export async function listDeliveries(context: ServiceContext, webhookId: string, query: PageQuery) {
  const endpoint = await findEndpoint(context, webhookId);
  const list = keyset({ column: webhookDeliveries.createdAt, id: webhookDeliveries.id, time: true, direction: "desc" }, query);
  const rows = await context.db
    .select({ delivery: webhookDeliveries, sortKey: timeKey(webhookDeliveries.createdAt) })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpoint.id), list.after))
    .orderBy(...list.orderBy)
    .limit(list.limit);
  const page = list.page(rows, (row) => ({ value: row.sortKey, id: row.delivery.id }));
  return { items: page.items.map((row) => toWebhookDelivery(row.delivery)), nextCursor: page.nextCursor };
}

async function findDelivery(context: ServiceContext, webhookId: string, deliveryId: string) {
  const endpoint = await findEndpoint(context, webhookId);
  const [row] = await context.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpoint.id)))
    .limit(1);
  if (!row) throw new NotFoundError();
  return row;
}

/** A delivery's attempts kept for the log: a day of back-off makes a few dozen at most. */
const ATTEMPTS_SHOWN = 100;

// GET /api/v1/webhook/{webhookId}/delivery/{deliveryId}/attempt — every attempt, oldest first.
export async function listAttempts(context: ServiceContext, webhookId: string, deliveryId: string): Promise<WebhookAttempt[]> {
  const delivery = await findDelivery(context, webhookId, deliveryId);
  const rows = await context.db
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.deliveryId, delivery.id))
    .orderBy(asc(webhookAttempts.attempt))
    .limit(ATTEMPTS_SHOWN);
  return rows.map((row) => ({
    attempt: row.attempt,
    startedAt: row.startedAt.toISOString(),
    durationMs: row.durationMs,
    statusCode: row.statusCode,
    responseExcerpt: row.responseExcerpt,
    error: row.error,
  }));
}

// POST /api/v1/webhook/{webhookId}/delivery/{deliveryId}/redeliver — the same event (same id) again, as a new
// delivery at the end of the endpoint's queue.
export async function redeliver(context: ServiceContext, webhookId: string, deliveryId: string): Promise<WebhookDelivery> {
  const original = await findDelivery(context, webhookId, deliveryId);
  const [row] = await context.db
    .insert(webhookDeliveries)
    .values({
      endpointId: original.endpointId,
      organizationId: original.organizationId,
      eventId: original.eventId,
      eventType: original.eventType,
      eventOrganizationId: original.eventOrganizationId,
      eventTime: original.eventTime,
      data: original.data,
      redeliveryOf: original.id,
    })
    .returning();
  return toWebhookDelivery(row);
}
