import "server-only";
import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, like, or, sql, type SQL } from "drizzle-orm";
import { ALARM_TYPES, type Alarm, type AlarmAcknowledge, type AlarmListQuery, type AlarmType } from "@/lib/alarms/schema";
import { ALARM_MESSAGE_PREFIX } from "@/lib/alarms/message";
import { MESSAGES } from "@/lib/i18n/messages";
import { containsPattern } from "@/server/db/query";
import { mutate } from "@/server/core/changes";
import type { ServiceContext, Transaction } from "@/server/core/service-context";
import type { Principal } from "@/server/auth/principal";
import type { Db } from "@/server/db/client";
import { alarmSeverityRank, alarms, devices, users } from "@/server/db/schema";
import { consoleScopeWhere, tenantWhere, visibleRead } from "@/server/core/tenancy";
import { NotFoundError } from "@/server/core/errors";
import type { PageQuery } from "@/lib/pagination";
import { sortedList, timeKey } from "@/server/core/pagination";
import { personLabel, iso } from "@/server/core/rows";

// SPEC §3–§4: alarms of the organizations the caller may see. Acknowledged alarms are hidden unless asked for;
// acknowledging and unacknowledging work on many alarms at once, all of them or none.

type Executor = Db | Transaction;

/** Alarms with the name of who acknowledged them: the rows `toAlarm` turns into what the API shows. */
export function selectAlarms(executor: Executor, sortKey: SQL<unknown> = timeKey(alarms.raisedAt)) {
  return executor
    .select({
      alarm: alarms,
      acknowledger: { firstName: users.firstName, lastName: users.lastName, email: users.email },
      sortKey,
    })
    .from(alarms)
    .leftJoin(users, eq(users.id, alarms.acknowledgedBy));
}

type SelectedAlarm = Awaited<ReturnType<ReturnType<typeof selectAlarms>["execute"]>>[number];

export function toAlarm(row: SelectedAlarm): Alarm {
  const { alarm } = row;
  const acknowledged = alarm.acknowledgedAt !== null;
  return {
    id: alarm.id,
    organizationId: alarm.organizationId,
    message: alarm.message,
    severity: alarm.severity,
    type: alarm.type,
    source: alarm.source,
    raisedAt: alarm.raisedAt.toISOString(),
    clearedAt: iso(alarm.clearedAt),
    clearedReason: alarm.clearedReason,
    acknowledged,
    acknowledgedBy: acknowledged ? personLabel(row.acknowledger) : null,
    acknowledgedAt: iso(alarm.acknowledgedAt),
    note: alarm.note,
  };
}

function visibleAlarmsWhere(principal: Principal, executor: Executor): SQL | undefined {
  return tenantWhere(principal, alarms.organizationId, executor as Db);
}

const ACKNOWLEDGED_WHERE: Record<AlarmListQuery["acknowledged"], SQL | undefined> = {
  false: isNull(alarms.acknowledgedAt),
  true: isNotNull(alarms.acknowledgedAt),
  all: undefined,
};

const STATE_WHERE: Record<AlarmListQuery["state"], SQL | undefined> = {
  active: isNull(alarms.clearedAt),
  cleared: isNotNull(alarms.clearedAt),
  all: undefined,
};

/** The alarm types whose name, in English or French, holds the text ("port" finds "Port down", "panne" "Port en panne"). */
function typesNamed(search: string): AlarmType[] {
  const text = search.toLowerCase();
  return ALARM_TYPES.filter((type) => Object.values(MESSAGES).some((catalogue) => catalogue.alarms.types[type].toLowerCase().includes(text)));
}

/**
 * The search box: the name of what an alarm is about (its source: a path, node, link or device), the names and figures
 * in its message (stored as "alarms.message.<kind>::{values}": the values, not the key, are searched), or its type.
 */
function alarmSearchWhere(search: string): SQL | undefined {
  const pattern = containsPattern(search);
  const values = sql`case when ${alarms.message} like ${`${ALARM_MESSAGE_PREFIX}%::%`} then substr(${alarms.message}, strpos(${alarms.message}, '::') + 2) else ${alarms.message} end`;
  const types = typesNamed(search);
  return or(ilike(alarms.source, pattern), sql`${values} ilike ${pattern}`, types.length > 0 ? inArray(alarms.type, types) : undefined);
}

/** The alarms of a view (the filters of GET /api/v1/alarm) among those the caller may see. */
function alarmViewWhere(context: ServiceContext, query: AlarmListQuery): SQL | undefined {
  return and(
    visibleAlarmsWhere(context.principal, context.db),
    // Narrows the visible rows to one console's (an MSP's with its customers'); an organization out of sight matches none.
    query.organizationId ? consoleScopeWhere(context.principal, alarms.organizationId, query.organizationId, context.db as Db) : undefined,
    ACKNOWLEDGED_WHERE[query.acknowledged],
    STATE_WHERE[query.state],
    query.severity ? eq(alarms.severity, query.severity) : undefined,
    query.type ? eq(alarms.type, query.type) : undefined,
    query.search ? alarmSearchWhere(query.search) : undefined,
  );
}

