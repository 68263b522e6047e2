import type { QueryClient, QueryFilters } from "@tanstack/react-query";
import { classifyLinkHealth } from "@/lib/health";
import { ENTITY_ACTIONS, type EntityNews, type LinkStateNews } from "@/lib/realtime-contract";
import { forget, updateCached } from "@/lib/realtime-cache";
import { forActions, type AreaRealtime } from "@/lib/realtime-registry";
import type { LinkHealthList } from "@/lib/telemetry/schema";
import { fabricKeys } from "./queries";
import type { CoreFabricDetail } from "./schema";

// What the fabric pages change in the query cache when /ws speaks. A link's new status is written into the cached
// link health at once (its health follows from the status and the figures already held); a change to a fabric, one
// of its links or core nodes refetches that fabric; the lists refetch when a fabric they count changes; new link
// figures refetch the link health of the fabrics that show the link.

type LinkHealth = LinkHealthList["items"][number];

const linkHealth = [...fabricKeys.core(), "link-health"] as const;
const coreLists: QueryFilters = { queryKey: [...fabricKeys.core(), "list"] };

/** The core fabrics held in the cache, with their nodes and links. */
function cachedFabrics(queryClient: QueryClient): CoreFabricDetail[] {
  return queryClient
    .getQueriesData<CoreFabricDetail>({ queryKey: [...fabricKeys.core(), "detail"] })
    .flatMap(([, fabric]) => (fabric ? [fabric] : []));
}

const fabricQueries = (fabricId: string): QueryFilters[] => [{ queryKey: fabricKeys.coreDetail(fabricId) }, { queryKey: fabricKeys.coreLinkHealth(fabricId) }];

/** Writes links' new status (and the health it implies) into every cached fabric's link health; true if one changed. */
function applyLinkStates(queryClient: QueryClient, news: readonly LinkStateNews[]): boolean {
  const status = new Map(news.map((link) => [link.id, link.status]));
  if (status.size === 0) return false;
  return updateCached<LinkHealth>(queryClient, linkHealth, (item) => {
    const next = status.get(item.linkId);
    if (next === undefined || next === item.status) return item;
    return { ...item, status: next, health: classifyLinkHealth({ status: next, latencyMs: item.latencyMs, lossPercent: item.lossPercent }) };
  });
}

/** A change to a fabric, or to a link, node or port that may be one of its own. */
function fabricChange(action: string, { entityType, entityId, nodeId }: EntityNews, queryClient: QueryClient): QueryFilters[] {
  if (entityType === "externalFabric") {
    if (action === "deleted") forget(queryClient, fabricKeys.externalDetail(entityId));
    return [{ queryKey: fabricKeys.externalDetail(entityId) }, { queryKey: [...fabricKeys.external(), "list"] }];
  }
  if (entityType === "coreFabric") {
    if (action === "deleted") for (const key of [fabricKeys.coreDetail(entityId), fabricKeys.coreLinkHealth(entityId)]) forget(queryClient, key);
    return [{ queryKey: fabricKeys.coreDetail(entityId) }, coreLists];
  }
  const fabrics = cachedFabrics(queryClient);
  const node = entityType === "node" ? entityId : nodeId;
  const holding = fabrics.filter(
    (fabric) =>
      (node !== undefined && fabric.nodes.some((member) => member.id === node)) ||
      (entityType === "link" && [...fabric.links, ...(fabric.uplinks ?? [])].some((link) => link.id === entityId)),
  );
  // A node that joins a fabric is not in it yet: every fabric on screen may gain it, and the lists count it.
  if (entityType === "node") return [...fabrics.flatMap((fabric) => fabricQueries(fabric.id)), coreLists];
  if (entityType === "link") {
    // A new link from an edge node may be an uplink into any fabric on screen: only the server knows its ends' kinds.
    const refetched = holding.length > 0 ? holding : fabrics;
    return [...refetched.flatMap((fabric) => fabricQueries(fabric.id)), coreLists];
  }
  if (["interface", "ipsecEndpoint", "device"].includes(entityType)) return holding.map((fabric) => ({ queryKey: fabricKeys.coreDetail(fabric.id) }));
  return [];
}

export const fabricsRealtime: AreaRealtime = {
  topology: {
    queries: [{ queryKey: fabricKeys.all }],
    on: {
      ...forActions("topology", ENTITY_ACTIONS, ({ action, data }, queryClient) => fabricChange(action, data, queryClient)),
      health: ({ data }, queryClient) => {
        if (data.truncated) return [{ queryKey: linkHealth }, coreLists];
        const links = data.links ?? [];
        if (links.length === 0) return [];
        applyLinkStates(queryClient, links);
        // The list's health is the worst of each fabric's links: which fabric a link is in, only the server knows.
        return [coreLists];
      },
    },
  },
  telemetry: {
    queries: [{ queryKey: linkHealth }],
    on: {
      // New figures of a fabric's links refetch its link health (rates, latency and loss changed).
      samples: ({ data }, queryClient) => {
        if (data.truncated) return [{ queryKey: linkHealth }];
        const linkIds = new Set(data.linkIds ?? []);
        if (linkIds.size === 0) return [];
        return queryClient
          .getQueriesData<LinkHealthList>({ queryKey: linkHealth })
          .filter(([, list]) => list?.items.some((item) => linkIds.has(item.linkId)))
          .map(([queryKey]) => ({ queryKey }));
      },
    },
  },
};
