import { SitesPage } from "@/components/sites/sites-page";
import { sitesQueryOptions } from "@/lib/sites/queries";
import { consolePage } from "@/server/pages/console-page";

// customer/site — the customer's sites, prefetched so a shared link renders complete.
export default consolePage("customer/site", async ({ organization, prefetch }) => {
  await prefetch(sitesQueryOptions(organization.id));
  return <SitesPage />;
});
