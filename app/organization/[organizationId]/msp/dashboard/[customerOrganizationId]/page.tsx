import { MspCustomerRoute } from "@/components/dashboard/routes/overview-route";
import { consolePage } from "@/server/pages/console-page";
import { chartsSince, prefetchCustomerOverview, requireMspCustomer } from "@/server/pages/dashboard-prefetch";

// msp/dashboard/{customerOrganizationId} — a customer's dashboard as its MSP sees it; not its customer: not found.
export default consolePage("msp/dashboard/:customerOrganizationId", async (page) => {
  const customer = requireMspCustomer(page, page.params.customerOrganizationId);
  const since = chartsSince();
  await prefetchCustomerOverview(page, customer.id, since);
  return <MspCustomerRoute mspId={page.organization.id} customerId={customer.id} since={since} />;
});
