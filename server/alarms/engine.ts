import "server-only";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { AlarmType } from "@/lib/alarms/schema";
import { mutateAsSystem, type ChangeRecord } from "@/server/core/changes";
import type { Transaction } from "@/server/core/service-context";
import type { Db } from "@/server/db/client";
import { alarms } from "@/server/db/schema";
import { loadAlarms, selectAlarms, toAlarm } from "@/server/alarms/service";
import { alarmKey, decideAlarmAction, latestConditions, type OpenAlarm } from "./plan";

// The alarm engine (issue 5): turns conditions seen in telemetry and device state into alarms. It is called after
// every telemetry batch, mostly with conditions that are not active and have no alarm, so the common case is one
// read and no write. Several console processes may apply the same condition at once: the partial unique index on
// open alarms (subject, type) and row locks make sure an open alarm is never duplicated nor changed twice.

export interface AlarmCondition {
  organizationId: string;
  type: AlarmType;
  /** "path:<id>", "port:<nodeId>:<portId>", "link:<id>", "device:<id>", "rollout:<id>". */
  subject: string;
  active: boolean;
  severity: "critical" | "major" | "minor" | "warning";
  message: string;
  /** Why the alarm clears when the condition did not end by itself (a catalogue message, kept on the alarm). */
  clearedReason?: string;
  /** What saw the condition (stored on the alarm); the events name the engine. */
  source: string;
  nodeId?: string | null;
}

export const ALARM_ENGINE_SOURCE = "alarm-engine";

type RecordChange = (change: ChangeRecord) => Promise<void>;
type LockedAlarm = Awaited<ReturnType<ReturnType<typeof selectAlarms>["execute"]>>[number];

// PostgreSQL's "try again" answers: a deadlock victim or a serialization failure. 23505 cannot happen with the
// ON CONFLICT below, but if it ever did, a fresh attempt would see the committed alarm and update it instead.
const RETRYABLE = new Set(["40P01", "40001", "23505"]);
const ATTEMPTS = 3;
// Subjects per read: far below PostgreSQL's parameter limit.
const READ_CHUNK = 1_000;

function retryable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && typeof cause === "object" && depth < 5; cause = (cause as { cause?: unknown }).cause, depth++) {
    const { code } = cause as { code?: unknown };
    if (typeof code === "string" && RETRYABLE.has(code)) return true;
  }
  return false;
}

const openOf = (row: LockedAlarm): OpenAlarm => ({
  organizationId: row.alarm.organizationId,
  subject: row.alarm.subject,
  type: row.alarm.type,
  severity: row.alarm.severity,
  message: row.alarm.message,
});

/**
 * Raises an alarm for each active condition that has none open, updates the severity and message of open alarms
 * whose condition changed (an acknowledgement is kept), and clears the open alarms of conditions that are over.
 * Each change is an event ("alarm.raised", "alarm.updated", "alarm.cleared") announced after commit.
 */
export async function applyAlarmConditions(db: Db, conditions: AlarmCondition[]): Promise<void> {
  const wanted = latestConditions(conditions);
  if (wanted.length === 0) return;
  for (let attempt = 1; ; attempt++) {
    try {
      await applyOnce(db, wanted);
      return;
    } catch (error) {
      if (attempt >= ATTEMPTS || !retryable(error)) throw error;
    }
  }
}

async function findOpenAlarms(db: Db, conditions: AlarmCondition[]) {
  const subjects = [...new Set(conditions.map((condition) => condition.subject))];
  const open = new Map<string, OpenAlarm & { id: string }>();
  for (let start = 0; start < subjects.length; start += READ_CHUNK) {
    const rows = await db
      .select({
        id: alarms.id,
        organizationId: alarms.organizationId,
        subject: alarms.subject,
        type: alarms.type,
        severity: alarms.severity,
        message: alarms.message,
      })
      .from(alarms)
      .where(and(inArray(alarms.subject, subjects.slice(start, start + READ_CHUNK)), isNull(alarms.clearedAt)));
    for (const row of rows) open.set(alarmKey(row), row);
  }
  return open;
}

