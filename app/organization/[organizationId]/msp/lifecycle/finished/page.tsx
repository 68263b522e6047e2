import { OperationsTab } from "@/components/lifecycle/operations-tab";
import { lifecycleOperationsQueryOptions } from "@/lib/lifecycle/queries";
import { consolePage } from "@/server/pages/console-page";

// msp/lifecycle/finished — the Finished tab, a page at a time, live over /ws.
export default consolePage("msp/lifecycle/finished", async ({ organization, prefetch }) => {
  await prefetch(lifecycleOperationsQueryOptions(organization.id, "finished"));
  return <OperationsTab tab="finished" />;
});
