import { RolloutsPanel } from "@/components/lifecycle/rollouts-panel";
import { StagedRolloutButton } from "@/components/lifecycle/rollout-button";
import { rolloutsQueryOptions } from "@/lib/lifecycle/rollout-queries";
import { consolePage } from "@/server/pages/console-page";

// TEMPORARY MOUNT (issue 15 item 7, branch r2-roll) — the integrator replaces this file with the lifecycle page of
// item 6 (tabs Scheduled / Running / Finished) and mounts these two there: <StagedRolloutButton organizationId /> next
// to the Schedule button, <RolloutsPanel organizationId /> above the tabs, and the rollouts prefetch below.
export default consolePage("msp/lifecycle", async ({ organization, prefetch }) => {
  await prefetch(rolloutsQueryOptions(organization.id));
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <div className="flex justify-end">
        <StagedRolloutButton organizationId={organization.id} />
      </div>
      <RolloutsPanel organizationId={organization.id} />
    </div>
  );
});
