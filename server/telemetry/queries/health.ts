import "server-only";
import { eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { featuredSiteId } from "@/lib/dashboard/format";
import { byConnectorHealth, byProbeLevel, bySiteHealth, siteHealthRows, topRows } from "@/lib/dashboard/lists";
import { SLA_THRESHOLDS } from "@/lib/constants";
import { classifyLinkHealth, classifyProbe, connectorHealth, PATH_SLA_STATES, SLA_RANK, worstLinkHealth, type LinkHealth, type LinkStatus, type PathSla } from "@/lib/health";
import {
  CURRENT_LIST_MAX,
  type ConnectorHealthList,
  type LinkHealthList,
  type LinkHealthQuery,
  type PathHealthList,
  type ProbeResults,
  type SiteHealthList,
} from "@/lib/telemetry/schema";
import { sharedRead } from "@/server/core/shared-read";
import { visibleRead } from "@/server/core/tenancy";
import { queryRows } from "@/server/db/client";
import { cachedRead, keptReads } from "@/server/db/read-cache";
import { links, pathSlaRank, telemetryPathState } from "@/server/db/schema";
import { keyset } from "@/server/core/pagination";
import { TELEMETRY } from "../config";
import { visibleCoreFabric, visibleNode, visibleOrganization, visibleSite, type QueryContext } from "@/server/core/visible-objects";

// What is true now: the latest probe results with their levels, connector health and link health.

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const idList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
// Probe results older than this are not "latest" any more.
const PROBE_WINDOW_MS = TELEMETRY.HOUR_MS;

/** The worst `limit` probes (by level, computed here) of the latest result of each, and how many there are. */
async function probes(context: QueryContext, where: SQL, now: number, limit: number): Promise<ProbeResults> {
  const rows = await queryRows<{
    site_id: string;
    site_name: string;
    target: string;
    t: number;
    latency_ms: number | null;
    jitter_ms: number | null;
    loss_percent: number;
  }>(
    context.db,
    sql`select * from (
          select distinct on (p.site_id, p.target) p.site_id, s.name as site_name, p.target, (extract(epoch from p.time) * 1000)::float8 as t,
                 p.latency_ms, p.jitter_ms, p.loss_percent
          from telemetry_probe_samples p join sites s on s.id = p.site_id
          where ${where} and p.time >= ${new Date(now - PROBE_WINDOW_MS).toISOString()}::timestamptz
          order by p.site_id, p.target, p.time desc) latest`,
  );
  return topRows(
    rows.map((row) => ({
      siteId: row.site_id,
      siteName: row.site_name,
      target: row.target,
      time: new Date(row.t).toISOString(),
      latencyMs: row.latency_ms,
      jitterMs: row.jitter_ms,
      lossPercent: row.loss_percent,
      level: classifyProbe({ latencyMs: row.latency_ms, jitterMs: row.jitter_ms, lossPercent: row.loss_percent }),
    })),
    byProbeLevel,
    limit,
  );
}

export async function siteProbes(context: QueryContext, siteId: string, limit = CURRENT_LIST_MAX, now = Date.now()) {
  const site = await visibleSite(context, siteId);
  return probes(context, sql`p.site_id = ${site.id}`, now, limit);
}

export async function organizationProbes(context: QueryContext, organizationId: string, limit = CURRENT_LIST_MAX, now = Date.now()) {
  const organization = await visibleOrganization(context, organizationId);
  return probes(context, sql`p.organization_id = ${organization.id}`, now, limit);
}

/** Down is unhealthy; otherwise the worst SLA of the paths over the connector says it; unknown before any report. */
type ConnectorHealth = ConnectorHealthList["items"][number];

// lib/health's SLA ranks, for the database to take the worst of many paths' states; and back.
const SLA_RANK_OF_ENDS = sql.raw(`case sla ${PATH_SLA_STATES.map((state) => `when '${state}' then ${SLA_RANK[state]}`).join(" ")} else 0 end`);
const SLA_OF_RANK = new Map(PATH_SLA_STATES.map((state) => [SLA_RANK[state], state]));

/** The connectors of one site or of one customer: which connectors, and which paths end on them. */
type ConnectorScope = { siteId: string } | { organizationId: string };

/**
 * The paths ending on the scope's connectors, one arm per end: by the end's site (a site's connectors carry the paths
 * whose end is at the site), or by the path's organization (a path's connectors belong to its own customer's sites).
 * Each arm walks an index on paths; choosing them through a join on connectors had PostgreSQL scan every path.
 */
function pathEndsIn(scope: ConnectorScope, end: "source" | "destination"): SQL {
  if ("siteId" in scope) return end === "source" ? sql`p.source_site_id = ${scope.siteId}` : sql`p.destination_site_id = ${scope.siteId}`;
  return sql`p.organization_id = ${scope.organizationId}`;
}

/**
 * Every connector of the scope with its state and the worst SLA of the paths over it. A customer's dashboard asks for
 * it twice at once (its sites card and its connectors card): on the embedded database the read is kept until a table
 * it read changes (and a kept read computing it notes those tables); on PostgreSQL concurrent reads share one.
 */
function connectorHealthRows(context: QueryContext, scope: ConnectorScope): Promise<ConnectorHealth[]> {
  const key = "siteId" in scope ? `connector-health:site:${scope.siteId}` : `connector-health:organization:${scope.organizationId}`;
  const read = () => readConnectorHealthRows(context, scope);
  // Never sharedRead inside a kept read: a joined read's statements run in another read's capture, unnoted here.
  return keptReads(context.db) ? cachedRead(context.db, key, read) : sharedRead(context.db, key, read);
}

async function readConnectorHealthRows(context: QueryContext, scope: ConnectorScope): Promise<ConnectorHealth[]> {
  const where = "siteId" in scope ? sql`c.site_id = ${scope.siteId}` : sql`c.organization_id = ${scope.organizationId}`;
  // One read: the connectors with their state and, ranked in the database, the worst SLA of the paths over each (a
  // row per connector however many paths cross it; the ends are chosen by the scope, see pathEndsIn).
  const rows = await queryRows<{
    id: string;
    name: string;
    kind: string;
    site_id: string;
    site_name: string;
    bandwidth_mbps: number;
    status: "up" | "down" | null;
    rx_bps: number | null;
    tx_bps: number | null;
    reported_ms: number | null;
    sla_rank: number | null;
  }>(
    context.db,
    sql`select c.id, c.name, c.kind, c.site_id, s.name as site_name, c.bandwidth_mbps, cs.status, cs.rx_bps, cs.tx_bps,
               (extract(epoch from cs.sampled_at) * 1000)::float8 as reported_ms, worst.rank as sla_rank
        from connectors c join sites s on s.id = c.site_id and s.organization_id = c.organization_id
             left join telemetry_connector_state cs on cs.connector_id = c.id
             left join (
               select connector_id, max(${SLA_RANK_OF_ENDS}) as rank from (
                 select p.source_connector_id as connector_id, p.sla_health as sla from paths p where ${pathEndsIn(scope, "source")}
                 union all
                 select p.destination_connector_id, p.sla_health from paths p where ${pathEndsIn(scope, "destination")}) ends
               group by connector_id) worst on worst.connector_id = c.id
        where ${where}`,
  );
  return rows.map((row) => {
    const pathSla = SLA_OF_RANK.get(Number(row.sla_rank)) ?? "unknown";
    const busiest = row.rx_bps === null || row.tx_bps === null ? null : Math.max(row.rx_bps, row.tx_bps);
    return {
      connectorId: row.id,
      name: row.name,
      kind: row.kind,
      siteId: row.site_id,
      siteName: row.site_name,
      bandwidthMbps: row.bandwidth_mbps,
      status: row.status,
      rxBps: row.rx_bps,
      txBps: row.tx_bps,
      utilizationPercent: busiest === null ? null : Math.round((busiest / (row.bandwidth_mbps * 1e6)) * 1000) / 10,
      reportedAt: iso(row.reported_ms),
      pathSla,
      health: connectorHealth(row.status, pathSla),
    };
  });
}

export function siteConnectorHealth(context: QueryContext, siteId: string, limit = CURRENT_LIST_MAX): Promise<ConnectorHealthList> {
  return visibleRead(context.db, context.principal, "site-connector-health", [siteId, limit], async () => {
    const site = await visibleSite(context, siteId);
    return topRows(await connectorHealthRows(context, { siteId: site.id }), byConnectorHealth, limit);
  });
}

export function organizationConnectorHealth(context: QueryContext, organizationId: string, limit = CURRENT_LIST_MAX): Promise<ConnectorHealthList> {
  return visibleRead(context.db, context.principal, "organization-connector-health", [organizationId, limit], async () => {
    const organization = await visibleOrganization(context, organizationId);
    return topRows(await connectorHealthRows(context, { organizationId: organization.id }), byConnectorHealth, limit);
  });
}

/** A customer's sites, the active and least healthy first (their connectors' worst), and which one to chart first. */
export function organizationSiteHealth(context: QueryContext, organizationId: string, limit = CURRENT_LIST_MAX): Promise<SiteHealthList> {
  return visibleRead(context.db, context.principal, "organization-site-health", [organizationId, limit], async () => (await organizationHealth(context, organizationId, limit)).sites);
}

/** A customer's connector and site health lists at once, from one read of its connectors (the dashboard shows both). */
export async function organizationHealth(
  context: QueryContext,
  organizationId: string,
  limit = CURRENT_LIST_MAX,
): Promise<{ connectors: ConnectorHealthList; sites: SiteHealthList }> {
  const organization = await visibleOrganization(context, organizationId);
  const [sites, connectors] = await Promise.all([
    queryRows<{ id: string; name: string; address: string; active: boolean }>(
      context.db,
      sql`select id, name, location_address as address, active from sites where organization_id = ${organization.id} order by name, id`,
    ),
    connectorHealthRows(context, { organizationId: organization.id }),
  ]);
  return {
    connectors: topRows(connectors, byConnectorHealth, limit),
    sites: {
      ...topRows(siteHealthRows(sites, connectors), bySiteHealth, limit),
      active: sites.filter((site) => site.active).length,
      featuredSiteId: featuredSiteId(sites, { items: connectors }),
    },
  };
}

/**
 * The worst `limit` paths matching `where` (on `paths p`) by their SLA now, then by name, and how many match. An
 * organization's are read off paths_org_sla_rank_idx in that order; the count is its own read, not a window over all.
 */
async function pathHealthList(context: QueryContext, where: SQL, limit: number): Promise<PathHealthList> {
  const rank = pathSlaRank(sql`p.sla_health`);
  const rows = await queryRows<{
    id: string;
    name: string;
    sla_health: PathSla;
    bandwidth_mbps: number;
    source_site_id: string;
    source_site_name: string;
    destination_site_id: string;
    destination_site_name: string;
    total: number;
  }>(
    context.db,
    // The worst rows first, then their sites' names: a few lookups, not a join of every site.
    sql`select p.id, p.name, p.sla_health, p.bandwidth_mbps, p.source_site_id, a.name as source_site_name,
               p.destination_site_id, b.name as destination_site_name, (select count(*)::int from paths p where ${where}) as total
        from (select p.id, p.name, p.sla_health, p.bandwidth_mbps, p.source_site_id, p.destination_site_id, ${rank} as rank
              from paths p where ${where} order by ${rank}, p.name, p.id limit ${limit}) p
        join sites a on a.id = p.source_site_id join sites b on b.id = p.destination_site_id
        order by p.rank, p.name, p.id`,
  );
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      slaHealth: row.sla_health,
      bandwidth: row.bandwidth_mbps,
      sourceSiteId: row.source_site_id,
      sourceSiteName: row.source_site_name,
      destinationSiteId: row.destination_site_id,
      destinationSiteName: row.destination_site_name,
    })),
    total: rows[0]?.total ?? 0,
  };
}

