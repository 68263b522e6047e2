import { infiniteQueryOptions, type InfiniteData, type QueryFunctionContext, type QueryKey } from "@tanstack/react-query";
import { apiRequest, type ApiRequestParams } from "@/lib/api/client";
import type { ApiItem, ApiOperation, ApiParams, PagedApiPath } from "@/lib/api/route-types";
import { MAX_PAGE_SIZE, type Page } from "@/lib/pagination";

// The browser's side of the cursor lists (lib/pagination.ts): every list query's options, and the whole of a small list.

/** What paging needs of a list's answer: where the next page starts (null after the last). */
export interface CursorPage {
  nextCursor: string | null;
}

const nextPageParam = (page: CursorPage) => page.nextCursor ?? undefined;

/**
 * A list read a page at a time: the first page is asked without a cursor (""), each next one with the cursor the
 * previous page answered, until one answers none. `queryFn` makes the call; its `pageParam` is the cursor.
 */
export function pagedQueryOptions<TPage extends CursorPage, TKey extends QueryKey>(options: {
  queryKey: TKey;
  queryFn: (context: QueryFunctionContext<TKey, string>) => Promise<TPage>;
}) {
  return infiniteQueryOptions<TPage, Error, InfiniteData<TPage>, TKey, string>({
    ...options,
    initialPageParam: "",
    getNextPageParam: nextPageParam,
  });
}

/** The most rows `fetchAllPages` reads before it gives up: 20 calls of the largest page. */
export const FETCH_ALL_MAX_ITEMS = 20 * MAX_PAGE_SIZE;

let listTooLongText = (limit: number) => `The list holds more than ${limit} rows, too many to load at once`;

/** The provider gives the refusal's text in the UI's language (apiClient.listTooLong). */
export function configurePaging(texts: { listTooLong: (limit: number) => string }): void {
  listTooLongText = texts.listTooLong;
}

/** A list `fetchAllPages` stopped reading: it holds more rows than its bound. Its message says so to the user. */
export class ListTooLongError extends Error {
  constructor(readonly limit: number) {
    super(listTooLongText(limit));
    this.name = "ListTooLongError";
  }
}

export interface FetchAllBounds {
  /** The most rows read (default FETCH_ALL_MAX_ITEMS); a list with more is refused. */
  maxItems?: number;
  /** Rows asked per call (default MAX_PAGE_SIZE, the API's largest page). */
  pageSize?: number;
}

/**
 * Every row of a keyset-paginated list, page after page, for the pickers and checks that need a whole (small) set: a
 * site's connectors, a customer's sites, the paths of a site, an MSP's configured devices.
 *
 * Bounded: at most `maxItems` rows in at most ceil(maxItems / pageSize) calls. A list with more, or a server whose
 * cursors do not end, rejects with ListTooLongError rather than answering part of the list: the headroom check and the
 * pickers would be silently wrong on a part. The query shows it as its error, and it is not retried.
 */
export async function fetchAllPages<P extends PagedApiPath>(
  path: P,
  params: ApiParams<ApiOperation<"get", P>>,
  signal?: AbortSignal,
  { maxItems = FETCH_ALL_MAX_ITEMS, pageSize = MAX_PAGE_SIZE }: FetchAllBounds = {},
): Promise<ApiItem<P>[]> {
  const maxPages = Math.max(1, Math.ceil(maxItems / pageSize));
  const { query, ...rest } = params as ApiRequestParams;
  const items: ApiItem<P>[] = [];
  let cursor: string | null = null;
  for (let pages = 1; ; pages++) {
    const page: Page<ApiItem<P>> = await apiRequest("GET", path, { params: { ...rest, query: { ...query, limit: pageSize, cursor } }, signal });
    items.push(...page.items);
    cursor = page.nextCursor;
    if (items.length > maxItems || (cursor && (items.length >= maxItems || pages >= maxPages))) throw new ListTooLongError(maxItems);
    if (!cursor) return items;
  }
}
