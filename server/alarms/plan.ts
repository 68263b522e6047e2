import "server-only";
import type { AlarmCondition } from "./engine";

// What the alarm engine must do for one condition, given the open alarm of its subject and type (if any). Pure: the
// engine decides once on a cheap unlocked read (to skip the transaction when nothing changes) and again on the
// locked row, so a change made meanwhile by another process is never applied twice.

export interface OpenAlarm {
  organizationId: string;
  subject: string;
  type: AlarmCondition["type"];
  severity: AlarmCondition["severity"];
  message: string;
}

/**
 * none: nothing to write; raise: a new alarm; update: new severity or message on the open alarm (its
 * acknowledgement kept); clear: the condition is over; move: the subject now belongs to another organization (a
 * device claimed by another MSP): the old organization's alarm clears and the new one's is raised.
 */
export type AlarmAction = "none" | "raise" | "update" | "clear" | "move";

/** The key of the partial unique index: at most one open alarm per subject and type. */
export const alarmKey = (alarm: { subject: string; type: string }) => `${alarm.type} ${alarm.subject}`;

export function decideAlarmAction(condition: AlarmCondition, open: OpenAlarm | undefined): AlarmAction {
  if (!open) return condition.active ? "raise" : "none";
  if (!condition.active) return "clear";
  if (open.organizationId !== condition.organizationId) return "move";
  return open.severity !== condition.severity || open.message !== condition.message ? "update" : "none";
}

/**
 * One condition per subject and type (the last one given wins: it is the newest state), in key order, so that
 * every process locks and inserts in the same order and two of them never wait on each other in a circle.
 */
export function latestConditions(conditions: readonly AlarmCondition[]): AlarmCondition[] {
  const latest = new Map<string, AlarmCondition>();
  for (const condition of conditions) latest.set(alarmKey(condition), condition);
  return [...latest.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, condition]) => condition);
}
