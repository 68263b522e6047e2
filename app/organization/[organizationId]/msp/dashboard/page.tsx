import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { MspDashboard } from "@/components/dashboard/msp-dashboard";
import { prefetchMspDashboard } from "@/server/pages/dashboard-prefetch";
import { makeQueryClient } from "@/lib/query-client";
import { guardConsolePage } from "@/server/pages/session";

// msp/dashboard — the MSP's customers with their sites and open alarms, prefetched so a shared link renders complete.
export default async function MspDashboardPage({ params }: { params: Promise<{ organizationId: string }> }) {
  const { organization, principal } = await guardConsolePage(decodeURIComponent((await params).organizationId), "msp/dashboard");
  const queryClient = makeQueryClient();
  await prefetchMspDashboard(queryClient, principal, organization.id);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <MspDashboard mspId={organization.id} />
    </HydrationBoundary>
  );
}
