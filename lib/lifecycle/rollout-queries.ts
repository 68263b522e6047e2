import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api/client";
import { fetchAllPages } from "@/lib/api/paging";
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
