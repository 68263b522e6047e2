import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, apiUrl } from "@/lib/api/client";
import { fetchAllPages, pagedQueryOptions } from "@/lib/api/paging";
import { sortKey, type ListSort, type SortColumn } from "@/lib/sorting";
import { PATH_SEARCH_MAX } from "@/lib/constants";
import { consoleOrganizationFilter } from "@/lib/organizations/console-scope";
import { PATH_SLA_STATES, type PathSla } from "@/lib/health";
import { PATH_LAYERS, type PathLayer } from "./constants";
import type { Path, PathCreate, PathUpdate } from "./schema";

export const PATH_PAGE_SIZE = 50;

/** The paths list's view: one organization's paths, or every path the caller may see (an MSP's). */
export interface PathListFilter {
  organizationId?: string;
  search?: string;
  layer?: PathLayer;
  slaHealth?: PathSla;
}

/** The list's filters besides the search box: the SLA state and the layer (kept in the page's URL as ?sla= and ?layer=). */
export type PathListNarrowing = Pick<PathListFilter, "layer" | "slaHealth">;

/**
 * The list a paths page shows: the console's (lib/organizations/console-scope.ts) — every path the user may see in
 * their own organization, a customer's in its console, an MSP's customers' in an MSP's console opened by the operator.
 */
export function pathListFilter(organizationId: string, homeOrganizationId: string, search?: string, narrowing: PathListNarrowing = {}): PathListFilter {
  return { organizationId: consoleOrganizationFilter(organizationId, homeOrganizationId), search, ...narrowing };
}

/** The SLA state and layer a page's URL asks for (?sla=, ?layer=); anything else is no filter. */
export function pathListNarrowing(params: { sla?: unknown; layer?: unknown }): PathListNarrowing {
  const slaHealth = PATH_SLA_STATES.find((state) => state === params.sla);
  const layer = PATH_LAYERS.find((value) => value === params.layer);
  return { ...(slaHealth ? { slaHealth } : {}), ...(layer ? { layer } : {}) };
}

function normalize(filter: PathListFilter): PathListFilter {
  // The browser's box and a page's ?search= both meet the API's limit here, under one key.
  const search = filter.search?.trim().slice(0, PATH_SEARCH_MAX);
  return {
    ...(filter.organizationId ? { organizationId: filter.organizationId } : {}),
    ...(search ? { search } : {}),
    ...(filter.layer ? { layer: filter.layer } : {}),
    ...(filter.slaHealth ? { slaHealth: filter.slaHealth } : {}),
  };
}

export const pathKeys = {
  all: ["paths"] as const,
  lists: () => [...pathKeys.all, "list"] as const,
  list: (filter: PathListFilter, sort?: ListSort) => [...pathKeys.lists(), normalize(filter), ...sortKey(sort)] as const,
  site: (siteId: string) => [...pathKeys.all, "site", siteId] as const,
  detail: (pathId: string) => [...pathKeys.all, "detail", pathId] as const,
};

// GET /api/v1/config/organization/{id}/path or GET /api/v1/config/path — "Filter paths..." on the server, keyset pages.
export const pathsQueryOptions = (filter: PathListFilter, sort?: ListSort<SortColumn<"paths">>) => {
  const { organizationId, search, layer, slaHealth } = normalize(filter);
  return pagedQueryOptions({
    queryKey: pathKeys.list(filter, sort),
    queryFn: ({ pageParam, signal }) => {
      const query = { search, layer, slaHealth, ...sort, limit: PATH_PAGE_SIZE, cursor: pageParam };
      return organizationId
        ? api.get("/api/v1/config/organization/{organizationId}/path", { params: { path: { organizationId }, query }, signal })
        : api.get("/api/v1/config/path", { params: { query }, signal });
    },
  });
};

// GET …/path.csv — the list as it is filtered and sorted, as CSV.
export const pathsExportHref = (filter: PathListFilter, sort?: ListSort<SortColumn<"paths">>) => {
  const { organizationId, search, layer, slaHealth } = normalize(filter);
  const query = { search, layer, slaHealth, ...sort };
  return organizationId
    ? apiUrl("get", "/api/v1/config/organization/{organizationId}/path.csv", { path: { organizationId }, query })
    : apiUrl("get", "/api/v1/config/path.csv", { query });
};

// GET /api/v1/config/path?siteId= — every path with an end at the site (the Paths tab and the headroom check).
export const sitePathsQueryOptions = (siteId: string) =>
  queryOptions({
    queryKey: pathKeys.site(siteId),
    queryFn: ({ signal }) => fetchAllPages("/api/v1/config/path", { query: { siteId } }, signal),
  });

// GET /api/v1/config/path/{pathId}
export const pathQueryOptions = (pathId: string) =>
  queryOptions({
    queryKey: pathKeys.detail(pathId),
    queryFn: ({ signal }) => api.get("/api/v1/config/path/{pathId}", { params: { path: { pathId } }, signal }),
  });

function useRefreshPaths() {
  const queryClient = useQueryClient();
  return {
    queryClient,
    refresh: () => queryClient.invalidateQueries({ queryKey: pathKeys.all }),
  };
}

// POST /api/v1/config/organization/{organizationId}/path
export function useCreatePath(organizationId: string) {
  const { refresh, queryClient } = useRefreshPaths();
  return useMutation({
    mutationFn: (body: PathCreate) => api.post("/api/v1/config/organization/{organizationId}/path", { params: { path: { organizationId } }, body }),
    onSuccess: (path) => {
      queryClient.setQueryData(pathKeys.detail(path.id), path);
      return refresh();
    },
  });
}

// PATCH /api/v1/config/path/{pathId}
export function useUpdatePath(pathId: string) {
  const { refresh, queryClient } = useRefreshPaths();
  return useMutation({
    mutationFn: (body: PathUpdate) => api.patch("/api/v1/config/path/{pathId}", { params: { path: { pathId } }, body }),
    onSuccess: (path) => {
      queryClient.setQueryData(pathKeys.detail(path.id), path);
      return refresh();
    },
  });
}

// DELETE /api/v1/config/path/{pathId} — the deleted path's entry is dropped (the page is leaving it), lists refresh.
export function useDeletePath() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (path: Path) => api.delete("/api/v1/config/path/{pathId}", { params: { path: { pathId: path.id } } }),
    onSuccess: (_nothing, path) => {
      queryClient.removeQueries({ queryKey: pathKeys.detail(path.id) });
      void queryClient.invalidateQueries({ queryKey: pathKeys.all, predicate: (query) => query.queryKey[1] !== "detail" });
    },
  });
}
