import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, apiUrl } from "@/lib/api/client";
import { pagedQueryOptions } from "@/lib/api/paging";
import { sortKey, type ListSort, type SortColumn } from "@/lib/sorting";
import { eventKeys } from "@/lib/events/queries";
import type {
  InterfaceCreate,
  InterfaceUpdate,
  IpsecEndpointCreate,
  IpsecEndpointUpdate,
  NodeCreate,
  NodeKind,
  NodeUpdate,
  SubinterfaceCreate,
  SubinterfaceUpdate,
  SwitchPortCreate,
  SwitchPortUpdate,
} from "./schema";

// The node pages' queries: the lists (a page at a time, 2,000 nodes stay usable), a node with its configuration,
// its status and what deleting it removes; the mutations of the node and of its ports invalidate the node's keys.

export const NODE_PAGE_SIZE = 50;

const normalizeSearch = (search?: string) => search?.trim() ?? "";

export const nodeKeys = {
  all: ["nodes"] as const,
  lists: () => [...nodeKeys.all, "list"] as const,
  list: (mspId: string, kind: NodeKind, search?: string, sort?: ListSort) => [...nodeKeys.lists(), mspId, kind, normalizeSearch(search), ...sortKey(sort)] as const,
  /** Everything about one node: its detail, status and deletion preview. */
  node: (nodeId: string) => [...nodeKeys.all, "node", nodeId] as const,
  detail: (nodeId: string) => [...nodeKeys.node(nodeId), "detail"] as const,
  status: (nodeId: string) => [...nodeKeys.node(nodeId), "status"] as const,
  deletion: (nodeId: string) => [...nodeKeys.node(nodeId), "deletion"] as const,
};

// GET /api/v1/config/msp/{mspId}/node?kind=&search= — by name, with health, a page at a time.
export const nodesQueryOptions = (mspId: string, kind: NodeKind, search?: string, sort?: ListSort<SortColumn<"nodes">>) =>
  pagedQueryOptions({
    queryKey: nodeKeys.list(mspId, kind, search, sort),
    queryFn: ({ pageParam, signal }) =>
      api.get("/api/v1/config/msp/{mspId}/node", {
        params: { path: { mspId }, query: { kind, search: normalizeSearch(search) || undefined, ...sort, limit: NODE_PAGE_SIZE, cursor: pageParam } },
        signal,
      }),
  });

// GET /api/v1/config/msp/{mspId}/node.csv — the list as it is filtered and sorted, as CSV.
export const nodesExportHref = (mspId: string, kind: NodeKind, search?: string, sort?: ListSort<SortColumn<"nodes">>) =>
  apiUrl("get", "/api/v1/config/msp/{mspId}/node.csv", { path: { mspId }, query: { kind, search: normalizeSearch(search) || undefined, ...sort } });

// GET /api/v1/config/node/{nodeId} — with interfaces, subinterfaces, IPsec endpoints, switch ports and links.
export const nodeQueryOptions = (nodeId: string) =>
  queryOptions({
    queryKey: nodeKeys.detail(nodeId),
    queryFn: ({ signal }) => api.get("/api/v1/config/node/{nodeId}", { params: { path: { nodeId } }, signal }),
  });

// GET /api/v1/config/node/{nodeId}/status
export const nodeStatusQueryOptions = (nodeId: string) =>
  queryOptions({
    queryKey: nodeKeys.status(nodeId),
    queryFn: ({ signal }) => api.get("/api/v1/config/node/{nodeId}/status", { params: { path: { nodeId } }, signal }),
  });

// GET /api/v1/config/node/{nodeId}/deletion — asked when the delete confirmation opens, never cached for long.
export const nodeDeletionQueryOptions = (nodeId: string) =>
  queryOptions({
    queryKey: nodeKeys.deletion(nodeId),
    queryFn: ({ signal }) => api.get("/api/v1/config/node/{nodeId}/deletion", { params: { path: { nodeId } }, signal }),
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
    mutationFn: (body: NodeCreate) => api.post("/api/v1/config/msp/{mspId}/node", { params: { path: { mspId } }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: nodeKeys.lists() }),
  });
}

// PATCH /api/v1/config/node/{nodeId}
export function useUpdateNode(nodeId: string) {
  const { refresh } = useNodeRefresh();
  return useMutation({
    mutationFn: (body: NodeUpdate) => api.patch("/api/v1/config/node/{nodeId}", { params: { path: { nodeId } }, body }),
    onSuccess: () => refresh(nodeId),
  });
}

