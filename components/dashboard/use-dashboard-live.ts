"use client";

import { useRealtimeInvalidation, useRealtimeRefetch } from "@/components/realtime/use-realtime";
import { alarmKeys } from "@/lib/alarms/queries";
import { dashboardHealth, telemetryRefetches } from "@/lib/realtime-effects";

/**
 * Keeps a dashboard live: new samples refetch the telemetry of the objects they are about, alarm news the alarms,
 * and a path's new SLA is written into its cached entries (its badge) with only the paths lists refetched.
 */
export function useDashboardLive() {
  useRealtimeRefetch("telemetry", telemetryRefetches);
  // Any alarm's news may move it in or out of the lists a dashboard shows.
  useRealtimeInvalidation("alarms", alarmKeys.all);
  useRealtimeRefetch("topology", dashboardHealth);
}
