// The columns each list can be sorted by (?sort=<column>&order=asc|desc), as the API validates them and the tables
// offer them. Plain values: the browser's pages import them, the zod schemas are in lib/pagination-schema.ts.

export const SORT_ORDERS = ["asc", "desc"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/**
 * Each list's sortable columns with the order a column sorts in when none is asked: the latest first for a time, the
 * largest first for a bandwidth, the worst first for a severity or a state, A to Z for a name.
 */
export const LIST_SORTS = {
  alarms: { time: "desc", severity: "desc" },
  events: { time: "desc" },
  paths: { name: "asc", state: "asc", bandwidth: "desc" },
  sites: { name: "asc", state: "asc" },
  nodes: { name: "asc" },
  devices: { serialNumber: "asc", model: "asc" },
  topologyLinks: { name: "asc", bandwidth: "desc" },
  lifecycle: { time: "desc", state: "asc" },
} as const satisfies Record<string, Record<string, SortOrder>>;

export type SortableList = keyof typeof LIST_SORTS;
export type SortColumn<L extends SortableList> = keyof (typeof LIST_SORTS)[L] & string;

/** A list's sortable columns, as the API's enumeration. */
export function sortColumns<L extends SortableList>(list: L): [SortColumn<L>, ...SortColumn<L>[]] {
  return Object.keys(LIST_SORTS[list]) as [SortColumn<L>, ...SortColumn<L>[]];
}

/** The order a column of a list sorts in when none is asked. */
export function defaultOrder<L extends SortableList>(list: L, column: SortColumn<L>): SortOrder {
  return (LIST_SORTS[list] as Record<string, SortOrder>)[column] ?? "asc";
}

export interface ListSort<C extends string = string> {
  sort: C;
  order: SortOrder;
}

/** A list's sort as the API reads it: the column asked or the list's default, in the order asked or the column's. */
export function resolveSort<L extends SortableList>(list: L, query: { sort?: SortColumn<L>; order?: SortOrder }, fallback: ListSort<SortColumn<L>>): ListSort<SortColumn<L>> {
  if (!query.sort) return { sort: fallback.sort, order: query.order ?? fallback.order };
  return { sort: query.sort, order: query.order ?? defaultOrder(list, query.sort) };
}

/** A sort's part of a list's query key: nothing for the list's default (its key stays the one the server prefetched). */
export function sortKey(sort: ListSort | undefined): string[] {
  return sort ? [sort.sort, sort.order] : [];
}

/** A URL's query as a page's server sees it (each key once or repeated) or as the browser reads it (one value). */
export type UrlQuery = Record<string, string | string[] | undefined> | { get(key: string): string | null };

const urlValue = (query: UrlQuery, key: string): string | null => {
  if (typeof query.get === "function") return (query as { get(key: string): string | null }).get(key);
  const value = (query as Record<string, string | string[] | undefined>)[key];
  return typeof value === "string" ? value : null;
};

/**
 * A list's sort from its page's URL (?sort=&order=), undefined for none or a column the list does not sort by: the
 * page's server prefetches the list as the browser will ask it, so a sorted link renders complete.
 */
export function sortFromUrl<L extends SortableList>(list: L, query: UrlQuery): ListSort<SortColumn<L>> | undefined {
  const column = urlValue(query, "sort");
  if (!column || !Object.hasOwn(LIST_SORTS[list], column)) return undefined;
  const order = urlValue(query, "order");
  return { sort: column as SortColumn<L>, order: SORT_ORDERS.includes(order as SortOrder) ? (order as SortOrder) : defaultOrder(list, column as SortColumn<L>) };
}

/** The longest search a list's box sends (the lists' schemas take 100 characters). */
export const LIST_SEARCH_MAX = 100;

/** A list's search box from its page's URL (?search=), trimmed to what the API takes; "" for none. */
export function searchFromUrl(query: UrlQuery): string {
  return urlValue(query, "search")?.trim().slice(0, LIST_SEARCH_MAX) ?? "";
}
