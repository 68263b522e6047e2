import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api/client";
import { pagedQueryOptions } from "@/lib/api/paging";
import type { Page } from "@/lib/pagination";
import type {
  CoreFabric,
  CoreFabricCreate,
  CoreFabricDetail,
  CoreFabricUpdate,
  ExternalFabric,
  ExternalFabricCreate,
  ExternalFabricUpdate,
  FabricLinksReplace,
} from "./schema";

// The core and external fabric pages: one query-options factory per endpoint, read by the pages' server prefetch and
// by their components; mutations refresh the same keys.

export const FABRIC_PAGE_SIZE = 50;

const normalizeSearch = (search?: string) => search?.trim() ?? "";

export const fabricKeys = {
  all: ["fabrics"] as const,
  core: () => [...fabricKeys.all, "core"] as const,
  coreLists: (mspId: string) => [...fabricKeys.core(), "list", mspId] as const,
  coreList: (mspId: string, search?: string) => [...fabricKeys.coreLists(mspId), normalizeSearch(search)] as const,
  coreDetail: (fabricId: string) => [...fabricKeys.core(), "detail", fabricId] as const,
  coreLinkHealth: (fabricId: string) => [...fabricKeys.core(), "link-health", fabricId] as const,
  external: () => [...fabricKeys.all, "external"] as const,
  externalLists: (mspId: string) => [...fabricKeys.external(), "list", mspId] as const,
  externalList: (mspId: string, search?: string) => [...fabricKeys.externalLists(mspId), normalizeSearch(search)] as const,
  externalDetail: (fabricId: string) => [...fabricKeys.external(), "detail", fabricId] as const,
};

interface FabricListQuery {
  search?: string;
  limit: number;
  cursor: string;
}

/** A keyset-paginated list of an MSP's fabrics, by name, filtered. */
const fabricPages = <T>(queryKey: readonly unknown[], list: (query: FabricListQuery, signal: AbortSignal) => Promise<Page<T>>, search: string | undefined) =>
  pagedQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => list({ search: normalizeSearch(search) || undefined, limit: FABRIC_PAGE_SIZE, cursor: pageParam }, signal),
  });

// GET /api/v1/config/msp/{mspId}/core-fabric — by name, with counts and health, a page at a time.
export const coreFabricsQueryOptions = (mspId: string, search?: string) =>
  fabricPages(
    fabricKeys.coreList(mspId, search),
    (query, signal) => api.get("/api/v1/config/msp/{mspId}/core-fabric", { params: { path: { mspId }, query }, signal }),
    search,
  );

// GET /api/v1/config/core-fabric/{fabricId} — its core nodes (with their ports), links and mesh status.
export const coreFabricQueryOptions = (fabricId: string) =>
  queryOptions({
    queryKey: fabricKeys.coreDetail(fabricId),
    queryFn: ({ signal }) => api.get("/api/v1/config/core-fabric/{fabricId}", { params: { path: { fabricId } }, signal }),
  });

// GET /api/v1/telemetry/core-fabric/{fabricId}/link-health — its links' status and health, kept live over /ws.
export const coreFabricLinkHealthQueryOptions = (fabricId: string) =>
  queryOptions({
    queryKey: fabricKeys.coreLinkHealth(fabricId),
    queryFn: ({ signal }) => api.get("/api/v1/telemetry/core-fabric/{fabricId}/link-health", { params: { path: { fabricId } }, signal }),
  });

// GET /api/v1/config/msp/{mspId}/external-fabric
export const externalFabricsQueryOptions = (mspId: string, search?: string) =>
  fabricPages(
    fabricKeys.externalList(mspId, search),
    (query, signal) => api.get("/api/v1/config/msp/{mspId}/external-fabric", { params: { path: { mspId }, query }, signal }),
    search,
  );

// GET /api/v1/config/external-fabric/{fabricId}
export const externalFabricQueryOptions = (fabricId: string) =>
  queryOptions({
    queryKey: fabricKeys.externalDetail(fabricId),
    queryFn: ({ signal }) => api.get("/api/v1/config/external-fabric/{fabricId}", { params: { path: { fabricId } }, signal }),
  });

