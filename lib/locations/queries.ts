import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api/client";
import { LOCATION_SEARCH_DEFAULT_LIMIT, LOCATION_SEARCH_MIN_LENGTH } from "./schema";

export const locationKeys = {
  all: ["locations"] as const,
  search: (search: string) => [...locationKeys.all, "search", search.trim().toLowerCase()] as const,
  regions: (locale: string) => [...locationKeys.all, "regions", locale] as const,
};

/** Whether a search is long enough for the API to answer anything. */
export const isSearchable = (search: string) => search.trim().length >= LOCATION_SEARCH_MIN_LENGTH;

// GET /api/v1/config/location?search= — metros first, then cities by population. Not retried: a failure shows the
// fallback list at once (SPEC §8).
export const locationSearchQueryOptions = (search: string) =>
  queryOptions({
    queryKey: locationKeys.search(search),
    queryFn: ({ signal }) =>
      api.get("/api/v1/config/location", { params: { query: { search: search.trim(), limit: LOCATION_SEARCH_DEFAULT_LIMIT } }, signal }),
    enabled: isSearchable(search),
    staleTime: 5 * 60_000,
    retry: false,
  });

// GET /api/v1/config/region — the data-centre metros of each region, the dropdown used when search fails. Region
// names come in the user's language, hence the locale in the key.
export const regionsQueryOptions = (locale: string) =>
  queryOptions({
    queryKey: locationKeys.regions(locale),
    queryFn: ({ signal }) => api.get("/api/v1/config/region", { signal }),
    staleTime: Infinity,
  });
