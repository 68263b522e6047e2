import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { CustomerDashboardRoute } from "@/components/dashboard/dashboard-routes";
import { chartsSince, prefetchCustomerOverview } from "@/server/pages/dashboard-prefetch";
import { makeQueryClient } from "@/lib/query-client";
import { guardConsolePage } from "@/server/pages/session";

// customer/dashboard — the customer's network at a glance, prefetched so a shared link renders complete.
export default async function CustomerDashboardPage({ params }: { params: Promise<{ organizationId: string }> }) {
  const { organization, principal } = await guardConsolePage(decodeURIComponent((await params).organizationId), "customer/dashboard");
  const queryClient = makeQueryClient();
  const since = chartsSince();
  await prefetchCustomerOverview(queryClient, principal, organization.id, since);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <CustomerDashboardRoute organizationId={organization.id} organizationName={organization.name} since={since} />
    </HydrationBoundary>
  );
}
