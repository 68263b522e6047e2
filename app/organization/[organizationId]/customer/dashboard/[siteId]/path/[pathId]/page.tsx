import { CustomerPathRoute } from "@/components/dashboard/routes/path-route";
import { consolePage } from "@/server/pages/console-page";
import { chartsSince, prefetchPathDashboard } from "@/server/pages/dashboard-prefetch";

// customer/dashboard/{siteId}/path/{pathId} — a path's SLA, performance against the thresholds, and traffic.
export default consolePage("customer/dashboard/:siteId/path/:pathId", async (page) => {
  const { organization, params } = page;
  const since = chartsSince();
  await prefetchPathDashboard(page, organization.id, params.siteId, params.pathId, since);
  return (
    <CustomerPathRoute organizationId={organization.id} organizationName={organization.name} siteId={params.siteId} pathId={params.pathId} since={since} />
  );
});
