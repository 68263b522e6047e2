import { z } from "zod";
import { organizationFilter } from "@/lib/validation/fields";
import { messageWithValues } from "@/lib/validation/messages";

// SPEC §3 and §4: alarms raised on the network — active, acknowledged (hidden by default, shown on demand) and
// unacknowledged again. Shared by the alarms page and the API.

export const ALARM_SEVERITIES = ["critical", "major", "minor", "warning"] as const;
export type AlarmSeverity = (typeof ALARM_SEVERITIES)[number];
export const ALARM_TYPES = ["sla-bad", "port-down", "link-down", "device-unreachable", "rollout-halted"] as const;
export type AlarmType = (typeof ALARM_TYPES)[number];
/** The show-acknowledged toggle: unacknowledged only (the default), acknowledged only, or both. */
export const ALARM_ACKNOWLEDGED_FILTERS = ["false", "true", "all"] as const;
export type AlarmAcknowledgedFilter = (typeof ALARM_ACKNOWLEDGED_FILTERS)[number];
/**
 * Whether the condition still lasts: active (not cleared), cleared, or both (the default). An alarm leaves the default
 * view when someone acknowledges it, not when it clears: a port that flapped and came back is news until seen.
 */
export const ALARM_STATE_FILTERS = ["active", "cleared", "all"] as const;
export type AlarmStateFilter = (typeof ALARM_STATE_FILTERS)[number];

export const ALARM_BATCH_MAX = 500;
export const ALARM_NOTE_MAX_LENGTH = 500;

export const alarmSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  message: z.string(),
  severity: z.enum(ALARM_SEVERITIES),
  type: z.enum(ALARM_TYPES),
  source: z.string(),
  raisedAt: z.string(),
  /** When the condition went away; null while it lasts. */
  clearedAt: z.string().nullable(),
  acknowledged: z.boolean(),
  /** The name (or email) of the person who acknowledged it. */
  acknowledgedBy: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  note: z.string().nullable(),
});
export type Alarm = z.infer<typeof alarmSchema>;

// GET /api/v1/alarm — acknowledged alarms are hidden unless asked for (SPEC §4).
export const alarmListQuerySchema = z.object({
  acknowledged: z.enum(ALARM_ACKNOWLEDGED_FILTERS, { error: "validation.alarmAcknowledgedFilter" }).default("false"),
  state: z.enum(ALARM_STATE_FILTERS, { error: "validation.alarmStateFilter" }).default("all"),
  severity: z.enum(ALARM_SEVERITIES, { error: "validation.alarmSeverity" }).optional(),
  type: z.enum(ALARM_TYPES, { error: "validation.alarmType" }).optional(),
  /** The console of one organization: its alarms only (within those the caller may see). */
  organizationId: organizationFilter(),
});
export type AlarmListQuery = z.infer<typeof alarmListQuerySchema>;

const NOTE_MAX_MESSAGE = messageWithValues("validation.alarmNoteMax", { max: ALARM_NOTE_MAX_LENGTH });

const alarmIds = () =>
  z
    .array(z.string({ error: "validation.alarmIdsRequired" }).trim().min(1, "validation.alarmIdsRequired").max(64, "validation.alarmIdsRequired"), {
      error: "validation.alarmIdsRequired",
    })
    .min(1, "validation.alarmIdsRequired")
    .max(ALARM_BATCH_MAX, messageWithValues("validation.alarmIdsMax", { max: ALARM_BATCH_MAX }))
    .transform((ids) => [...new Set(ids)]);

// POST /api/v1/alarm/acknowledge — alarms to acknowledge, all or none, with an optional note.
export const alarmAcknowledgeSchema = z.strictObject({
  alarmIds: alarmIds(),
  note: z
    .string({ error: NOTE_MAX_MESSAGE })
    .trim()
    .max(ALARM_NOTE_MAX_LENGTH, NOTE_MAX_MESSAGE)
    .nullish()
    .transform((note) => note || null),
});
export type AlarmAcknowledge = z.infer<typeof alarmAcknowledgeSchema>;

// POST /api/v1/alarm/unacknowledge — alarms to show as active again, all or none.
export const alarmUnacknowledgeSchema = z.strictObject({ alarmIds: alarmIds() });
export type AlarmUnacknowledge = z.infer<typeof alarmUnacknowledgeSchema>;
