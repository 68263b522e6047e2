import { PathDetail } from "@/components/paths/path-detail";
import { pathQueryOptions } from "@/lib/paths/queries";
import { allSitesQueryOptions } from "@/lib/sites/queries";
import { dashboardQueries } from "@/lib/dashboard/card-queries";
import { consolePage } from "@/server/pages/console-page";
import { chartsSince } from "@/server/pages/dashboard-prefetch";

// paths/{pathId} — the MSP's view of one of its customers' paths, with the performance cards of the customer's path
// dashboard; the sites at its ends tell whether it is an AWS path (read-only). A missing path is the page's to show.
export default consolePage("paths/:pathId", async ({ params, fetch, prefetch }) => {
  const since = chartsSince();
  const path = await fetch(pathQueryOptions(params.pathId));
  if (path) await prefetch(allSitesQueryOptions(path.organizationId), ...dashboardQueries.path(params.pathId, since));
  return (
    <div className="mx-auto max-w-6xl">
      <PathDetail pathId={params.pathId} since={since} />
    </div>
  );
});
