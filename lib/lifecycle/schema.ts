import { z } from "zod";
import { sortQueryShape } from "@/lib/pagination-schema";
import { messageWithValues } from "@/lib/validation/messages";

// SPEC §3 and §4: lifecycle operations (install a software version, or reboot) on an MSP's devices, scheduled now
// or later, shown in the Scheduled, Running and Finished tabs. Shared by the lifecycle pages and the API.

export const LIFECYCLE_OPERATIONS = ["install-version", "reboot"] as const;
export type LifecycleOperationKind = (typeof LIFECYCLE_OPERATIONS)[number];
export const LIFECYCLE_STATUSES = ["scheduled", "active", "success", "failed", "cancelled"] as const;
export type LifecycleStatus = (typeof LIFECYCLE_STATUSES)[number];
export const LIFECYCLE_STARTS = ["now", "later"] as const;
export type LifecycleStart = (typeof LIFECYCLE_STARTS)[number];

/** The tabs of msp/lifecycle and the statuses each shows. */
export const LIFECYCLE_TABS = {
  scheduled: ["scheduled"],
  running: ["active"],
  finished: ["success", "failed", "cancelled"],
} as const satisfies Record<string, readonly LifecycleStatus[]>;
export type LifecycleTab = keyof typeof LIFECYCLE_TABS;
export const LIFECYCLE_TAB_NAMES = Object.keys(LIFECYCLE_TABS) as LifecycleTab[];

