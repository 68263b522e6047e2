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

/** The anchor of a customer's route drawing on its path's page. */
export const PATH_ROUTE_ANCHOR = "topology";

export const pathTopologyRoute = (pathId: string) => `paths/${encodeURIComponent(pathId)}/pathTopology`;

/**
 * Where a path's detail lives: for a customer, under the site it is seen from (customer/site/{siteId}/path/{pathId});
 * for an MSP, paths/{pathId}.
 */
export function usePathLinks() {
  const { organization } = useConsole();
  const allowed = useRouteAllowed();
  const detail = (path: Pick<Path, "id" | "sourceSiteId">, fromSiteId?: string) =>
    organization.organizationType === "customer"
      ? `${siteHref(organization.id, fromSiteId ?? path.sourceSiteId, "path")}/${encodeURIComponent(path.id)}`
      : organizationPath(organization.id, `paths/${encodeURIComponent(path.id)}`);
  return {
    detail,
    /**
     * Where the path's route is drawn: paths/{pathId}/pathTopology for an MSP; for a customer, whom the SPEC §6 guard
     * keeps out of that page, the route section of the path's own page. Null where neither may be opened.
     */
    topology: (path: Pick<Path, "id" | "sourceSiteId">, fromSiteId?: string) =>
      organization.organizationType === "customer"
        ? `${detail(path, fromSiteId)}#${PATH_ROUTE_ANCHOR}`
        : allowed(pathTopologyRoute(path.id))
          ? organizationPath(organization.id, pathTopologyRoute(path.id))
          : null,
  };
}
