import type { InfiniteData, QueryClient, QueryFilters, QueryKey } from "@tanstack/react-query";
import type { Page } from "@/lib/pagination";

// What the areas' live-update effects (lib/<area>/realtime.ts) do to cached entries of every shape: one object, a
// list of them, a page, or the pages of a paginated list.

const isPages = (data: object): data is InfiniteData<Page<unknown>> => "pages" in data && Array.isArray(data.pages);
const isPage = (data: object): data is Page<unknown> => "items" in data && Array.isArray(data.items);

/** Does a cached entry hold an item that matches? */
export function cacheHolds<T>(data: unknown, match: (item: T) => boolean): boolean {
  if (Array.isArray(data)) return data.some(match);
  if (typeof data !== "object" || data === null) return false;
  if (isPages(data)) return data.pages.some((page) => (page.items as T[]).some(match));
  if (isPage(data)) return (data.items as T[]).some(match);
  return match(data as T);
}

/** The cached queries under `queryKey` that hold an item that matches. */
export const holding = <T>(queryKey: QueryKey, match: (item: T) => boolean): QueryFilters => ({
  queryKey,
  predicate: ({ state }) => cacheHolds(state.data, match),
});

/** The cached queries under `queryKey` that hold the object with this id. */
export const holdingId = (queryKey: QueryKey, id: string) => holding<{ id: string }>(queryKey, (item) => item.id === id);

/**
 * Everything under `all` but the other objects' details (`[...all, "detail", id]`): the object named, and the lists
 * that may hold it.
 */
export const objectAndLists = (all: QueryKey, id: string): QueryFilters => ({
  queryKey: all,
  predicate: ({ queryKey }) => queryKey[all.length] !== "detail" || queryKey[all.length + 1] === id,
});

function mapList<T>(items: readonly T[], update: (item: T) => T): readonly T[] {
  const next = items.map(update);
  return next.some((item, index) => item !== items[index]) ? next : items;
}

/** A cached list, page or pages with `update` applied to each item; the same data when no item changed. */
export function mapItems<T, D>(data: D, update: (item: T) => T): D {
  if (Array.isArray(data)) return mapList(data as T[], update) as D;
  if (typeof data !== "object" || data === null) return data;
  if (isPages(data)) {
    const pages = data.pages.map((page) => {
      const items = mapList(page.items as T[], update);
      return items === page.items ? page : { ...page, items };
    });
    return pages.some((page, index) => page !== data.pages[index]) ? ({ ...data, pages } as D) : data;
  }
  if (isPage(data)) {
    const items = mapList(data.items as T[], update);
    return items === data.items ? data : ({ ...data, items } as D);
  }
  return data;
}

/** Writes `update` into every cached entry under `queryKey` (the entry itself when `whole`, else its items); true if one changed. */
export function updateCached<T>(queryClient: QueryClient, queryKey: QueryKey, update: (item: T) => T, whole = false): boolean {
  let changed = false;
  for (const [key, data] of queryClient.getQueriesData({ queryKey })) {
    if (data === undefined) continue;
    const next = whole ? update(data as T) : mapItems(data, update);
    // An entry left as it was keeps its time: nothing tells its observers it changed.
    if (next === data) continue;
    queryClient.setQueryData(key, next);
    changed = true;
  }
  return changed;
}

/**
 * A deleted object's cached entries: dropped where nothing shows them; where something does, they are refetched
 * (to the answer a deleted object gets) through the filter returned.
 */
export function forget(queryClient: QueryClient, queryKey: QueryKey): QueryFilters {
  queryClient.removeQueries({ queryKey, predicate: (query) => query.getObserversCount() === 0 });
  return { queryKey };
}
