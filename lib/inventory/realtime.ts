import { ENTITY_ACTIONS } from "@/lib/realtime-contract";
import { holding, updateCached } from "@/lib/realtime-cache";
import { forActions, type AreaRealtime } from "@/lib/realtime-registry";
import { inventoryKeys } from "./queries";
import type { Device } from "./schema";

// What the inventory pages do with topology news (/ws). A device's reachability news carries its new state: it is
// written into the cached lists that hold the device, nothing is refetched. A device's change (claimed, assigned,
// released, added) refetches the lists, which it may enter or leave; a node's change refetches the lists that show
// a device on that node.

const lists = { queryKey: inventoryKeys.lists() };

export const inventoryRealtime: AreaRealtime = {
  topology: {
    queries: [lists],
    on: {
      ...forActions("topology", ENTITY_ACTIONS, ({ data: { entityType, entityId } }) => {
        if (entityType === "device") return [lists];
        if (entityType === "node") return [holding<Device>(inventoryKeys.lists(), (device) => device.nodeId === entityId)];
        return [];
      }),
      health: ({ data }, queryClient) => {
        if (data.truncated) return [lists];
        const reach = new Map((data.devices ?? []).map((device) => [device.id, device.reachable]));
        if (reach.size > 0) {
          updateCached<Device>(queryClient, inventoryKeys.lists(), (device) => {
            const reporting = reach.get(device.id);
            return reporting === undefined || reporting === device.reporting ? device : { ...device, reporting };
          });
        }
        return [];
      },
    },
  },
};
