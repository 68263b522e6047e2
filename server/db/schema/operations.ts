import "server-only";
import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { ALARM_SEVERITIES, ALARM_TYPES } from "@/lib/alarms/schema";
import { LIFECYCLE_OPERATIONS, LIFECYCLE_STATUSES } from "@/lib/lifecycle/schema";
import { apiTokens, organizations, users } from "./identity";
import { nodes } from "./nodes";
import { enumRank } from "@/server/core/pagination";

const id = () => text("id").primaryKey().default(sql`gen_random_uuid()::text`);

export const devices = pgTable(
  "devices",
  {
    id: id(),
    serialNumber: text("serial_number").notNull(),
    // SHA-256 of the 8-character claim code printed on the device.
    claimCodeHash: text("claim_code_hash").notNull(),
    model: text("model").notNull().default(""),
    softwareVersion: text("software_version").notNull().default(""),
    configured: boolean("configured").notNull().default(false),
    mspOrganizationId: text("msp_organization_id").references(() => organizations.id, { onDelete: "set null" }),
    nodeId: text("node_id").references(() => nodes.id, { onDelete: "set null" }),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("devices_serial_idx").on(t.serialNumber),
    uniqueIndex("devices_node_idx").on(t.nodeId),
    index("devices_msp_idx").on(t.mspOrganizationId),
    // The inventory sorted by model (server/inventory/service.ts).
    index("devices_model_serial_idx").on(t.model, t.serialNumber, t.id),
  ],
);

/** An operation's status as a rank in the order of LIFECYCLE_STATUSES: the lifecycle tabs' state sort, and its index. */
export const lifecycleStatusRank = (status: AnyColumn | SQL) => enumRank(status, LIFECYCLE_STATUSES);

export const lifecycleOperations = pgTable(
  "lifecycle_operations",
  {
    id: id(),
    organizationId: text("organization_id").notNull().references(() => organizations.id, { onDelete: "cascade" }),
    deviceId: text("device_id").notNull().references(() => devices.id, { onDelete: "cascade" }),
    operation: text("operation", { enum: LIFECYCLE_OPERATIONS }).notNull(),
    version: text("version"),
    status: text("status", { enum: LIFECYCLE_STATUSES }).notNull().default("scheduled"),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    progress: integer("progress").notNull().default(0),
    summary: text("summary"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    cancelledBy: text("cancelled_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("lifecycle_org_status_idx").on(t.organizationId, t.status, t.scheduledAt),
    index("lifecycle_org_status_rank_idx").on(t.organizationId, lifecycleStatusRank(t.status), t.scheduledAt, t.id),
  ],
);

/** An alarm's severity as a rank, the most severe highest: the alarms page's severity sort, and its index. */
export const alarmSeverityRank = (severity: AnyColumn | SQL) => enumRank(severity, [...ALARM_SEVERITIES].reverse());

export const alarms = pgTable(
  "alarms",
  {
    id: id(),
    organizationId: text("organization_id").notNull().references(() => organizations.id, { onDelete: "cascade" }),
    message: text("message").notNull(),
    severity: text("severity", { enum: ALARM_SEVERITIES }).notNull(),
    type: text("type", { enum: ALARM_TYPES }).notNull(),
    source: text("source").notNull(),
    // What the alarm is about ("path:<id>", "link:<id>", …): at most one open alarm per subject and type.
    subject: text("subject").notNull(),
    raisedAt: timestamp("raised_at", { withTimezone: true }).notNull().defaultNow(),
    clearedAt: timestamp("cleared_at", { withTimezone: true }),
    // Why the alarm cleared when it was not the condition ending (a catalogue message, as the message is).
    clearedReason: text("cleared_reason"),
    acknowledgedBy: text("acknowledged_by").references(() => users.id, { onDelete: "set null" }),
    acknowledgedAt: timestamp("acknowledged_at", { withTimezone: true }),
    note: text("note"),
  },
  (t) => [
    index("alarms_org_raised_idx").on(t.organizationId, t.raisedAt),
    // The alarms page sorted by severity, the latest first within (server/alarms/service.ts).
    index("alarms_org_severity_idx").on(t.organizationId, alarmSeverityRank(t.severity), t.raisedAt, t.id),
    uniqueIndex("alarms_open_subject_idx").on(t.subject, t.type).where(sql`${t.clearedAt} is null`),
  ],
);

export const events = pgTable(
  "events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: text("organization_id").notNull().references(() => organizations.id, { onDelete: "cascade" }),
    timestamp: timestamp("timestamp", { withTimezone: true }).notNull().defaultNow(),
    source: text("source").notNull(),
    type: text("type").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    // What people called the object when the event was written: its events keep its name once it is deleted.
    entityName: text("entity_name"),
    nodeId: text("node_id"),
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    // The API token the change was made with (its owner is actorUserId); null for a browser session or the system.
    actorTokenId: text("actor_token_id").references(() => apiTokens.id, { onDelete: "set null" }),
    requestId: text("request_id"),
    before: jsonb("before"),
    after: jsonb("after"),
  },
  (t) => [
    index("events_org_time_idx").on(t.organizationId, t.timestamp),
    index("events_time_idx").on(t.timestamp, t.id),
    index("events_entity_idx").on(t.entityType, t.entityId),
    // An event's object by name (the events filter): the name leads, so that a query of one entity type alone (the
    // invitation budgets') keeps to its own partial index.
    index("events_entity_name_idx").on(sql`lower(${t.entityName})`, t.entityType),
    // Invitation mails sent by an organization and by an inviter in the last day (their budgets).
    index("events_invitation_org_idx").on(t.organizationId, t.timestamp).where(sql`${t.entityType} = 'invitation'`),
    index("events_invitation_actor_idx").on(t.actorUserId, t.timestamp).where(sql`${t.entityType} = 'invitation'`),
    // A token's changes, and the set-null when its owner (so the token) is deleted, without reading every event.
    index("events_actor_token_idx").on(t.actorTokenId, t.timestamp).where(sql`${t.actorTokenId} is not null`),
    // The audit log (server/audit/service.ts): people's changes, newest first, one index per filter it walks
    // (a console's organizations, a user, a kind, an object), partial on the rows it lists.
    index("events_audit_time_idx").on(t.timestamp, t.id).where(sql`${t.actorUserId} is not null`),
    index("events_audit_org_time_idx").on(t.organizationId, t.timestamp, t.id).where(sql`${t.actorUserId} is not null`),
    index("events_audit_actor_time_idx").on(t.actorUserId, t.timestamp, t.id).where(sql`${t.actorUserId} is not null`),
    index("events_audit_kind_time_idx").on(t.entityType, t.timestamp, t.id).where(sql`${t.actorUserId} is not null`),
    index("events_audit_entity_time_idx").on(t.entityId, t.timestamp, t.id).where(sql`${t.actorUserId} is not null`),
  ],
);
