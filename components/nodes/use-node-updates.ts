"use client";

import { useRealtimeRefetch } from "@/components/realtime/use-realtime";
import { nodeListRefetches, nodeRefetches } from "@/lib/nodes/realtime";
import { telemetryRefetches } from "@/lib/realtime-effects";
import { useMemo } from "react";

/** The node lists stay current over /ws: nodes created, changed or deleted, and their health. */
export function useNodeListUpdates(): void {
  useRealtimeRefetch("topology", nodeListRefetches);
}

/** One node's pages stay current over /ws: its configuration, links, status, front panel and traffic. */
export function useNodeUpdates(nodeId: string): void {
  const refetches = useMemo(() => nodeRefetches(nodeId), [nodeId]);
  useRealtimeRefetch("topology", refetches);
  useRealtimeRefetch("telemetry", telemetryRefetches);
}
