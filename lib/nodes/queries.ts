import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api/client";
import { pagedQueryOptions } from "@/lib/api/paging";
import { eventKeys } from "@/lib/events/queries";
import type { Page } from "@/lib/pagination";
import type {
  Interface,
  InterfaceCreate,
  InterfaceUpdate,
  IpsecEndpoint,
  IpsecEndpointCreate,
  IpsecEndpointUpdate,
  Node,
  NodeCreate,
  NodeDeletion,
  NodeDetail,
  NodeKind,
  NodeListItem,
  NodeStatus,
  NodeUpdate,
  Subinterface,
  SubinterfaceCreate,
  SubinterfaceUpdate,
  SwitchPort,
  SwitchPortCreate,
  SwitchPortUpdate,
} from "./schema";

// The node pages' queries: the lists (a page at a time, 2,000 nodes stay usable), a node with its configuration,
// its status and what deleting it removes; the mutations of the node and of its ports invalidate the node's keys.

export const NODE_PAGE_SIZE = 50;

const normalizeSearch = (search?: string) => search?.trim() ?? "";
const segment = (id: string) => encodeURIComponent(id);

export const nodeKeys = {
  all: ["nodes"] as const,
  lists: () => [...nodeKeys.all, "list"] as const,
  list: (mspId: string, kind: NodeKind, search?: string) => [...nodeKeys.lists(), mspId, kind, normalizeSearch(search)] as const,
  /** Everything about one node: its detail, status and deletion preview. */
  node: (nodeId: string) => [...nodeKeys.all, "node", nodeId] as const,
  detail: (nodeId: string) => [...nodeKeys.node(nodeId), "detail"] as const,
  status: (nodeId: string) => [...nodeKeys.node(nodeId), "status"] as const,
  deletion: (nodeId: string) => [...nodeKeys.node(nodeId), "deletion"] as const,
};

// GET /api/v1/config/msp/{mspId}/node?kind=&search= — by name, with health, a page at a time.
export const nodesQueryOptions = (mspId: string, kind: NodeKind, search?: string) =>
  pagedQueryOptions({
    queryKey: nodeKeys.list(mspId, kind, search),
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<NodeListItem>>(`/config/msp/${segment(mspId)}/node`, {
        query: { kind, search: normalizeSearch(search) || undefined, limit: NODE_PAGE_SIZE, cursor: pageParam },
        signal,
      }),
  });

// GET /api/v1/config/node/{nodeId} — with interfaces, subinterfaces, IPsec endpoints, switch ports and links.
export const nodeQueryOptions = (nodeId: string) =>
  queryOptions({
    queryKey: nodeKeys.detail(nodeId),
    queryFn: ({ signal }) => api.get<NodeDetail>(`/config/node/${segment(nodeId)}`, { signal }),
  });

// GET /api/v1/config/node/{nodeId}/status
export const nodeStatusQueryOptions = (nodeId: string) =>
  queryOptions({
    queryKey: nodeKeys.status(nodeId),
    queryFn: ({ signal }) => api.get<NodeStatus>(`/config/node/${segment(nodeId)}/status`, { signal }),
  });

// GET /api/v1/config/node/{nodeId}/deletion — asked when the delete confirmation opens, never cached for long.
export const nodeDeletionQueryOptions = (nodeId: string) =>
  queryOptions({
    queryKey: nodeKeys.deletion(nodeId),
    queryFn: ({ signal }) => api.get<NodeDeletion>(`/config/node/${segment(nodeId)}/deletion`, { signal }),
    staleTime: 0,
  });

function useNodeRefresh() {
  const queryClient = useQueryClient();
  return {
    queryClient,
    /** The node's own entries, the lists (a name, a device or a port changed) and the events (each change records one). */
    refresh: (nodeId: string) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: nodeKeys.node(nodeId) }),
        queryClient.invalidateQueries({ queryKey: nodeKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: eventKeys.all }),
        // The front panel and connected sites follow the ports.
        queryClient.invalidateQueries({ queryKey: ["telemetry", "node", nodeId] }),
      ]),
  };
}

