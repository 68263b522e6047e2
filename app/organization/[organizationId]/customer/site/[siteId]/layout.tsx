import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { SiteLayout } from "@/components/sites/site-header";
import { makeQueryClient } from "@/lib/query-client";
import { guardConsolePage } from "@/server/pages/session";
import { prefetchSite } from "@/server/pages/site-prefetch";

type Params = Promise<{ organizationId: string; siteId: string }>;

// customer/site/{siteId} — the site layout (name, type, place, status; Configuration and Paths tabs).
export default async function SiteRouteLayout({ params, children }: { params: Params; children: React.ReactNode }) {
  const { organizationId, siteId } = await params;
  const id = decodeURIComponent(siteId);
  const { organization, principal } = await guardConsolePage(decodeURIComponent(organizationId), `customer/site/${siteId}`);
  const queryClient = makeQueryClient();
  await prefetchSite(queryClient, principal, organization.id, id);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <SiteLayout siteId={id}>{children}</SiteLayout>
    </HydrationBoundary>
  );
}
