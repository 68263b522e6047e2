import { MspDashboard } from "@/components/dashboard/msp-dashboard";
import { dashboardQueries } from "@/lib/dashboard/card-queries";
import { consolePage } from "@/server/pages/console-page";

// msp/dashboard — the MSP's customers with their sites and open alarms, prefetched so a shared link renders complete.
export default consolePage("msp/dashboard", async ({ organization, prefetch }) => {
  await prefetch(...dashboardQueries.msp(organization.id));
  return <MspDashboard mspId={organization.id} />;
});
