import "server-only";
import { and, eq, gte, inArray, lte, type SQL } from "drizzle-orm";
import type { Event, EventListQuery, EventSubject, EventSubjectKind } from "@/lib/events/schema";
import type { ServiceContext } from "@/server/core/service-context";
import { events, users } from "@/server/db/schema";
import { consoleScopeWhere, tenantWhere, visibleRead } from "@/server/core/tenancy";
import type { PageQuery } from "@/lib/pagination";
import { sortedList } from "@/server/core/pagination";
import { personLabel } from "@/server/core/rows";
import { entityNow, lookUpEventEntities } from "./entities";
import { eventTypesFor, listEventSubjects, nodeEventsWhere, pathEventsWhere, siteEventsWhere } from "./filters";

// SPEC §3 and §5: the events of the organizations the caller may see — configuration changes with their before and
// after, acknowledgements, lifecycle and inventory changes — newest first.

const EVENT_ID = /^\d{1,18}$/;

// GET /api/v1/event — filtered by organization, time range, node, site, path (each by name or id) and type (a code, or
// text its code or label contains); keyset on (timestamp, id), newest first.
export function listEvents(context: ServiceContext, query: PageQuery & EventListQuery) {
  const { db, principal } = context;
  return visibleRead(db, principal, "events", query, async () => {
    const list = sortedList("events", { time: [{ key: events.timestamp, kind: "time" }] }, events.id, query, { sort: "time", order: "desc" }, EVENT_ID);
    const conditions: (SQL | undefined)[] = [
      tenantWhere(principal, events.organizationId, db),
      // Narrows the visible rows to one console's (an MSP's with its customers'); an organization out of sight matches none.
      query.organizationId ? consoleScopeWhere(principal, events.organizationId, query.organizationId, db) : undefined,
      query.startTime ? gte(events.timestamp, query.startTime) : undefined,
      query.endTime ? lte(events.timestamp, query.endTime) : undefined,
      query.nodeId ? await nodeEventsWhere(db, principal, query.nodeId) : undefined,
      query.siteId ? await siteEventsWhere(db, principal, query.siteId) : undefined,
      query.pathId ? await pathEventsWhere(db, principal, query.pathId) : undefined,
      query.type ? inArray(events.type, eventTypesFor(query.type)) : undefined,
      list.after,
    ];
    const rows = await db
      .select({
        event: events,
        actor: { firstName: users.firstName, lastName: users.lastName, email: users.email },
        sortKey: list.cursorValues,
      })
      .from(events)
      .leftJoin(users, eq(users.id, events.actorUserId))
      .where(and(...conditions))
      .orderBy(...list.orderBy)
      .limit(list.limit);
    const page = list.page(rows, (row) => ({ values: row.sortKey, id: String(row.event.id) }));
    const found = await lookUpEventEntities(
      db,
      principal,
      page.items.map(({ event }) => event),
    );
    return {
      items: page.items.map(({ event, actor }): Event => {
        const now = entityNow(found, event.entityType, event.entityId);
        return {
          id: String(event.id),
          organizationId: event.organizationId,
          timestamp: event.timestamp.toISOString(),
          source: event.source,
          type: event.type,
          entityType: event.entityType,
          entityId: event.entityId,
          // The name it had then (a deleted object's too); for events written before names were stored, its name now.
          entityName: event.entityName ?? now?.name ?? null,
          entityPlace: now?.place ?? null,
          nodeId: event.nodeId,
          node: (event.nodeId && found.nodes.get(event.nodeId)) || null,
          actor: personLabel(actor),
          before: event.before ?? null,
          after: event.after ?? null,
        };
      }),
      nextCursor: page.nextCursor,
    };
  });
}

// GET /api/v1/event/subjects — nodes, sites or paths by name, for the events page's filters.
export function listEventSubjectSuggestions(context: ServiceContext, query: { kind: EventSubjectKind; search?: string }): Promise<EventSubject[]> {
  const { db, principal } = context;
  return visibleRead(db, principal, "eventSubjects", query, () => listEventSubjects(db, principal, query.kind, query.search));
}
