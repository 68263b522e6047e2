import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { SiteConfiguration } from "@/components/sites/site-configuration";
import { makeQueryClient } from "@/lib/query-client";
import { guardConsolePage } from "@/server/pages/session";
import { prefetchSiteConfiguration } from "@/server/pages/site-prefetch";

// customer/site/{siteId}/configuration — the site and its connectors (?properties=true opens the properties panel,
// read on the client with the shared configurationSearchSchema).
export default async function SiteConfigurationRoute({ params }: { params: Promise<{ organizationId: string; siteId: string }> }) {
  const { organizationId, siteId } = await params;
  const { principal } = await guardConsolePage(decodeURIComponent(organizationId), `customer/site/${siteId}/configuration`);
  const id = decodeURIComponent(siteId);
  const queryClient = makeQueryClient();
  await prefetchSiteConfiguration(queryClient, principal, id);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <SiteConfiguration siteId={id} />
    </HydrationBoundary>
  );
}
