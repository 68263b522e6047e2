import type { QueryClient, QueryFilters } from "@tanstack/react-query";
import { ENTITY_ACTIONS, type TopologyHealth } from "@/lib/realtime-contract";
import { cacheHolds, forget, objectAndLists, updateCached } from "@/lib/realtime-cache";
import { forActions, type AreaRealtime } from "@/lib/realtime-registry";
import { pathKeys, type PathListFilter } from "./queries";
import type { Path } from "./schema";
import { topologyKeys } from "./topology-queries";
import type { PathTopology } from "./topology-schema";

// What live news does to the paths on screen and their route drawings. A path's new SLA is written into every cached
// entry that shows it; a change to a path, or to a site or connector it ends at, refetches that path's entries and
// the lists that show it. A route drawing is refetched for news of its path or of an object on its route.

type PathSla = Path["slaHealth"];

const withSla = (sla: ReadonlyMap<string, PathSla>) => (path: Path) => {
  const health = sla.get(path.id);
  return health === undefined || health === path.slaHealth ? path : { ...path, slaHealth: health };
};

/** Writes paths' new SLA into the path itself, the paths lists and a site's paths. */
function applyPathSla(queryClient: QueryClient, paths: NonNullable<TopologyHealth["paths"]>): void {
  if (paths.length === 0) return;
  const update = withSla(new Map(paths.map((path) => [path.id, path.slaHealth])));
  updateCached(queryClient, pathKeys.all, update);
  for (const { id } of paths) updateCached(queryClient, pathKeys.detail(id), update, true);
}

/**
 * The cached paths entries that show a path matching `ends` (its ends' names and states are shown with it), and after
 * an update the searched paths lists too: "Filter paths..." matches site and connector names, so a rename may bring
 * in paths a filtered list does not hold yet.
 */
const pathsWith = (ends: (path: Path) => boolean, updated: boolean): QueryFilters => ({
  queryKey: pathKeys.all,
  predicate: ({ queryKey, state }) =>
    cacheHolds(state.data, ends) || (updated && queryKey[1] === "list" && Boolean((queryKey[2] as PathListFilter | undefined)?.search)),
});

/** What a message names that a route may hold: paths, sites, connectors and nodes (objects), links. */
interface Named {
  paths?: readonly string[];
  objects?: readonly string[];
  links?: readonly string[];
}

/** The cached route drawings that show something named (or are not known yet). */
function routesNaming({ paths = [], objects = [], links = [] }: Named): QueryFilters {
  return {
    queryKey: topologyKeys.all,
    predicate: ({ state }) => {
      const topology = state.data as PathTopology | undefined;
      if (!topology) return true;
      return (
        paths.includes(topology.path.id) ||
        topology.elements.some((element) => objects.includes(element.objectId)) ||
        topology.connections.some((connection) => connection.linkId !== null && links.includes(connection.linkId))
      );
    },
  };
}
const everyRoute: QueryFilters = { queryKey: topologyKeys.all };

/** Changes that may move any route: the MSP's network it is routed over (nodes, their ports and links, fabrics). */
const NETWORK_ENTITIES = new Set(["node", "link", "interface", "subinterface", "ipsecEndpoint", "switchPort", "coreFabric", "externalFabric", "device"]);

export const pathsRealtime: AreaRealtime = {
  topology: {
    queries: [{ queryKey: pathKeys.all }, everyRoute],
    on: {
      ...forActions("topology", ENTITY_ACTIONS, ({ action, data: { entityType, entityId } }, queryClient) => {
        const updated = action === "updated";
        if (entityType === "site") {
          const atSite = (path: Path) => path.sourceSiteId === entityId || path.destinationSiteId === entityId;
          return [pathsWith(atSite, updated), routesNaming({ objects: [entityId] })];
        }
        if (entityType === "connector") {
          const overConnector = (path: Path) => path.sourceConnectorId === entityId || path.destinationConnectorId === entityId;
          return [pathsWith(overConnector, updated), routesNaming({ objects: [entityId] })];
        }
        if (entityType === "path") {
          if (action === "deleted") for (const key of [pathKeys.detail(entityId), topologyKeys.path(entityId)]) forget(queryClient, key);
          return [objectAndLists(pathKeys.all, entityId), routesNaming({ paths: [entityId] })];
        }
        return NETWORK_ENTITIES.has(entityType) ? [everyRoute] : [];
      }),
      health: ({ data }, queryClient) => {
        if (data.truncated) return [{ queryKey: pathKeys.all }, everyRoute];
        const { paths = [], ports = [], links = [], devices = [] } = data;
        applyPathSla(queryClient, paths);
        const nodes = [...ports, ...devices].flatMap((item) => (item.nodeId === null ? [] : [item.nodeId]));
        if (paths.length + nodes.length + links.length === 0) return [];
        return [routesNaming({ paths: paths.map((path) => path.id), objects: nodes, links: links.map((link) => link.id) })];
      },
    },
  },
  telemetry: {
    queries: [everyRoute],
    on: {
      samples: ({ data }) => {
        if (data.truncated) return [everyRoute];
        const { pathIds = [], siteIds = [], connectorIds = [], nodeIds = [], linkIds = [] } = data;
        if (pathIds.length + siteIds.length + connectorIds.length + nodeIds.length + linkIds.length === 0) return [];
        return [routesNaming({ paths: pathIds, objects: [...siteIds, ...connectorIds, ...nodeIds], links: linkIds })];
      },
    },
  },
};
