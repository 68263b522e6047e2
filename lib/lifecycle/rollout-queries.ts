import { queryOptions, useMutation, useQueryClient, type QueryFilters } from "@tanstack/react-query";
import { api } from "@/lib/api/client";
import type { Device } from "@/lib/inventory/schema";
import type { Page } from "@/lib/pagination";
import { RESYNC_ACTION, type RealtimeEvent } from "@/lib/realtime-client";
import { fetchAllPages } from "@/lib/sites/queries";
import type { Rollout, RolloutCreate } from "./rollout-schema";

// The staged rollouts panel and dialog: one query definition per endpoint, shared by the page's prefetch and the
// components; mutations refresh the same keys.

/** The rollouts panel shows the latest ones. */
export const ROLLOUT_PANEL_SIZE = 20;

export const rolloutKeys = {
  all: ["rollouts"] as const,
  list: (organizationId: string) => [...rolloutKeys.all, "list", organizationId] as const,
  devices: (organizationId: string) => [...rolloutKeys.all, "devices", organizationId] as const,
};

// GET /api/v1/lifecycle/rollout?organizationId= — the MSP's latest rollouts.
export const rolloutsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: rolloutKeys.list(organizationId),
    queryFn: ({ signal }) => api.get<Page<Rollout>>("/lifecycle/rollout", { query: { organizationId, limit: ROLLOUT_PANEL_SIZE }, signal }),
  });

// GET /api/v1/inventory/device?status=assigned — the devices a rollout may upgrade: the MSP's, on a node.
export const rolloutDevicesQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: rolloutKeys.devices(organizationId),
    queryFn: ({ signal }) => fetchAllPages<Device>("/inventory/device", { status: "assigned", mspOrganizationId: organizationId }, signal),
  });

function useRolloutMutation<V>(run: (variables: V) => Promise<Rollout>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rolloutKeys.all }),
  });
}

// POST /api/v1/lifecycle/rollout
export const useCreateRollout = () => useRolloutMutation((input: RolloutCreate) => api.post<Rollout>("/lifecycle/rollout", input));

// POST /api/v1/lifecycle/rollout/{id}/resume and /cancel
export const useResumeRollout = () => useRolloutMutation((id: string) => api.post<Rollout>(`/lifecycle/rollout/${encodeURIComponent(id)}/resume`));
export const useCancelRollout = () => useRolloutMutation((id: string) => api.post<Rollout>(`/lifecycle/rollout/${encodeURIComponent(id)}/cancel`));

/** Rollout news on /ws (lifecycle service, entity "rollout"), or a reconnect: the rollout lists are refetched. */
export function rolloutRefetches(event: RealtimeEvent<"lifecycle">): QueryFilters[] {
  if (event.action === RESYNC_ACTION) return [{ queryKey: rolloutKeys.all }];
  if (event.action === "progress" || event.data.entityType !== "rollout") return [];
  return [{ queryKey: rolloutKeys.all }];
}
