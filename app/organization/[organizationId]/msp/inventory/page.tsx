import { MspInventoryPage } from "@/components/inventory/msp-inventory-page";
import { devicesQueryOptions } from "@/lib/inventory/queries";
import { searchFromUrl, sortFromUrl } from "@/lib/sorting";
import { consolePage } from "@/server/pages/console-page";

// msp/inventory — the MSP's devices: claim, assign configuration to a node, unassign, telemetry tokens.
export default consolePage("msp/inventory", async ({ searchParams, prefetch }) => {
  await prefetch(devicesQueryOptions({ search: searchFromUrl(searchParams), status: undefined }, sortFromUrl("devices", searchParams)));
  return <MspInventoryPage />;
});
