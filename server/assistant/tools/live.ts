import "server-only";
import type { z } from "zod";
import { eq } from "drizzle-orm";
import { ASSISTANT_LIST_MAX } from "@/lib/assistant/tools";
import { foldText } from "@/lib/locations/text";
import type {
  connectorUsageInputSchema,
  connectorUsageOutputSchema,
  listPathsInputSchema,
  listPathsOutputSchema,
  pathStatisticsInputSchema,
  pathStatisticsOutputSchema,
  siteDetailInputSchema,
  siteDetailOutputSchema,
  siteTrafficInputSchema,
  siteTrafficOutputSchema,
  Unresolved,
} from "@/lib/assistant/tool-schemas";
import { SLA_THRESHOLDS } from "@/lib/constants";
import { MAX_PAGE_SIZE } from "@/lib/pagination";
import { bySlaHealth } from "@/lib/dashboard/lists";
import { DEGRADED_PATH_SLA_STATES, PATH_SLA_STATES, slaBreaches, type PathSla } from "@/lib/health";
import { PATH_LAYERS } from "@/lib/paths/schema";
import type { Path } from "@/lib/paths/schema";
import { aggregatePaths, connectorLoads, listPaths as listPathsService } from "@/server/paths/service";
import { getSite } from "@/server/sites/service";
import { listConnectors } from "@/server/sites/connectors";
import { telemetryConnectorState } from "@/server/db/schema";
import { objectBandwidth, pathPerformance } from "@/server/telemetry/queries/series";
import { siteTopTalkers } from "@/server/telemetry/queries/breakdown";
import { pathMeasurement, siteConnectorHealth, siteProbes } from "@/server/telemetry/queries/health";
import { organizationNamed, rankedPaths } from "../queries";
import { resolveConnector, resolveSite, type Resolution } from "../resolve";
import { consoleLink, pathRoute, siteRoute, type ChatScope } from "../scope";
import { findPaths } from "./path-sla";
import type { ToolEnvironment } from "./shared";

// The tools over live data (issue 16, scope 2): paths by SLA, a path's figures over a range, a site, its traffic and
// top talkers, a connector's load and headroom. Each reads through the console's services with the caller's principal.

const HOUR = 3600_000;
const DAY = 24 * HOUR;

type Out<T extends z.ZodType> = z.infer<T>;

/** The answer for a name that resolved to nothing visible, or to several candidates. */
export function unresolvedOutput<T extends { id: string; name: string }>(resolution: Exclude<Resolution<T>, { status: "found" }>, query: string, detail: (item: T) => string | null = () => null): Unresolved {
  return resolution.status === "ambiguous"
    ? { status: "ambiguous", query, candidates: resolution.candidates.map((item) => ({ id: item.id, name: item.name, detail: detail(item) })), links: [] }
    : { status: "not-visible", query, links: [] };
}

const pathLink = (environment: ToolEnvironment, scope: ChatScope, path: Pick<Path, "id" | "name" | "sourceSiteId">) =>
  consoleLink(scope, environment.t("assistant.links.path", { path: path.name }), pathRoute(scope, path));

