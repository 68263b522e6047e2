import { CustomerOrganizations } from "@/components/customers/customer-organizations";
import { customerSummariesQueryOptions } from "@/lib/dashboard/queries";
import { consolePage } from "@/server/pages/console-page";

// msp/customerOrganization — the MSP's customers with their active and inactive sites, prefetched so a shared link
// renders complete.
export default consolePage("msp/customerOrganization", async ({ organization, prefetch }) => {
  await prefetch(customerSummariesQueryOptions(organization.id));
  return <CustomerOrganizations />;
});
