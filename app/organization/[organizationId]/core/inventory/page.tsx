import { CoreInventoryPage } from "@/components/inventory/core-inventory-page";
import { devicesQueryOptions } from "@/lib/inventory/queries";
import { searchFromUrl, sortFromUrl } from "@/lib/sorting";
import { consolePage } from "@/server/pages/console-page";

// core/inventory — the operator's whole stock: add devices (one by one or from CSV), assign to an MSP, release.
export default consolePage("core/inventory", async ({ searchParams, prefetch }) => {
  await prefetch(devicesQueryOptions({ search: searchFromUrl(searchParams), status: undefined, mspOrganizationId: undefined }, sortFromUrl("devices", searchParams)));
  return <CoreInventoryPage />;
});
