import "server-only";
import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { organizations } from "./identity";

const id = () => text("id").primaryKey().default(sql`gen_random_uuid()::text`);
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

// Webhooks (issue 43 scope 2): an organization's endpoints, and the deliveries to them. A delivery row is written in
// the transaction of the change it tells of (the outbox), so a change committed is a delivery kept, whatever happens
// to the process; the worker (server/webhooks/worker.ts) sends them, one endpoint's in the order they were written.

export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: id(),
    organizationId: text("organization_id").notNull().references(() => organizations.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    eventTypes: text("event_types").array().notNull(),
    // An MSP's endpoint may also hear its customers' events; never another tenant's.
    includeCustomers: boolean("include_customers").notNull().default(false),
    enabled: boolean("enabled").notNull().default(true),
    // Encrypted (server/secrets/crypto.ts): the signing key is needed in clear to sign, so it cannot be a hash.
    secret: text("secret").notNull(),
    // When the secret was made (creation or rotation): its events show a rotation.
    secretCreatedAt: timestamp("secret_created_at", { withTimezone: true }).notNull().defaultNow(),
    // The first failed attempt of the current run of failures; null while the endpoint answers.
    failingSince: timestamp("failing_since", { withTimezone: true }),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    disabledReason: text("disabled_reason", { enum: ["failing"] }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("webhook_endpoints_org_url_idx").on(t.organizationId, t.url, t.id)],
);

export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: id(),
    // The order of an endpoint's deliveries: a later one waits until the ones before it succeeded or were given up.
    sequence: bigint("sequence", { mode: "number" }).notNull().generatedAlwaysAsIdentity(),
    endpointId: text("endpoint_id").notNull().references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    // The endpoint's organization (who may see this delivery), not necessarily the event's (an MSP hears customers').
    organizationId: text("organization_id").notNull().references(() => organizations.id, { onDelete: "cascade" }),
    // The event's id: the same in every delivery of one event, and in a redelivery (receivers dedupe on it).
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    eventOrganizationId: text("event_organization_id").notNull(),
    eventTime: timestamp("event_time", { withTimezone: true }).notNull(),
    data: jsonb("data").notNull(),
    status: text("status", { enum: ["pending", "succeeded", "failed"] }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    // A worker's claim: another worker takes the delivery over only once it has passed.
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    lastStatusCode: integer("last_status_code"),
    lastDurationMs: integer("last_duration_ms"),
    lastResponse: text("last_response"),
    lastError: text("last_error"),
    redeliveryOf: text("redelivery_of"),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("webhook_deliveries_endpoint_time_idx").on(t.endpointId, t.createdAt, t.id),
    // The worker's reads: the head of each endpoint's queue, and what is due.
    index("webhook_deliveries_pending_idx").on(t.endpointId, t.sequence).where(sql`${t.status} = 'pending'`),
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    // The log's pruning: finished deliveries, oldest first.
    index("webhook_deliveries_finished_idx").on(t.finishedAt).where(sql`${t.status} <> 'pending'`),
  ],
);

export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: text("delivery_id").notNull().references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    durationMs: integer("duration_ms").notNull(),
    statusCode: integer("status_code"),
    responseExcerpt: text("response_excerpt"),
    error: text("error"),
  },
  (t) => [index("webhook_attempts_delivery_idx").on(t.deliveryId, t.attempt)],
);