// POST /api/v1/config/msp/{mspId}/node
export function useCreateNode(mspId: string) {
  const { queryClient } = useNodeRefresh();
  return useMutation({
    mutationFn: (body: NodeCreate) => api.post<Node>(`/config/msp/${segment(mspId)}/node`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: nodeKeys.lists() }),
  });
}

// PATCH /api/v1/config/node/{nodeId}
export function useUpdateNode(nodeId: string) {
  const { refresh } = useNodeRefresh();
  return useMutation({
    mutationFn: (body: NodeUpdate) => api.patch<Node>(`/config/node/${segment(nodeId)}`, body),
    onSuccess: () => refresh(nodeId),
  });
}

// DELETE /api/v1/config/node/{nodeId} — with its ports and links; the page leaves the node, so its entries are dropped.
export function useDeleteNode() {
  const { queryClient } = useNodeRefresh();
  return useMutation({
    mutationFn: (nodeId: string) => api.delete<void>(`/config/node/${segment(nodeId)}`),
    onSuccess: (_nothing, nodeId) => {
      queryClient.removeQueries({ queryKey: nodeKeys.node(nodeId) });
      void queryClient.invalidateQueries({ queryKey: nodeKeys.all });
      void queryClient.invalidateQueries({ queryKey: ["links"] });
    },
  });
}

/** The node's ports: interfaces, subinterfaces, IPsec endpoints and switch ports, each with create, update, delete. */
export const PORT_COLLECTIONS = {
  interface: "interface",
  subinterface: "subinterface",
  ipsecEndpoint: "ipsec-endpoint",
  switchPort: "switch-port",
} as const;
export type PortCollection = keyof typeof PORT_COLLECTIONS;

export interface PortTypes {
  interface: { item: Interface; create: InterfaceCreate; update: InterfaceUpdate };
  subinterface: { item: Subinterface; create: SubinterfaceCreate; update: SubinterfaceUpdate };
  ipsecEndpoint: { item: IpsecEndpoint; create: IpsecEndpointCreate; update: IpsecEndpointUpdate };
  switchPort: { item: SwitchPort; create: SwitchPortCreate; update: SwitchPortUpdate };
}

const portPath = (nodeId: string, collection: PortCollection, id?: string) =>
  `/config/node/${segment(nodeId)}/${PORT_COLLECTIONS[collection]}${id ? `/${segment(id)}` : ""}`;

// POST / PATCH /api/v1/config/node/{nodeId}/{interface|subinterface|ipsec-endpoint|switch-port}[/{id}]
export function useSavePort<C extends PortCollection>(nodeId: string, collection: C) {
  const { refresh } = useNodeRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: PortTypes[C]["create"] | PortTypes[C]["update"] }) =>
      id ? api.patch<PortTypes[C]["item"]>(portPath(nodeId, collection, id), body) : api.post<PortTypes[C]["item"]>(portPath(nodeId, collection), body),
    onSuccess: () => refresh(nodeId),
  });
}

// DELETE /api/v1/config/node/{nodeId}/{collection}/{id}
export function useDeletePort(nodeId: string, collection: PortCollection) {
  const { refresh } = useNodeRefresh();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(portPath(nodeId, collection, id)),
    onSuccess: () => refresh(nodeId),
  });
}

export const NODE_PICKER_SIZE = 50;

// GET /api/v1/config/msp/{mspId}/node?search=&kind= — the first nodes (of every kind, or of one) matching a search,
// for the pickers (a link's far end, an edge uplink in the fabric link editor): the MSP may have thousands, the
// picker is searched rather than listed whole.
export const nodePickerQueryOptions = (mspId: string, search?: string, kind?: NodeKind) =>
  queryOptions({
    queryKey: [...nodeKeys.all, "picker", mspId, normalizeSearch(search), kind ?? "all"] as const,
    queryFn: ({ signal }) =>
      api.get<Page<NodeListItem>>(`/config/msp/${segment(mspId)}/node`, {
        query: { kind, search: normalizeSearch(search) || undefined, limit: NODE_PICKER_SIZE },
        signal,
      }),
  });
