import type { QueryClient, QueryFilters } from "@tanstack/react-query";
import { classifyLinkHealth } from "@/lib/health";
import type { LinkStateNews } from "@/lib/realtime-contract";
import { RESYNC_ACTION, type RealtimeEvent } from "@/lib/realtime-client";
import type { LinkHealthList } from "@/lib/telemetry/schema";
import { fabricKeys } from "./queries";
import type { CoreFabricDetail } from "./schema";

// What the fabric pages change in the query cache when /ws speaks. A link's new status is written into the cached
// link health at once (its health follows from the status and the figures already held); a change to a fabric, one
// of its links or core nodes refetches that fabric; the lists refetch when a fabric they count changes.

/** The core fabrics held in the cache, with their nodes and links. */
function cachedFabrics(queryClient: QueryClient): CoreFabricDetail[] {
  return queryClient
    .getQueriesData<CoreFabricDetail>({ queryKey: [...fabricKeys.core(), "detail"] })
    .flatMap(([, fabric]) => (fabric ? [fabric] : []));
}

const fabricQueries = (fabricId: string): QueryFilters[] => [
  { queryKey: fabricKeys.coreDetail(fabricId) },
  { queryKey: fabricKeys.coreLinkHealth(fabricId) },
];
const coreLists: QueryFilters = { queryKey: [...fabricKeys.core(), "list"] };

/** Writes links' new status (and the health it implies) into every cached fabric's link health; true if any held one. */
export function applyLinkStates(queryClient: QueryClient, news: readonly LinkStateNews[]): boolean {
  if (news.length === 0) return false;
  const status = new Map(news.map((link) => [link.id, link.status]));
  let held = false;
  queryClient.setQueriesData<LinkHealthList>({ queryKey: [...fabricKeys.core(), "link-health"] }, (list) => {
    if (!list || !list.items.some((item) => status.has(item.linkId))) return list;
    held = true;
    return {
      ...list,
      items: list.items.map((item) => {
        const next = status.get(item.linkId);
        if (next === undefined || next === item.status) return item;
        return { ...item, status: next, health: classifyLinkHealth({ status: next, latencyMs: item.latencyMs, lossPercent: item.lossPercent }) };
      }),
    };
  });
  return held;
}

/** The fabric pages' topology news. */
export function fabricRefetches(event: RealtimeEvent<"topology">, queryClient: QueryClient): QueryFilters[] {
  if (event.action === RESYNC_ACTION) return [{ queryKey: fabricKeys.all }];
  if (event.action === "health") {
    if (event.data.truncated) return [{ queryKey: [...fabricKeys.core(), "link-health"] }, coreLists];
    const links = event.data.links ?? [];
    if (links.length === 0) return [];
    applyLinkStates(queryClient, links);
    // The list's health is the worst of each fabric's links: which fabric a link is in, only the server knows.
    return [coreLists];
  }
  const { entityType, entityId, nodeId } = event.data;
  if (entityType === "externalFabric") return [{ queryKey: fabricKeys.externalDetail(entityId) }, { queryKey: [...fabricKeys.external(), "list"] }];
  if (entityType === "coreFabric") return [{ queryKey: fabricKeys.coreDetail(entityId) }, coreLists];
  const fabrics = cachedFabrics(queryClient);
  const node = entityType === "node" ? entityId : nodeId;
  const holding = fabrics.filter(
    (fabric) =>
      (node !== undefined && fabric.nodes.some((member) => member.id === node)) ||
      (entityType === "link" && [...fabric.links, ...(fabric.uplinks ?? [])].some((link) => link.id === entityId)),
  );
  if (entityType === "node") {
    // A node that joins a fabric is not in it yet: every fabric on screen may gain it, and the lists count it.
    return [...fabrics.flatMap((fabric) => fabricQueries(fabric.id)), coreLists];
  }
  if (entityType === "link") {
    // A new link from an edge node may be an uplink into any fabric on screen: only the server knows its ends' kinds.
    const refetched = holding.length > 0 ? holding : fabrics;
    return [...refetched.flatMap((fabric) => fabricQueries(fabric.id)), coreLists];
  }
  if (["interface", "ipsecEndpoint", "device"].includes(entityType)) return holding.map((fabric) => ({ queryKey: fabricKeys.coreDetail(fabric.id) }));
  return [];
}

/** Telemetry samples about a fabric's links refetch its link health (rates, latency and loss changed). */
export function fabricTelemetryRefetches(event: RealtimeEvent<"telemetry">, queryClient: QueryClient): QueryFilters[] {
  const healthKey = [...fabricKeys.core(), "link-health"];
  if (event.action === RESYNC_ACTION || event.data.truncated) return [{ queryKey: healthKey }];
  const linkIds = new Set(event.data.linkIds ?? []);
  if (linkIds.size === 0) return [];
  return queryClient
    .getQueriesData<LinkHealthList>({ queryKey: healthKey })
    .filter(([, list]) => list?.items.some((item) => linkIds.has(item.linkId)))
    .map(([queryKey]) => ({ queryKey }));
}
