import { OperationsTab } from "@/components/lifecycle/operations-tab";
import { lifecycleOperationsQueryOptions } from "@/lib/lifecycle/queries";
import { consolePage } from "@/server/pages/console-page";

// msp/lifecycle/running — the Running tab, a page at a time, live over /ws.
export default consolePage("msp/lifecycle/running", async ({ organization, prefetch }) => {
  await prefetch(lifecycleOperationsQueryOptions(organization.id, "running"));
  return <OperationsTab tab="running" />;
});
