import type { Path } from "@/lib/paths/schema";
import type { Site } from "@/lib/sites/schema";
import { AWS_SITE_TYPES } from "@/lib/sites/constants";

/** Whether a path reaches an AWS site: such paths come with the AWS configuration and are shown read-only. */
export function isAwsPath(path: Pick<Path, "sourceSiteId" | "destinationSiteId">, sites: readonly Pick<Site, "id" | "type">[]): boolean {
  return sites.some((site) => (site.id === path.sourceSiteId || site.id === path.destinationSiteId) && AWS_SITE_TYPES.includes(site.type));
}
