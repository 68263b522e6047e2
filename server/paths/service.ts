import "server-only";
import { and, eq, gte, ilike, inArray, lte, ne, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { connectorLoad, pathPlanIssueList, summedConnectorLoad, type ConnectorCapacity, type ConnectorLoad, type PathOnConnector } from "@/lib/paths/headroom";
import { pathCreateSchema, type Path, type PathCreate, type PathListQuery, type PathUpdate } from "@/lib/paths/schema";
import { mutate } from "@/server/core/changes";
import type { ServiceContext, Transaction } from "@/server/core/service-context";
import type { Principal } from "@/server/auth/principal";
import { queryRows, type Db } from "@/server/db/client";
import { connectors, pathSlaRank, paths, sites } from "@/server/db/schema";
import { changedColumns, setsNothing } from "@/server/db/changed-columns";
import { containsPattern } from "@/server/db/query";
import { consoleScopeWhere, findVisibleOrganization, tenantWhere, visibleRead } from "@/server/core/tenancy";
import { ValidationError, ConflictError, type FieldIssue, NotFoundError } from "@/server/core/errors";
import { DEGRADED_PATH_SLA_STATES, PATH_SLA_STATES, type PathSla } from "@/lib/health";
import type { PageQuery } from "@/lib/pagination";
import { sortedList, type SortKey } from "@/server/core/pagination";
import type { SortColumn } from "@/lib/sorting";
import { validationError } from "@/server/core/validation";

type Executor = Db | Transaction;
type PathRow = {
  path: typeof paths.$inferSelect;
  sourceSiteName: string;
  destinationSiteName: string;
  sourceConnectorName: string;
  destinationConnectorName: string;
};

// A name by id as a correlated sub-select: PostgreSQL plans it in no time, where a five-table join costs more to
// plan than a page of paths costs to read.
const nameOf = (table: typeof sites | typeof connectors, id: AnyPgColumn) => sql<string>`(select ${table.name} from ${table} where ${table.id} = ${id})`;

/** Paths with the names of their sites and connectors (the list and the detail show them). */
function selectPaths(executor: Executor, sortKey: SQL<unknown> = sql`null`) {
  return executor
    .select({
      path: paths,
      sortKey,
      sourceSiteName: nameOf(sites, paths.sourceSiteId),
      destinationSiteName: nameOf(sites, paths.destinationSiteId),
      sourceConnectorName: nameOf(connectors, paths.sourceConnectorId),
      destinationConnectorName: nameOf(connectors, paths.destinationConnectorId),
    })
    .from(paths);
}

function toPath(row: PathRow): Path {
  const { path } = row;
  return {
    id: path.id,
    organizationId: path.organizationId,
    name: path.name,
    layer: path.layer,
    sourceSiteId: path.sourceSiteId,
    sourceSiteName: row.sourceSiteName,
    sourceConnectorId: path.sourceConnectorId,
    sourceConnectorName: row.sourceConnectorName,
    destinationSiteId: path.destinationSiteId,
    destinationSiteName: row.destinationSiteName,
    destinationConnectorId: path.destinationConnectorId,
    destinationConnectorName: row.destinationConnectorName,
    bandwidth: path.bandwidthMbps,
    vlanType: path.vlanType,
    vlanId: path.vlanType === "specific" ? path.vlanId : null,
    prefix: path.layer === "layer3" ? path.prefixes : [],
    slaHealth: path.slaHealth,
    createdAt: path.createdAt.toISOString(),
    updatedAt: path.updatedAt.toISOString(),
  };
}

/** What a path's events record: its fields as a person sees them (names included), without timestamps. */
function snapshot(path: Path) {
  const { createdAt: _created, updatedAt: _updated, ...fields } = path;
  return fields;
}

export type PathFilter = PathListQuery & PageQuery;

/** Beyond this many matching connectors a search is broad: matches come early in name order, no index needed. */
const SEARCH_CONNECTOR_LIMIT = 500;

/**
 * "Filter paths...": the path's name, or the name of a site or connector at either end. A path's connectors belong
 * to its sites (every write checks it), so a site's name is matched through its connectors. They are resolved
 * first and passed as an array, so each arm of the OR can use an index (paths.name by trigram if one exists, the
 * two connector columns by btree) when the term is rare; a broad term keeps a sub-select.
 */
async function searchCondition(db: Db, principal: Principal, search: string, organizationId?: string) {
  const pattern = containsPattern(search);
  const matching = () =>
    db
      .select({ id: connectors.id })
      .from(connectors)
      .innerJoin(sites, eq(sites.id, connectors.siteId))
      .where(
        and(
          tenantWhere(principal, connectors.organizationId, db),
          organizationId ? consoleScopeWhere(principal, connectors.organizationId, organizationId, db) : undefined,
          or(ilike(connectors.name, pattern), ilike(sites.name, pattern)),
        ),
      );
  const found = await matching().limit(SEARCH_CONNECTOR_LIMIT + 1);
  if (found.length > SEARCH_CONNECTOR_LIMIT) {
    return or(ilike(paths.name, pattern), inArray(paths.sourceConnectorId, matching()), inArray(paths.destinationConnectorId, matching()));
  }
  const ids = sql.param(found.map((row) => row.id));
  return or(ilike(paths.name, pattern), sql`${paths.sourceConnectorId} = any(${ids}::text[])`, sql`${paths.destinationConnectorId} = any(${ids}::text[])`);
}

/** Paths with an end at the site, through its connectors so the two connector indexes serve a small site. */
async function siteCondition(db: Db, siteId: string) {
  const found = await db.select({ id: connectors.id }).from(connectors).where(eq(connectors.siteId, siteId));
  const ids = sql.param(found.map((row) => row.id));
  return or(sql`${paths.sourceConnectorId} = any(${ids}::text[])`, sql`${paths.destinationConnectorId} = any(${ids}::text[])`);
}

/** The paths a filter keeps, of those the caller may see. */
async function filterConditions(db: Db, principal: Principal, filter: PathListQuery): Promise<(SQL | undefined)[]> {
  const conditions: (SQL | undefined)[] = [tenantWhere(principal, paths.organizationId, db)];
  // One console's paths: an organization's own, an MSP's customers' (tenantWhere above still bounds them).
  if (filter.organizationId) conditions.push(consoleScopeWhere(principal, paths.organizationId, filter.organizationId, db));
  if (filter.siteId) conditions.push(await siteCondition(db, filter.siteId));
  if (filter.layer) conditions.push(eq(paths.layer, filter.layer));
  if (filter.slaHealth) conditions.push(eq(paths.slaHealth, filter.slaHealth));
  if (filter.minBandwidth !== undefined) conditions.push(gte(paths.bandwidthMbps, filter.minBandwidth));
  if (filter.maxBandwidth !== undefined) conditions.push(lte(paths.bandwidthMbps, filter.maxBandwidth));
  if (filter.search) conditions.push(await searchCondition(db, principal, filter.search, filter.organizationId));
  return conditions;
}

// GET /api/v1/config/path — the paths the caller may see, by name then id, keyset-paginated.
export function listPaths(db: Db, principal: Principal, filter: PathFilter) {
  return visibleRead(db, principal, "paths", filter, () => readPaths(db, principal, filter));
}

const PATH_SORT_KEYS: Record<SortColumn<"paths">, SortKey[]> = {
  name: [{ key: paths.name, kind: "text" }],
  // The worst first (the dashboards' rank), then by name: the organization's (org, rank, name, id) index.
  state: [{ key: pathSlaRank(paths.slaHealth), kind: "integer" }, { key: paths.name, kind: "text" }],
  bandwidth: [{ key: paths.bandwidthMbps, kind: "integer" }, { key: paths.name, kind: "text" }],
};

async function readPaths(db: Db, principal: Principal, filter: PathFilter) {
  const conditions = await filterConditions(db, principal, filter);
  const list = sortedList("paths", PATH_SORT_KEYS, paths.id, filter, { sort: "name", order: "asc" });
  conditions.push(list.after);
  const rows = await selectPaths(db, list.cursorValues)
    .where(and(...conditions))
    .orderBy(...list.orderBy)
    .limit(list.limit);
  const page = list.page(rows, (row) => ({ values: row.sortKey as unknown[], id: row.path.id }));
  return { items: page.items.map(toPath), nextCursor: page.nextCursor };
}

/** How many of the paths a filter keeps are in each SLA state (what the assistant says of a whole network). */
export async function countPathsByHealth(db: Db, principal: Principal, filter: Omit<PathListQuery, "slaHealth">): Promise<Record<PathSla, number>> {
  const rows = await db
    .select({ slaHealth: paths.slaHealth, count: sql<number>`count(*)::int` })
    .from(paths)
    .where(and(...(await filterConditions(db, principal, filter))))
    .groupBy(paths.slaHealth);
  const counts = Object.fromEntries(PATH_SLA_STATES.map((state) => [state, 0])) as Record<PathSla, number>;
  for (const row of rows) counts[row.slaHealth] = Number(row.count);
  return counts;
}

/** The paths a filter keeps counted by layer and SLA state, with their bandwidth summed (the assistant's aggregates). */
export async function aggregatePaths(db: Db, principal: Principal, filter: Omit<PathListQuery, "slaHealth">) {
  const rows = await db
    .select({ layer: paths.layer, slaHealth: paths.slaHealth, count: sql<number>`count(*)::int`.mapWith(Number), bandwidthMbps: sql<number>`coalesce(sum(${paths.bandwidthMbps}), 0)`.mapWith(Number) })
    .from(paths)
    .where(and(...(await filterConditions(db, principal, filter))))
    .groupBy(paths.layer, paths.slaHealth);
  return rows;
}

// GET /api/v1/config/organization/{organizationId}/path — null when the organization is not visible (404).
export async function listOrganizationPaths(db: Db, principal: Principal, organizationId: string, filter: Omit<PathFilter, "organizationId">) {
  const organization = await findVisibleOrganization(db, principal, organizationId);
  if (!organization) throw new NotFoundError();
  return listPaths(db, principal, { ...filter, organizationId: organization.id });
}

/** A path the caller may see, or null (another tenant's path is indistinguishable from a missing one). */
async function findVisiblePath(executor: Executor, principal: Principal, pathId: string, lock = false) {
  const query = selectPaths(executor)
    .where(and(eq(paths.id, pathId), tenantWhere(principal, paths.organizationId, executor as Db)))
    .limit(1);
  const [row] = lock ? await query.for("update", { of: paths }) : await query;
  return row ?? null;
}

// GET /api/v1/config/path/{pathId}
export function getPath(db: Db, principal: Principal, pathId: string): Promise<Path> {
  return visibleRead(db, principal, "path", pathId, async () => {
    const row = await findVisiblePath(db, principal, pathId);
    if (!row) throw new NotFoundError();
    return toPath(row);
  });
}

const invalid = (issues: FieldIssue[]) => new ValidationError(issues[0].key, issues[0].values, issues);

/**
 * The two ends of a path in its organization: each site exists there, each connector belongs to its site.
 * The connector rows stay locked (in id order, so two writers never wait on each other in a circle) until the
 * transaction ends: a concurrent write on the same connectors waits here and then sees this one's path. They are read
 * with their sites' names in one statement; only ends that do not fit are looked at again, to say which part is wrong.
 */
async function lockEnds(tx: Transaction, organizationId: string, path: PathCreate) {
  const connectorRows = await tx
    .select({ connector: connectors, siteName: sites.name })
    .from(connectors)
    .innerJoin(sites, eq(sites.id, connectors.siteId))
    .where(
      and(
        inArray(connectors.id, [path.sourceConnectorId, path.destinationConnectorId]),
        eq(connectors.organizationId, organizationId),
        eq(sites.organizationId, organizationId),
      ),
    )
    .orderBy(connectors.id)
    .for("update", { of: connectors });
  const source = connectorRows.find((row) => row.connector.id === path.sourceConnectorId);
  const destination = connectorRows.find((row) => row.connector.id === path.destinationConnectorId);
  if (source?.connector.siteId === path.sourceSiteId && destination?.connector.siteId === path.destinationSiteId) {
    const siteNames = new Map([source, destination].map((row) => [row.connector.siteId, row.siteName]));
    return { source: source.connector, destination: destination.connector, siteNames };
  }
  const siteRows = await tx
    .select({ id: sites.id })
    .from(sites)
    .where(and(inArray(sites.id, [path.sourceSiteId, path.destinationSiteId]), eq(sites.organizationId, organizationId)));
  const known = new Set(siteRows.map((site) => site.id));
  const issues: FieldIssue[] = [];
  for (const [end, siteId, row] of [
    ["source", path.sourceSiteId, source],
    ["destination", path.destinationSiteId, destination],
  ] as const) {
    if (!known.has(siteId)) issues.push({ path: `${end}SiteId`, key: "validation.pathSiteNotFound" });
    else if (row?.connector.siteId !== siteId) issues.push({ path: `${end}ConnectorId`, key: "validation.connectorNotOfSite" });
  }
  throw invalid(issues);
}

type Ends = Awaited<ReturnType<typeof lockEnds>>;

/** A path row just written, as the API answers it: its ends' names are those of the rows locked for the write. */
function written(row: typeof paths.$inferSelect, { source, destination, siteNames }: Ends): Path {
  return toPath({
    path: row,
    sourceSiteName: siteNames.get(row.sourceSiteId) ?? "",
    destinationSiteName: siteNames.get(row.destinationSiteId) ?? "",
    sourceConnectorName: source.name,
    destinationConnectorName: destination.name,
  });
}

type Connector = typeof connectors.$inferSelect;

const capacity = (connector: Connector) => ({ id: connector.id, name: connector.name, bandwidth: connector.bandwidthMbps });

/**
 * The network's rules for a path on its two (locked) connectors (lib/paths/headroom.ts), checked against every other
 * path on them; the first broken one is the answer. On update the path itself is left out.
 */
async function checkConnectorRules(tx: Transaction, path: PathCreate, source: Connector, destination: Connector, selfId?: string) {
  const loads = await loadsOf(tx, [source, destination], path, selfId);
  const [issue] = pathPlanIssueList(path, loads(source), loads(destination));
  if (!issue) return;
  if (issue.conflict) throw new ConflictError(issue.key, issue.values);
  throw invalid([{ path: issue.field, key: issue.key, values: issue.values }]);
}

interface LoadRow {
  connector_id: string;
  used: number;
  id: string | null;
  name: string;
  source_connector_id: string;
  destination_connector_id: string;
  bandwidth_mbps: number;
  vlan_type: PathOnConnector["vlanType"];
  vlan_id: number | null;
}

/**
 * The other paths' load on each end, for the rules of lib/paths/headroom.ts, in one read: their bandwidth summed (kept
 * by the database in connector_loads, less the path itself on update) and the first of them by name the plan's VLAN
 * clashes with (an All plan clashes with any). A Specific plan's clashes are probes of the connector-and-VLAN indexes
 * (its VLAN, or no VLAN: an All path), so the four-thousandth path on a trunk costs what the first did. Read after
 * the ends are locked.
 */
async function loadsOf(tx: Transaction, ends: Connector[], plan: PathCreate, selfId?: string) {
  const vlanId = plan.vlanType === "specific" ? (plan.vlanId ?? null) : null;
  const on = (condition: SQL) => sql`((p.source_connector_id = c.id and ${condition}) or (p.destination_connector_id = c.id and ${condition}))`;
  // A Specific plan without a VLAN is refused for that before any clash is looked for.
  const clashes =
    plan.vlanType !== "specific" ? on(sql`true`) : vlanId === null ? sql`false` : sql`(${on(sql`p.vlan_id = ${vlanId}`)} or ${on(sql`p.vlan_id is null and p.vlan_type = 'all'`)})`;
  const rows = await queryRows<LoadRow>(
    tx as unknown as Db,
    sql`select c.id as connector_id,
          (coalesce(l.used_bandwidth_mbps, 0) - coalesce(self.bandwidth_mbps, 0))::float8 as used,
          clash.id, clash.name, clash.source_connector_id, clash.destination_connector_id, clash.bandwidth_mbps, clash.vlan_type, clash.vlan_id
        from connectors c
        left join connector_loads l on l.connector_id = c.id
        left join paths self on self.id = ${selfId ?? null} and (self.source_connector_id = c.id or self.destination_connector_id = c.id)
        left join lateral (
          -- In code-point order, as lib/paths/headroom.ts sorts the form's list, whatever the database's collation.
          select p.* from paths p where ${clashes} and p.id is distinct from ${selfId ?? null} order by p.name collate "C", p.id limit 1
        ) clash on true
        where c.id in ${ends.map((end) => end.id)}`,
  );
  return (connector: Connector): ConnectorLoad => {
    const row = rows.find((candidate) => candidate.connector_id === connector.id);
    const clashing: PathOnConnector[] =
      row?.id == null
        ? []
        : [{ id: row.id, name: row.name, sourceConnectorId: row.source_connector_id, destinationConnectorId: row.destination_connector_id, bandwidth: row.bandwidth_mbps, vlanType: row.vlan_type, vlanId: row.vlan_id }];
    return summedConnectorLoad(capacity(connector), Number(row?.used ?? 0), clashing);
  };
}

/**
 * How many paths other than `exceptPathId` over each connector are in warning or bad, among those the caller may see:
 * whether a connector's state (the worst SLA of its paths) says more than one path's own.
 */
export async function otherDegradedPathsOver(db: Db, principal: Principal, connectorIds: string[], exceptPathId: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (connectorIds.length === 0) return counts;
  const rows = await db
    .select({ source: paths.sourceConnectorId, destination: paths.destinationConnectorId })
    .from(paths)
    .where(
      and(
        tenantWhere(principal, paths.organizationId, db),
        ne(paths.id, exceptPathId),
        inArray(paths.slaHealth, [...DEGRADED_PATH_SLA_STATES]),
        or(inArray(paths.sourceConnectorId, connectorIds), inArray(paths.destinationConnectorId, connectorIds)),
      ),
    );
  for (const row of rows) for (const end of new Set([row.source, row.destination])) counts.set(end, (counts.get(end) ?? 0) + 1);
  return counts;
}

/**
 * Each connector's load from every path over it the caller may see, for what the assistant tells of a connector and
 * plans on it (a page of the organization's paths would leave the others out). At most a connector's VLANs each.
 */
export async function connectorLoads(db: Db, principal: Principal, capacities: ConnectorCapacity[]): Promise<ConnectorLoad[]> {
  if (capacities.length === 0) return [];
  const ids = capacities.map((connector) => connector.id);
  const rows = await db
    .select({
      id: paths.id,
      name: paths.name,
      sourceConnectorId: paths.sourceConnectorId,
      destinationConnectorId: paths.destinationConnectorId,
      bandwidth: paths.bandwidthMbps,
      vlanType: paths.vlanType,
      vlanId: paths.vlanId,
    })
    .from(paths)
    .where(and(tenantWhere(principal, paths.organizationId, db), or(inArray(paths.sourceConnectorId, ids), inArray(paths.destinationConnectorId, ids))));
  // Each row to its ends' buckets first: a site's hundred connectors never each scan every row.
  const byConnector = new Map<string, PathOnConnector[]>();
  for (const row of rows) {
    for (const end of new Set([row.sourceConnectorId, row.destinationConnectorId])) {
      const bucket = byConnector.get(end);
      if (bucket) bucket.push(row);
      else byConnector.set(end, [row]);
    }
  }
  return capacities.map((connector) => connectorLoad(connector, byConnector.get(connector.id) ?? []));
}

function toColumns(path: PathCreate) {
  return {
    name: path.name,
    layer: path.layer,
    sourceSiteId: path.sourceSiteId,
    sourceConnectorId: path.sourceConnectorId,
    destinationSiteId: path.destinationSiteId,
    destinationConnectorId: path.destinationConnectorId,
    bandwidthMbps: path.bandwidth,
    vlanType: path.vlanType,
    vlanId: path.vlanType === "specific" ? (path.vlanId ?? null) : null,
    prefixes: path.layer === "layer3" ? (path.prefix ?? []) : [],
  };
}

/** The customer organization a path is made in; null when not visible (404); 400 for an MSP or the operator. */
async function customerOrganization(db: Db, principal: Principal, organizationId: string) {
  const organization = await findVisibleOrganization(db, principal, organizationId);
  if (!organization) return null;
  if (organization.organizationType !== "customer") {
    throw new ValidationError("apiErrors.pathOrganizationNotCustomer", { organization: organization.name });
  }
  return organization;
}

// POST /api/v1/config/organization/{organizationId}/path
export async function createPath(context: ServiceContext, organizationId: string, input: PathCreate): Promise<Path> {
  const organization = await customerOrganization(context.db, context.principal, organizationId);
  if (!organization) throw new NotFoundError();
  return mutate(context, async (tx, record) => {
    const ends = await lockEnds(tx, organization.id, input);
    await checkConnectorRules(tx, input, ends.source, ends.destination);
    const [inserted] = await tx
      .insert(paths)
      .values({ organizationId: organization.id, ...toColumns(input) })
      .returning();
    const created = written(inserted, ends);
    await record({ organizationId: organization.id, entityType: "path", entityId: created.id, type: "created", after: snapshot(created) });
    return created;
  });
}

/** The stored path with the update laid over it, as a create would receive it. */
function merge(before: Path, update: PathUpdate) {
  const merged: Record<string, unknown> = {
    name: before.name,
    layer: before.layer,
    sourceSiteId: before.sourceSiteId,
    sourceConnectorId: before.sourceConnectorId,
    destinationSiteId: before.destinationSiteId,
    destinationConnectorId: before.destinationConnectorId,
    bandwidth: before.bandwidth,
    vlanType: before.vlanType,
    vlanId: before.vlanId,
    prefix: before.prefix,
  };
  for (const [key, value] of Object.entries(update)) if (value !== undefined) merged[key] = value;
  // Turning a Layer 3 path into Layer 2 drops its prefixes unless the update names some (then it is refused).
  if (update.layer === "layer2" && update.prefix === undefined) merged.prefix = null;
  return merged;
}

// PATCH /api/v1/config/path/{pathId} — the merged path must still be valid and fit its connectors.
export async function updatePath(context: ServiceContext, pathId: string, update: PathUpdate): Promise<Path> {
  return mutate(context, async (tx, record) => {
    const row = await findVisiblePath(tx, context.principal, pathId, true);
    if (!row) throw new NotFoundError();
    const before = toPath(row);
    const parsed = pathCreateSchema.safeParse(merge(before, update));
    if (!parsed.success) throw validationError(parsed.error);
    const columns = changedColumns(toColumns(before), toColumns(parsed.data));
    if (setsNothing(columns)) return before;
    const ends = await lockEnds(tx, before.organizationId, parsed.data);
    await checkConnectorRules(tx, parsed.data, ends.source, ends.destination, pathId);
    const [updated] = await tx
      .update(paths)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(paths.id, pathId))
      .returning();
    const after = written(updated, ends);
    await record({ organizationId: before.organizationId, entityType: "path", entityId: pathId, type: "updated", before: snapshot(before), after: snapshot(after) });
    return after;
  });
}

// DELETE /api/v1/config/path/{pathId}
export async function deletePath(context: ServiceContext, pathId: string): Promise<void> {
  return mutate(context, async (tx, record) => {
    const row = await findVisiblePath(tx, context.principal, pathId, true);
    if (!row) throw new NotFoundError();
    const before = toPath(row);
    await tx.delete(paths).where(eq(paths.id, pathId));
    await record({ organizationId: before.organizationId, entityType: "path", entityId: pathId, type: "deleted", before: snapshot(before) });
  });
}
