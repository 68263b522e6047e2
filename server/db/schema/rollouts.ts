import "server-only";
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { ROLLOUT_STATUSES, ROLLOUT_WAVE_MODES, ROLLOUT_WAVE_STATUSES, type RolloutVerdict } from "@/lib/lifecycle/rollout-schema";
import { organizations, users } from "./identity";

// Staged rollouts (issue 15 item 7): the rollout, and its waves in order. A wave's operations are ordinary
// lifecycle operations (lifecycle_operations), listed here by id once the wave starts.

const id = () => text("id").primaryKey().default(sql`gen_random_uuid()::text`);

export const rollouts = pgTable(
  "rollouts",
  {
    id: id(),
    organizationId: text("organization_id").notNull().references(() => organizations.id, { onDelete: "cascade" }),
    version: text("version").notNull(),
    waveMode: text("wave_mode", { enum: ROLLOUT_WAVE_MODES }).notNull(),
    waveSize: integer("wave_size").notNull(),
    observationSeconds: integer("observation_seconds").notNull(),
    status: text("status", { enum: ROLLOUT_STATUSES }).notNull().default("running"),
    /** The index (0-based) of the wave installing, observed, or that halted. */
    currentWave: integer("current_wave").notNull().default(0),
    /** Why it halted: a catalogue message ("rollout.halt.degraded::{…}"), kept after a resume or cancel. */
    haltReason: text("halt_reason"),
    /** When the scheduler looks at it next (a running rollout only). */
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    resumedBy: text("resumed_by").references(() => users.id, { onDelete: "set null" }),
    cancelledBy: text("cancelled_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("rollouts_org_created_idx").on(t.organizationId, t.createdAt),
    index("rollouts_due_idx").on(t.nextCheckAt).where(sql`${t.status} = 'running'`),
  ],
);

export const rolloutWaves = pgTable(
  "rollout_waves",
  {
    id: id(),
    rolloutId: text("rollout_id").notNull().references(() => rollouts.id, { onDelete: "cascade" }),
    index: integer("index").notNull(),
    status: text("status", { enum: ROLLOUT_WAVE_STATUSES }).notNull().default("pending"),
    deviceIds: text("device_ids").array().notNull(),
    /** The wave's lifecycle operations, created when it starts. */
    operationIds: text("operation_ids").array().notNull().default(sql`'{}'::text[]`),
    startedAt: timestamp("started_at", { withTimezone: true }),
    installedAt: timestamp("installed_at", { withTimezone: true }),
    observeUntil: timestamp("observe_until", { withTimezone: true }),
    verdict: jsonb("verdict").$type<RolloutVerdict>(),
  },
  (t) => [uniqueIndex("rollout_waves_rollout_index_idx").on(t.rolloutId, t.index)],
);
