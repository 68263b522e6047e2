import { CustomerOrganizations } from "@/components/customers/customer-organizations";
import { customerOrganizationsQueryOptions } from "@/lib/organizations/queries";
import { consolePage } from "@/server/pages/console-page";

// msp/customerOrganization — the MSP's customers, prefetched so a shared link renders complete.
export default consolePage("msp/customerOrganization", async ({ organization, prefetch }) => {
  await prefetch(customerOrganizationsQueryOptions(organization.id));
  return <CustomerOrganizations />;
});
