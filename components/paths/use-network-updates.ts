"use client";

import { useRealtimeRefetch } from "@/components/realtime/use-realtime";
import { networkRefetches } from "@/lib/realtime-effects";

/**
 * Keeps the sites, connectors and paths on screen current over /ws (the topology service): another person's change
 * to them, and the SLA health the telemetry derives. A reconnect refetches, since messages may have been missed.
 */
export function useNetworkUpdates(enabled = true): void {
  useRealtimeRefetch("topology", networkRefetches, enabled);
}
