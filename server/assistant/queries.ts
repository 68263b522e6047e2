import "server-only";
import { and, asc, desc, eq, gte, ilike, inArray, lt, lte, ne, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { PathSla } from "@/lib/health";
import { foldText } from "@/lib/locations/text";
import type { SiteType } from "@/lib/sites/schema";
import { containsPattern } from "@/server/db/query";
import { connectorLoads, connectors, events, nodes, organizations, paths, sites, telemetryConnectorState, telemetryPathState, users } from "@/server/db/schema";
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
  rxBps: number | null;
  txBps: number | null;
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

const siteRx = sql<number | null>`(select sum(cs.rx_bps)::float8 from telemetry_connector_state cs where cs.site_id = ${sites.id})`;
const siteTx = sql<number | null>`(select sum(cs.tx_bps)::float8 from telemetry_connector_state cs where cs.site_id = ${sites.id})`;
const sitePaths = sql<number>`(select count(*) from paths p where p.source_site_id = ${sites.id} or p.destination_site_id = ${sites.id})`;

/**
 * The scope's sites by name (those whose name contains `search`, when given), the first `limit`, and how many match;
 * or the busiest now (what their connectors receive and send added up) or those with the most paths first.
 */
export async function scopedSites(
  scope: ChatScope,
  options: { search?: string; limit: number; withoutPaths?: boolean; sort?: "name" | "traffic" | "paths"; organizationId?: string; kind?: "standard" | "cloud"; active?: boolean },
) {
  const { db, principal } = scope.context;
  const within = options.organizationId ?? scope.organizationFilter;
  const conditions: (SQL | undefined)[] = [
    tenantWhere(principal, sites.organizationId, db),
    within ? consoleScopeWhere(principal, sites.organizationId, within, db) : undefined,
    options.search ? ilike(sites.name, containsPattern(options.search)) : undefined,
    options.kind === "standard" ? eq(sites.type, "standard") : options.kind === "cloud" ? ne(sites.type, "standard") : undefined,
    options.active === undefined ? undefined : eq(sites.active, options.active),
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
      paths: sitePaths.mapWith(Number),
      rxBps: siteRx.mapWith((value) => (value === null ? null : Number(value))),
      txBps: siteTx.mapWith((value) => (value === null ? null : Number(value))),
      // The worst SLA of the site's paths as a rank (lib/health.ts's order): unknown 0 … bad 3.
      slaRank: sql<number>`(select coalesce(max(case p.sla_health when 'bad' then 3 when 'warning' then 2 when 'healthy' then 1 else 0 end), 0)
                            from paths p where p.source_site_id = ${sites.id} or p.destination_site_id = ${sites.id})`.mapWith(Number),
    })
    .from(sites)
    .innerJoin(organizations, eq(organizations.id, sites.organizationId))
    .where(and(...conditions))
    .orderBy(
      ...(options.sort === "traffic" ? [sql`coalesce(${siteRx}, 0) + coalesce(${siteTx}, 0) desc`] : options.sort === "paths" ? [sql`${sitePaths} desc`] : []),
      sites.name,
      sites.id,
    )
    .limit(options.limit);
  return {
    total: rows[0]?.total ?? 0,
    sites: rows.map(({ total: _total, slaRank, ...site }): ScopedSite => ({ ...site, sla: SLA_BY_RANK[slaRank] ?? "unknown" })),
  };
}

