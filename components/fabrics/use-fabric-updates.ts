"use client";

import { useRealtimeRefetch } from "@/components/realtime/use-realtime";
import { fabricRefetches, fabricTelemetryRefetches } from "@/lib/fabrics/realtime";

/**
 * Keeps the fabric pages current over /ws: another person's change to a fabric, its links or core nodes (topology),
 * links going up or down (health, written in place), and new link figures (telemetry). A reconnect refetches.
 */
export function useFabricUpdates(): void {
  useRealtimeRefetch("topology", fabricRefetches);
  useRealtimeRefetch("telemetry", fabricTelemetryRefetches);
}
