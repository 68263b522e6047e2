import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { notFound } from "next/navigation";
import { MspConnectorRoute } from "@/components/dashboard/dashboard-routes";
import { chartsSince, prefetchConnectorDashboard, isMspCustomer } from "@/server/pages/dashboard-prefetch";
import { makeQueryClient } from "@/lib/query-client";
import { guardConsolePage } from "@/server/pages/session";

type Params = Promise<{ organizationId: string; customerOrganizationId: string; siteId: string; siteConnectorId: string }>;

// msp/dashboard/{customerOrganizationId}/{siteId}/connector/{siteConnectorId} — a customer's connector, for its MSP.
export default async function MspConnectorDashboardPage({ params }: { params: Params }) {
  const { organizationId, customerOrganizationId, siteId, siteConnectorId } = await params;
  const { organization, organizations, principal } = await guardConsolePage(
    decodeURIComponent(organizationId),
    `msp/dashboard/${customerOrganizationId}/${siteId}/connector/${siteConnectorId}`,
  );
  const customerId = decodeURIComponent(customerOrganizationId);
  const site = decodeURIComponent(siteId);
  const connector = decodeURIComponent(siteConnectorId);
  const queryClient = makeQueryClient();
  const since = chartsSince();
  if (!isMspCustomer(organizations, organization.id, customerId)) notFound();
  if (!(await prefetchConnectorDashboard(queryClient, principal, customerId, site, connector, since))) notFound();
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <MspConnectorRoute mspId={organization.id} customerId={customerId} siteId={site} connectorId={connector} since={since} />
    </HydrationBoundary>
  );
}
