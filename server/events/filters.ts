import "server-only";
import { and, asc, eq, ilike, inArray, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { EventSubject, EventSubjectKind } from "@/lib/events/schema";
import { eventTypeLabelKey, eventTypesMatching } from "@/lib/events/types";
import { translatorFor } from "@/lib/i18n/messages";
import type { Principal } from "@/server/auth/principal";
import { tenantWhere } from "@/server/core/tenancy";
import type { Db } from "@/server/db/client";
import { containsPattern } from "@/server/db/query";
import { alarms, connectors, events, nodes, paths, sites } from "@/server/db/schema";

// The events list's filters by what people know: a type by its code or its label in either language ("path",
// "Path updated", "chemin modifié"), a node, site or path by its name or its id — a deleted one by the name its
// events kept. Names resolve among the objects the caller sees; an unknown name matches nothing.

const LABELS = [translatorFor("en"), translatorFor("fr")];

/** The event types a type search means: the code itself, and every type whose code or label contains the text. */
export function eventTypesFor(text: string): string[] {
  const matching = new Set<string>([text]);
  for (const t of LABELS) {
    const label = (type: string) => {
      const key = eventTypeLabelKey(type);
      return key ? (t as (key: string) => string)(key) : type;
    };
    for (const type of eventTypesMatching(text, label)) matching.add(type);
  }
  return [...matching];
}

const SUBJECT_TABLES = {
  node: { table: nodes, id: nodes.id, name: nodes.name, organizationId: nodes.organizationId },
  site: { table: sites, id: sites.id, name: sites.name, organizationId: sites.organizationId },
  path: { table: paths, id: paths.id, name: paths.name, organizationId: paths.organizationId },
} satisfies Record<EventSubjectKind, { table: PgTable; id: PgColumn; name: PgColumn; organizationId: PgColumn }>;

/**
 * The ids a node, site or path search names: the visible object with that id or name (case aside), and objects no
 * longer there whose events kept that name. The text itself is kept as an id, so an id of a deleted object still
 * finds its events.
 */
async function subjectIds(db: Db, principal: Principal, kind: EventSubjectKind, text: string): Promise<string[]> {
  const { table, id, name, organizationId } = SUBJECT_TABLES[kind];
  const lower = text.toLowerCase();
  const [live, gone] = await Promise.all([
    db
      .select({ id })
      .from(table)
      .where(and(or(eq(id, text), eq(sql`lower(${name})`, lower)), tenantWhere(principal, organizationId, db))),
    db
      .selectDistinct({ id: events.entityId })
      .from(events)
      .where(and(eq(events.entityType, kind), eq(sql`lower(${events.entityName})`, lower), tenantWhere(principal, events.organizationId, db))),
  ]);
  return [...new Set([text, ...live.map((row) => row.id), ...gone.map((row) => row.id)])];
}

/** Alarm events about these paths (the alarm engine's subject "path:<id>"). */
const pathAlarmEvents = (db: Db, pathIds: SQL | string[]) =>
  and(
    eq(events.entityType, "alarm"),
    inArray(
      events.entityId,
      db
        .select({ id: alarms.id })
        .from(alarms)
        .where(inArray(alarms.subject, db.select({ subject: sql<string>`'path:' || ${paths.id}` }).from(paths).where(Array.isArray(pathIds) ? inArray(paths.id, pathIds) : pathIds))),
    ),
  );

/** The events of a node: those that happened on it (its own, its ports', its device's, its alarms'). */
export async function nodeEventsWhere(db: Db, principal: Principal, text: string): Promise<SQL | undefined> {
  return inArray(events.nodeId, await subjectIds(db, principal, "node", text));
}

/** The events of a site: its own, its connectors', the paths that start or end there and their SLA alarms. */
export async function siteEventsWhere(db: Db, principal: Principal, text: string): Promise<SQL | undefined> {
  const ids = await subjectIds(db, principal, "site", text);
  const sitePaths = or(inArray(paths.sourceSiteId, ids), inArray(paths.destinationSiteId, ids));
  return or(
    and(eq(events.entityType, "site"), inArray(events.entityId, ids)),
    and(eq(events.entityType, "connector"), inArray(events.entityId, db.select({ id: connectors.id }).from(connectors).where(inArray(connectors.siteId, ids)))),
    and(eq(events.entityType, "path"), inArray(events.entityId, db.select({ id: paths.id }).from(paths).where(sitePaths))),
    pathAlarmEvents(db, sitePaths ?? sql`false`),
  );
}

/** The events of a path: its own and its SLA alarms'. */
export async function pathEventsWhere(db: Db, principal: Principal, text: string): Promise<SQL | undefined> {
  const ids = await subjectIds(db, principal, "path", text);
  return or(and(eq(events.entityType, "path"), inArray(events.entityId, ids)), pathAlarmEvents(db, ids));
}

export const SUBJECT_SUGGESTIONS_MAX = 20;

/**
 * GET /api/v1/event/subjects: the nodes, sites or paths whose name contains the text, for the events page's filters —
 * the visible ones, then those that are gone but named by the caller's events — by name.
 */
export async function listEventSubjects(db: Db, principal: Principal, kind: EventSubjectKind, text: string | undefined): Promise<EventSubject[]> {
  const { table, id, name, organizationId } = SUBJECT_TABLES[kind];
  const pattern = text ? containsPattern(text) : undefined;
  const live = await db
    .select({ id, name })
    .from(table)
    .where(and(pattern ? ilike(name, pattern) : undefined, tenantWhere(principal, organizationId, db)))
    .orderBy(asc(name), asc(id))
    .limit(SUBJECT_SUGGESTIONS_MAX);
  const room = SUBJECT_SUGGESTIONS_MAX - live.length;
  const gone =
    room > 0
      ? await db
          .selectDistinct({ id: events.entityId, name: sql<string>`${events.entityName}` })
          .from(events)
          .where(
            and(
              eq(events.entityType, kind),
              pattern ? ilike(events.entityName, pattern) : sql`${events.entityName} is not null`,
              notInArray(events.entityId, db.select({ id }).from(table)),
              tenantWhere(principal, events.organizationId, db),
            ),
          )
          .orderBy(sql`${events.entityName}`, events.entityId)
          .limit(room)
      : [];
  return [...live.map((row) => ({ id: row.id, name: row.name, gone: false })), ...gone.map((row) => ({ id: row.id, name: row.name, gone: true }))];
}