export function sitePathHealth(context: QueryContext, siteId: string, limit = CURRENT_LIST_MAX): Promise<PathHealthList> {
  return visibleRead(context.db, context.principal, "site-path-health", [siteId, limit], async () => {
    const site = await visibleSite(context, siteId);
    return pathHealthList(context, sql`(p.source_site_id = ${site.id} or p.destination_site_id = ${site.id})`, limit);
  });
}

export function organizationPathHealth(context: QueryContext, organizationId: string, limit = CURRENT_LIST_MAX): Promise<PathHealthList> {
  return visibleRead(context.db, context.principal, "organization-path-health", [organizationId, limit], async () => {
    const organization = await visibleOrganization(context, organizationId);
    return pathHealthList(context, sql`p.organization_id = ${organization.id}`, limit);
  });
}

/**
 * The recent state of links, one row per link that an end reported on within the silent window: down when any end
 * says so, the worst latency and loss, the busiest traffic. A link whose ends are silent has no row: unknown, not up.
 * `which` is a condition on telemetry_link_state's link_id.
 */
export const recentLinkStates = (which: SQL, now: number) =>
  sql`select link_id, bool_or(status = 'down') as down, max(latency_ms)::float8 as latency, max(loss_percent)::float8 as loss,
             max(rx_bps)::float8 as rx, max(tx_bps)::float8 as tx, (extract(epoch from max(sampled_at)) * 1000)::float8 as reported_ms
      from telemetry_link_state
      where ${which} and sampled_at >= ${new Date(now - TELEMETRY.silentAfterMs).toISOString()}::timestamptz
      group by link_id`;

