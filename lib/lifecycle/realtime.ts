import type { InfiniteData, QueryClient, QueryFilters, QueryKey } from "@tanstack/react-query";
import type { Page } from "@/lib/pagination";
import { RESYNC_ACTION, type RealtimeEvent } from "@/lib/realtime-client";
import type { LifecycleProgress } from "@/lib/realtime-contract";
import { lifecycleKeys } from "./queries";
import type { LifecycleOperation, LifecycleTab } from "./schema";

// What a lifecycle message changes in the lifecycle pages' cache. Progress carries the new state: it is written into
// the cached operation at once (the bar moves without a request). A change of status moves an operation from one tab
// to another: the lists that hold it and the tab it goes to are refetched, nothing else.

type OperationPages = InfiniteData<Page<LifecycleOperation>>;

const tabOf = (queryKey: QueryKey) => queryKey[3] as LifecycleTab | undefined;

const holds = (data: unknown, operationId: string) =>
  Boolean((data as OperationPages | undefined)?.pages?.some((page) => page.items.some((operation) => operation.id === operationId)));

/** The cached lists that show the operation. */
const listsHolding = (operationId: string): QueryFilters => ({
  queryKey: lifecycleKeys.lists(),
  predicate: ({ state }) => holds(state.data, operationId),
});

/** Every organization's list of one tab (where an operation arrives). */
const listsOfTab = (tab: LifecycleTab): QueryFilters => ({
  queryKey: lifecycleKeys.lists(),
  predicate: ({ queryKey }) => tabOf(queryKey) === tab,
});

/** The pickers' device lists (whether each device is busy). */
const DEVICE_LISTS: QueryFilters = { queryKey: lifecycleKeys.deviceLists() };

/** The tab an operation goes to on each change of its own. */
const DESTINATION: Partial<Record<string, LifecycleTab>> = {
  created: "scheduled",
  started: "running",
  cancelled: "finished",
  succeeded: "finished",
  failed: "finished",
};

/** Writes a progress message into every cached list that holds its operation; true when one did. */
export function applyLifecycleProgress(queryClient: QueryClient, news: LifecycleProgress): boolean {
  let written = false;
  queryClient.setQueriesData<OperationPages>({ queryKey: lifecycleKeys.lists() }, (data) => {
    if (!data || !holds(data, news.operationId)) return data;
    written = true;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        items: page.items.map((operation) =>
          operation.id === news.operationId && (operation.progress !== news.progress || operation.status !== news.status)
            ? { ...operation, progress: news.progress, status: news.status }
            : operation,
        ),
      })),
    };
  });
  return written;
}

/** The lifecycle service's news on the lifecycle pages: what to refetch, after writing what the news carries. */
export function lifecycleRefetches(event: RealtimeEvent<"lifecycle">, queryClient: QueryClient): QueryFilters[] {
  if (event.action === RESYNC_ACTION) return [{ queryKey: lifecycleKeys.lists() }, DEVICE_LISTS];
  if (event.action === "progress") {
    applyLifecycleProgress(queryClient, event.data);
    // A finished operation leaves Running for Finished, with its summary and finish time; its device is free again.
    return event.data.status === "active" ? [] : [listsHolding(event.data.operationId), listsOfTab("finished"), DEVICE_LISTS];
  }
  if (event.data.entityType !== "lifecycleOperation") return [];
  const destination = DESTINATION[event.action];
  const filters = [listsHolding(event.data.entityId)];
  // Created, cancelled or over: its device became busy or free, which the pickers show.
  if (destination) filters.push(listsOfTab(destination), DEVICE_LISTS);
  return event.action === "updated" || destination ? filters : [];
}
