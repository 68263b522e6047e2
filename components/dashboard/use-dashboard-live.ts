"use client";

import { useRealtimeRefetch } from "@/components/realtime/use-realtime";
import { alarmRefetches, dashboardHealth, telemetryRefetches } from "@/lib/realtime-effects";

/**
 * Keeps a dashboard live: new samples refetch the telemetry of the objects they are about, alarm news the alarms,
 * and a path's new SLA is written into its cached entries (its badge) with only the paths lists refetched.
 */
export function useDashboardLive() {
  useRealtimeRefetch("telemetry", telemetryRefetches);
  useRealtimeRefetch("alarms", alarmRefetches);
  useRealtimeRefetch("topology", dashboardHealth);
}