async function applyOnce(db: Db, wanted: AlarmCondition[]): Promise<void> {
  const open = await findOpenAlarms(db, wanted);
  const changing = wanted.filter((condition) => decideAlarmAction(condition, open.get(alarmKey(condition))) !== "none");
  if (changing.length === 0) return;
  await mutateAsSystem(db, ALARM_ENGINE_SOURCE, async (tx, record) => {
    const ids = changing.flatMap((condition) => open.get(alarmKey(condition))?.id ?? []);
    // Locked in id order, as acknowledging does: the alarm as it is now, not as the unlocked read saw it.
    const locked = ids.length
      ? await selectAlarms(tx)
          .where(and(inArray(alarms.id, ids), isNull(alarms.clearedAt)))
          .orderBy(alarms.id)
          .for("update", { of: alarms })
      : [];
    const current = new Map(locked.map((row) => [alarmKey(row.alarm), row]));
    for (const condition of changing) await applyCondition(tx, record, condition, current.get(alarmKey(condition)));
  });
}

function lockOpenAlarm(tx: Transaction, condition: AlarmCondition): Promise<LockedAlarm | undefined> {
  return selectAlarms(tx)
    .where(and(eq(alarms.subject, condition.subject), eq(alarms.type, condition.type), isNull(alarms.clearedAt)))
    .for("update", { of: alarms })
    .then((rows) => rows[0]);
}

async function applyCondition(tx: Transaction, record: RecordChange, condition: AlarmCondition, locked: LockedAlarm | undefined) {
  let row = locked;
  // At most twice: a raise that finds the alarm raised meanwhile by another process goes round once more as an update.
  for (let round = 0; round < 2; round++) {
    const action = decideAlarmAction(condition, row && openOf(row));
    if (action === "none") return;
    if (row && (action === "clear" || action === "move")) {
      await clearAlarm(tx, record, row, condition);
      if (action === "clear") return;
      row = undefined;
    }
    if (row && action === "update") {
      await updateAlarm(tx, record, row, condition);
      return;
    }
    if (await raiseAlarm(tx, record, condition)) return;
    row = await lockOpenAlarm(tx, condition);
  }
}

async function recordAlarmChange(tx: Transaction, record: RecordChange, condition: AlarmCondition, id: string, type: "raised" | "updated" | "cleared", before: LockedAlarm | null) {
  const [after] = await loadAlarms(tx, [id]);
  await record({
    organizationId: after.organizationId,
    entityType: "alarm",
    entityId: id,
    type,
    nodeId: condition.nodeId ?? null,
    before: before ? toAlarm(before) : null,
    after,
  });
}

async function clearAlarm(tx: Transaction, record: RecordChange, row: LockedAlarm, condition: AlarmCondition) {
  const clearedReason = condition.active ? null : (condition.clearedReason ?? null);
  await tx.update(alarms).set({ clearedAt: new Date(), clearedReason }).where(eq(alarms.id, row.alarm.id));
  await recordAlarmChange(tx, record, condition, row.alarm.id, "cleared", row);
}

async function updateAlarm(tx: Transaction, record: RecordChange, row: LockedAlarm, condition: AlarmCondition) {
  await tx.update(alarms).set({ severity: condition.severity, message: condition.message }).where(eq(alarms.id, row.alarm.id));
  await recordAlarmChange(tx, record, condition, row.alarm.id, "updated", row);
}

/** A new, unacknowledged alarm; false when another process raised it first (it then waits for that one to commit). */
async function raiseAlarm(tx: Transaction, record: RecordChange, condition: AlarmCondition): Promise<boolean> {
  const [inserted] = await tx
    .insert(alarms)
    .values({
      organizationId: condition.organizationId,
      message: condition.message,
      severity: condition.severity,
      type: condition.type,
      source: condition.source,
      subject: condition.subject,
      raisedAt: new Date(),
    })
    .onConflictDoNothing({ target: [alarms.subject, alarms.type], where: isNull(alarms.clearedAt) })
    .returning({ id: alarms.id });
  if (!inserted) return false;
  await recordAlarmChange(tx, record, condition, inserted.id, "raised", null);
  return true;
}
