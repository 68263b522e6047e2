import { MspSiteRoute } from "@/components/dashboard/routes/site-route";
import { consolePage } from "@/server/pages/console-page";
import { chartsSince, prefetchSiteDashboard, requireMspCustomer } from "@/server/pages/dashboard-prefetch";

// msp/dashboard/{customerOrganizationId}/{siteId} — one of the customer's sites, through the MSP's rights.
export default consolePage("msp/dashboard/:customerOrganizationId/:siteId", async (page) => {
  const { organization, params } = page;
  const customer = requireMspCustomer(page, params.customerOrganizationId);
  const since = chartsSince();
  await prefetchSiteDashboard(page, customer.id, params.siteId, since);
  return <MspSiteRoute mspId={organization.id} customerId={customer.id} siteId={params.siteId} since={since} />;
});
