import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api/client";

export const topologyKeys = {
  all: ["path-topology"] as const,
  path: (pathId: string) => [...topologyKeys.all, pathId] as const,
};

// GET /api/v1/config/path/{pathId}/topology
export const pathTopologyQueryOptions = (pathId: string) =>
  queryOptions({
    queryKey: topologyKeys.path(pathId),
    queryFn: ({ signal }) => api.get("/api/v1/config/path/{pathId}/topology", { params: { path: { pathId } }, signal }),
  });
