"use client";

import { siteHref } from "@/components/sites/site-links";
import { useConsole } from "@/components/shell/use-console";
import type { Path } from "@/lib/paths/schema";
import { isRouteAllowed, matchConsoleRoute, organizationPath } from "@/lib/routes";

/** Whether the current organization and user may open a console route (the SPEC §6 guard table). */
export function useRouteAllowed(): (path: string) => boolean {
  const { organization, user } = useConsole();
  return (path) => {
    const match = matchConsoleRoute(path);
    return match !== null && isRouteAllowed(match.route, organization.organizationType, user.scopes);
  };
}

export const pathTopologyRoute = (pathId: string) => `paths/${encodeURIComponent(pathId)}/pathTopology`;

/**
 * Where a path's detail lives: for a customer, under the site it is seen from (customer/site/{siteId}/path/{pathId});
 * for an MSP, paths/{pathId}.
 */
export function usePathLinks() {
  const { organization } = useConsole();
  const allowed = useRouteAllowed();
  return {
    detail: (path: Pick<Path, "id" | "sourceSiteId">, fromSiteId?: string) =>
      organization.organizationType === "customer"
        ? `${siteHref(organization.id, fromSiteId ?? path.sourceSiteId, "path")}/${encodeURIComponent(path.id)}`
        : organizationPath(organization.id, `paths/${encodeURIComponent(path.id)}`),
    /** paths/{pathId}/pathTopology, or null where the guard would refuse it. */
    topology: (pathId: string) => (allowed(pathTopologyRoute(pathId)) ? organizationPath(organization.id, pathTopologyRoute(pathId)) : null),
  };
}