export interface RecentLinkState {
  down: boolean | null;
  latency: number | null;
  loss: number | null;
  rx: number | null;
  tx: number | null;
  reported_ms: number | null;
}

/** A link's status, figures and health from its recent state (all null fields: no recent report). */
export function linkStateOf(state: RecentLinkState | undefined) {
  const status: LinkStatus | null = state && state.down !== null ? (state.down ? "down" : "up") : null;
  const latencyMs = state?.latency ?? null;
  const lossPercent = state?.loss ?? null;
  return {
    status,
    latencyMs,
    lossPercent,
    rxBps: state?.rx ?? null,
    txBps: state?.tx ?? null,
    reportedAt: iso(state?.reported_ms ?? null),
    health: classifyLinkHealth({ status, latencyMs, lossPercent }),
  };
}

/**
 * classifyLinkHealth (lib/health.ts) written for the database, over a row of `recentLinkStates` named `state` (left
 * joined: no row is unknown), so a list can filter and page on health. Built from the same thresholds; the API
 * tests check that both agree.
 */
export function linkHealthSql(state: string): SQL<LinkHealth> {
  const s = sql.raw(state);
  const { lossPercent: loss, latencyMs: latency } = SLA_THRESHOLDS;
  return sql<LinkHealth>`case when ${s}.link_id is null then 'unknown'
    when ${s}.down then 'unhealthy'
    when ${s}.loss > ${sql.raw(String(loss.bad))} or ${s}.latency > ${sql.raw(String(latency.bad))} then 'unhealthy'
    when ${s}.loss > ${sql.raw(String(loss.warning))} or ${s}.latency > ${sql.raw(String(latency.warning))} then 'warning'
    else 'healthy' end`;
}

