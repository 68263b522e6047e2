import "server-only";
import { and, eq, gte, lte, type SQL } from "drizzle-orm";
import type { Event, EventListQuery } from "@/lib/events/schema";
import type { ServiceContext } from "@/server/core/service-context";
import { events, users } from "@/server/db/schema";
import { consoleScopeWhere, tenantWhere, visibleRead } from "@/server/core/tenancy";
import type { PageQuery } from "@/lib/pagination";
import { sortedList } from "@/server/core/pagination";
import { personLabel } from "@/server/core/rows";

// SPEC §3 and §5: the events of the organizations the caller may see — configuration changes with their before and
// after, acknowledgements, lifecycle and inventory changes — newest first.

const EVENT_ID = /^\d{1,18}$/;

// GET /api/v1/event — filtered by organization, time range, node and type; keyset on (timestamp, id), newest first.
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
      query.nodeId ? eq(events.nodeId, query.nodeId) : undefined,
      query.type ? eq(events.type, query.type) : undefined,
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
    return {
      items: page.items.map(
        ({ event, actor }): Event => ({
          id: String(event.id),
          organizationId: event.organizationId,
          timestamp: event.timestamp.toISOString(),
          source: event.source,
          type: event.type,
          entityType: event.entityType,
          entityId: event.entityId,
          nodeId: event.nodeId,
          actor: personLabel(actor),
          before: event.before ?? null,
          after: event.after ?? null,
        }),
      ),
      nextCursor: page.nextCursor,
    };
  });
}
