import "server-only";
import { logger } from "@/server/core/log";
import { actionOfChange, eventType, type EntityNews, type RealtimeNews } from "@/lib/realtime-contract";
import type { ChangeRecord } from "@/server/core/changes";
import type { Db } from "@/server/db/client";
import { publishRealtime } from "./bus";

const log = logger("bus");

// Which realtime services hear of a committed change. Every change is an event; some entities also have a service
// of their own, and changes to the network's shape are topology news. Messages carry ids and types only: a client
// refetches what it shows, through the API and its tenant checks.

const SERVICE_OF_ENTITY: Record<string, "alarms" | "lifecycle"> = {
  alarm: "alarms",
  lifecycleOperation: "lifecycle",
  rollout: "lifecycle",
};

const TOPOLOGY_ENTITIES = new Set([
  "site",
  "connector",
  "path",
  "node",
  "interface",
  "subinterface",
  "ipsecEndpoint",
  "switchPort",
  "link",
  "coreFabric",
  "externalFabric",
  "device",
]);

/** The realtime messages of one committed change. */
export function messagesForChange(change: ChangeRecord): RealtimeNews[] {
  const action = actionOfChange(change.type);
  const ids: EntityNews = {
    entityType: change.entityType,
    entityId: change.entityId,
    ...(change.nodeId ? { nodeId: change.nodeId } : {}),
    ...(change.siteId ? { siteId: change.siteId } : {}),
  };
  const messages: RealtimeNews[] = [{ service: "events", action: "created", data: { type: eventType(change), ...ids } }];
  const own = SERVICE_OF_ENTITY[change.entityType];
  if (own === "alarms") messages.push({ service: "alarms", action, data: ids });
  if (own === "lifecycle") messages.push({ service: "lifecycle", action, data: ids });
  if (TOPOLOGY_ENTITIES.has(change.entityType)) messages.push({ service: "topology", action, data: ids });
  return messages;
}

/** Announces committed changes, in order, without making the caller wait or fail. */
export function announceChanges(db: Db, changes: ChangeRecord[]): void {
  if (changes.length === 0) return;
  void (async () => {
    for (const change of changes) {
      for (const message of messagesForChange(change)) await publishRealtime(db, change.organizationId, message);
    }
  })().catch((error: Error) => log.error({ err: error }, "changes not announced"));
}
