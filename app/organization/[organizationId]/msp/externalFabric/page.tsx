import { ExternalFabricsPage } from "@/components/fabrics/external-fabrics-page";
import { externalFabricsQueryOptions } from "@/lib/fabrics/queries";
import { searchFromUrl } from "@/lib/sorting";
import { consolePage } from "@/server/pages/console-page";

// msp/externalFabric — the MSP's Equinix accounts, prefetched so a shared link renders complete.
export default consolePage("msp/externalFabric", async ({ organization, searchParams, prefetch }) => {
  await prefetch(externalFabricsQueryOptions(organization.id, searchFromUrl(searchParams)));
  return <ExternalFabricsPage />;
});
