import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { notFound } from "next/navigation";
import { CustomerSiteRoute } from "@/components/dashboard/dashboard-routes";
import { chartsSince, prefetchSiteDashboard } from "@/server/pages/dashboard-prefetch";
import { makeQueryClient } from "@/lib/query-client";
import { guardConsolePage } from "@/server/pages/session";

type Params = Promise<{ organizationId: string; siteId: string }>;

// customer/dashboard/{siteId} — one site's dashboard; another customer's site is not found.
export default async function CustomerSiteDashboardPage({ params }: { params: Params }) {
  const { organizationId, siteId } = await params;
  const { organization, principal } = await guardConsolePage(decodeURIComponent(organizationId), `customer/dashboard/${siteId}`);
  const id = decodeURIComponent(siteId);
  const queryClient = makeQueryClient();
  const since = chartsSince();
  if (!(await prefetchSiteDashboard(queryClient, principal, organization.id, id, since))) notFound();
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <CustomerSiteRoute organizationId={organization.id} organizationName={organization.name} siteId={id} since={since} />
    </HydrationBoundary>
  );
}
