import type { QueryClient, QueryFilters } from "@tanstack/react-query";
import { RESYNC_ACTION, type RealtimeEvent } from "@/lib/realtime-client";
import { mspTopologyKeys } from "./queries";
import type { TopologyGraph } from "./schema";

// What the MSP topology page refetches on the topology service's news. A link reported down turns red at once in the
// cached graph (the refetch then brings its full health); links, nodes and devices changing refetch the graph and
// the links table; paths' SLA changing refetches the blast radius shown. Ids only: the API says what changed.

const NETWORK_ENTITIES = new Set(["node", "link", "coreFabric", "device", "interface", "ipsecEndpoint", "switchPort"]);
const ROUTE_ENTITIES = new Set(["node", "link", "site", "connector", "path", "interface", "ipsecEndpoint", "switchPort"]);

/** Writes links' reported status into the cached graphs: down is unhealthy straight away. */
export function applyLinkStatus(queryClient: QueryClient, links: { id: string; status: "up" | "down" }[]): void {
  const down = new Set(links.filter((link) => link.status === "down").map((link) => link.id));
  if (down.size === 0) return;
  queryClient.setQueriesData<TopologyGraph>({ queryKey: [...mspTopologyKeys.all, "graph"] }, (graph) =>
    graph && graph.links.some((link) => down.has(link.id) && link.health !== "unhealthy")
      ? { ...graph, links: graph.links.map((link) => (down.has(link.id) ? { ...link, status: "down", health: "unhealthy" } : link)) }
      : graph,
  );
}

export function mspTopologyRefetches(event: RealtimeEvent<"topology">, queryClient: QueryClient): QueryFilters[] {
  const graphs: QueryFilters = { queryKey: [...mspTopologyKeys.all, "graph"] };
  const tables: QueryFilters = { queryKey: [...mspTopologyKeys.all, "links"] };
  const radii: QueryFilters = { queryKey: mspTopologyKeys.blastRadii() };
  if (event.action === RESYNC_ACTION) return [{ queryKey: mspTopologyKeys.all }];
  if (event.action === "health") {
    const { links = [], devices = [], paths = [], truncated } = event.data;
    if (truncated) return [{ queryKey: mspTopologyKeys.all }];
    applyLinkStatus(queryClient, links);
    return [...(links.length > 0 ? [graphs, tables] : devices.length > 0 ? [graphs] : []), ...(paths.length > 0 ? [radii] : [])];
  }
  const { entityType } = event.data;
  return [...(NETWORK_ENTITIES.has(entityType) ? [graphs, tables] : []), ...(ROUTE_ENTITIES.has(entityType) ? [radii] : [])];
}
