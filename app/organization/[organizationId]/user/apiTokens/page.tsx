import { ApiTokensTab } from "@/components/tokens/api-tokens-tab";
import { organizationApiTokensQueryOptions, ownApiTokensQueryOptions } from "@/lib/tokens/queries";
import { consolePage } from "@/server/pages/console-page";

// user/apiTokens — the user's personal API tokens; an admin also sees every member's in the organization.
export default consolePage("user/apiTokens", async ({ organization, principal, prefetch }) => {
  await prefetch(ownApiTokensQueryOptions(organization.id));
  if (principal.scopes.includes("common:user:write")) await prefetch(organizationApiTokensQueryOptions(organization.id));
  return <ApiTokensTab />;
});
