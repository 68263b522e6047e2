import { MspDashboard } from "@/components/dashboard/msp-dashboard";
import { dashboardQueries } from "@/lib/dashboard/card-queries";
import { coreFabricsQueryOptions } from "@/lib/fabrics/queries";
import { consolePage } from "@/server/pages/console-page";

// msp/dashboard — the MSP's customers with their sites and open alarms, and its core fabrics for those who may read the
// network, prefetched so a shared link renders complete.
export default consolePage("msp/dashboard", async ({ organization, user, prefetch }) => {
  const network = user.scopes.includes("common:config:read") ? [coreFabricsQueryOptions(organization.id)] : [];
  await prefetch(...dashboardQueries.msp(organization.id), ...network);
  return <MspDashboard mspId={organization.id} />;
});
