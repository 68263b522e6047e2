import { InvitationsTab } from "@/components/people/invitations-tab";
import { invitationsQueryOptions } from "@/lib/people/queries";
import { consolePage } from "@/server/pages/console-page";

// user/invitations — the invitations and their status.
export default consolePage("user/invitations", async ({ organization, prefetch }) => {
  await prefetch(invitationsQueryOptions(organization.id));
  return <InvitationsTab />;
});