/** The recent state of each of these links that reported (see recentLinkStates). */
async function recentLinkStatesOf(context: QueryContext, linkIds: string[], now: number): Promise<Map<string, RecentLinkState>> {
  const states = new Map<string, RecentLinkState>();
  if (linkIds.length === 0) return states;
  const rows = await queryRows<RecentLinkState & { link_id: string }>(context.db, recentLinkStates(sql`link_id in (${idList(linkIds)})`, now));
  for (const { link_id, ...state } of rows) states.set(link_id, state);
  return states;
}

/** Links as `l` in the lists' SQL, so a page's keyset compares its columns. */
const l = alias(links, "l");

async function linkHealthList(context: QueryContext, where: SQL, now: number, page: LinkHealthQuery = { limit: CURRENT_LIST_MAX }): Promise<LinkHealthList> {
  const list = keyset({ column: l.name, id: l.id }, page);
  const rows = await queryRows<{
    id: string;
    name: string;
    type: string;
    source_node_id: string;
    source_node_name: string;
    destination_node_id: string;
    destination_node_name: string;
    total: number;
  }>(
    context.db,
    sql`select l.id, l.name, l.type, l.source_node_id, a.name as source_node_name, l.destination_node_id, b.name as destination_node_name,
               (select count(*)::int from links l where ${where}) as total
        from links l join nodes a on a.id = l.source_node_id join nodes b on b.id = l.destination_node_id
        where ${where} ${list.after ? sql`and ${list.after}` : sql``} order by l.name, l.id limit ${list.limit}`,
  );
  const { items: listed, nextCursor } = list.page(rows, (row) => ({ value: row.name, id: row.id }));
  const states = await recentLinkStatesOf(
    context,
    listed.map((link) => link.id),
    now,
  );
  return {
    items: listed.map((link) => ({
      linkId: link.id,
      name: link.name,
      type: link.type,
      sourceNodeId: link.source_node_id,
      sourceNodeName: link.source_node_name,
      destinationNodeId: link.destination_node_id,
      destinationNodeName: link.destination_node_name,
      ...linkStateOf(states.get(link.id)),
    })),
    total: Number(rows[0]?.total ?? (page.cursor ? await countLinks(context, where) : 0)),
    nextCursor,
  };
}