// GET /api/v1/alarm — the latest first, a page at a time.
export function listAlarms(context: ServiceContext, query: PageQuery & AlarmListQuery) {
  return visibleRead(context.db, context.principal, "alarms", query, async () => {
    const raised = { key: alarms.raisedAt, kind: "time" } as const;
    // The most severe rank highest, so that "desc" (the default) reads critical first, the latest first within.
    const list = sortedList("alarms", { time: [raised], severity: [{ key: alarmSeverityRank(alarms.severity), kind: "integer" }, raised] }, alarms.id, query, { sort: "time", order: "desc" });
    const rows = await selectAlarms(context.db, list.cursorValues)
      .where(and(alarmViewWhere(context, query), list.after))
      .orderBy(...list.orderBy)
      .limit(list.limit);
    const page = list.page(rows, (row) => ({ values: row.sortKey as unknown[], id: row.alarm.id }));
    return { items: page.items.map(toAlarm), nextCursor: page.nextCursor };
  });
}

/** How many alarms a view holds (the assistant says how many there are beyond those it lists). */
export async function countAlarms(context: ServiceContext, query: AlarmListQuery): Promise<number> {
  const [row] = await context.db.select({ total: count() }).from(alarms).where(alarmViewWhere(context, query));
  return Number(row?.total ?? 0);
}

/**
 * What alarms are about, as the alarm engine names their subjects: objects by subject ("path:<id>", "link:<id>"), and
 * nodes, whose device ("device:<the id of the device on it>") and ports ("port:<node>:<port>") count as the node.
 */
export interface AlarmSubjects {
  subjects: string[];
  nodeIds: string[];
}

/** Whether an open device-unreachable alarm is about the device (the alarm engine's subject "device:<id>"). */
export function deviceUnreachableWhere(): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${alarms} where ${alarms.subject} = 'device:' || ${devices.id} and ${alarms.type} = 'device-unreachable' and ${alarms.clearedAt} is null)`;
}

function subjectsWhere(executor: Executor, on: AlarmSubjects): SQL | undefined {
  const nodes = on.nodeIds.length > 0 ? on.nodeIds : undefined;
  return or(
    on.subjects.length > 0 ? inArray(alarms.subject, on.subjects) : undefined,
    nodes && inArray(alarms.subject, executor.select({ subject: sql`'device:' || ${devices.id}` }).from(devices).where(inArray(devices.nodeId, nodes))),
    nodes && and(like(alarms.subject, "port:%"), inArray(sql`split_part(${alarms.subject}, ':', 2)`, nodes)),
  );
}

/**
 * The latest `limit` alarms of a view about any of the subjects, and how many there are: read in the database over
 * every alarm of the view, not from a page of the latest (what a root cause reads on a network of thousands).
 */
export async function listAlarmsAbout(context: ServiceContext, query: AlarmListQuery, on: AlarmSubjects, limit: number): Promise<{ items: Alarm[]; total: number }> {
  const about = subjectsWhere(context.db, on);
  if (!about) return { items: [], total: 0 };
  const where = and(alarmViewWhere(context, query), about);
  const [rows, [counted]] = await Promise.all([
    selectAlarms(context.db).where(where).orderBy(desc(alarms.raisedAt), desc(alarms.id)).limit(limit),
    context.db.select({ total: count() }).from(alarms).where(where),
  ]);
  return { items: rows.map(toAlarm), total: Number(counted?.total ?? 0) };
}

/** Alarms as the API shows them, latest first (the alarm engine records these in its events). */
export async function loadAlarms(executor: Executor, ids: string[]): Promise<Alarm[]> {
  if (ids.length === 0) return [];
  const rows = await selectAlarms(executor)
    .where(inArray(alarms.id, ids))
    .orderBy(desc(alarms.raisedAt), desc(alarms.id));
  return rows.map(toAlarm);
}

/**
 * Sets or clears the acknowledgement of visible alarms, all or none: an id the caller cannot see answers 404 and
 * changes nothing. Alarms already in the wanted state are left as they are (and get no event).
 */
function changeAcknowledgement(context: ServiceContext, alarmIds: string[], acknowledge: { note: string | null } | null) {
  return mutate(context, async (tx, record) => {
    const locked = await tx
      .select({ id: alarms.id, acknowledgedAt: alarms.acknowledgedAt })
      .from(alarms)
      .where(and(inArray(alarms.id, alarmIds), visibleAlarmsWhere(context.principal, tx)))
      .orderBy(alarms.id)
      .for("update");
    if (locked.length !== alarmIds.length) throw new NotFoundError();
    const changing = locked.filter((row) => (acknowledge ? row.acknowledgedAt === null : row.acknowledgedAt !== null)).map((row) => row.id);
    if (changing.length === 0) return loadAlarms(tx, alarmIds);
    const before = await loadAlarms(tx, changing);
    await tx
      .update(alarms)
      .set(
        acknowledge
          ? { acknowledgedBy: context.principal.userId, acknowledgedAt: new Date(), note: acknowledge.note }
          : { acknowledgedBy: null, acknowledgedAt: null, note: null },
      )
      .where(inArray(alarms.id, changing));
    const after = await loadAlarms(tx, alarmIds);
    for (const previous of before) {
      await record({
        organizationId: previous.organizationId,
        entityType: "alarm",
        entityId: previous.id,
        type: acknowledge ? "acknowledged" : "unacknowledged",
        before: previous,
        after: after.find((alarm) => alarm.id === previous.id),
      });
    }
    return after;
  });
}

// POST /api/v1/alarm/acknowledge — acknowledged by the caller, now, with the optional note.
export function acknowledgeAlarms(context: ServiceContext, input: AlarmAcknowledge): Promise<Alarm[]> {
  return changeAcknowledgement(context, input.alarmIds, { note: input.note });
}

// POST /api/v1/alarm/unacknowledge — active again: shown by default, without acknowledgement or note.
export function unacknowledgeAlarms(context: ServiceContext, alarmIds: string[]): Promise<Alarm[]> {
  return changeAcknowledgement(context, alarmIds, null);
}
