import { CoreFabricsPage } from "@/components/fabrics/core-fabrics-page";
import { coreFabricsQueryOptions } from "@/lib/fabrics/queries";
import { searchFromUrl } from "@/lib/sorting";
import { consolePage } from "@/server/pages/console-page";

// msp/coreFabric — the MSP's core fabrics with their counts and health, prefetched so a shared link renders complete.
export default consolePage("msp/coreFabric", async ({ organization, searchParams, prefetch }) => {
  await prefetch(coreFabricsQueryOptions(organization.id, searchFromUrl(searchParams)));
  return <CoreFabricsPage />;
});