// DELETE /api/v1/config/node/{nodeId} — with its ports and links; the page leaves the node, so its entries are dropped.
export function useDeleteNode() {
  const { queryClient } = useNodeRefresh();
  return useMutation({
    mutationFn: (nodeId: string) => api.delete("/api/v1/config/node/{nodeId}", { params: { path: { nodeId } } }),
    onSuccess: (_nothing, nodeId) => {
      queryClient.removeQueries({ queryKey: nodeKeys.node(nodeId) });
      void queryClient.invalidateQueries({ queryKey: nodeKeys.all });
      void queryClient.invalidateQueries({ queryKey: ["links"] });
    },
  });
}

/** The node's ports: interfaces, subinterfaces, IPsec endpoints and switch ports, each with create, update, delete. */
export interface PortTypes {
  interface: { create: InterfaceCreate; update: InterfaceUpdate };
  subinterface: { create: SubinterfaceCreate; update: SubinterfaceUpdate };
  ipsecEndpoint: { create: IpsecEndpointCreate; update: IpsecEndpointUpdate };
  switchPort: { create: SwitchPortCreate; update: SwitchPortUpdate };
}
export type PortCollection = keyof PortTypes;

/** A port's save: an edit of the port `id`, or a new port. */
export type PortSave<C extends PortCollection> = { id: string; body: PortTypes[C]["update"] } | { id?: undefined; body: PortTypes[C]["create"] };

// POST /api/v1/config/node/{nodeId}/{interface|subinterface|ipsec-endpoint|switch-port}, PATCH and DELETE …/{id}
const portRoutes: { [C in PortCollection]: { save: (nodeId: string, save: PortSave<C>) => Promise<unknown>; remove: (nodeId: string, id: string) => Promise<unknown> } } = {
  interface: {
    save: (nodeId, { id, body }) =>
      id === undefined
        ? api.post("/api/v1/config/node/{nodeId}/interface", { params: { path: { nodeId } }, body })
        : api.patch("/api/v1/config/node/{nodeId}/interface/{interfaceId}", { params: { path: { nodeId, interfaceId: id } }, body }),
    remove: (nodeId, interfaceId) => api.delete("/api/v1/config/node/{nodeId}/interface/{interfaceId}", { params: { path: { nodeId, interfaceId } } }),
  },
  subinterface: {
    save: (nodeId, { id, body }) =>
      id === undefined
        ? api.post("/api/v1/config/node/{nodeId}/subinterface", { params: { path: { nodeId } }, body })
        : api.patch("/api/v1/config/node/{nodeId}/subinterface/{subinterfaceId}", { params: { path: { nodeId, subinterfaceId: id } }, body }),
    remove: (nodeId, subinterfaceId) => api.delete("/api/v1/config/node/{nodeId}/subinterface/{subinterfaceId}", { params: { path: { nodeId, subinterfaceId } } }),
  },
  ipsecEndpoint: {
    save: (nodeId, { id, body }) =>
      id === undefined
        ? api.post("/api/v1/config/node/{nodeId}/ipsec-endpoint", { params: { path: { nodeId } }, body })
        : api.patch("/api/v1/config/node/{nodeId}/ipsec-endpoint/{ipsecEndpointId}", { params: { path: { nodeId, ipsecEndpointId: id } }, body }),
    remove: (nodeId, ipsecEndpointId) => api.delete("/api/v1/config/node/{nodeId}/ipsec-endpoint/{ipsecEndpointId}", { params: { path: { nodeId, ipsecEndpointId } } }),
  },
  switchPort: {
    save: (nodeId, { id, body }) =>
      id === undefined
        ? api.post("/api/v1/config/node/{nodeId}/switch-port", { params: { path: { nodeId } }, body })
        : api.patch("/api/v1/config/node/{nodeId}/switch-port/{switchPortId}", { params: { path: { nodeId, switchPortId: id } }, body }),
    remove: (nodeId, switchPortId) => api.delete("/api/v1/config/node/{nodeId}/switch-port/{switchPortId}", { params: { path: { nodeId, switchPortId } } }),
  },
};

export function useSavePort<C extends PortCollection>(nodeId: string, collection: C) {
  const { refresh } = useNodeRefresh();
  return useMutation({
    mutationFn: (save: PortSave<C>) => portRoutes[collection].save(nodeId, save),
    onSuccess: () => refresh(nodeId),
  });
}

export function useDeletePort(nodeId: string, collection: PortCollection) {
  const { refresh } = useNodeRefresh();
  return useMutation({
    mutationFn: (id: string) => portRoutes[collection].remove(nodeId, id),
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
      api.get("/api/v1/config/msp/{mspId}/node", {
        params: { path: { mspId }, query: { kind, search: normalizeSearch(search) || undefined, limit: NODE_PICKER_SIZE } },
        signal,
      }),
  });
