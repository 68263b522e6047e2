"use client";

import { useRealtimeRefetch } from "@/components/realtime/use-realtime";
import { lifecycleRefetches } from "@/lib/lifecycle/realtime";

/**
 * Keeps the lifecycle tabs current over /ws: progress is written into the operation shown, and a change of status
 * refetches the lists that hold the operation and the tab it moves to. A reconnect refetches the lists.
 */
export function useLifecycleUpdates(): void {
  useRealtimeRefetch("lifecycle", lifecycleRefetches);
}
