import type { QueryClient, QueryFilters } from "@tanstack/react-query";
import { ENTITY_ACTIONS } from "@/lib/realtime-contract";
import { updateCached } from "@/lib/realtime-cache";
import { forActions, type AreaRealtime } from "@/lib/realtime-registry";
import { mspTopologyKeys } from "./queries";
import type { TopologyGraph } from "./schema";

// What the MSP topology page refetches on the topology service's news. A link reported down turns red at once in the
// cached graph (the refetch then brings its full health); links, nodes and devices changing refetch the graph and
// the links table; paths' SLA changing refetches the blast radius shown. Ids only: the API says what changed.

const NETWORK_ENTITIES = new Set(["node", "link", "coreFabric", "device", "interface", "ipsecEndpoint", "switchPort"]);
const ROUTE_ENTITIES = new Set(["node", "link", "site", "connector", "path", "interface", "ipsecEndpoint", "switchPort"]);

const graphKeys = [...mspTopologyKeys.all, "graph"] as const;
const graphs: QueryFilters = { queryKey: graphKeys };
const tables: QueryFilters = { queryKey: [...mspTopologyKeys.all, "links"] };
const radii: QueryFilters = { queryKey: mspTopologyKeys.blastRadii() };

/** Writes links' reported status into the cached graphs: down is unhealthy straight away. */
function applyLinkStatus(queryClient: QueryClient, links: readonly { id: string; status: "up" | "down" }[]): void {
  const down = new Set(links.filter((link) => link.status === "down").map((link) => link.id));
  if (down.size === 0) return;
  updateCached<TopologyGraph>(
    queryClient,
    graphKeys,
    (graph) =>
      graph.links.some((link) => down.has(link.id) && link.health !== "unhealthy")
        ? { ...graph, links: graph.links.map((link) => (down.has(link.id) ? { ...link, status: "down", health: "unhealthy" } : link)) }
        : graph,
    true,
  );
}

export const mspTopologyRealtime: AreaRealtime = {
  topology: {
    queries: [{ queryKey: mspTopologyKeys.all }],
    on: {
      ...forActions("topology", ENTITY_ACTIONS, ({ data: { entityType } }) => [
        ...(NETWORK_ENTITIES.has(entityType) ? [graphs, tables] : []),
        ...(ROUTE_ENTITIES.has(entityType) ? [radii] : []),
      ]),
      health: ({ data: { links = [], devices = [], paths = [], truncated } }, queryClient) => {
        if (truncated) return [{ queryKey: mspTopologyKeys.all }];
        applyLinkStatus(queryClient, links);
        return [...(links.length > 0 ? [graphs, tables] : devices.length > 0 ? [graphs] : []), ...(paths.length > 0 ? [radii] : [])];
      },
    },
  },
};
