import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { notFound } from "next/navigation";
import { MspCustomerRoute } from "@/components/dashboard/dashboard-routes";
import { chartsSince, prefetchCustomerOverview, isMspCustomer } from "@/server/pages/dashboard-prefetch";
import { makeQueryClient } from "@/lib/query-client";
import { guardConsolePage } from "@/server/pages/session";

type Params = Promise<{ organizationId: string; customerOrganizationId: string }>;

// msp/dashboard/{customerOrganizationId} — a customer's dashboard as its MSP sees it; not its customer: not found.
export default async function MspCustomerDashboardPage({ params }: { params: Params }) {
  const { organizationId, customerOrganizationId } = await params;
  const { organization, organizations, principal } = await guardConsolePage(decodeURIComponent(organizationId), `msp/dashboard/${customerOrganizationId}`);
  const customerId = decodeURIComponent(customerOrganizationId);
  const queryClient = makeQueryClient();
  if (!isMspCustomer(organizations, organization.id, customerId)) notFound();
  const since = chartsSince();
  await prefetchCustomerOverview(queryClient, principal, customerId, since);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <MspCustomerRoute mspId={organization.id} customerId={customerId} since={since} />
    </HydrationBoundary>
  );
}
