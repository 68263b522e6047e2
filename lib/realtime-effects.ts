import type { InfiniteData, QueryClient, QueryFilters, QueryKey } from "@tanstack/react-query";
import { connectorKeys } from "@/lib/connectors/queries";
import { dashboardKeys } from "@/lib/dashboard/queries";
import { mspKeys } from "@/lib/msps/queries";
import type { Path } from "@/lib/paths/schema";
import type { PathTopology } from "@/lib/paths/topology-schema";
import { pathKeys, type PathListFilter } from "@/lib/paths/queries";
import type { PathSlaNews } from "@/lib/realtime-contract";
import { RESYNC_ACTION, type RealtimeEvent } from "@/lib/realtime-client";
import type { Page } from "@/lib/pagination";
import { siteKeys } from "@/lib/sites/queries";
import type { PathPerformance } from "@/lib/telemetry/schema";
import { telemetryKeys, type TelemetryObject } from "@/lib/telemetry/queries";

// What each realtime message changes in the browser's query cache: news that carries the new state is written into
// the cached entries at once; other news names the objects whose queries are refetched (the caller coalesces
// bursts). A resync — the socket is back after messages may have been missed — refetches everything of its kind.
// Imported by pages that never load zod: keep runtime imports to the query-key factories that do not either.

const prefix = (queryKey: QueryKey): QueryFilters => ({ queryKey });

/** Is this query key `telemetry/<kind>/<id>/<view>`? */
const telemetryView = (view: string, kinds?: readonly TelemetryObject[], id?: string) => ({
  queryKey: telemetryKeys.all,
  predicate: ({ queryKey }: { queryKey: QueryKey }) =>
    queryKey[3] === view && (!kinds || kinds.includes(queryKey[1] as TelemetryObject)) && (id === undefined || queryKey[2] === id),
});

// What the organization lists count: an MSP's customers with their active and inactive sites, the operator's MSPs with
// their customers and attachments (their customers' sites).
const COUNTED_IN_ORGANIZATION_LISTS = new Set(["organization", "site"]);

/** The organization lists, refetched when an organization or a site is created, changed or deleted. */
export function organizationListRefetches(event: RealtimeEvent<"events">): QueryFilters[] {
  if (event.action !== RESYNC_ACTION && !COUNTED_IN_ORGANIZATION_LISTS.has(event.data.entityType)) return [];
  return [prefix(dashboardKeys.allCustomerSummaries), prefix(mspKeys.all)];
}

/** Telemetry samples: the telemetry queries of the objects named, and of the organization they were published for. */
export function telemetryRefetches(event: RealtimeEvent<"telemetry">): QueryFilters[] {
  if (event.action === RESYNC_ACTION || event.data.truncated) return [prefix(telemetryKeys.all)];
  const { organizationId, siteIds = [], connectorIds = [], pathIds = [], nodeIds = [] } = event.data;
  const objects: [TelemetryObject, string[]][] = [
    ["organization", [organizationId]],
    ["site", siteIds],
    ["connector", connectorIds],
    ["path", pathIds],
    ["node", nodeIds],
  ];
  return objects.flatMap(([kind, ids]) => ids.map((id) => prefix(telemetryKeys.object(kind, id))));
}

const withSla = <T extends { id: string; slaHealth: Path["slaHealth"] }>(item: T, sla: Map<string, PathSlaNews["slaHealth"]>): T => {
  const health = sla.get(item.id);
  return health === undefined || health === item.slaHealth ? item : { ...item, slaHealth: health };
};

/**
 * Writes paths' new SLA into every cached entry that holds it: the path itself, the paths lists and a site's paths,
 * and the "SLA now" of each of its performance queries. No chart is refetched.
 */
export function applyPathSla(queryClient: QueryClient, paths: readonly PathSlaNews[]): void {
  if (paths.length === 0) return;
  const sla = new Map(paths.map((path) => [path.id, path.slaHealth]));
  for (const [id] of sla) {
    queryClient.setQueryData<Path>(pathKeys.detail(id), (path) => path && withSla(path, sla));
    queryClient.setQueriesData<PathPerformance>(telemetryView("performance", ["path"], id), (data) =>
      data?.current && data.current.sla !== sla.get(id) ? { ...data, current: { ...data.current, sla: sla.get(id)! } } : data,
    );
  }
  queryClient.setQueriesData<InfiniteData<Page<Path>>>({ queryKey: pathKeys.lists() }, (data) =>
    data && { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map((path) => withSla(path, sla)) })) },
  );
  queryClient.setQueriesData<Path[]>({ queryKey: [...pathKeys.all, "site"] }, (list) => list?.map((path) => withSla(path, sla)));
}

