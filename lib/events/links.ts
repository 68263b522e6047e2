import type { OrganizationType } from "@/lib/constants";
import { consoleRoute, isRouteAllowed, organizationPath } from "@/lib/routes";

// Where the events page links the object an event is about: its page in the console of the organization that owns
// it, when it is still there and the reader may open that page (SPEC §6); kinds without a page of their own link to
// their list (an alarm to the alarms, a lifecycle operation to the lifecycle).

interface PlacedEvent {
  organizationId: string;
  entityType: string;
  entityId: string;
  entityPlace: { siteId: string | null; nodeKind: "edge" | "cpe" | "core" | null; fabricId: string | null } | null;
  node: { id: string; kind: "edge" | "cpe" | "core"; fabricId: string | null } | null;
}

type Target = [pattern: string, params?: Record<string, string>];

function nodePage(node: { id: string; kind: "edge" | "cpe" | "core"; fabricId: string | null }): Target {
  if (node.kind === "core") return node.fabricId ? ["msp/coreFabric/:fabricId/coreNode/:nodeId", { fabricId: node.fabricId, nodeId: node.id }] : ["msp/coreFabric"];
  return [node.kind === "edge" ? "msp/edgeNode/:nodeId" : "msp/cpeNode/:nodeId", { nodeId: node.id }];
}

function target(event: PlacedEvent, organizationType: OrganizationType): Target | null {
  const place = event.entityPlace;
  const id = event.entityId;
  switch (event.entityType) {
    case "path":
      return place?.siteId ? ["customer/dashboard/:siteId/path/:pathId", { siteId: place.siteId, pathId: id }] : null;
    case "site":
      return place ? ["customer/dashboard/:siteId", { siteId: id }] : null;
    case "connector":
      return place?.siteId ? ["customer/dashboard/:siteId/connector/:siteConnectorId", { siteId: place.siteId, siteConnectorId: id }] : null;
    case "node":
      return place?.nodeKind ? nodePage({ id, kind: place.nodeKind, fabricId: place.fabricId }) : null;
    case "interface":
    case "subinterface":
    case "ipsecEndpoint":
    case "switchPort": {
      if (!event.node) return null;
      const [pattern, params] = nodePage(event.node);
      return params ? [`${pattern}/configuration`, params] : [pattern];
    }
    case "link":
      return place ? ["msp/topology"] : null;
    case "coreFabric":
      return place ? ["msp/coreFabric/:fabricId", { fabricId: id }] : null;
    case "externalFabric":
      return place ? ["msp/externalFabric/:fabricId", { fabricId: id }] : null;
    case "device":
      return place ? [organizationType === "maia" ? "core/inventory" : "msp/inventory"] : null;
    case "lifecycleOperation":
    case "rollout":
      return ["msp/lifecycle"];
    case "alarm":
      return ["alarms"];
    case "user":
      return ["user/users"];
    case "invitation":
      return ["user/invitations"];
    case "webhookEndpoint":
      return ["webhooks"];
    default:
      return null;
  }
}

/** The console page of an event's object, or null (gone, out of sight, no page, or a page the reader may not open). */
export function eventEntityHref(event: PlacedEvent, owner: { organizationType: OrganizationType } | undefined, scopes: Iterable<string>): string | null {
  if (!owner) return null;
  const found = target(event, owner.organizationType);
  if (!found) return null;
  const [pattern, params = {}] = found;
  if (!isRouteAllowed(consoleRoute(pattern), owner.organizationType, scopes)) return null;
  return organizationPath(
    event.organizationId,
    pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? "")),
  );
}
