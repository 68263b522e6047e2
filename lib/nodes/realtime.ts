import type { QueryClient, QueryFilters } from "@tanstack/react-query";
import { RESYNC_ACTION, type RealtimeEvent } from "@/lib/realtime-client";
import { telemetryKeys } from "@/lib/telemetry/queries";
import { nodeKeys } from "./queries";
import type { NodeDetail } from "./schema";

// What the node pages refetch on topology news (/ws): the objects a message names, not every node. Configuration
// news names its entity and the node it was recorded on; a link's news names its source node only, so the node
// whose cached detail holds the link is refetched too. Health news (ports, links, devices) names node ids and
// link ids: the node's status and front panel follow.

const NODE_ENTITIES = new Set(["node", "interface", "subinterface", "ipsecEndpoint", "switchPort", "link", "device"]);

/** The node lists: a node created, renamed or deleted, or any health news (a node's health may have changed). */
export function nodeListRefetches(event: RealtimeEvent<"topology">): QueryFilters[] {
  if (event.action === RESYNC_ACTION || event.action === "health") return [{ queryKey: nodeKeys.lists() }];
  return NODE_ENTITIES.has(event.data.entityType) ? [{ queryKey: nodeKeys.lists() }] : [];
}

/** One node's pages. */
export function nodeRefetches(nodeId: string) {
  return (event: RealtimeEvent<"topology">, queryClient: QueryClient): QueryFilters[] => {
    const everything = [{ queryKey: nodeKeys.node(nodeId) }, { queryKey: telemetryKeys.object("node", nodeId) }];
    if (event.action === RESYNC_ACTION) return everything;
    const detail = queryClient.getQueryData<NodeDetail>(nodeKeys.detail(nodeId));
    const ownLinks = new Set(detail?.links.map((link) => link.id) ?? []);
    if (event.action === "health") {
      const { ports = [], links = [], devices = [], truncated } = event.data;
      const touched =
        truncated ||
        ports.some((port) => port.nodeId === nodeId) ||
        devices.some((device) => device.nodeId === nodeId) ||
        links.some((link) => ownLinks.has(link.id));
      return touched ? [{ queryKey: nodeKeys.status(nodeId) }, { queryKey: telemetryKeys.object("node", nodeId) }] : [];
    }
    const { entityType, entityId, nodeId: recordedOn } = event.data;
    if (!NODE_ENTITIES.has(entityType)) return [];
    if (recordedOn === nodeId || entityId === nodeId || (entityType === "link" && ownLinks.has(entityId))) return everything;
    // A new link whose destination is this node names its source only.
    if (entityType === "link" && event.action === "created") return [{ queryKey: nodeKeys.detail(nodeId) }];
    return [];
  };
}
