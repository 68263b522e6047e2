import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { PathDetail } from "@/components/paths/path-detail";
import { makeQueryClient } from "@/lib/query-client";
import { guardConsolePage } from "@/server/pages/session";
import { prefetchAllSites, prefetchPath } from "@/server/pages/site-prefetch";

// paths/{pathId} — the MSP's view of one of its customers' paths.
export default async function PathRoute({ params }: { params: Promise<{ organizationId: string; pathId: string }> }) {
  const { organizationId, pathId } = await params;
  const { principal } = await guardConsolePage(decodeURIComponent(organizationId), `paths/${pathId}`);
  const queryClient = makeQueryClient();
  const path = await prefetchPath(queryClient, principal, decodeURIComponent(pathId));
  // The sites at its ends tell whether it is an AWS path (read-only).
  if (path) await prefetchAllSites(queryClient, principal, path.organizationId);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <div className="mx-auto max-w-6xl">
        <PathDetail pathId={decodeURIComponent(pathId)} />
      </div>
    </HydrationBoundary>
  );
}
