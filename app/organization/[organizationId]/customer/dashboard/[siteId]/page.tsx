import { CustomerSiteRoute } from "@/components/dashboard/routes/site-route";
import { consolePage } from "@/server/pages/console-page";
import { chartsSince, prefetchSiteDashboard } from "@/server/pages/dashboard-prefetch";

// customer/dashboard/{siteId} — one site's dashboard; another customer's site is not found.
export default consolePage("customer/dashboard/:siteId", async (page) => {
  const { organization, params } = page;
  const since = chartsSince();
  await prefetchSiteDashboard(page, organization.id, params.siteId, since);
  return <CustomerSiteRoute organizationId={organization.id} organizationName={organization.name} siteId={params.siteId} since={since} />;
});
