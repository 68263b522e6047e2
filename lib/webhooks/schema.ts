import { z } from "zod";
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES, WEBHOOK_URL_MAX_LENGTH } from "./constants";

// Webhook endpoints and their deliveries (issue 43 scope 2). The secret is answered once, when it is made (creation
// or rotation), never listed.

export { WEBHOOK_EVENT_TYPES, WEBHOOK_DELIVERY_STATUSES, WEBHOOK_HEADERS, WEBHOOK_TEST_EVENT } from "./constants";

const webhookUrl = () =>
  z
    .string({ error: "validation.webhookUrlRequired" })
    .trim()
    .min(1, "validation.webhookUrlRequired")
    .max(WEBHOOK_URL_MAX_LENGTH, "validation.webhookUrlInvalid")
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), "validation.webhookUrlInvalid");

const eventTypes = () =>
  z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { error: "validation.webhookEventType" }), { error: "validation.webhookEventTypesRequired" })
    .min(1, "validation.webhookEventTypesRequired")
    .max(WEBHOOK_EVENT_TYPES.length);

// GET /api/v1/webhook/{webhookId}
export const webhookEndpointSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  url: z.string(),
  eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  includeCustomers: z.boolean(),
  enabled: z.boolean(),
  /** When its secret was made (at creation, or its last rotation). */
  secretCreatedAt: z.string(),
  /** When the current run of failed attempts began; null while the endpoint answers. */
  failingSince: z.string().nullable(),
  /** Set when the console disabled the endpoint after WEBHOOK_FAILING_LIMIT_MS of failures. */
  disabledAt: z.string().nullable(),
  disabledReason: z.enum(["failing"]).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

// POST /api/v1/organization/{organizationId}/webhook
export const webhookCreateSchema = z.strictObject({
  url: webhookUrl(),
  eventTypes: eventTypes(),
  includeCustomers: z.boolean({ error: "validation.invalidType" }).default(false),
  enabled: z.boolean({ error: "validation.invalidType" }).default(true),
});
export type WebhookCreate = z.infer<typeof webhookCreateSchema>;

// PATCH /api/v1/webhook/{webhookId}
export const webhookUpdateSchema = webhookCreateSchema.partial();
export type WebhookUpdate = z.infer<typeof webhookUpdateSchema>;

/** An endpoint with its secret: the answer of a creation or a rotation, the only time the secret is shown. */
export const webhookWithSecretSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

// GET /api/v1/webhook/{webhookId}/delivery — one delivery and its last attempt.
export const webhookDeliverySchema = z.object({
  id: z.string(),
  endpointId: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  eventOrganizationId: z.string(),
  eventTime: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  lastStatusCode: z.number().int().nullable(),
  lastDurationMs: z.number().int().nullable(),
  lastResponse: z.string().nullable(),
  lastError: z.string().nullable(),
  redeliveryOf: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

// GET /api/v1/webhook/{webhookId}/delivery/{deliveryId}/attempt — every attempt of a delivery, oldest first.
export const webhookAttemptSchema = z.object({
  attempt: z.number().int(),
  startedAt: z.string(),
  durationMs: z.number().int(),
  statusCode: z.number().int().nullable(),
  responseExcerpt: z.string().nullable(),
  error: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;
