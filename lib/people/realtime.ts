import type { AreaRealtime } from "@/lib/realtime-registry";
import { peopleKeys } from "./queries";

// The Users and Invitations tabs over /ws: each committed change is news on the events service. A user's news
// (role changed, removed, joined) refetches the users lists, an invitation's (invited, revoked, accepted) the
// invitations lists; its acceptance adds a user too, which is news of its own. The news does not say which
// organization: every organization's list held may show the user.

const users = [...peopleKeys.all, "users"] as const;
const invitations = [...peopleKeys.all, "invitations"] as const;

export const peopleRealtime: AreaRealtime = {
  events: {
    queries: [{ queryKey: users }, { queryKey: invitations }],
    on: {
      created: ({ data: { entityType } }) => (entityType === "user" ? [{ queryKey: users }] : entityType === "invitation" ? [{ queryKey: invitations }] : []),
    },
  },
};
