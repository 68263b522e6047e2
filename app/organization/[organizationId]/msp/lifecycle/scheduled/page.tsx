import { OperationsTab } from "@/components/lifecycle/operations-tab";
import { lifecycleOperationsQueryOptions } from "@/lib/lifecycle/queries";
import { consolePage } from "@/server/pages/console-page";

// msp/lifecycle/scheduled — the Scheduled tab, a page at a time, live over /ws.
export default consolePage("msp/lifecycle/scheduled", async ({ organization, prefetch }) => {
  await prefetch(lifecycleOperationsQueryOptions(organization.id, "scheduled"));
  return <OperationsTab tab="scheduled" />;
});
