import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { SitesPage } from "@/components/sites/sites-page";
import { makeQueryClient } from "@/lib/query-client";
import { guardConsolePage } from "@/server/pages/session";
import { prefetchSites } from "@/server/pages/site-prefetch";

// customer/site — the customer's sites with their connectors, prefetched so a shared link renders complete.
export default async function SitesRoute({ params }: { params: Promise<{ organizationId: string }> }) {
  const { organization, principal } = await guardConsolePage(decodeURIComponent((await params).organizationId), "customer/site");
  const queryClient = makeQueryClient();
  await prefetchSites(queryClient, principal, organization.id);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <SitesPage />
    </HydrationBoundary>
  );
}
