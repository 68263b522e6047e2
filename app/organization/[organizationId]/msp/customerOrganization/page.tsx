import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { CustomerOrganizations } from "@/components/customers/customer-organizations";
import { organizationKeys } from "@/lib/organizations/queries";
import { makeQueryClient } from "@/lib/query-client";
import { getDb } from "@/server/db/client";
import { listCustomerOrganizations } from "@/server/organizations/service";
import { guardConsolePage } from "@/server/pages/session";

// msp/customerOrganization — the MSP's customers, prefetched so a shared link renders complete.
export default async function CustomerOrganizationPage({ params }: { params: Promise<{ organizationId: string }> }) {
  const { organization, principal } = await guardConsolePage((await params).organizationId, "msp/customerOrganization");
  const queryClient = makeQueryClient();
  queryClient.setQueryData(
    organizationKeys.customers(organization.id),
    (await listCustomerOrganizations(await getDb(), principal, organization.id)) ?? [],
  );
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <CustomerOrganizations />
    </HydrationBoundary>
  );
}
