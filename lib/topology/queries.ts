import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api/client";
import { pagedQueryOptions } from "@/lib/api/paging";
import { sortKey, type ListSort, type SortColumn } from "@/lib/sorting";
import type { BlastTarget, TopologyLinkQuery } from "./schema";

// The MSP topology page's queries: read by the page's server prefetch and by its components, with the same keys.
// Plain values only (no zod at run time): the page's first-load JavaScript stays small.

export const TOPOLOGY_LINK_PAGE_SIZE = 50;
const SEARCH_MAX = 100;

/** The links table's filters, as the URL and the API name them. */
export type TopologyLinkFilter = TopologyLinkQuery;

function normalize(filter: TopologyLinkFilter): TopologyLinkFilter {
  const search = filter.search?.trim().slice(0, SEARCH_MAX);
  return {
    ...(search ? { search } : {}),
    ...(filter.type ? { type: filter.type } : {}),
    ...(filter.health ? { health: filter.health } : {}),
    ...(filter.nodeId ? { nodeId: filter.nodeId } : {}),
  };
}

export const mspTopologyKeys = {
  all: ["msp-topology"] as const,
  graph: (mspId: string) => [...mspTopologyKeys.all, "graph", mspId] as const,
  links: (mspId: string) => [...mspTopologyKeys.all, "links", mspId] as const,
  linkList: (mspId: string, filter: TopologyLinkFilter) => [...mspTopologyKeys.links(mspId), normalize(filter)] as const,
  blastRadii: () => [...mspTopologyKeys.all, "blast-radius"] as const,
  blastRadius: (target: BlastTarget, id: string) => [...mspTopologyKeys.blastRadii(), target, id] as const,
};

// GET /api/v1/config/msp/{mspId}/topology
export const mspTopologyGraphQueryOptions = (mspId: string) =>
  queryOptions({
    queryKey: mspTopologyKeys.graph(mspId),
    queryFn: ({ signal }) => api.get("/api/v1/config/msp/{mspId}/topology", { params: { path: { mspId } }, signal }),
  });

// GET /api/v1/config/msp/{mspId}/topology/link — keyset pages of the links table.
export const topologyLinksQueryOptions = (mspId: string, filter: TopologyLinkFilter, sort?: ListSort<SortColumn<"topologyLinks">>) => {
  const query = normalize(filter);
  return pagedQueryOptions({
    queryKey: [...mspTopologyKeys.linkList(mspId, filter), ...sortKey(sort)],
    queryFn: ({ pageParam, signal }) =>
      api.get("/api/v1/config/msp/{mspId}/topology/link", {
        params: { path: { mspId }, query: { ...query, ...sort, limit: TOPOLOGY_LINK_PAGE_SIZE, cursor: pageParam } },
        signal,
      }),
  });
};

// GET /api/v1/config/link/{linkId}/blast-radius and /config/node/{nodeId}/blast-radius
export const blastRadiusQueryOptions = (target: BlastTarget, id: string) =>
  queryOptions({
    queryKey: mspTopologyKeys.blastRadius(target, id),
    queryFn: ({ signal }) =>
      target === "link"
        ? api.get("/api/v1/config/link/{linkId}/blast-radius", { params: { path: { linkId: id } }, signal })
        : api.get("/api/v1/config/node/{nodeId}/blast-radius", { params: { path: { nodeId: id } }, signal }),
  });

/** What the page shows selected, in its URL (?selected=link:<id> or node:<id>), so a blast radius can be shared. */
export interface TopologySelection {
  type: BlastTarget;
  id: string;
}

export function parseSelection(value: string | null | undefined): TopologySelection | null {
  const match = /^(link|node):(.{1,64})$/.exec(value ?? "");
  return match ? { type: match[1] as BlastTarget, id: match[2] } : null;
}

export const selectionParam = (selection: TopologySelection) => `${selection.type}:${selection.id}`;

const LINK_TYPES = new Set(["fiber", "internet"]);
const HEALTHS = new Set(["healthy", "warning", "unhealthy", "unknown"]);

/** The links table's filters from the URL's ?search=, ?type=, ?health= and ?node= (unknown values are ignored). */
export function linkFilterFromParams(get: (name: string) => string | null | undefined): TopologyLinkFilter {
  const type = get("type");
  const health = get("health");
  return normalize({
    search: get("search") ?? undefined,
    type: type && LINK_TYPES.has(type) ? (type as TopologyLinkFilter["type"]) : undefined,
    health: health && HEALTHS.has(health) ? (health as TopologyLinkFilter["health"]) : undefined,
    nodeId: get("node")?.slice(0, 64) || undefined,
  });
}
