import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { NodeKind } from "@/lib/nodes/schema";
import { api, apiUrl } from "@/lib/api/client";
import { pagedQueryOptions } from "@/lib/api/paging";
import { sortKey, type ListSort, type SortColumn } from "@/lib/sorting";
import { nodeKeys } from "@/lib/nodes/queries";
import type {
  Device,
  DeviceAssign,
  DeviceClaimInput,
  DeviceCreateInput,
  DeviceListQuery,
  DeviceMspAssign,
  DeviceStatus,
} from "./schema";

// The inventory pages' queries (msp/inventory and core/inventory): one list endpoint scoped by the caller, a page at
// a time; every mutation refreshes the lists (and the node pages, which show a node's device).

export const DEVICE_PAGE_SIZE = 50;

/** The list's view: the status and MSP filters and the search box, as the API takes them. */
export interface DeviceListFilter {
  status?: DeviceStatus;
  mspOrganizationId?: string;
  search?: string;
}

function normalize(filter: DeviceListFilter): DeviceListQuery {
  const search = filter.search?.trim().slice(0, 100);
  return {
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.mspOrganizationId ? { mspOrganizationId: filter.mspOrganizationId } : {}),
    ...(search ? { search } : {}),
  };
}

export const inventoryKeys = {
  all: ["inventory"] as const,
  lists: () => [...inventoryKeys.all, "list"] as const,
  list: (filter: DeviceListFilter, sort?: ListSort) => [...inventoryKeys.lists(), normalize(filter), ...sortKey(sort)] as const,
};

// GET /api/v1/inventory/device?status=&mspOrganizationId=&search= — by serial number, keyset pages.
export const devicesQueryOptions = (filter: DeviceListFilter, sort?: ListSort<SortColumn<"devices">>) =>
  pagedQueryOptions({
    queryKey: inventoryKeys.list(filter, sort),
    queryFn: ({ pageParam, signal }) =>
      api.get("/api/v1/inventory/device", { params: { query: { ...normalize(filter), ...sort, limit: DEVICE_PAGE_SIZE, cursor: pageParam } }, signal }),
  });

// GET /api/v1/inventory/device.csv — the devices the filter keeps, as CSV.
export const devicesExportHref = (filter: DeviceListFilter, sort?: ListSort<SortColumn<"devices">>) =>
  apiUrl("get", "/api/v1/inventory/device.csv", { query: { ...normalize(filter), ...sort } });

/** A mutation of the inventory: afterwards the lists refetch, and the node pages when a node's device changed. */
function useInventoryMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>, nodes = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      if (nodes) void queryClient.invalidateQueries({ queryKey: nodeKeys.all });
      return queryClient.invalidateQueries({ queryKey: inventoryKeys.all });
    },
  });
}

// POST /api/v1/inventory/device — the operator adds one device to its stock.
export const useCreateDevice = () => useInventoryMutation((body: DeviceCreateInput) => api.post("/api/v1/inventory/device", { body }));

// POST /api/v1/inventory/device/claim — an MSP claims a device with its claim code.
export const useClaimDevice = () => useInventoryMutation((body: DeviceClaimInput) => api.post("/api/v1/inventory/device/claim", { body }));

// POST /api/v1/inventory/device/{id}/assign — the device takes a node's configuration.
export const useAssignDevice = (deviceId: string) =>
  useInventoryMutation((body: DeviceAssign) => api.post("/api/v1/inventory/device/{id}/assign", { params: { path: { id: deviceId } }, body }), true);

// POST /api/v1/inventory/device/{id}/unassign — the device leaves its node.
export const useUnassignDevice = (deviceId: string) => useInventoryMutation(() => api.post("/api/v1/inventory/device/{id}/unassign", { params: { path: { id: deviceId } } }), true);

// GET /api/v1/inventory/device/{id}/unassignment — what its node serves, read afresh each time the question is asked.
export const deviceUnassignmentQueryOptions = (deviceId: string) =>
  queryOptions({
    queryKey: [...inventoryKeys.all, "unassignment", deviceId] as const,
    queryFn: ({ signal }) => api.get("/api/v1/inventory/device/{id}/unassignment", { params: { path: { id: deviceId } }, signal }),
    staleTime: 0,
  });

// POST /api/v1/inventory/device/{id}/msp — the operator hands a stock device to an MSP.
export const useAssignDeviceToMsp = (deviceId: string) =>
  useInventoryMutation((body: DeviceMspAssign) => api.post("/api/v1/inventory/device/{id}/msp", { params: { path: { id: deviceId } }, body }));

// POST /api/v1/inventory/device/{id}/release — the operator takes a device back into its stock.
export const useReleaseDevice = () => useInventoryMutation((device: Device) => api.post("/api/v1/inventory/device/{id}/release", { params: { path: { id: device.id } } }), true);

// POST /api/v1/inventory/device/{id}/token — a new telemetry token, in the answer only: shown once, kept nowhere
// (nothing cached changes).
export const useIssueDeviceToken = (deviceId: string) => useMutation({ mutationFn: () => api.post("/api/v1/inventory/device/{id}/token", { params: { path: { id: deviceId } } }) });

// GET /api/v1/config/msp/{mspId}/node?search=&kind= — the nodes a device may be assigned to, by name: those of the kind
// its model is built to be (lib/inventory/models.ts), or of every kind for a model the catalogue does not know.
export const assignableNodesQueryOptions = (mspId: string, search: string, kind?: NodeKind | null) =>
  queryOptions({
    queryKey: [...inventoryKeys.all, "nodes", mspId, search.trim(), kind ?? "any"] as const,
    queryFn: ({ signal }) =>
      api.get("/api/v1/config/msp/{mspId}/node", {
        params: { path: { mspId }, query: { search: search.trim() || undefined, kind: kind ?? undefined, limit: DEVICE_PAGE_SIZE } },
        signal,
      }),
  });
