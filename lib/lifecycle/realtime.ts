import type { QueryClient, QueryFilters, QueryKey } from "@tanstack/react-query";
import { ENTITY_ACTIONS, type LifecycleProgress } from "@/lib/realtime-contract";
import { holdingId, updateCached } from "@/lib/realtime-cache";
import { forActions, type AreaRealtime } from "@/lib/realtime-registry";
import { lifecycleKeys } from "./queries";
import { rolloutKeys } from "./rollout-queries";
import type { Rollout } from "./rollout-schema";
import type { LifecycleOperation, LifecycleTab } from "./schema";

// What a lifecycle message changes in the lifecycle pages' cache. Progress carries the new state: it is written into
// the cached operation and the rollout wave that holds it at once (the bars move without a request). A change of
// status moves an operation from one tab to another: the lists that hold it and the tab it goes to are refetched,
// nothing else. A rollout's change refetches the rollouts; whatever makes a device busy or free refetches the
// pickers' device lists.

const tabOf = (queryKey: QueryKey) => queryKey[3] as LifecycleTab | undefined;

/** The cached lists that show the operation. */
const listsHolding = (operationId: string) => holdingId(lifecycleKeys.lists(), operationId);

/** Every organization's list of one tab (where an operation arrives). */
const listsOfTab = (tab: LifecycleTab): QueryFilters => ({
  queryKey: lifecycleKeys.lists(),
  predicate: ({ queryKey }) => tabOf(queryKey) === tab,
});

/** The pickers' device lists (whether each device is busy). */
const DEVICE_LISTS: QueryFilters = { queryKey: lifecycleKeys.deviceLists() };
const ROLLOUTS: QueryFilters = { queryKey: rolloutKeys.all };

/** The tab an operation goes to on each change of its own. */
const DESTINATION: Partial<Record<string, LifecycleTab>> = {
  created: "scheduled",
  started: "running",
  cancelled: "finished",
  succeeded: "finished",
  failed: "finished",
};

/** Writes a progress message into the cached operation and into the rollout wave that holds it. */
function applyProgress(queryClient: QueryClient, news: LifecycleProgress): void {
  updateCached<LifecycleOperation>(queryClient, lifecycleKeys.lists(), (operation) =>
    operation.id === news.operationId && (operation.progress !== news.progress || operation.status !== news.status)
      ? { ...operation, progress: news.progress, status: news.status }
      : operation,
  );
  updateCached<Rollout>(queryClient, rolloutKeys.all, (rollout) =>
    rollout.waves.some((wave) => wave.operationIds.includes(news.operationId))
      ? {
          ...rollout,
          waves: rollout.waves.map((wave) =>
            wave.operationIds.includes(news.operationId)
              ? {
                  ...wave,
                  devices: wave.devices.map((device) =>
                    device.operationId === news.operationId ? { ...device, progress: news.progress, operationStatus: news.status } : device,
                  ),
                }
              : wave,
          ),
        }
      : rollout,
  );
}

export const lifecycleRealtime: AreaRealtime = {
  lifecycle: {
    queries: [{ queryKey: lifecycleKeys.lists() }, DEVICE_LISTS, ROLLOUTS],
    on: {
      ...forActions("lifecycle", ENTITY_ACTIONS, ({ action, data: { entityType, entityId } }) => {
        if (entityType === "rollout") return [ROLLOUTS, DEVICE_LISTS];
        if (entityType !== "lifecycleOperation") return [];
        const destination = DESTINATION[action];
        // Created, cancelled or over: its device became busy or free, which the pickers show.
        if (destination) return [listsHolding(entityId), listsOfTab(destination), DEVICE_LISTS];
        // Its time moved, or it is gone: the lists that show it.
        return [listsHolding(entityId)];
      }),
      progress: ({ data }, queryClient) => {
        applyProgress(queryClient, data);
        // A finished operation leaves Running for Finished, with its summary and finish time; its device is free again.
        return data.status === "active" ? [] : [listsHolding(data.operationId), listsOfTab("finished"), DEVICE_LISTS];
      },
    },
  },
};
