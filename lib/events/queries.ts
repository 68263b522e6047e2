import { queryOptions } from "@tanstack/react-query";
import { api, apiUrl } from "@/lib/api/client";
import { pagedQueryOptions } from "@/lib/api/paging";
import { sortKey, type ListSort, type SortColumn } from "@/lib/sorting";
import type { ApiAnswer } from "@/lib/api/route-types";
import type { EventSearch, EventSubjectKind } from "./schema";
import { readEventSearch } from "./search";
import { isEventType } from "./types";

export type EventPage = ApiAnswer<"get", "/api/v1/event">;
/** An event as the list answers it: `before` and `after` are left out of the JSON when absent. */
export type EventRow = EventPage["items"][number];

export const EVENT_PAGE_SIZE = 50;

/** The search as the API and the query key take it: times in ISO form, absent values left out. */
export interface EventQuery {
  startTime?: string;
  endTime?: string;
  nodeId?: string;
  siteId?: string;
  pathId?: string;
  type?: string;
}

export function toEventQuery(search: EventSearch): EventQuery {
  return {
    ...(search.startTime ? { startTime: search.startTime.toISOString() } : {}),
    ...(search.endTime ? { endTime: search.endTime.toISOString() } : {}),
    ...(search.nodeId ? { nodeId: search.nodeId } : {}),
    ...(search.siteId ? { siteId: search.siteId } : {}),
    ...(search.pathId ? { pathId: search.pathId } : {}),
    ...(search.type ? { type: search.type } : {}),
  };
}

type SearchParamsRecord = Record<string, string | string[] | undefined>;

/**
 * SPEC §5: the events page's search parameters through the one schema, from the server page's searchParams or the
 * browser's URL alike. A repeated parameter counts once (its first value), as URLSearchParams.get reads it.
 */
export function parseEventSearch(params: URLSearchParams | SearchParamsRecord): EventSearch {
  const first = (name: keyof EventSearch) => {
    if (params instanceof URLSearchParams) return params.get(name) ?? undefined;
    const value = params[name];
    return Array.isArray(value) ? value[0] : value;
  };
  return (
    readEventSearch({
      startTime: first("startTime"),
      endTime: first("endTime"),
      nodeId: first("nodeId"),
      siteId: first("siteId"),
      pathId: first("pathId"),
      type: first("type"),
    }) ?? {}
  );
}

/** The URL search of an events view (ISO times, so every browser and the server read the same instant). */
export function eventSearchToParams(search: EventSearch): URLSearchParams {
  return new URLSearchParams(Object.entries(toEventQuery(search)));
}

/** The API query of a view: the search, and the console's organization (absent: all the user may see). */
function toEventListQuery(search: EventSearch, organizationId?: string): EventQuery & { organizationId?: string } {
  return { ...toEventQuery(search), ...(organizationId ? { organizationId } : {}) };
}

export const eventKeys = {
  all: ["events"] as const,
  lists: () => [...eventKeys.all, "list"] as const,
  list: (search: EventSearch, organizationId?: string) => [...eventKeys.lists(), toEventListQuery(search, organizationId)] as const,
};

// GET /api/v1/event — newest first, a page at a time (keyset cursor). The first page's parameter is "" (no cursor).
export const eventsQueryOptions = (search: EventSearch, organizationId?: string, sort?: ListSort<SortColumn<"events">>) =>
  pagedQueryOptions({
    queryKey: [...eventKeys.list(search, organizationId), ...sortKey(sort)],
    queryFn: ({ pageParam, signal }) =>
      api.get("/api/v1/event", { params: { query: { ...toEventListQuery(search, organizationId), ...sort, limit: EVENT_PAGE_SIZE, cursor: pageParam } }, signal }),
  });

// GET /api/v1/event.csv — the events the search keeps, as CSV.
export const eventsExportHref = (search: EventSearch, organizationId?: string, sort?: ListSort<SortColumn<"events">>) =>
  apiUrl("get", "/api/v1/event.csv", { query: { ...toEventListQuery(search, organizationId), ...sort } });


// An object id as the console writes them (a UUID): a node search that is one names that node only; any other text
// may be a node's name, which only the server resolves.
const OBJECT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a live "events" message may change this view: not when the range ended in the past, nor when it names
 * another type, or another node (by id), or no node for a view of one. A name or a partial type could be this event's:
 * the view refetches and the server decides. (The message carries the event's type, entity and node, not its time:
 * it happened now.)
 */
export function eventMatchesSearch(search: EventSearch, data: Record<string, unknown>, now: number): boolean {
  if (search.endTime && search.endTime.getTime() < now) return false;
  if (search.type && isEventType(search.type) && data.type !== search.type) return false;
  if (search.nodeId && data.nodeId !== search.nodeId && (!data.nodeId || OBJECT_ID.test(search.nodeId))) return false;
  return true;
}

// GET /api/v1/event/subjects — nodes, sites or paths by name for the filters' suggestions (short-lived: names change).
export const eventSubjectsQueryOptions = (kind: EventSubjectKind, search: string) =>
  queryOptions({
    queryKey: [...eventKeys.all, "subjects", kind, search] as const,
    queryFn: ({ signal }) => api.get("/api/v1/event/subjects", { params: { query: { kind, ...(search ? { search } : {}) } }, signal }),
    staleTime: 30_000,
  });
