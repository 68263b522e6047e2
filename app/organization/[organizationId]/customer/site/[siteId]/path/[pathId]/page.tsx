import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { PathDetail } from "@/components/paths/path-detail";
import { makeQueryClient } from "@/lib/query-client";
import { guardConsolePage } from "@/server/pages/session";
import { prefetchAllSites, prefetchPath, prefetchPathTopology } from "@/server/pages/site-prefetch";

type Params = Promise<{ organizationId: string; siteId: string; pathId: string }>;

// customer/site/{siteId}/path/{pathId} — a path seen from one of its sites, with its route drawn.
export default async function SitePathRoute({ params }: { params: Params }) {
  const { organizationId, siteId, pathId } = await params;
  const { organization, principal } = await guardConsolePage(decodeURIComponent(organizationId), `customer/site/${siteId}/path/${pathId}`);
  const queryClient = makeQueryClient();
  await Promise.all([
    prefetchPath(queryClient, principal, decodeURIComponent(pathId)),
    prefetchAllSites(queryClient, principal, organization.id),
    prefetchPathTopology(queryClient, principal, decodeURIComponent(pathId)),
  ]);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <PathDetail pathId={decodeURIComponent(pathId)} fromSiteId={decodeURIComponent(siteId)} />
    </HydrationBoundary>
  );
}
