"use client";

import { useRealtimeInvalidation } from "@/components/realtime/use-realtime";
import { connectorKeys } from "@/lib/connectors/queries";
import { pathKeys } from "@/lib/paths/queries";
import { RESYNC_ACTION as RESYNC, type RealtimeEvent } from "@/lib/realtime-client";
import { siteKeys } from "@/lib/sites/queries";

const entity = (event: RealtimeEvent) => event.data.entityType;

/**
 * Keeps the sites, connectors and paths on screen current over /ws (the topology service): another person's change
 * to them, and the SLA health the telemetry derives. A reconnect refetches, since messages may have been missed.
 */
export function useNetworkUpdates(enabled = true): void {
  useRealtimeInvalidation("topology", siteKeys.all, {
    enabled,
    accept: (event) => event.action === RESYNC || entity(event) === "site" || entity(event) === "connector",
  });
  useRealtimeInvalidation("topology", connectorKeys.all, {
    enabled,
    accept: (event) => event.action === RESYNC || entity(event) === "connector" || entity(event) === "site",
  });
  useRealtimeInvalidation("topology", pathKeys.all, {
    enabled,
    accept: (event) =>
      event.action === RESYNC ||
      ["path", "connector", "site"].includes(String(entity(event))) ||
      (event.action === "health" && Array.isArray(event.data.paths) && event.data.paths.length > 0),
  });
}
