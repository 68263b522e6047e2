import { MspConnectorRoute } from "@/components/dashboard/routes/connector-route";
import { consolePage } from "@/server/pages/console-page";
import { chartsSince, prefetchConnectorDashboard, requireMspCustomer } from "@/server/pages/dashboard-prefetch";

// msp/dashboard/{customerOrganizationId}/{siteId}/connector/{siteConnectorId} — a customer's connector, for its MSP.
export default consolePage("msp/dashboard/:customerOrganizationId/:siteId/connector/:siteConnectorId", async (page) => {
  const { organization, params } = page;
  const customer = requireMspCustomer(page, params.customerOrganizationId);
  const since = chartsSince();
  await prefetchConnectorDashboard(page, customer.id, params.siteId, params.siteConnectorId, since);
  return <MspConnectorRoute mspId={organization.id} customerId={customer.id} siteId={params.siteId} connectorId={params.siteConnectorId} since={since} />;
});