/** At most this many devices in one schedule, or operations in one cancel. */
export const LIFECYCLE_BATCH_MAX = 500;
const VERSION = /^[A-Za-z0-9][A-Za-z0-9._+-]*$/;

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** An ISO 8601 date and time with its time zone ("2026-12-01T02:00:00Z"), or null when it is not one. */
export function parseDateTime(value: string): Date | null {
  const text = value.trim();
  if (!DATE_TIME.test(text)) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

const version = () =>
  z
    .string({ error: "validation.versionRequired" })
    .trim()
    .min(1, "validation.versionRequired")
    .max(64, "validation.versionInvalid")
    .refine((value) => VERSION.test(value), "validation.versionInvalid");

const idList = (requiredKey: string) =>
  z
    .array(z.string({ error: requiredKey }).trim().min(1, requiredKey).max(64, requiredKey), { error: requiredKey })
    .min(1, requiredKey)
    .max(LIFECYCLE_BATCH_MAX, messageWithValues("validation.lifecycleBatchMax", { max: LIFECYCLE_BATCH_MAX }))
    .transform((ids) => [...new Set(ids)]);

/** The start time of a "later" operation (or staged rollout): required, a date and time, in the future (SPEC §4). */
export function checkScheduledAt(value: string | null | undefined, ctx: z.RefinementCtx): Date | undefined {
  if (value === undefined || value === null || value.trim() === "") {
    ctx.addIssue({ code: "custom", path: ["scheduledAt"], message: "validation.scheduledAtRequired" });
    return undefined;
  }
  const date = parseDateTime(value);
  if (!date) ctx.addIssue({ code: "custom", path: ["scheduledAt"], message: "validation.scheduledAtInvalid" });
  else if (date.getTime() <= Date.now()) ctx.addIssue({ code: "custom", path: ["scheduledAt"], message: "validation.scheduledAtFuture" });
  return date ?? undefined;
}

// POST /api/v1/lifecycle/operation — one operation per device, all in one transaction. Start "now" is scheduled
// at the current time (the scheduler picks it up); "later" at the given, future, time.
export const lifecycleOperationCreateSchema = z
  .strictObject({
    /** The devices of the nodes the operation runs on ("Node is required" when there is none). */
    deviceIds: idList("validation.nodeRequired"),
    operation: z.enum(LIFECYCLE_OPERATIONS, { error: "validation.lifecycleOperation" }),
    /** Required for install-version ("Version is required"); ignored for a reboot. */
    version: z.string({ error: "validation.versionInvalid" }).nullish(),
    start: z.enum(LIFECYCLE_STARTS, { error: "validation.lifecycleStart" }),
    /** ISO 8601 with a time zone; required, and in the future, when start is "later"; ignored for "now". */
    scheduledAt: z.string({ error: "validation.scheduledAtInvalid" }).nullish(),
  })
  // Checked even when another field is wrong, so a form shows every message at once ("Node is required" and
  // "Version is required" together).
  .superRefine(
    (input, ctx) => {
      if (input.operation === "install-version") {
        const parsed = version().safeParse(input.version ?? undefined);
        if (!parsed.success) ctx.addIssue({ code: "custom", path: ["version"], message: parsed.error.issues[0].message });
      }
      if (input.start === "later") checkScheduledAt(typeof input.scheduledAt === "string" ? input.scheduledAt : undefined, ctx);
    },
    { when: ({ value }) => typeof value === "object" && value !== null },
  )
  .transform((input) => ({
    deviceIds: input.deviceIds,
    operation: input.operation,
    version: input.operation === "install-version" ? version().parse(input.version) : null,
    start: input.start,
    scheduledAt: input.start === "later" && input.scheduledAt ? (parseDateTime(input.scheduledAt) ?? undefined) : undefined,
  }));
export type LifecycleOperationCreate = z.infer<typeof lifecycleOperationCreateSchema>;
export type LifecycleOperationCreateInput = z.input<typeof lifecycleOperationCreateSchema>;

// PATCH /api/v1/lifecycle/operation/{id} — a scheduled operation's new start time, in the future.
export const lifecycleOperationUpdateSchema = z
  .strictObject({ scheduledAt: z.string({ error: "validation.scheduledAtRequired" }) })
  .transform((input, ctx) => ({ scheduledAt: checkScheduledAt(input.scheduledAt, ctx) ?? new Date(Number.NaN) }));
export type LifecycleOperationUpdate = z.infer<typeof lifecycleOperationUpdateSchema>;

// POST /api/v1/lifecycle/operation/cancel — scheduled operations to cancel, all or none.
export const lifecycleOperationCancelSchema = z.strictObject({ operationIds: idList("validation.operationIdsRequired") });
export type LifecycleOperationCancel = z.infer<typeof lifecycleOperationCancelSchema>;

export const lifecycleOperationSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  deviceId: z.string(),
  serialNumber: z.string(),
  nodeId: z.string().nullable(),
  nodeName: z.string().nullable(),
  operation: z.enum(LIFECYCLE_OPERATIONS),
  /** The version an install-version operation installs; null for a reboot. */
  version: z.string().nullable(),
  status: z.enum(LIFECYCLE_STATUSES),
  scheduledAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Seconds from start to finish (to now while running); null before it starts. */
  durationSeconds: z.number().int().nullable(),
  /** Percent, 0 to 100. */
  progress: z.number().int().min(0).max(100),
  summary: z.string().nullable(),
  /** The name (or email) of the person who scheduled it, and of the one who cancelled it. */
  createdBy: z.string().nullable(),
  cancelledBy: z.string().nullable(),
  updatedAt: z.string(),
  /** On the Finished tab: how many operations of its batch (scheduled together) are still scheduled or running. */
  batchUnfinished: z.number().int().min(0).optional(),
});
export type LifecycleOperation = z.infer<typeof lifecycleOperationSchema>;

// GET /api/v1/lifecycle/operation — one tab, a page at a time.
export const lifecycleOperationListQuerySchema = z.object({
  tab: z.enum(LIFECYCLE_TAB_NAMES as [LifecycleTab, ...LifecycleTab[]], { error: "validation.lifecycleTab" }).default("scheduled"),
  /** The operator inside an MSP's lifecycle page: that MSP's operations only. */
  organizationId: z.string().trim().max(64).optional(),
  ...sortQueryShape("lifecycle"),
});
export type LifecycleOperationListQuery = z.infer<typeof lifecycleOperationListQuerySchema>;