/** How many links `where` holds (a page past the last has no row to say it). */
async function countLinks(context: QueryContext, where: SQL): Promise<number> {
  const [row] = await queryRows<{ total: number }>(context.db, sql`select count(*)::int as total from links l where ${where}`);
  return Number(row?.total ?? 0);
}

export async function nodeLinkHealth(context: QueryContext, nodeId: string, page?: LinkHealthQuery, now = Date.now()) {
  const node = await visibleNode(context, nodeId);
  return linkHealthList(context, sql`(l.source_node_id = ${node.id} or l.destination_node_id = ${node.id})`, now, page);
}

/**
 * The health of the links a visible path's route crosses. The links are its MSP's: the caller has shown the path
 * is the principal's to see (a customer sees the links under its own path, never the MSP's network as such).
 */
export async function routeLinkHealth(context: QueryContext, linkIds: string[], now = Date.now()): Promise<LinkHealthList> {
  if (linkIds.length === 0) return { items: [], total: 0, nextCursor: null };
  return linkHealthList(context, sql`l.id in (${idList(linkIds)})`, now);
}

// GET /api/v1/telemetry/core-fabric/{fabricId}/link-health — the fabric's links (both ends core nodes of it).
export async function coreFabricLinkHealth(context: QueryContext, fabricId: string, page?: LinkHealthQuery, now = Date.now()) {
  const fabric = await visibleCoreFabric(context, fabricId);
  return linkHealthList(context, sql`l.core_fabric_id = ${fabric.id}`, now, page);
}

/**
 * Each fabric's health, for the fabrics list: the worst of its links' (unknown when it has none or none reported).
 * The caller has shown the fabrics are the principal's to see.
 */
export async function coreFabricsHealth(context: QueryContext, fabricIds: string[], now = Date.now()): Promise<Map<string, LinkHealth>> {
  const health = new Map<string, LinkHealth>();
  if (fabricIds.length === 0) return health;
  const links = await queryRows<{ id: string; core_fabric_id: string }>(
    context.db,
    sql`select id, core_fabric_id from links where core_fabric_id in (${idList(fabricIds)})`,
  );
  const states = await recentLinkStatesOf(
    context,
    links.map((link) => link.id),
    now,
  );
  const byFabric = new Map<string, LinkHealth[]>();
  for (const link of links) {
    const linkHealth = linkStateOf(states.get(link.id)).health;
    const fabric = byFabric.get(link.core_fabric_id);
    if (fabric) fabric.push(linkHealth);
    else byFabric.set(link.core_fabric_id, [linkHealth]);
  }
  for (const id of fabricIds) health.set(id, worstLinkHealth(byFabric.get(id) ?? []));
  return health;
}

export async function organizationLinkHealth(context: QueryContext, organizationId: string, page?: LinkHealthQuery, now = Date.now()) {
  const organization = await visibleOrganization(context, organizationId);
  return linkHealthList(context, sql`l.organization_id = ${organization.id}`, now, page);
}

/**
 * The figures of a path's last SLA evaluation (telemetry_path_state), or null before its first one. The caller has
 * already shown the path is one the user may see.
 */
export async function pathMeasurement({ db }: QueryContext, pathId: string) {
  const [row] = await db.select().from(telemetryPathState).where(eq(telemetryPathState.pathId, pathId)).limit(1);
  if (!row) return null;
  return {
    latencyMs: row.latencyMs,
    jitterMs: row.jitterMs,
    lossPercent: row.lossPercent,
    samples: row.samples,
    lastSampleAt: row.lastSampleAt.toISOString(),
    evaluatedAt: row.evaluatedAt.toISOString(),
  };
}
