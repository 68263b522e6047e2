import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api/client";
import { fetchAllPages } from "@/lib/api/paging";
import { siteKeys } from "@/lib/sites/queries";
import type { Connector, ConnectorCreate, ConnectorUpdate } from "./schema";

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
