import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, apiUrl } from "@/lib/api/client";
import { pagedQueryOptions } from "@/lib/api/paging";
import { sortKey, type ListSort, type SortColumn } from "@/lib/sorting";
import type {  LifecycleOperationCreateInput, LifecycleTab } from "./schema";

// SPEC §2 msp/lifecycle (tabs Scheduled, Running, Finished) and its schedule dialog: one definition per endpoint,
// read by the server prefetch and the components alike. No runtime import of the zod schemas: the realtime effects
// (lib/lifecycle/realtime.ts) import these keys on every lifecycle page.

export const LIFECYCLE_PAGE_SIZE = 50;
export const LIFECYCLE_DEVICE_PAGE_SIZE = 50;

export const lifecycleKeys = {
  all: ["lifecycle"] as const,
  lists: () => [...lifecycleKeys.all, "list"] as const,
  list: (organizationId: string, tab: LifecycleTab) => [...lifecycleKeys.lists(), organizationId, tab] as const,
  /** Every device list a lifecycle picker reads: refreshed whenever a device may have become busy or free. */
  deviceLists: () => [...lifecycleKeys.all, "devices"] as const,
  devices: (organizationId: string, search: string) => [...lifecycleKeys.deviceLists(), "search", organizationId, search.trim()] as const,
};

// GET /api/v1/lifecycle/operation?tab=&organizationId= — one tab's operations, a page at a time (Scheduled and Running
// soonest first, Finished latest first).
export const lifecycleOperationsQueryOptions = (organizationId: string, tab: LifecycleTab, sort?: ListSort<SortColumn<"lifecycle">>) =>
  pagedQueryOptions({
    queryKey: [...lifecycleKeys.list(organizationId, tab), ...sortKey(sort)],
    queryFn: ({ pageParam, signal }) =>
      api.get("/api/v1/lifecycle/operation", { params: { query: { tab, organizationId, ...sort, limit: LIFECYCLE_PAGE_SIZE, cursor: pageParam } }, signal }),
  });

// GET /api/v1/lifecycle/operation.csv — one tab's operations, as CSV.
export const lifecycleOperationsExportHref = (organizationId: string, tab: LifecycleTab, sort?: ListSort<SortColumn<"lifecycle">>) =>
  apiUrl("get", "/api/v1/lifecycle/operation.csv", { query: { tab, organizationId, ...sort } });

// GET /api/v1/inventory/device?status=assigned — the devices the schedule dialog offers: the MSP's devices that run
// a node's configuration, found by serial number, model or node name, each with what keeps it busy (`busy`).
export const lifecycleDevicesQueryOptions = (organizationId: string, search: string) =>
  pagedQueryOptions({
    queryKey: lifecycleKeys.devices(organizationId, search),
    queryFn: ({ pageParam, signal }) =>
      api.get("/api/v1/inventory/device", {
        params: { query: { status: "assigned", mspOrganizationId: organizationId, search: search.trim(), limit: LIFECYCLE_DEVICE_PAGE_SIZE, cursor: pageParam } },
        signal,
      }),
  });

function useRefreshLifecycle() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: lifecycleKeys.lists() }), queryClient.invalidateQueries({ queryKey: lifecycleKeys.deviceLists() })]);
}

// POST /api/v1/lifecycle/operation — one operation per device, now or later.
export function useScheduleOperations() {
  const refresh = useRefreshLifecycle();
  return useMutation({
    mutationFn: (body: LifecycleOperationCreateInput) => api.post("/api/v1/lifecycle/operation", { body }),
    onSuccess: () => void refresh(),
  });
}

// PATCH /api/v1/lifecycle/operation/{id} — a scheduled operation's new start time.
export function useRescheduleOperation() {
  const refresh = useRefreshLifecycle();
  return useMutation({
    mutationFn: ({ operationId, scheduledAt }: { operationId: string; scheduledAt: string }) =>
      api.patch("/api/v1/lifecycle/operation/{id}", { params: { path: { id: operationId } }, body: { scheduledAt } }),
    onSuccess: () => void refresh(),
  });
}

// POST /api/v1/lifecycle/operation/cancel — scheduled operations, all or none.
export function useCancelOperations() {
  const refresh = useRefreshLifecycle();
  return useMutation({
    mutationFn: (operationIds: string[]) => api.post("/api/v1/lifecycle/operation/cancel", { body: { operationIds } }),
    onSettled: () => void refresh(),
  });
}