// POST /api/v1/config/msp/{mspId}/core-fabric
export function useCreateCoreFabric(mspId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CoreFabricCreate) => api.post("/api/v1/config/msp/{mspId}/core-fabric", { params: { path: { mspId } }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fabricKeys.coreLists(mspId) }),
  });
}

// PATCH /api/v1/config/core-fabric/{fabricId} — its name.
export function useRenameCoreFabric(fabricId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CoreFabricUpdate) => api.patch("/api/v1/config/core-fabric/{fabricId}", { params: { path: { fabricId } }, body }),
    onSuccess: (fabric) => {
      queryClient.setQueryData<CoreFabricDetail>(fabricKeys.coreDetail(fabricId), (detail) => detail && { ...detail, name: fabric.name, updatedAt: fabric.updatedAt });
      void queryClient.invalidateQueries({ queryKey: fabricKeys.coreLists(fabric.organizationId) });
    },
  });
}

// DELETE /api/v1/config/core-fabric/{fabricId} — with its core links; its own entry is dropped (the page leaves it).
export function useDeleteCoreFabric() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fabric: CoreFabric) => api.delete("/api/v1/config/core-fabric/{fabricId}", { params: { path: { fabricId: fabric.id } } }),
    onSuccess: (_nothing, fabric) => {
      queryClient.removeQueries({ queryKey: fabricKeys.coreDetail(fabric.id) });
      queryClient.removeQueries({ queryKey: fabricKeys.coreLinkHealth(fabric.id) });
      void queryClient.invalidateQueries({ queryKey: fabricKeys.coreLists(fabric.organizationId) });
    },
  });
}

// PUT /api/v1/config/core-fabric/{fabricId}/links — the link editor's save: the answer is the fabric as it now is.
export function useSaveFabricLinks(fabricId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FabricLinksReplace) => api.put("/api/v1/config/core-fabric/{fabricId}/links", { params: { path: { fabricId } }, body }),
    onSuccess: (fabric) => {
      queryClient.setQueryData(fabricKeys.coreDetail(fabricId), fabric);
      void queryClient.invalidateQueries({ queryKey: fabricKeys.coreLinkHealth(fabricId) });
      void queryClient.invalidateQueries({ queryKey: fabricKeys.coreLists(fabric.organizationId) });
    },
  });
}

function useExternalFabricCache() {
  const queryClient = useQueryClient();
  return {
    put: (fabric: ExternalFabric) => {
      queryClient.setQueryData(fabricKeys.externalDetail(fabric.id), fabric);
      return queryClient.invalidateQueries({ queryKey: fabricKeys.externalLists(fabric.organizationId) });
    },
    queryClient,
  };
}

// POST /api/v1/config/msp/{mspId}/external-fabric
export function useCreateExternalFabric(mspId: string) {
  const cache = useExternalFabricCache();
  return useMutation({
    mutationFn: (body: ExternalFabricCreate) => api.post("/api/v1/config/msp/{mspId}/external-fabric", { params: { path: { mspId } }, body }),
    onSuccess: (fabric) => cache.put(fabric),
  });
}

// PATCH /api/v1/config/external-fabric/{fabricId} — a client secret left out stays as stored.
export function useUpdateExternalFabric(fabricId: string) {
  const cache = useExternalFabricCache();
  return useMutation({
    mutationFn: (body: ExternalFabricUpdate) => api.patch("/api/v1/config/external-fabric/{fabricId}", { params: { path: { fabricId } }, body }),
    onSuccess: (fabric) => cache.put(fabric),
  });
}

// DELETE /api/v1/config/external-fabric/{fabricId} — its own entry is dropped (the page leaves it), lists refresh.
export function useDeleteExternalFabric() {
  const { queryClient } = useExternalFabricCache();
  return useMutation({
    mutationFn: (fabric: ExternalFabric) => api.delete("/api/v1/config/external-fabric/{fabricId}", { params: { path: { fabricId: fabric.id } } }),
    onSuccess: (_nothing, fabric) => {
      queryClient.removeQueries({ queryKey: fabricKeys.externalDetail(fabric.id) });
      void queryClient.invalidateQueries({ queryKey: fabricKeys.externalLists(fabric.organizationId) });
    },
  });
}
