import { UsersTab } from "@/components/people/users-tab";
import { organizationUsersQueryOptions } from "@/lib/people/queries";
import { consolePage } from "@/server/pages/console-page";

// user/users — the members, their role, language and last sign-in.
export default consolePage("user/users", async ({ organization, prefetch }) => {
  await prefetch(organizationUsersQueryOptions(organization.id));
  return <UsersTab />;
});
