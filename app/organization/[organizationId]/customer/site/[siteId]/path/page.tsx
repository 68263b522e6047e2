import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { SitePaths } from "@/components/paths/site-paths";
import { makeQueryClient } from "@/lib/query-client";
import { guardConsolePage } from "@/server/pages/session";
import { prefetchSitePaths } from "@/server/pages/site-prefetch";

// customer/site/{siteId}/path — the site's paths ("Configure Paths from {sourceSite} to other Sites", Add Path).
export default async function SitePathsRoute({ params }: { params: Promise<{ organizationId: string; siteId: string }> }) {
  const { organizationId, siteId } = await params;
  const { organization, principal } = await guardConsolePage(decodeURIComponent(organizationId), `customer/site/${siteId}/path`);
  const id = decodeURIComponent(siteId);
  const queryClient = makeQueryClient();
  await prefetchSitePaths(queryClient, principal, organization.id, id);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <SitePaths siteId={id} />
    </HydrationBoundary>
  );
}
