import { SitePaths } from "@/components/paths/site-paths";
import { siteConnectorsQueryOptions } from "@/lib/connectors/queries";
import { sitePathsQueryOptions } from "@/lib/paths/queries";
import { allSitesQueryOptions } from "@/lib/sites/queries";
import { consolePage } from "@/server/pages/console-page";

// customer/site/{siteId}/path — the site's paths ("Configure Paths from {sourceSite} to other Sites", Add Path), with
// its connectors and the sites their other ends are at.
export default consolePage("customer/site/:siteId/path", async ({ organization, params, prefetch }) => {
  await prefetch(sitePathsQueryOptions(params.siteId), siteConnectorsQueryOptions(params.siteId), allSitesQueryOptions(organization.id));
  return <SitePaths siteId={params.siteId} />;
});
