import "server-only";
import { and, eq, gte, inArray, isNotNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { AuditActor } from "@/lib/audit/actor";
import { auditChanges } from "@/lib/audit/changes";
import type { AuditEntry, AuditSearch } from "@/lib/audit/schema";
import type { PageQuery } from "@/lib/pagination";
import { NotFoundError } from "@/server/core/errors";
import { keyset, timeKey } from "@/server/core/pagination";
import type { Db } from "@/server/db/client";
import type { ServiceContext } from "@/server/core/service-context";
import { findVisibleOrganization } from "@/server/core/tenancy";
import { apiTokens, events, organizations, users } from "@/server/db/schema";
import { entityNow, lookUpEventEntities } from "@/server/events/entities";

// Issue 43, scope 3: the audit log — the changes people made (an event with an actor: written by `mutate` for a
// session, and for a token its owner), of one organization's console: the operator's across all organizations, an
// MSP's with its customers', a customer's its own. Newest first, keyset on (timestamp, id), each filter walking an
// index of its own (server/db/schema/operations.ts: the events_audit_* indexes, partial on actor_user_id).

const EVENT_ID = /^\d{1,18}$/;

/** Events written for a person's change: the audit log's rows (its indexes are partial on the same condition). */
export const AUDITED = isNotNull(events.actorUserId);

/** Rows whose column is one of the ids (none: no row). */
const oneOf = (column: PgColumn, ids: string[]) => (ids.length === 0 ? sql`false` : ids.length === 1 ? eq(column, ids[0]) : inArray(column, ids));

/** The organizations of a console (undefined: all, the operator's own), or 404 when the caller may not see it (exactly as a missing one). */
async function scopeOf(context: ServiceContext, organizationId: string): Promise<SQL | undefined> {
  const { db, principal } = context;
  const organization = await findVisibleOrganization(db, principal, organizationId);
  if (!organization) throw new NotFoundError();
  // The operator's own console reads every organization's changes (only the operator sees the operator).
  if (organization.organizationType === "maia") return undefined;
  // The organization and, for an MSP, its customers: what its own users see (a caller who sees the organization sees
  // them too: tenancy's own rule). A list of ids, so the planner walks the (organization, time) index of each.
  const members = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(or(eq(organizations.id, organization.id), and(eq(organizations.parentId, organization.id), eq(organizations.organizationType, "customer"))));
  return oneOf(events.organizationId, members.map((row) => row.id));
}

// A user or an object is resolved to its ids first, so that the list walks the index of those ids in time order
// (a subquery in the list's condition would have the planner join and sort every change instead).
const NAMED_IDS_MAX = 100;

/** A user by address (case aside) or id: the ids of the users it names (none: matches nothing). */
async function userIds(db: Db, text: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.id, text), eq(sql`lower(${users.email})`, text.toLowerCase())));
  return rows.map((row) => row.id);
}

/** An object by id, or by any name its changes gave it (a renamed object is found by its old and new names). */
async function objectIds(db: Db, text: string, kind: string | undefined): Promise<string[]> {
  const named = await db
    .selectDistinct({ id: events.entityId })
    .from(events)
    .where(and(eq(sql`lower(${events.entityName})`, text.toLowerCase()), kind ? eq(events.entityType, kind) : undefined))
    .limit(NAMED_IDS_MAX);
  return [...new Set([text, ...named.map((row) => row.id)])];
}

/** The conditions of a search within a console (the cursor aside). */
export async function auditWhere(context: ServiceContext, organizationId: string, search: AuditSearch): Promise<SQL | undefined> {
  return and(
    AUDITED,
    await scopeOf(context, organizationId),
    search.user ? oneOf(events.actorUserId, await userIds(context.db, search.user)) : undefined,
    search.kind ? eq(events.entityType, search.kind) : undefined,
    search.object ? oneOf(events.entityId, await objectIds(context.db, search.object, search.kind)) : undefined,
    search.startTime ? gte(events.timestamp, search.startTime) : undefined,
    search.endTime ? lte(events.timestamp, search.endTime) : undefined,
  );
}

