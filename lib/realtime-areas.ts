import { alarmsRealtime } from "@/lib/alarms/realtime";
import { apiTokensRealtime } from "@/lib/tokens/realtime";
import { auditRealtime } from "@/lib/audit/realtime";
import { connectorsRealtime } from "@/lib/connectors/realtime";
import { eventsRealtime } from "@/lib/events/realtime";
import { fabricsRealtime } from "@/lib/fabrics/realtime";
import { inventoryRealtime } from "@/lib/inventory/realtime";
import { lifecycleRealtime } from "@/lib/lifecycle/realtime";
import { nodesRealtime } from "@/lib/nodes/realtime";
import { organizationsRealtime } from "@/lib/organizations/realtime";
import { pathsRealtime } from "@/lib/paths/realtime";
import { peopleRealtime } from "@/lib/people/realtime";
import { RealtimeRegistry, type AreaRealtime } from "@/lib/realtime-registry";
import { sitesRealtime } from "@/lib/sites/realtime";
import { telemetryRealtime } from "@/lib/telemetry/realtime";
import { mspTopologyRealtime } from "@/lib/topology/realtime";
import { webhooksRealtime } from "@/lib/webhooks/realtime";

// Every area's live updates, in the one registry the tab's connection dispatches through. The connection loads this
// module once the page is on screen (it reaches every area's query keys, schemas among them): no page pays for it in
// its first load. An area with live data adds its lib/<area>/realtime.ts here.

export const REALTIME_AREAS: readonly AreaRealtime[] = [
  alarmsRealtime,
  apiTokensRealtime,
  auditRealtime,
  connectorsRealtime,
  eventsRealtime,
  fabricsRealtime,
  inventoryRealtime,
  lifecycleRealtime,
  mspTopologyRealtime,
  nodesRealtime,
  organizationsRealtime,
  pathsRealtime,
  peopleRealtime,
  sitesRealtime,
  telemetryRealtime,
  webhooksRealtime,
];

export const realtimeRegistry = new RealtimeRegistry(REALTIME_AREAS);
