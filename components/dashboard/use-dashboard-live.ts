"use client";

import { useRealtimeInvalidation } from "@/components/realtime/use-realtime";
import { alarmKeys } from "@/lib/alarms/queries";
import { pathKeys } from "@/lib/paths/queries";
import { telemetryKeys } from "@/lib/telemetry/queries";

/** Keeps a dashboard live: new samples refetch its telemetry, alarm news its alarms, health news the paths' SLA. */
export function useDashboardLive() {
  useRealtimeInvalidation("telemetry", telemetryKeys.all);
  useRealtimeInvalidation("alarms", alarmKeys.all);
  useRealtimeInvalidation("topology", pathKeys.all, { accept: (event) => event.action === "health" && "paths" in event.data });
}
