import { queryOptions, useMutation, useQueryClient, type QueryClient, type QueryFilters } from "@tanstack/react-query";
import { api } from "@/lib/api/client";
import { fetchAllPages } from "@/lib/api/paging";
import type { Page } from "@/lib/pagination";
import { RESYNC_ACTION, type RealtimeEvent } from "@/lib/realtime-client";
import type { LifecycleProgress } from "@/lib/realtime-contract";
import { lifecycleKeys } from "./queries";
import type { Rollout, RolloutCreate } from "./rollout-schema";

// The staged rollouts panel and dialog: one query definition per endpoint, shared by the page's prefetch and the
// components; mutations refresh the same keys.

/** The rollouts panel shows the latest ones. */
export const ROLLOUT_PANEL_SIZE = 20;

export const rolloutKeys = {
  all: ["rollouts"] as const,
  list: (organizationId: string) => [...rolloutKeys.all, "list", organizationId] as const,
};

/** The devices the rollout dialog offers, among the lifecycle pickers' lists (refreshed with them). */
export const rolloutDevicesKey = (organizationId: string) => [...lifecycleKeys.deviceLists(), "all", organizationId] as const;

// GET /api/v1/lifecycle/rollout?organizationId= — the MSP's latest rollouts.
export const rolloutsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: rolloutKeys.list(organizationId),
    queryFn: ({ signal }) => api.get("/api/v1/lifecycle/rollout", { params: { query: { organizationId, limit: ROLLOUT_PANEL_SIZE } }, signal }),
  });

// GET /api/v1/inventory/device?status=assigned — the devices a rollout may upgrade: the MSP's, on a node, each with
// what keeps it busy (`busy`).
export const rolloutDevicesQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: rolloutDevicesKey(organizationId),
    queryFn: ({ signal }) => fetchAllPages("/api/v1/inventory/device", { query: { status: "assigned", mspOrganizationId: organizationId } }, signal),
  });

function useRolloutMutation<V>(run: (variables: V) => Promise<Rollout>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: rolloutKeys.all }), queryClient.invalidateQueries({ queryKey: lifecycleKeys.deviceLists() })]),
  });
}

// POST /api/v1/lifecycle/rollout
export const useCreateRollout = () => useRolloutMutation((input: RolloutCreate) => api.post("/api/v1/lifecycle/rollout", { body: input }));

// POST /api/v1/lifecycle/rollout/{id}/resume and /cancel
export const useResumeRollout = () => useRolloutMutation((id: string) => api.post("/api/v1/lifecycle/rollout/{id}/resume", { params: { path: { id } } }));
export const useCancelRollout = () => useRolloutMutation((id: string) => api.post("/api/v1/lifecycle/rollout/{id}/cancel", { params: { path: { id } } }));

/** Writes an operation's progress into the cached rollouts whose waves hold it; true when one did. */
export function applyRolloutProgress(queryClient: QueryClient, news: LifecycleProgress): boolean {
  let written = false;
  queryClient.setQueriesData<Page<Rollout>>({ queryKey: rolloutKeys.all }, (data) => {
    if (!data?.items?.some((rollout) => rollout.waves.some((wave) => wave.operationIds.includes(news.operationId)))) return data;
    written = true;
    return {
      ...data,
      items: data.items.map((rollout) => ({
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
      })),
    };
  });
  return written;
}

/**
 * Rollout news on /ws (lifecycle service), or a reconnect: an operation's progress is written into the wave that holds
 * it (the bar moves without a request); a rollout's change refetches the rollouts and the pickers' device lists.
 */
export function rolloutRefetches(event: RealtimeEvent<"lifecycle">, queryClient: QueryClient): QueryFilters[] {
  const refetch = [{ queryKey: rolloutKeys.all }, { queryKey: lifecycleKeys.deviceLists() }];
  if (event.action === RESYNC_ACTION) return refetch;
  if (event.action === "progress") {
    applyRolloutProgress(queryClient, event.data);
    return [];
  }
  return event.data.entityType === "rollout" ? refetch : [];
}
