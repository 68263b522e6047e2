import { organizationPath } from "@/lib/routes";

export type SiteTab = "configuration" | "path";

/** customer/site/{siteId}/{tab} of an organization. */
export function siteHref(organizationId: string, siteId: string, tab: SiteTab = "configuration"): string {
  return organizationPath(organizationId, `customer/site/${encodeURIComponent(siteId)}/${tab}`);
}

export function sitesHref(organizationId: string): string {
  return organizationPath(organizationId, "customer/site");
}
