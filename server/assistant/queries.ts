import "server-only";
import { and, desc, eq, gte, ilike, inArray, lt, ne, sql, type SQL } from "drizzle-orm";
import type { PathSla } from "@/lib/health";
import type { SiteType } from "@/lib/sites/schema";
import { containsPattern } from "@/server/db/query";
import { connectors, events, nodes, organizations, paths, sites, users } from "@/server/db/schema";
import { foldText } from "@/lib/locations/text";
import { consoleScopeWhere, listVisibleOrganizations, tenantWhere } from "@/server/core/tenancy";
import type { ChatScope } from "./scope";

// The read the assistant needs that no console list answers in one go: a scope's sites with their connector and path
// counts and worst path SLA. The query is the caller's (tenantWhere) narrowed to the chat's scope.

export interface ScopedSite {
  id: string;
  name: string;
  organizationId: string;
  organizationName: string;
  type: SiteType;
  city: string;
  active: boolean;
  connectors: number;
  paths: number;
  sla: PathSla;
}

const SLA_BY_RANK: PathSla[] = ["unknown", "healthy", "warning", "bad"];

/**
 * The organization a list's words name ("fabrikam's sites"), among those the caller sees within the chat's console:
 * another organization than the chat's own, named whole. Null otherwise (the words are then part of a name).
 */
export async function organizationNamed(scope: ChatScope, search: string | null | undefined): Promise<{ id: string; name: string } | null> {
  if (!search) return null;
  const wanted = foldText(search);
  const found = (await listVisibleOrganizations(scope.context.db, scope.context.principal)).find(
    (organization) => organization.id !== scope.organization.id && foldText(organization.name) === wanted,
  );
  if (!found || (scope.organizationFilter && scope.organizationFilter !== found.id)) return null;
  return { id: found.id, name: found.name };
}

/** The scope's sites by name (those whose name contains `search`, when given), the first `limit`, and how many match. */
export async function scopedSites(scope: ChatScope, options: { search?: string; limit: number; withoutPaths?: boolean; organizationId?: string; kind?: "standard" | "cloud" }) {
  const { db, principal } = scope.context;
  const within = options.organizationId ?? scope.organizationFilter;
  const conditions: (SQL | undefined)[] = [
    tenantWhere(principal, sites.organizationId, db),
    within ? consoleScopeWhere(principal, sites.organizationId, within, db) : undefined,
    options.search ? ilike(sites.name, containsPattern(options.search)) : undefined,
    options.kind === "standard" ? eq(sites.type, "standard") : options.kind === "cloud" ? ne(sites.type, "standard") : undefined,
    options.withoutPaths ? sql`not exists (select 1 from paths p where p.source_site_id = ${sites.id} or p.destination_site_id = ${sites.id})` : undefined,
  ];
  const rows = await db
    .select({
      id: sites.id,
      name: sites.name,
      organizationId: sites.organizationId,
      organizationName: organizations.name,
      type: sites.type,
      city: sites.locationAddress,
      active: sites.active,
      total: sql<number>`count(*) over ()`.mapWith(Number),
      connectors: sql<number>`(select count(*) from connectors c where c.site_id = ${sites.id})`.mapWith(Number),
      paths: sql<number>`(select count(*) from paths p where p.source_site_id = ${sites.id} or p.destination_site_id = ${sites.id})`.mapWith(Number),
      // The worst SLA of the site's paths as a rank (lib/health.ts's order): unknown 0 … bad 3.
      slaRank: sql<number>`(select coalesce(max(case p.sla_health when 'bad' then 3 when 'warning' then 2 when 'healthy' then 1 else 0 end), 0)
                            from paths p where p.source_site_id = ${sites.id} or p.destination_site_id = ${sites.id})`.mapWith(Number),
    })
    .from(sites)
    .innerJoin(organizations, eq(organizations.id, sites.organizationId))
    .where(and(...conditions))
    .orderBy(sites.name, sites.id)
    .limit(options.limit);
  return {
    total: rows[0]?.total ?? 0,
    sites: rows.map(({ total: _total, slaRank, ...site }): ScopedSite => ({ ...site, sla: SLA_BY_RANK[slaRank] ?? "unknown" })),
  };
}

