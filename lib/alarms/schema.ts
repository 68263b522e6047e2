import { z } from "zod";
import { sortQueryShape } from "@/lib/pagination-schema";
import { organizationFilter } from "@/lib/validation/fields";
import { messageWithValues } from "@/lib/validation/messages";
import { ALARM_SEVERITIES, ALARM_TYPES, ALARM_ACKNOWLEDGED_FILTERS, ALARM_STATE_FILTERS, ALARM_BATCH_MAX, ALARM_NOTE_MAX_LENGTH, ALARM_SEARCH_MAX } from "./constants";

// SPEC §3 and §4: alarms raised on the network — active, acknowledged (hidden by default, shown on demand) and
// unacknowledged again. Shared by the alarms page and the API.

export { ALARM_SEVERITIES, ALARM_TYPES, ALARM_ACKNOWLEDGED_FILTERS, ALARM_STATE_FILTERS, ALARM_BATCH_MAX, ALARM_NOTE_MAX_LENGTH, type AlarmSeverity, type AlarmType, type AlarmAcknowledgedFilter, type AlarmStateFilter } from "./constants";
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
  /** Why it cleared when its condition did not end by itself ("Path … no longer measured: site … is inactive"). */
  clearedReason: z.string().nullable(),
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
  /** Words of the alarm's text, the name of what it is about (its source) or its type, in any case. */
  search: z.string().trim().max(ALARM_SEARCH_MAX, messageWithValues("validation.alarmSearchMax", { max: ALARM_SEARCH_MAX })).optional(),
  /** The console of one organization: its alarms only (within those the caller may see). */
  organizationId: organizationFilter(),
  ...sortQueryShape("alarms"),
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
