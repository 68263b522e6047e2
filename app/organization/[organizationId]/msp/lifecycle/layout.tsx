import { LifecycleLayout } from "@/components/lifecycle/lifecycle-layout";
import { rolloutsQueryOptions } from "@/lib/lifecycle/rollout-queries";
import { consolePage } from "@/server/pages/console-page";

// msp/lifecycle — the MSP's lifecycle operations on the tabs Scheduled, Running and Finished (SPEC §2), and its staged
// rollouts above them (prefetched: a shared link shows a halted rollout at once).
export default consolePage("msp/lifecycle", async ({ prefetch, organization, children }) => {
  await prefetch(rolloutsQueryOptions(organization.id));
  return <LifecycleLayout>{children}</LifecycleLayout>;
});
