import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { PathTopology } from "@/components/topology/path-topology";
import { makeQueryClient } from "@/lib/query-client";
import { guardConsolePage } from "@/server/pages/session";
import { prefetchPathTopology } from "@/server/pages/site-prefetch";

// paths/{pathId}/pathTopology — the MSP's drawing of a customer path's route, prefetched so a deep link renders
// complete. A failed prefetch (a missing or foreign path) leaves the query empty: the page then asks the API and
// shows its answer.
export default async function PathTopologyRoute({ params }: { params: Promise<{ organizationId: string; pathId: string }> }) {
  const { organizationId, pathId: rawPathId } = await params;
  const pathId = decodeURIComponent(rawPathId);
  const { principal } = await guardConsolePage(decodeURIComponent(organizationId), `paths/${rawPathId}/pathTopology`);
  const queryClient = makeQueryClient();
  await prefetchPathTopology(queryClient, principal, pathId);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <div className="mx-auto max-w-7xl">
        <PathTopology pathId={pathId} />
      </div>
    </HydrationBoundary>
  );
}
