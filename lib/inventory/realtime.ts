import type { InfiniteData, QueryClient, QueryFilters } from "@tanstack/react-query";
import type { Page } from "@/lib/pagination";
import { RESYNC_ACTION, type RealtimeEvent } from "@/lib/realtime-client";
import { inventoryKeys } from "./queries";
import type { Device } from "./schema";

// What the inventory pages do with topology news (/ws). A device's reachability news carries its new state: it is
// written into the cached lists that hold the device, nothing is refetched. A device's change (claimed, assigned,
// released, added) refetches the lists; a node's change refetches the lists that show a device on that node.

const holdsDevice = (data: unknown, match: (device: Device) => boolean) =>
  (data as InfiniteData<Page<Device>> | undefined)?.pages?.some((page) => page.items.some(match)) ?? false;

/** Writes devices' reachability into every cached inventory list. */
export function applyDeviceReach(queryClient: QueryClient, devices: readonly { id: string; reachable: boolean }[]): void {
  if (devices.length === 0) return;
  const reach = new Map(devices.map((device) => [device.id, device.reachable]));
  queryClient.setQueriesData<InfiniteData<Page<Device>>>({ queryKey: inventoryKeys.lists() }, (data) => {
    if (!data || !holdsDevice(data, (device) => reach.has(device.id) && reach.get(device.id) !== device.reporting)) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        items: page.items.map((device) => {
          const reporting = reach.get(device.id);
          return reporting === undefined || reporting === device.reporting ? device : { ...device, reporting };
        }),
      })),
    };
  });
}

export function inventoryRefetches(event: RealtimeEvent<"topology">, queryClient: QueryClient): QueryFilters[] {
  const lists: QueryFilters = { queryKey: inventoryKeys.lists() };
  if (event.action === RESYNC_ACTION) return [lists];
  if (event.action === "health") {
    if (event.data.truncated) return [lists];
    applyDeviceReach(queryClient, event.data.devices ?? []);
    return [];
  }
  const { entityType, entityId } = event.data;
  if (entityType === "device") return [lists];
  if (entityType === "node") {
    return [{ queryKey: inventoryKeys.lists(), predicate: ({ state }) => holdsDevice(state.data, (device) => device.nodeId === entityId) }];
  }
  return [];
}
