"use client";

import { useRealtimeRefetch } from "@/components/realtime/use-realtime";
import { inventoryRefetches } from "@/lib/inventory/realtime";

/** Keeps the inventory lists current over /ws: devices claimed, assigned or added by others, and reporting or silent. */
export function useInventoryUpdates(): void {
  useRealtimeRefetch("topology", inventoryRefetches);
}
