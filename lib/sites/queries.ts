import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, apiUrl } from "@/lib/api/client";
import { fetchAllPages, pagedQueryOptions } from "@/lib/api/paging";
import { sortKey, type ListSort, type SortColumn } from "@/lib/sorting";
import type { AwsConfigUpload, Site, SiteCreate,  SiteUpdate } from "./schema";

export const SITE_PAGE_SIZE = 50;

const normalizeSearch = (search?: string) => search?.trim() ?? "";

export const siteKeys = {
  all: ["sites"] as const,
  lists: (organizationId: string) => [...siteKeys.all, "list", organizationId] as const,
  list: (organizationId: string, search?: string, sort?: ListSort) => [...siteKeys.lists(organizationId), normalizeSearch(search), ...sortKey(sort)] as const,
  every: (organizationId: string) => [...siteKeys.all, "every", organizationId] as const,
  detail: (siteId: string) => [...siteKeys.all, "detail", siteId] as const,
};

// GET /api/v1/config/organization/{organizationId}/site — the Sites page: by name, filtered, a page at a time.
export const sitesQueryOptions = (organizationId: string, search?: string, sort?: ListSort<SortColumn<"sites">>) =>
  pagedQueryOptions({
    queryKey: siteKeys.list(organizationId, search, sort),
    queryFn: ({ pageParam, signal }) =>
      api.get("/api/v1/config/organization/{organizationId}/site", {
        params: { path: { organizationId }, query: { search: normalizeSearch(search) || undefined, ...sort, limit: SITE_PAGE_SIZE, cursor: pageParam } },
        signal,
      }),
  });

// GET /api/v1/config/organization/{organizationId}/site.csv — the list as it is filtered and sorted, as CSV.
export const sitesExportHref = (organizationId: string, search?: string, sort?: ListSort<SortColumn<"sites">>) =>
  apiUrl("get", "/api/v1/config/organization/{organizationId}/site.csv", { path: { organizationId }, query: { search: normalizeSearch(search) || undefined, ...sort } });

// The same list whole: the path form's destination sites and the AWS check of a path's ends.
export const allSitesQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: siteKeys.every(organizationId),
    queryFn: ({ signal }) => fetchAllPages("/api/v1/config/organization/{organizationId}/site", { path: { organizationId } }, signal),
  });

// GET /api/v1/config/site/{siteId}
export const siteQueryOptions = (siteId: string) =>
  queryOptions({
    queryKey: siteKeys.detail(siteId),
    queryFn: ({ signal }) => api.get("/api/v1/config/site/{siteId}", { params: { path: { siteId } }, signal }),
  });

function useSiteCache() {
  const queryClient = useQueryClient();
  return {
    put: (site: Site) => queryClient.setQueryData(siteKeys.detail(site.id), site),
    refresh: () => queryClient.invalidateQueries({ queryKey: siteKeys.all }),
    queryClient,
  };
}

// POST /api/v1/config/organization/{organizationId}/site
export function useCreateSite(organizationId: string) {
  const cache = useSiteCache();
  return useMutation({
    mutationFn: (body: SiteCreate) => api.post("/api/v1/config/organization/{organizationId}/site", { params: { path: { organizationId } }, body }),
    onSuccess: (site) => {
      cache.put(site);
      return cache.refresh();
    },
  });
}

// PATCH /api/v1/config/site/{siteId}
export function useUpdateSite(siteId: string) {
  const cache = useSiteCache();
  return useMutation({
    mutationFn: (body: SiteUpdate) => api.patch("/api/v1/config/site/{siteId}", { params: { path: { siteId } }, body }),
    onSuccess: (site) => {
      cache.put(site);
      return cache.refresh();
    },
  });
}

// DELETE /api/v1/config/site/{siteId} — its connectors and paths go with it. The deleted site's own entry is dropped,
// not refetched (the page is leaving it); lists refresh in the background.
export function useDeleteSite() {
  const cache = useSiteCache();
  return useMutation({
    mutationFn: (site: Site) => api.delete("/api/v1/config/site/{siteId}", { params: { path: { siteId: site.id } } }),
    onSuccess: (_nothing, site) => {
      const { queryClient } = cache;
      queryClient.removeQueries({ queryKey: siteKeys.detail(site.id) });
      void queryClient.invalidateQueries({ queryKey: siteKeys.all, predicate: (query) => query.queryKey[1] !== "detail" });
      void queryClient.invalidateQueries({ queryKey: ["connectors"] });
      void queryClient.invalidateQueries({ queryKey: ["paths"] });
    },
  });
}

// POST /api/v1/config/site/{siteId}/aws-config
export function useUploadAwsConfig() {
  const cache = useSiteCache();
  return useMutation({
    mutationFn: ({ siteId, upload }: { siteId: string; upload: AwsConfigUpload }) =>
      api.post("/api/v1/config/site/{siteId}/aws-config", { params: { path: { siteId } }, body: upload }),
    onSuccess: (site) => {
      cache.put(site);
      return cache.refresh();
    },
  });
}
