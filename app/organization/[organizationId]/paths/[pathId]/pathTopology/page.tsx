import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { PathTopology } from "@/components/topology/path-topology";
import { topologyKeys } from "@/lib/paths/topology-queries";
import { makeQueryClient } from "@/lib/query-client";
import { getDb } from "@/server/db/client";
import { guardConsolePage } from "@/server/pages/session";
import { pathTopology } from "@/server/paths/topology";

// paths/{pathId}/pathTopology — the MSP's drawing of a customer path's route, prefetched so a deep link renders
// complete. A failed prefetch (a missing or foreign path) leaves the query empty: the page then asks the API and
// shows its answer.
export default async function PathTopologyRoute({ params }: { params: Promise<{ organizationId: string; pathId: string }> }) {
  const { organizationId, pathId: rawPathId } = await params;
  const pathId = decodeURIComponent(rawPathId);
  const { principal } = await guardConsolePage(decodeURIComponent(organizationId), `paths/${rawPathId}/pathTopology`);
  const queryClient = makeQueryClient();
  try {
    queryClient.setQueryData(topologyKeys.path(pathId), await pathTopology({ db: await getDb(), principal }, pathId));
  } catch (error) {
    if ((error as { status?: number }).status !== 404) console.error("[topology] prefetch failed:", (error as Error).message);
  }
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <div className="mx-auto max-w-7xl">
        <PathTopology pathId={pathId} />
      </div>
    </HydrationBoundary>
  );
}
