import { SitesPage } from "@/components/sites/sites-page";
import { sitesQueryOptions } from "@/lib/sites/queries";
import { searchFromUrl, sortFromUrl } from "@/lib/sorting";
import { consolePage } from "@/server/pages/console-page";

// customer/site — the customer's sites, searched and sorted as the URL asks, prefetched so a shared link renders complete.
export default consolePage("customer/site", async ({ organization, searchParams, prefetch }) => {
  await prefetch(sitesQueryOptions(organization.id, searchFromUrl(searchParams), sortFromUrl("sites", searchParams)));
  return <SitesPage />;
});
