import "server-only";
import { sql } from "drizzle-orm";
import { boolean, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { LINK_STATUSES, PATH_SLA_STATES, PORT_STATES } from "@/lib/health";
import { organizations, users } from "./identity";
import { links, nodes } from "./nodes";
import { devices } from "./operations";
import { connectors, paths, sites } from "./sites";

// Telemetry (issue 5). The samples and their hourly rollups live in time-partitioned tables created by raw SQL
// (migration 0005_telemetry_samples and server/telemetry/partitions.ts): drizzle-kit cannot declare PARTITION BY. The plain tables
// below hold what is current — device tokens, each object's latest state — and the hours awaiting a rollup.

export const deviceTokens = pgTable(
  "device_tokens",
  {
    // SHA-256 of the bearer token the device sends; the token itself is shown once and never stored.
    tokenHash: text("token_hash").primaryKey(),
    deviceId: text("device_id").notNull().references(() => devices.id, { onDelete: "cascade" }),
    // The MSP the device belonged to when the token was issued: a device released and claimed by another MSP
    // does not carry the old MSP's token over.
    mspOrganizationId: text("msp_organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  // One live token per device: issuing a new one revokes the old one.
  (t) => [uniqueIndex("device_tokens_live_idx").on(t.deviceId).where(sql`${t.revokedAt} is null`)],
);

/** What a device last said about itself, and when it was last heard from (any batch). */
export const telemetryDeviceState = pgTable(
  "telemetry_device_state",
  {
    deviceId: text("device_id")
      .primaryKey()
      .references(() => devices.id, { onDelete: "cascade" }),
    nodeId: text("node_id").references(() => nodes.id, { onDelete: "set null" }),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
    // The time of the device sample the figures below come from.
    reportedAt: timestamp("reported_at", { withTimezone: true }),
    uptimeSeconds: integer("uptime_seconds"),
    softwareVersion: text("software_version"),
    cpuPercent: doublePrecision("cpu_percent"),
    memoryPercent: doublePrecision("memory_percent"),
    // Set by the silent-device sweep, cleared by the next batch: the device-unreachable condition.
    silent: boolean("silent").notNull().default(false),
    silentSince: timestamp("silent_since", { withTimezone: true }),
  },
  (t) => [index("telemetry_device_state_seen_idx").on(t.lastSeenAt)],
);

/** The latest live state of each front-panel port (interface port id, or switch-port index as text). */
export const telemetryPortState = pgTable(
  "telemetry_port_state",
  {
    nodeId: text("node_id")
      .notNull()
      .references(() => nodes.id, { onDelete: "cascade" }),
    portId: text("port_id").notNull(),
    status: text("status", { enum: PORT_STATES }).notNull(),
    rxBps: doublePrecision("rx_bps").notNull(),
    txBps: doublePrecision("tx_bps").notNull(),
    sampledAt: timestamp("sampled_at", { withTimezone: true }).notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.nodeId, t.portId] })],
);

/** The latest live state of a link as each of its ends reports it. */
export const telemetryLinkState = pgTable(
  "telemetry_link_state",
  {
    linkId: text("link_id")
      .notNull()
      .references(() => links.id, { onDelete: "cascade" }),
    reporterNodeId: text("reporter_node_id")
      .notNull()
      .references(() => nodes.id, { onDelete: "cascade" }),
    status: text("status", { enum: LINK_STATUSES }).notNull(),
    latencyMs: doublePrecision("latency_ms"),
    lossPercent: doublePrecision("loss_percent"),
    rxBps: doublePrecision("rx_bps").notNull(),
    txBps: doublePrecision("tx_bps").notNull(),
    sampledAt: timestamp("sampled_at", { withTimezone: true }).notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.reporterNodeId] })],
);

/** The latest live state of a site connector. */
export const telemetryConnectorState = pgTable(
  "telemetry_connector_state",
  {
    connectorId: text("connector_id")
      .primaryKey()
      .references(() => connectors.id, { onDelete: "cascade" }),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    status: text("status", { enum: LINK_STATUSES }).notNull(),
    rxBps: doublePrecision("rx_bps").notNull(),
    txBps: doublePrecision("tx_bps").notNull(),
    sampledAt: timestamp("sampled_at", { withTimezone: true }).notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("telemetry_connector_state_site_idx").on(t.siteId), index("telemetry_connector_state_org_idx").on(t.organizationId)],
);

/** A path's SLA as last evaluated from its recent samples (paths.sla_health holds the state itself). */
export const telemetryPathState = pgTable(
  "telemetry_path_state",
  {
    pathId: text("path_id")
      .primaryKey()
      .references(() => paths.id, { onDelete: "cascade" }),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    lastSampleAt: timestamp("last_sample_at", { withTimezone: true }).notNull(),
    latencyMs: doublePrecision("latency_ms"),
    jitterMs: doublePrecision("jitter_ms"),
    lossPercent: doublePrecision("loss_percent"),
    samples: integer("samples").notNull(),
    sla: text("sla", { enum: PATH_SLA_STATES }).notNull(),
    evaluatedAt: timestamp("evaluated_at", { withTimezone: true }).notNull(),
  },
  // The stale-SLA sweep finds the verdicts whose samples stopped here, oldest first: only verdicts that still say
  // something are in it, so a network whose paths all report fresh samples costs the sweep nothing.
  (t) => [index("telemetry_path_state_known_stale_idx").on(t.lastSampleAt).where(sql`${t.sla} <> 'unknown'`)],
);

/** Hours of a sample table that received samples since their rollup was last computed. */
export const telemetryDirtyHours = pgTable(
  "telemetry_dirty_hours",
  {
    kind: text("kind").notNull(),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    // Bumped by every batch touching the hour, so a rollup running meanwhile leaves the mark in place.
    markedAt: timestamp("marked_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.hour] })],
);
