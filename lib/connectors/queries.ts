import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, apiUrl } from "@/lib/api/client";
import { fetchAllPages } from "@/lib/api/paging";
import { topologyKeys } from "@/lib/paths/topology-queries";
import { siteKeys } from "@/lib/sites/queries";
import { mspTopologyKeys } from "@/lib/topology/queries";
import type { Connector, ConnectorCreate, ConnectorKind, ConnectorUpdate } from "./schema";

export const connectorKeys = {
  all: ["connectors"] as const,
  site: (siteId: string) => [...connectorKeys.all, "site", siteId] as const,
};

// GET /api/v1/config/site/{siteId}/connector — all of a site's connectors, by name.
export const siteConnectorsQueryOptions = (siteId: string) =>
  queryOptions({
    queryKey: connectorKeys.site(siteId),
    queryFn: ({ signal }) => fetchAllPages("/api/v1/config/site/{siteId}/connector", { path: { siteId } }, signal),
  });

// GET /api/v1/config/site/{siteId}/connector.csv — the site's connectors as CSV.
export const siteConnectorsExportHref = (siteId: string) => apiUrl("get", "/api/v1/config/site/{siteId}/connector.csv", { path: { siteId } });

function useRefreshConnectors() {
  const queryClient = useQueryClient();
  // The Sites page counts connectors; deleting or resizing one changes its paths.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: connectorKeys.all }),
      queryClient.invalidateQueries({ queryKey: siteKeys.all }),
      queryClient.invalidateQueries({ queryKey: ["paths"] }),
    ]);
}

// POST /api/v1/config/site/{siteId}/connector
export function useCreateConnector(siteId: string) {
  const refresh = useRefreshConnectors();
  return useMutation({
    mutationFn: (body: ConnectorCreate) => api.post("/api/v1/config/site/{siteId}/connector", { params: { path: { siteId } }, body }),
    onSuccess: refresh,
  });
}

// PATCH /api/v1/config/connector/{connectorId}
export function useUpdateConnector() {
  const refresh = useRefreshConnectors();
  return useMutation({
    mutationFn: ({ connectorId, body }: { connectorId: string; body: ConnectorUpdate }) =>
      api.patch("/api/v1/config/connector/{connectorId}", { params: { path: { connectorId } }, body }),
    onSuccess: refresh,
  });
}

// DELETE /api/v1/config/connector/{connectorId} — with the paths over it.
export function useDeleteConnector() {
  const refresh = useRefreshConnectors();
  return useMutation({
    mutationFn: (connector: Connector) => api.delete("/api/v1/config/connector/{connectorId}", { params: { path: { connectorId: connector.id } } }),
    onSuccess: refresh,
  });
}

// GET /api/v1/config/connector/{connectorId}/homing — its serving node and the nodes that may serve it.
export const connectorHomingQueryOptions = (connectorId: string) =>
  queryOptions({
    queryKey: [...connectorKeys.all, "homing", connectorId] as const,
    queryFn: ({ signal }) => api.get("/api/v1/config/connector/{connectorId}/homing", { params: { path: { connectorId } }, signal }),
    staleTime: 0,
  });

// GET /api/v1/config/site/{siteId}/homing?kind=… — the node a new connector of that kind would be served by.
export const homingProposalQueryOptions = (siteId: string, kind: ConnectorKind) =>
  queryOptions({
    queryKey: [...connectorKeys.all, "proposal", siteId, kind] as const,
    queryFn: ({ signal }) => api.get("/api/v1/config/site/{siteId}/homing", { params: { path: { siteId }, query: { kind } }, signal }),
  });

// POST /api/v1/config/connector/{connectorId}/homing without `apply` — the paths re-homing onto the node would move.
export const rehomingPreviewQueryOptions = (connectorId: string, nodeId: string) =>
  queryOptions({
    queryKey: [...connectorKeys.all, "homing", connectorId, "preview", nodeId] as const,
    queryFn: ({ signal }) => api.post("/api/v1/config/connector/{connectorId}/homing", { params: { path: { connectorId } }, body: { nodeId, apply: false }, signal }),
    staleTime: 0,
  });

// POST /api/v1/config/connector/{connectorId}/homing with `apply` — done; the routes of its paths change.
export function useRehomeConnector(connectorId: string) {
  const refresh = useRefreshConnectors();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (nodeId: string) => api.post("/api/v1/config/connector/{connectorId}/homing", { params: { path: { connectorId } }, body: { nodeId, apply: true } }),
    onSuccess: () =>
      Promise.all([
        refresh(),
        queryClient.invalidateQueries({ queryKey: topologyKeys.all }),
        queryClient.invalidateQueries({ queryKey: mspTopologyKeys.all }),
      ]),
  });
}
