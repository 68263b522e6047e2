import { CustomerConnectorRoute } from "@/components/dashboard/routes/connector-route";
import { consolePage } from "@/server/pages/console-page";
import { chartsSince, prefetchConnectorDashboard } from "@/server/pages/dashboard-prefetch";

// customer/dashboard/{siteId}/connector/{siteConnectorId} — a connector's health and traffic.
export default consolePage("customer/dashboard/:siteId/connector/:siteConnectorId", async (page) => {
  const { organization, params } = page;
  const since = chartsSince();
  await prefetchConnectorDashboard(page, organization.id, params.siteId, params.siteConnectorId, since);
  return (
    <CustomerConnectorRoute
      organizationId={organization.id}
      organizationName={organization.name}
      siteId={params.siteId}
      connectorId={params.siteConnectorId}
      since={since}
    />
  );
});