export interface EntityChange {
  id: string;
  timestamp: string;
  type: string;
  entityType: string;
  entityId: string;
  actor: string | null;
  source: string;
  before: unknown;
  after: unknown;
}

const NAMED_TABLES = { path: paths, site: sites, connector: connectors, node: nodes } as const;

/**
 * The names of the objects some events are about (paths, sites, connectors, nodes that still exist), one query per
 * kind: the events are the caller's own, so are the objects they name.
 */
export async function entityNames(scope: ChatScope, about: readonly { entityType: string; entityId: string }[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const [kind, table] of Object.entries(NAMED_TABLES)) {
    const ids = [...new Set(about.filter((event) => event.entityType === kind).map((event) => event.entityId))];
    if (ids.length === 0) continue;
    const rows = await scope.context.db.select({ id: table.id, name: table.name }).from(table).where(inArray(table.id, ids));
    for (const row of rows) names.set(row.id, row.name);
  }
  return names;
}

/** The names of some organizations the caller sees (their ids come from objects the caller was shown). */
export async function organizationNames(scope: ChatScope, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await scope.context.db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(and(inArray(organizations.id, [...new Set(ids)]), tenantWhere(scope.context.principal, organizations.id, scope.context.db)));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The configuration changes of some objects (paths, sites, connectors, nodes) the caller sees, newest first. */
export async function entityChanges(scope: ChatScope, entityIds: string[], options: { since?: Date; until?: Date; limit: number }): Promise<EntityChange[]> {
  if (entityIds.length === 0) return [];
  const { db, principal } = scope.context;
  const rows = await db
    .select({ event: events, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(events)
    .leftJoin(users, eq(users.id, events.actorUserId))
    .where(
      and(
        tenantWhere(principal, events.organizationId, db),
        inArray(events.entityId, entityIds),
        options.since ? gte(events.timestamp, options.since) : undefined,
        options.until ? lt(events.timestamp, options.until) : undefined,
      ),
    )
    .orderBy(desc(events.timestamp), desc(events.id))
    .limit(options.limit);
  return rows.map(({ event, firstName, lastName, email }) => ({
    id: String(event.id),
    timestamp: event.timestamp.toISOString(),
    type: event.type,
    entityType: event.entityType,
    entityId: event.entityId,
    actor: email ? `${firstName ?? ""} ${lastName ?? ""}`.trim() || email : null,
    source: event.source,
    before: event.before,
    after: event.after,
  }));
}

/** Nothing, an empty string and an empty list all read as "—": a created layer 2 path has no prefix to show. */
const isEmpty = (value: unknown) => value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);
const shown = (value: unknown) => (isEmpty(value) ? "—" : typeof value === "object" ? JSON.stringify(value) : String(value));

/** The name an event's object had (after the change, or before it for a deletion), when its snapshot has one. */
export function snapshotName(before: unknown, after: unknown): string | null {
  for (const snapshot of [after, before]) {
    const name = snapshot && typeof snapshot === "object" ? (snapshot as Record<string, unknown>).name : undefined;
    if (typeof name === "string" && name.trim()) return name;
  }
  return null;
}

/** The fields a change changed, each before → after (secrets and bookkeeping fields left out). */
export function changedFields(before: unknown, after: unknown): { field: string; before: string; after: string }[] {
  const a = (before && typeof before === "object" ? before : {}) as Record<string, unknown>;
  const b = (after && typeof after === "object" ? after : {}) as Record<string, unknown>;
  const skip = /^(id|createdAt|updatedAt|organizationId|slaHealth)$|secret|key|password|token/i;
  return [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .filter((field) => !skip.test(field) && shown(a[field]) !== shown(b[field]))
    .map((field) => ({ field, before: shown(a[field]), after: shown(b[field]) }));
}
