import { PathTopology } from "@/components/topology/path-topology";
import { pathTopologyQueryOptions } from "@/lib/paths/topology-queries";
import { consolePage } from "@/server/pages/console-page";

// paths/{pathId}/pathTopology — the MSP's drawing of a customer path's route, prefetched so a deep link renders
// complete. A missing or foreign path leaves the query empty: the page then asks the API and shows its answer.
export default consolePage("paths/:pathId/pathTopology", async ({ params, prefetch }) => {
  await prefetch(pathTopologyQueryOptions(params.pathId));
  return (
    <div className="mx-auto max-w-7xl">
      <PathTopology pathId={params.pathId} />
    </div>
  );
});
