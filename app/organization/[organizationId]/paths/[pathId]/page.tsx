import { PathDetail } from "@/components/paths/path-detail";
import { pathQueryOptions } from "@/lib/paths/queries";
import { allSitesQueryOptions } from "@/lib/sites/queries";
import { consolePage } from "@/server/pages/console-page";

// paths/{pathId} — the MSP's view of one of its customers' paths; the sites at its ends tell whether it is an AWS
// path (read-only). A missing path is the page's to show.
export default consolePage("paths/:pathId", async ({ params, fetch, prefetch }) => {
  const path = await fetch(pathQueryOptions(params.pathId));
  if (path) await prefetch(allSitesQueryOptions(path.organizationId));
  return (
    <div className="mx-auto max-w-6xl">
      <PathDetail pathId={params.pathId} />
    </div>
  );
});