// listPaths — the paths of the chat's organization with their SLA, the unhealthy ones with what they breach; or ranked
// by a figure (latency, jitter, loss, bandwidth), each with its value.
export async function listPaths(environment: ToolEnvironment, input: Out<typeof listPathsInputSchema>): Promise<Out<typeof listPathsOutputSchema>> {
  const scope = await environment.scope();
  const { db, principal } = scope.context;
  const health = input.health ?? "all";
  const sort = input.sort ?? "health";
  const order = input.order ?? "desc";
  const limit = Math.min(input.limit ?? ASSISTANT_LIST_MAX, ASSISTANT_LIST_MAX);
  const states: readonly PathSla[] = health === "all" ? PATH_SLA_STATES : health === "unhealthy" ? DEGRADED_PATH_SLA_STATES : [health];
  // Counted and listed by the database, state by state, so the worst paths of a network of any size are the ones told.
  // "show initech paths" in Initech's own chat: its own name is the whole organization, not a part of path names.
  const asked = input.query?.trim() && foldText(input.query) !== foldText(scope.organization.name) ? input.query.trim() : undefined;
  // "initech's paths": a customer's name is the organization to list, not a part of path names.
  const organization = await organizationNamed(scope, asked);
  const filter = {
    ...(organization ? { organizationId: organization.id } : { organizationId: scope.organizationFilter, search: asked }),
    layer: input.layer,
    minBandwidth: input.minBandwidthMbps,
    maxBandwidth: input.maxBandwidthMbps,
  };
  const [aggregates, shown] = await Promise.all([
    aggregatePaths(db, principal, filter),
    sort === "health"
      ? Promise.all(states.map((slaHealth) => listPathsService(db, principal, { ...filter, slaHealth, limit }))).then((pages) =>
          pages
            .flatMap((page) => page.items)
            .sort(bySlaHealth)
            .slice(0, limit)
            .map((path) => ({ ...path, bandwidthMbps: path.bandwidth, latencyMs: null, jitterMs: null, lossPercent: null })),
        )
      : rankedPaths(scope, { by: sort, ascending: order === "asc", states, search: "search" in filter ? filter.search : undefined, organizationId: organization?.id, layer: input.layer, minBandwidth: input.minBandwidthMbps, maxBandwidth: input.maxBandwidthMbps, limit }),
  ]);
  // Counted by the database (layer × state, bandwidth summed): the counts, groups and total asked are read off it.
  const sum = (rows: typeof aggregates, pick: (row: (typeof aggregates)[number]) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const counts = Object.fromEntries(PATH_SLA_STATES.map((state) => [state, sum(aggregates.filter((row) => row.slaHealth === state), (row) => row.count)])) as Record<PathSla, number>;
  const kept = aggregates.filter((row) => states.includes(row.slaHealth));
  const groupKeys: readonly string[] = input.groupBy === "layer" ? PATH_LAYERS : input.groupBy === "state" ? PATH_SLA_STATES : [];
  const groups = groupKeys.map((key) => {
    const rows = kept.filter((row) => (input.groupBy === "layer" ? row.layer : row.slaHealth) === key);
    return { key, count: sum(rows, (row) => row.count), bandwidthMbps: sum(rows, (row) => row.bandwidthMbps) };
  });
  // A ranking read the figures with the paths; a list by state reads those of its degraded paths.
  const measured = await Promise.all(
    shown.map(async (path) =>
      sort !== "health" ? { ...path, samples: 0 } : path.slaHealth === "warning" || path.slaHealth === "bad" ? pathMeasurement(scope.context, path.id) : null,
    ),
  );
  return {
    organizationName: organization?.name ?? scope.organization.name,
    health,
    query: organization ? null : (asked ?? null),
    minBandwidthMbps: input.minBandwidthMbps ?? null,
    maxBandwidthMbps: input.maxBandwidthMbps ?? null,
    sort,
    order,
    scanned: PATH_SLA_STATES.reduce((sum, state) => sum + counts[state], 0),
    total: states.reduce((sum, state) => sum + counts[state], 0),
    layer: input.layer ?? null,
    groupBy: input.groupBy ?? null,
    groups,
    totalBandwidthMbps: input.total === "bandwidth" ? sum(kept, (row) => row.bandwidthMbps) : null,
    paths: shown.map((path, index) => {
      const measurement = measured[index];
      const degraded = path.slaHealth === "warning" || path.slaHealth === "bad";
      return {
        id: path.id,
        name: path.name,
        sourceSiteName: path.sourceSiteName,
        destinationSiteName: path.destinationSiteName,
        sla: path.slaHealth,
        breaches: measurement && degraded ? slaBreaches(measurement).map((breach) => ({ ...breach, threshold: SLA_THRESHOLDS[breach.metric][breach.level] })) : [],
        bandwidthMbps: path.bandwidthMbps,
        latencyMs: measurement?.latencyMs ?? path.latencyMs,
        jitterMs: measurement?.jitterMs ?? path.jitterMs,
        lossPercent: measurement?.lossPercent ?? path.lossPercent,
        prefixes: (path.layer === "layer3" ? path.prefix : null) ?? [],
      };
    }),
    links: [
      ...shown.slice(0, 3).flatMap((path) => pathLink(environment, scope, path)),
      ...consoleLink(scope, environment.t("assistant.links.paths"), scope.organization.organizationType === "customer" ? "customer/dashboard" : "paths"),
    ],
  };
}

/** Nearest-rank percentile. */
function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const rangeOf = (input: { from?: string; to?: string }, now: number, defaultMs = DAY) => {
  const to = input.to ? Date.parse(input.to) : now;
  const from = input.from ? Date.parse(input.from) : to - defaultMs;
  return { from: new Date(Math.min(from, to - 60_000)).toISOString(), to: new Date(to).toISOString() };
};

// pathStatistics — a path's latency, jitter or loss over a range: average, 95th percentile, min and max of the series.
export async function pathStatistics(environment: ToolEnvironment, input: Out<typeof pathStatisticsInputSchema>, now = Date.now()): Promise<Out<typeof pathStatisticsOutputSchema>> {
  const scope = await environment.scope();
  const { matches } = await findPaths(scope, input.path);
  if (matches.length !== 1) {
    const resolution: Resolution<Path> = matches.length === 0 ? { status: "not-visible" } : { status: "ambiguous", candidates: [...matches].sort(bySlaHealth).slice(0, 8) };
    return unresolvedOutput(resolution as Exclude<Resolution<Path>, { status: "found" }>, input.path, (path) => environment.t(`assistant.sla.states.${path.slaHealth}`));
  }
  const [path] = matches;
  const metric = input.metric ?? "latencyMs";
  const range = rangeOf(input, now);
  const series = await pathPerformance(scope.context, path.id, range, now);
  const values = series.points.map((point) => point[metric]);
  return {
    status: "found",
    path: { id: path.id, name: path.name, sla: path.slaHealth },
    metric,
    from: series.from,
    to: series.to,
    points: values.length,
    step: series.step,
    average: values.length > 0 ? values.reduce((sum, value) => sum + value, 0) / values.length : null,
    p95: percentile(values, 95),
    min: values.length > 0 ? Math.min(...values) : null,
    max: values.length > 0 ? Math.max(...values) : null,
    links: pathLink(environment, scope, path),
  };
}

const SITE_PROBES_MAX = 8;

// siteDetail — a site with its connectors, paths and probes; its description is data written by users, quoted as such.
export async function siteDetail(environment: ToolEnvironment, input: Out<typeof siteDetailInputSchema>): Promise<Out<typeof siteDetailOutputSchema>> {
  const scope = await environment.scope();
  const resolution = await resolveSite(scope, input.site);
  if (resolution.status !== "found") return unresolvedOutput(resolution, input.site);
  const site = await getSite(scope.context, resolution.item.id);
  const { db, principal } = scope.context;
  const [connectorPage, own, probes] = await Promise.all([
    listConnectors(scope.context, site.id, { limit: ASSISTANT_LIST_MAX }),
    listPathsService(db, principal, { siteId: site.id, limit: MAX_PAGE_SIZE }),
    siteProbes(scope.context, site.id, SITE_PROBES_MAX),
  ]);
  return {
    status: "found",
    site: {
      id: site.id,
      name: site.name,
      type: site.type,
      city: site.location.address,
      active: site.active,
      description: site.description,
      organizationName: scope.organization.name,
    },
    connectors: (connectorPage?.items ?? []).map((connector) => ({ name: connector.name, kind: connector.kind, bandwidthMbps: connector.bandwidth })),
    paths: own.items.map((path) => ({ name: path.name, sla: path.slaHealth })),
    probes: probes.items.map((probe) => ({ target: probe.target, latencyMs: probe.latencyMs, jitterMs: probe.jitterMs, lossPercent: probe.lossPercent, level: probe.level })),
    links: consoleLink(scope, environment.t("assistant.links.site", { site: site.name }), siteRoute(scope, site)),
  };
}

const mbps = (bps: number) => bps / 1e6;
const averageOf = (points: { rxBps: number; txBps: number }[]) =>
  points.length === 0
    ? null
    : { rxMbps: mbps(points.reduce((sum, point) => sum + point.rxBps, 0) / points.length), txMbps: mbps(points.reduce((sum, point) => sum + point.txBps, 0) / points.length) };

const SITE_CONNECTORS_MAX = 200;

/** What a site carries now: its connectors' latest samples added up, as the site health list adds them. */
function currentOf(connectors: { rxBps: number | null; txBps: number | null; reportedAt: string | null }[]) {
  const reported = connectors.filter((connector) => connector.rxBps !== null || connector.txBps !== null);
  if (reported.length === 0) return null;
  const latest = reported.map((connector) => connector.reportedAt).filter((at): at is string => at !== null).sort().at(-1) ?? null;
  return {
    rxMbps: mbps(reported.reduce((sum, connector) => sum + (connector.rxBps ?? 0), 0)),
    txMbps: mbps(reported.reduce((sum, connector) => sum + (connector.txBps ?? 0), 0)),
    at: latest,
  };
}

// siteTraffic — a site's traffic over a range (its connectors added up), against the span before it, and its top talkers.
export async function siteTraffic(environment: ToolEnvironment, input: Out<typeof siteTrafficInputSchema>, now = Date.now()): Promise<Out<typeof siteTrafficOutputSchema>> {
  const scope = await environment.scope();
  const resolution = await resolveSite(scope, input.site);
  if (resolution.status !== "found") return unresolvedOutput(resolution, input.site);
  const site = resolution.item;
  const range = rangeOf(input, now);
  const span = Date.parse(range.to) - Date.parse(range.from);
  const [series, before, talkers, connectors] = await Promise.all([
    objectBandwidth(scope.context, "site", site.id, range, now),
    input.compare ? objectBandwidth(scope.context, "site", site.id, { from: new Date(Date.parse(range.from) - span).toISOString(), to: range.from }, now) : null,
    input.talkers ? siteTopTalkers(scope.context, site.id, { ...range, limit: 5 }, now) : null,
    siteConnectorHealth(scope.context, site.id, SITE_CONNECTORS_MAX),
  ]);
  const average = averageOf(series.points);
  const previous = before ? averageOf(before.points) : null;
  const total = (value: { rxMbps: number; txMbps: number } | null) => (value ? value.rxMbps + value.txMbps : 0);
  return {
    status: "found",
    site: { id: site.id, name: site.name },
    from: series.from,
    to: series.to,
    average,
    peak:
      series.points.length === 0
        ? null
        : { rxMbps: mbps(Math.max(...series.points.map((point) => point.rxMaxBps))), txMbps: mbps(Math.max(...series.points.map((point) => point.txMaxBps))) },
    previous: previous ? { ...previous, changePercent: total(previous) > 0 ? ((total(average) - total(previous)) / total(previous)) * 100 : null } : null,
    talkers: talkers ? { sources: talkers.sources, destinations: talkers.destinations } : null,
    current: currentOf(connectors.items),
    now: input.now ?? false,
    links: consoleLink(scope, environment.t("assistant.links.site", { site: site.name }), siteRoute(scope, site)),
  };
}

// connectorUsage — a connector's bandwidth, what its paths take, what is left, its traffic over the last hour, and
// whether a new path of a given bandwidth fits (the headroom rule of lib/paths/headroom.ts, which the form and the service use).
export async function connectorUsage(environment: ToolEnvironment, input: Out<typeof connectorUsageInputSchema>, now = Date.now()): Promise<Out<typeof connectorUsageOutputSchema>> {
  const scope = await environment.scope();
  const resolution = await resolveConnector(scope, input.connector);
  if (resolution.status !== "found") return unresolvedOutput(resolution, input.connector, (connector) => connector.siteName);
  const connector = resolution.item;
  const [[load], traffic, [latest]] = await Promise.all([
    connectorLoads(scope.context.db, scope.context.principal, [{ id: connector.id, name: connector.name, bandwidth: connector.bandwidthMbps }]),
    objectBandwidth(scope.context, "connector", connector.id, { from: new Date(now - HOUR).toISOString(), to: new Date(now).toISOString() }, now),
    scope.context.db
      .select({ status: telemetryConnectorState.status, rxBps: telemetryConnectorState.rxBps, txBps: telemetryConnectorState.txBps, at: telemetryConnectorState.sampledAt })
      .from(telemetryConnectorState)
      .where(eq(telemetryConnectorState.connectorId, connector.id)),
  ]);
  const average = averageOf(traffic.points);
  const connectorPage =
    scope.organization.organizationType === "customer"
      ? `customer/dashboard/${encodeURIComponent(connector.siteId)}/connector/${encodeURIComponent(connector.id)}`
      : scope.organization.organizationType === "msp"
        ? `msp/dashboard/${encodeURIComponent(connector.organizationId)}/${encodeURIComponent(connector.siteId)}/connector/${encodeURIComponent(connector.id)}`
        : null;
  return {
    status: "found",
    connector: { id: connector.id, name: connector.name, siteName: connector.siteName, bandwidthMbps: connector.bandwidthMbps },
    usedMbps: load.used,
    freeMbps: load.free,
    paths: load.paths.map((path) => ({ name: path.name, bandwidthMbps: path.bandwidth })),
    traffic: average ? { ...average, utilizationPercent: (Math.max(average.rxMbps, average.txMbps) / connector.bandwidthMbps) * 100 } : null,
    now:
      latest && latest.rxBps !== null && latest.txBps !== null
        ? {
            status: latest.status === "up" || latest.status === "down" ? latest.status : null,
            rxMbps: latest.rxBps / 1e6,
            txMbps: latest.txBps / 1e6,
            utilizationPercent: (Math.max(latest.rxBps, latest.txBps) / (connector.bandwidthMbps * 1e6)) * 100,
            at: new Date(latest.at).toISOString(),
          }
        : null,
    request: input.bandwidthMbps ? { bandwidthMbps: input.bandwidthMbps, fits: input.bandwidthMbps <= load.free } : null,
    links: consoleLink(scope, environment.t("assistant.links.connector", { connector: connector.name }), connectorPage),
  };
}
