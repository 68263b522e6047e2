import type { OrganizationType } from "@/lib/constants";
import { isRouteAllowed, matchConsoleRoute } from "@/lib/routes";

export type NavGroupId = "customer" | "msp" | "operator" | "common";

export type NavItemId =
  | "dashboard" | "sites" | "customers" | "edgeNodes" | "cpeNodes" | "externalFabrics" | "topology"
  | "inventory" | "msps" | "users" | "alarms" | "events" | "lifecycle" | "paths" | "audit";

export interface NavItem {
  id: NavItemId;
  path: string;
}

// SPEC §2 navigation groups. An item shows when its route's guard allows the organization and scopes.
export const NAV_GROUPS: readonly { id: NavGroupId; types: readonly OrganizationType[]; items: readonly NavItem[] }[] = [
  {
    id: "customer",
    types: ["customer"],
    items: [
      { id: "dashboard", path: "customer/dashboard" },
      { id: "sites", path: "customer/site" },
    ],
  },
  {
    id: "msp",
    types: ["msp"],
    items: [
      { id: "dashboard", path: "msp/dashboard" },
      { id: "customers", path: "msp/customerOrganization" },
      { id: "edgeNodes", path: "msp/edgeNode" },
      { id: "cpeNodes", path: "msp/cpeNode" },
      { id: "externalFabrics", path: "msp/externalFabric" },
      { id: "topology", path: "msp/topology" },
      { id: "inventory", path: "msp/inventory" },
    ],
  },
  {
    id: "operator",
    types: ["maia"],
    items: [
      { id: "msps", path: "core/msp" },
      { id: "inventory", path: "core/inventory" },
      { id: "users", path: "user" },
    ],
  },
  {
    id: "common",
    types: ["customer", "msp", "maia"],
    items: [
      { id: "alarms", path: "alarms" },
      { id: "events", path: "events" },
      { id: "audit", path: "audit" },
      { id: "lifecycle", path: "msp/lifecycle" },
      { id: "paths", path: "paths" },
      { id: "users", path: "user" },
    ],
  },
];

export function navigationFor(type: OrganizationType, scopes: readonly string[]) {
  const shownElsewhere = new Set<string>();
  return NAV_GROUPS.filter((group) => group.types.includes(type))
    .map((group) => ({
      id: group.id,
      items: group.items.filter((item) => {
        const match = matchConsoleRoute(item.path);
        if (!match || !isRouteAllowed(match.route, type, scopes) || shownElsewhere.has(item.path)) return false;
        shownElsewhere.add(item.path);
        return true;
      }),
    }))
    .filter((group) => group.items.length > 0);
}