/** The dashboards' health news: SLA written in place; the path lists (sorted worst first) refetched. */
export function dashboardHealth(event: RealtimeEvent<"topology">, queryClient: QueryClient): QueryFilters[] {
  if (event.action === RESYNC_ACTION) return [prefix(pathKeys.all), telemetryView("path-health")];
  if (event.action !== "health") return [];
  if (event.data.truncated) return [prefix(pathKeys.all), telemetryView("path-health")];
  const paths = event.data.paths ?? [];
  if (paths.length === 0) return [];
  applyPathSla(queryClient, paths);
  return [telemetryView("path-health")];
}

/** Everything under `all` but the other entities' details: the entity named and the lists that may hold it. */
const entityAndLists = (all: QueryKey, id: string): QueryFilters => ({
  queryKey: all,
  predicate: ({ queryKey }) => queryKey[1] !== "detail" || queryKey[2] === id,
});

/** Does a cached entry — one object, a list of them, or the pages of a paginated list — hold an item that matches? */
function holds<T>(data: unknown, match: (item: T) => boolean): boolean {
  if (Array.isArray(data)) return data.some(match);
  if (typeof data !== "object" || data === null) return false;
  if ("pages" in data) return (data as InfiniteData<Page<T>>).pages.some((page) => page.items.some(match));
  return match(data as T);
}

/**
 * The cached paths entries that show a path matching `ends` (its ends' names and states are shown with it), and after
 * an update the searched paths lists too: "Filter paths..." matches site and connector names, so a rename may bring
 * in paths a filtered list does not hold yet.
 */
const pathsWith = (ends: (path: Path) => boolean, updated: boolean): QueryFilters => ({
  queryKey: pathKeys.all,
  predicate: ({ queryKey, state }) =>
    holds(state.data, ends) || (updated && queryKey[1] === "list" && Boolean((queryKey[2] as PathListFilter | undefined)?.search)),
});

/** The sites lists that show this site (with its connectors counted by kind). */
const siteListsWith = (siteId: string): QueryFilters => ({
  queryKey: [...siteKeys.all, "list"],
  predicate: ({ state }) => holds<{ id: string }>(state.data, (site) => site.id === siteId),
});

/**
 * The sites, connectors and paths pages' topology news: another person's change refetches the entity's own entries
 * and the cached lists that show it; SLA health is written into the cached paths.
 */
export function networkRefetches(event: RealtimeEvent<"topology">, queryClient: QueryClient): QueryFilters[] {
  if (event.action === RESYNC_ACTION) return [prefix(siteKeys.all), prefix(connectorKeys.all), prefix(pathKeys.all)];
  if (event.action === "health") {
    if (event.data.truncated) return [prefix(pathKeys.all)];
    applyPathSla(queryClient, event.data.paths ?? []);
    return [];
  }
  const { entityType, entityId, siteId } = event.data;
  const updated = event.action === "updated";
  if (entityType === "site") {
    const atSite = (path: Path) => path.sourceSiteId === entityId || path.destinationSiteId === entityId;
    return [entityAndLists(siteKeys.all, entityId), prefix(connectorKeys.site(entityId)), pathsWith(atSite, updated)];
  }
  if (entityType === "connector") {
    const overConnector = (path: Path) => path.sourceConnectorId === entityId || path.destinationConnectorId === entityId;
    const paths = pathsWith(overConnector, updated);
    // News without its site (an older server's) cannot say which site's connectors and counts changed.
    if (!siteId) return [prefix([...siteKeys.all, "list"]), prefix(connectorKeys.all), paths];
    return [siteListsWith(siteId), prefix(connectorKeys.site(siteId)), paths];
  }
  if (entityType === "path") return [entityAndLists(pathKeys.all, entityId)];
  return [];
}

/** Does a telemetry or topology message name an object on the path's route (or the path)? Unknown route: yes. */
export function namesRoute(topology: PathTopology | undefined, event: RealtimeEvent<"telemetry" | "topology">): boolean {
  if (!topology || event.action === RESYNC_ACTION) return true;
  if (event.service === "topology" && event.action !== "health") return true;
  if ("truncated" in event.data && event.data.truncated) return true;
  const objects = new Set([topology.path.id, ...topology.elements.map((element) => element.objectId)]);
  const links = new Set(topology.connections.flatMap((connection) => (connection.linkId ? [connection.linkId] : [])));
  if (event.service === "telemetry") {
    const { pathIds = [], siteIds = [], connectorIds = [], nodeIds = [], linkIds = [] } = event.data;
    return [...pathIds, ...siteIds, ...connectorIds, ...nodeIds].some((id) => objects.has(id)) || linkIds.some((id) => links.has(id));
  }
  const { paths = [], ports = [], links: linkNews = [], devices = [] } = event.data;
  return (
    paths.some((path) => path.id === topology.path.id) ||
    ports.some((port) => port.nodeId !== null && objects.has(port.nodeId)) ||
    linkNews.some((link) => links.has(link.id)) ||
    devices.some((device) => device.nodeId !== null && objects.has(device.nodeId))
  );
}
