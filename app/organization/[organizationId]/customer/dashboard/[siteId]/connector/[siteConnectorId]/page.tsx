import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { notFound } from "next/navigation";
import { CustomerConnectorRoute } from "@/components/dashboard/dashboard-routes";
import { chartsSince, prefetchConnectorDashboard } from "@/server/pages/dashboard-prefetch";
import { makeQueryClient } from "@/lib/query-client";
import { guardConsolePage } from "@/server/pages/session";

type Params = Promise<{ organizationId: string; siteId: string; siteConnectorId: string }>;

// customer/dashboard/{siteId}/connector/{siteConnectorId} — a connector's health and traffic.
export default async function CustomerConnectorDashboardPage({ params }: { params: Params }) {
  const { organizationId, siteId, siteConnectorId } = await params;
  const { organization, principal } = await guardConsolePage(decodeURIComponent(organizationId), `customer/dashboard/${siteId}/connector/${siteConnectorId}`);
  const site = decodeURIComponent(siteId);
  const connector = decodeURIComponent(siteConnectorId);
  const queryClient = makeQueryClient();
  const since = chartsSince();
  if (!(await prefetchConnectorDashboard(queryClient, principal, organization.id, site, connector, since))) notFound();
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <CustomerConnectorRoute organizationId={organization.id} organizationName={organization.name} siteId={site} connectorId={connector} since={since} />
    </HydrationBoundary>
  );
}
