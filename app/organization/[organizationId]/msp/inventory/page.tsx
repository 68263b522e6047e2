import { MspInventoryPage } from "@/components/inventory/msp-inventory-page";
import { devicesQueryOptions } from "@/lib/inventory/queries";
import { consolePage } from "@/server/pages/console-page";

// msp/inventory — the MSP's devices: claim, assign configuration to a node, unassign, telemetry tokens.
export default consolePage("msp/inventory", async ({ prefetch }) => {
  await prefetch(devicesQueryOptions({}));
  return <MspInventoryPage />;
});
