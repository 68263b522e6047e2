"use client";

import { useRealtimeInvalidation } from "@/components/realtime/use-realtime";
import { alarmKeys } from "@/lib/alarms/queries";
import type { RealtimeEvent } from "@/lib/realtime-client";
import { pathKeys } from "@/lib/paths/queries";
import { telemetryKeys } from "@/lib/telemetry/queries";

/** Keeps a dashboard live: new samples refetch its telemetry, alarm news its alarms, health news the paths' SLA. */
export function useDashboardLive() {
  useRealtimeInvalidation("telemetry", telemetryKeys.all);
  useRealtimeInvalidation("alarms", alarmKeys.all);
  const slaNews = { accept: (event: RealtimeEvent) => event.action === "health" && "paths" in event.data };
  useRealtimeInvalidation("topology", pathKeys.all, slaNews);
  // The cards' path lists are telemetry queries: an SLA gone back to unknown (no samples, so no telemetry news) too.
  useRealtimeInvalidation("topology", telemetryKeys.all, slaNews);
}
