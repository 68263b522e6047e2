import type { QueryClient, QueryFilters } from "@tanstack/react-query";
import { ENTITY_ACTIONS } from "@/lib/realtime-contract";
import { forget, holdingId } from "@/lib/realtime-cache";
import { forActions, type AreaRealtime } from "@/lib/realtime-registry";
import { telemetryKeys } from "@/lib/telemetry/queries";
import { nodeKeys } from "./queries";
import type { NodeDetail } from "./schema";

// What the node pages refetch over /ws: the nodes a message names, not every node. Configuration news names its
// entity and the node it was recorded on; a link's news names its source node only, so the node whose cached detail
// holds the link is refetched too. Health news (ports, links, devices) names node ids and link ids: the node's status
// and front panel follow, and the lists that show the node (its health in one word). An alarm about a node changes
// the open alarms its status shows.

const NODE_ENTITIES = new Set(["node", "interface", "subinterface", "ipsecEndpoint", "switchPort", "link", "device"]);

const lists: QueryFilters = { queryKey: nodeKeys.lists() };
const nodePages = (nodeId: string): QueryFilters[] => [{ queryKey: nodeKeys.node(nodeId) }, { queryKey: telemetryKeys.object("node", nodeId) }];
const frontPanel = (nodeId: string): QueryFilters[] => [{ queryKey: nodeKeys.status(nodeId) }, { queryKey: telemetryKeys.object("node", nodeId) }];

/** The nodes whose pages are cached, each with the links its detail holds. */
function cachedNodes(queryClient: QueryClient): { nodeId: string; links: Set<string> }[] {
  const ids = new Set(queryClient.getQueryCache().findAll({ queryKey: [...nodeKeys.all, "node"] }).map((query) => query.queryKey[2] as string));
  return [...ids].map((nodeId) => ({
    nodeId,
    links: new Set(queryClient.getQueryData<NodeDetail>(nodeKeys.detail(nodeId))?.links.map((link) => link.id)),
  }));
}

/** The node lists a change touches: those that show the node it concerns, or that may now. */
function listsOf(entityType: string, action: string, entityId: string, recordedOn: string | undefined): QueryFilters {
  // A node's own change may bring it into any list (a new node, a new name).
  if (entityType === "node") return action === "deleted" ? holdingId(nodeKeys.lists(), entityId) : lists;
  // A link's news names one end only; news without its node cannot say which.
  if (entityType === "link" || !recordedOn) return lists;
  return holdingId(nodeKeys.lists(), recordedOn);
}

export const nodesRealtime: AreaRealtime = {
  topology: {
    queries: [{ queryKey: nodeKeys.all }, { queryKey: [...telemetryKeys.all, "node"] }],
    on: {
      ...forActions("topology", ENTITY_ACTIONS, ({ action, data: { entityType, entityId, nodeId: recordedOn } }, queryClient) => {
        if (!NODE_ENTITIES.has(entityType)) return [];
        if (entityType === "node" && action === "deleted") {
          for (const key of [nodeKeys.node(entityId), telemetryKeys.object("node", entityId)]) forget(queryClient, key);
        }
        const listed = listsOf(entityType, action, entityId, recordedOn);
        const pages = cachedNodes(queryClient).flatMap(({ nodeId, links }) => {
          if (recordedOn === nodeId || entityId === nodeId || (entityType === "link" && links.has(entityId))) return nodePages(nodeId);
          // A new link whose destination is this node names its source only.
          return entityType === "link" && action === "created" ? [{ queryKey: nodeKeys.detail(nodeId) }] : [];
        });
        return [listed, ...pages];
      }),
      health: ({ data: { ports = [], links = [], devices = [], truncated } }, queryClient) => {
        const named = new Set([...ports, ...devices].flatMap((item) => (item.nodeId === null ? [] : [item.nodeId])));
        const linkIds = new Set(links.map((link) => link.id));
        const pages = cachedNodes(queryClient).flatMap(({ nodeId, links: own }) =>
          truncated || named.has(nodeId) || [...own].some((id) => linkIds.has(id)) ? frontPanel(nodeId) : [],
        );
        // A link's ends are not named: any list may show one.
        if (truncated || linkIds.size > 0) return [lists, ...pages];
        return [...[...named].map((nodeId) => holdingId(nodeKeys.lists(), nodeId)), ...pages];
      },
    },
  },
  alarms: {
    queries: [{ queryKey: [...nodeKeys.all, "node"], predicate: ({ queryKey }) => queryKey[3] === "status" }],
    on: forActions("alarms", ENTITY_ACTIONS, ({ data: { nodeId } }) => (nodeId ? [{ queryKey: nodeKeys.status(nodeId) }] : [])),
  },
};