/** The one place an entry's actor is shaped from its row (with API tokens, the token joins here). */
function toActor(
  row: { actorUserId: string | null; source: string },
  person: { email: string | null; firstName: string | null; lastName: string | null } | null,
  token: { id: string | null; name: string | null } | null,
): AuditActor {
  const name = person ? `${person.firstName ?? ""} ${person.lastName ?? ""}`.trim() : "";
  return {
    userId: row.actorUserId,
    email: person?.email ?? (row.source.includes("@") ? row.source : null),
    name: name || null,
    token: token?.id && token.name ? { id: token.id, name: token.name } : null,
  };
}

const pageOrder = (page: PageQuery) => keyset({ column: events.timestamp, id: events.id, time: true, direction: "desc", idPattern: EVENT_ID }, page);

/** The statement of one page (bench:audit explains it). */
export function auditQuery(db: Db, where: SQL | undefined, page: PageQuery) {
  const list = pageOrder(page);
  return db
    .select({
      event: events,
      person: { email: users.email, firstName: users.firstName, lastName: users.lastName },
      token: { id: apiTokens.id, name: apiTokens.name },
      time: timeKey(events.timestamp),
    })
    .from(events)
    .leftJoin(users, eq(users.id, events.actorUserId))
    .leftJoin(apiTokens, eq(apiTokens.id, events.actorTokenId))
    .where(and(where, list.after))
    .orderBy(...list.orderBy)
    .limit(list.limit);
}

/** One page under prepared conditions: the rows, their objects as they are now, the next cursor. */
export async function auditPage(context: ServiceContext, where: SQL | undefined, page: PageQuery): Promise<{ items: AuditEntry[]; nextCursor: string | null }> {
  const { db, principal } = context;
  const list = pageOrder(page);
  const rows = await auditQuery(db, where, page);
  const cut = list.page(rows, (row) => ({ value: row.time, id: String(row.event.id) }));
  const found = await lookUpEventEntities(
    db,
    principal,
    cut.items.map(({ event }) => event),
  );
  return {
    items: cut.items.map(({ event, person, token }): AuditEntry => {
      const now = entityNow(found, event.entityType, event.entityId);
      return {
        id: String(event.id),
        organizationId: event.organizationId,
        timestamp: event.timestamp.toISOString(),
        type: event.type,
        entityType: event.entityType,
        entityId: event.entityId,
        entityName: event.entityName ?? now?.name ?? null,
        entityPlace: now?.place ?? null,
        node: (event.nodeId && found.nodes.get(event.nodeId)) || null,
        actor: toActor(event, person?.email ? person : null, token),
        requestId: event.requestId,
        changes: auditChanges(event.before, event.after),
      };
    }),
    nextCursor: cut.nextCursor,
  };
}

// GET /api/v1/organization/{organizationId}/audit — one page of the console's changes, newest first.
export async function listAudit(context: ServiceContext, organizationId: string, query: PageQuery & AuditSearch) {
  const { limit, cursor, ...search } = query;
  return auditPage(context, await auditWhere(context, organizationId, search), { limit, cursor });
}

export const EXPORT_PAGE = 500;

/**
 * Every entry of a search, a page at a time (never the whole result in memory): the export's source. The conditions
 * (and the 404 of an organization out of sight) are settled before the first entry, so a refusal is an answer, not a
 * broken download.
 */
export async function auditPages(context: ServiceContext, organizationId: string, search: AuditSearch): Promise<AsyncIterable<AuditEntry[]>> {
  const where = await auditWhere(context, organizationId, search);
  return {
    async *[Symbol.asyncIterator]() {
      let cursor: string | undefined;
      do {
        const page = await auditPage(context, where, { limit: EXPORT_PAGE, cursor });
        if (page.items.length) yield page.items;
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
    },
  };
}
