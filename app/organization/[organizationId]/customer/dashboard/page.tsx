import { CustomerDashboardRoute } from "@/components/dashboard/routes/overview-route";
import { consolePage } from "@/server/pages/console-page";
import { chartsSince, prefetchCustomerOverview } from "@/server/pages/dashboard-prefetch";

// customer/dashboard — the customer's network at a glance, prefetched so a shared link renders complete.
export default consolePage("customer/dashboard", async (page) => {
  const since = chartsSince();
  await prefetchCustomerOverview(page, page.organization.id, since);
  return <CustomerDashboardRoute organizationId={page.organization.id} organizationName={page.organization.name} since={since} />;
});
