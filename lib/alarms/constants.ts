// The alarms' enumerations and limits, without zod: the alarms page reads them on first load; lib/alarms/schema.ts
// builds the API's schemas from them.

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
/** The alarms page's search box: at most this many characters. */
export const ALARM_SEARCH_MAX = 100;
export const ALARM_NOTE_MAX_LENGTH = 500;