/** How many of the scope's sites (of one organization) there are of each type, and in all. */
export async function siteCounts(scope: ChatScope, organizationId?: string) {
  const { db, principal } = scope.context;
  const within = organizationId ?? scope.organizationFilter;
  return db
    .select({ type: sites.type, count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(sites)
    .where(and(tenantWhere(principal, sites.organizationId, db), within ? consoleScopeWhere(principal, sites.organizationId, within, db) : undefined))
    .groupBy(sites.type)
    .orderBy(sites.type);
}

/** The chat's console narrowing of a table's organization column, on top of what the caller may see. */
export function inScope(scope: ChatScope, column: Parameters<typeof tenantWhere>[1]): SQL | undefined {
  const { db, principal } = scope.context;
  return and(tenantWhere(principal, column, db), scope.organizationFilter ? consoleScopeWhere(principal, column, scope.organizationFilter, db) : undefined);
}

const PATH_FIGURES = {
  latency: telemetryPathState.latencyMs,
  jitter: telemetryPathState.jitterMs,
  loss: telemetryPathState.lossPercent,
  bandwidth: paths.bandwidthMbps,
} as const;

/**
 * The scope's paths of some SLA states ranked by a figure, highest first (or lowest with `ascending`), those without a
 * measurement last, the first `limit`: "top 3 paths by latency", "the biggest paths". Ranked by the database, so the
 * answer holds for a network of any size.
 */
export async function rankedPaths(
  scope: ChatScope,
  options: {
    by: keyof typeof PATH_FIGURES;
    ascending: boolean;
    states: readonly PathSla[];
    search?: string;
    limit: number;
    organizationId?: string;
    layer?: "layer2" | "layer3";
    minBandwidth?: number;
    maxBandwidth?: number;
  },
) {
  const { db } = scope.context;
  const source = alias(sites, "source_site");
  const destination = alias(sites, "destination_site");
  const figure = PATH_FIGURES[options.by];
  const rows = await db
    .select({
      id: paths.id,
      name: paths.name,
      sourceSiteId: paths.sourceSiteId,
      sourceSiteName: source.name,
      destinationSiteName: destination.name,
      slaHealth: paths.slaHealth,
      bandwidthMbps: paths.bandwidthMbps,
      layer: paths.layer,
      prefix: paths.prefixes,
      latencyMs: telemetryPathState.latencyMs,
      jitterMs: telemetryPathState.jitterMs,
      lossPercent: telemetryPathState.lossPercent,
    })
    .from(paths)
    .innerJoin(source, eq(source.id, paths.sourceSiteId))
    .innerJoin(destination, eq(destination.id, paths.destinationSiteId))
    .leftJoin(telemetryPathState, eq(telemetryPathState.pathId, paths.id))
    .where(
      and(
        inScope(scope, paths.organizationId),
        options.organizationId ? eq(paths.organizationId, options.organizationId) : undefined,
        inArray(paths.slaHealth, [...options.states]),
        options.layer ? eq(paths.layer, options.layer) : undefined,
        options.search ? ilike(paths.name, containsPattern(options.search)) : undefined,
        options.minBandwidth !== undefined ? gte(paths.bandwidthMbps, options.minBandwidth) : undefined,
        options.maxBandwidth !== undefined ? lte(paths.bandwidthMbps, options.maxBandwidth) : undefined,
      ),
    )
    .orderBy(sql`${figure} is null`, options.ascending ? asc(figure) : desc(figure), paths.name, paths.id)
    .limit(options.limit);
  return rows;
}

/** How many sites and paths each of these organizations (all visible to the caller) holds. */
export async function organizationCounts(scope: ChatScope, ids: readonly string[]): Promise<Map<string, { sites: number; paths: number }>> {
  if (ids.length === 0) return new Map();
  const { db, principal } = scope.context;
  const [siteRows, pathRows] = await Promise.all([
    db
      .select({ id: sites.organizationId, count: sql<number>`count(*)::int` })
      .from(sites)
      .where(and(inArray(sites.organizationId, [...ids]), tenantWhere(principal, sites.organizationId, db)))
      .groupBy(sites.organizationId),
    db
      .select({ id: paths.organizationId, count: sql<number>`count(*)::int` })
      .from(paths)
      .where(and(inArray(paths.organizationId, [...ids]), tenantWhere(principal, paths.organizationId, db)))
      .groupBy(paths.organizationId),
  ]);
  const counts = new Map(ids.map((id) => [id, { sites: 0, paths: 0 }]));
  for (const row of siteRows) counts.get(row.id)!.sites = Number(row.count);
  for (const row of pathRows) counts.get(row.id)!.paths = Number(row.count);
  return counts;
}

/** The scope's connectors with their site and organization, the current traffic of each (null before any report) and the Mbps their paths reserve. */
export async function scopedConnectors(scope: ChatScope) {
  const { db } = scope.context;
  return db
    .select({
      id: connectors.id,
      name: connectors.name,
      siteName: sites.name,
      organizationName: organizations.name,
      bandwidthMbps: connectors.bandwidthMbps,
      rxBps: telemetryConnectorState.rxBps,
      txBps: telemetryConnectorState.txBps,
      usedMbps: sql<number>`coalesce(${connectorLoads.usedBandwidthMbps}, 0)`.mapWith(Number),
      paths: sql<number>`(select count(*) from paths p where p.source_connector_id = ${connectors.id} or p.destination_connector_id = ${connectors.id})`.mapWith(Number),
    })
    .from(connectors)
    .innerJoin(sites, eq(sites.id, connectors.siteId))
    .innerJoin(organizations, eq(organizations.id, connectors.organizationId))
    .leftJoin(telemetryConnectorState, eq(telemetryConnectorState.connectorId, connectors.id))
    .leftJoin(connectorLoads, eq(connectorLoads.connectorId, connectors.id))
    .where(inScope(scope, connectors.organizationId));
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
