"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/toast";
import { homeRoute, organizationPath } from "@/lib/routes";
import { membershipsQueryOptions, useSwitchOrganization } from "@/lib/users/queries";
import type { Membership } from "@/lib/users/schema";
import { hardNavigate } from "./hard-navigate";
import { nameMatches, SelectorGroup, SelectorOption } from "./selector-option";
import { useConsole } from "./use-console";

/** The user's own organizations matching the search — none unless they belong to more than one. */
export function useMembershipChoices(search: string): Membership[] {
  const memberships = useQuery(membershipsQueryOptions()).data ?? [];
  return memberships.length < 2 ? [] : memberships.filter((membership) => nameMatches(membership.name, search));
}

/** Acting in one of the user's own organizations: another one switches the session (its role, its view), then opens its index. */
export function useChooseMembership(onChosen: () => void): (membership: Membership) => void {
  const t = useTranslations("orgSelector");
  const router = useRouter();
  const { user } = useConsole();
  const switchOrganization = useSwitchOrganization();
  return (membership) => {
    const home = organizationPath(membership.organizationId, homeRoute(membership.organizationType));
    onChosen();
    if (membership.organizationId === user.organizationId) return router.push(home);
    // The popover closes at once, unmounting this group: the promise, unlike mutate's callbacks, still settles here.
    switchOrganization.mutateAsync(membership.organizationId).then(
      () => hardNavigate(home),
      (error: Error) => toast.error(t("switchFailed", { organization: membership.name, error: error.message })),
    );
  };
}

/** The selector's group of the user's own organizations, shown when they belong to more than one. */
export function MembershipOptions({ memberships, choose }: { memberships: Membership[]; choose: (membership: Membership) => void }) {
  const t = useTranslations("orgSelector");
  const { user } = useConsole();
  if (memberships.length === 0) return null;
  return (
    <SelectorGroup label={t("groups.memberships")} testId="membership-options">
      {memberships.map((membership) => (
        <SelectorOption
          key={membership.organizationId}
          name={membership.name}
          selected={membership.organizationId === user.organizationId}
          onSelect={() => choose(membership)}
        />
      ))}
    </SelectorGroup>
  );
}
