import { PathDetail } from "@/components/paths/path-detail";
import { pathQueryOptions } from "@/lib/paths/queries";
import { pathTopologyQueryOptions } from "@/lib/paths/topology-queries";
import { allSitesQueryOptions } from "@/lib/sites/queries";
import { consolePage } from "@/server/pages/console-page";

// customer/site/{siteId}/path/{pathId} — a path seen from one of its sites, with its route drawn.
export default consolePage("customer/site/:siteId/path/:pathId", async ({ organization, params, prefetch }) => {
  await prefetch(pathQueryOptions(params.pathId), allSitesQueryOptions(organization.id), pathTopologyQueryOptions(params.pathId));
  return <PathDetail pathId={params.pathId} fromSiteId={params.siteId} />;
});
