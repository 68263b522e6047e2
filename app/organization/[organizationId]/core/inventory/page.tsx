import { CoreInventoryPage } from "@/components/inventory/core-inventory-page";
import { devicesQueryOptions } from "@/lib/inventory/queries";
import { consolePage } from "@/server/pages/console-page";

// core/inventory — the operator's whole stock: add devices (one by one or from CSV), assign to an MSP, release.
export default consolePage("core/inventory", async ({ prefetch }) => {
  await prefetch(devicesQueryOptions({}));
  return <CoreInventoryPage />;
});
