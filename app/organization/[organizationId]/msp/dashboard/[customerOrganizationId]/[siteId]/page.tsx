import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { notFound } from "next/navigation";
import { MspSiteRoute } from "@/components/dashboard/dashboard-routes";
import { chartsSince, isMspCustomer, prefetchSiteDashboard } from "@/server/pages/dashboard-prefetch";
import { makeQueryClient } from "@/lib/query-client";
import { guardConsolePage } from "@/server/pages/session";

type Params = Promise<{ organizationId: string; customerOrganizationId: string; siteId: string }>;

// msp/dashboard/{customerOrganizationId}/{siteId} — one of the customer's sites, through the MSP's rights.
export default async function MspSiteDashboardPage({ params }: { params: Params }) {
  const { organizationId, customerOrganizationId, siteId } = await params;
  const { organization, organizations, principal } = await guardConsolePage(decodeURIComponent(organizationId), `msp/dashboard/${customerOrganizationId}/${siteId}`);
  const customerId = decodeURIComponent(customerOrganizationId);
  const site = decodeURIComponent(siteId);
  const queryClient = makeQueryClient();
  const since = chartsSince();
  if (!isMspCustomer(organizations, organization.id, customerId)) notFound();
  if (!(await prefetchSiteDashboard(queryClient, principal, customerId, site, since))) notFound();
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <MspSiteRoute mspId={organization.id} customerId={customerId} siteId={site} since={since} />
    </HydrationBoundary>
  );
}
