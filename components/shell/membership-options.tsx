"use client";

import { useQuery } from "@tanstack/react-query";
import { Check } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { homeRoute, organizationPath } from "@/lib/routes";
import { membershipsQueryOptions, useSwitchOrganization } from "@/lib/users/queries";
import type { Membership } from "@/lib/users/schema";
import { hardNavigate } from "./hard-navigate";
import { useConsole } from "./use-console";

/**
 * The selector's group of the user's own organizations, shown when they belong to more than one: choosing another
 * makes the session act there (its role, its view), then opens its index.
 */
export function MembershipOptions({ search, onChosen }: { search: string; onChosen: () => void }) {
  const t = useTranslations("orgSelector");
  const router = useRouter();
  const { user } = useConsole();
  const memberships = useQuery(membershipsQueryOptions()).data ?? [];
  const switchOrganization = useSwitchOrganization();
  const needle = search.trim().toLocaleLowerCase();
  const shown = memberships.filter((membership) => !needle || membership.name.toLocaleLowerCase().includes(needle));
  if (memberships.length < 2 || shown.length === 0) return null;

  const choose = (membership: Membership) => {
    const home = organizationPath(membership.organizationId, homeRoute(membership.organizationType));
    onChosen();
    if (membership.organizationId === user.organizationId) return router.push(home);
    // The popover closes at once, unmounting this group: the promise, unlike mutate's callbacks, still settles here.
    switchOrganization.mutateAsync(membership.organizationId).then(
      () => hardNavigate(home),
      (error: Error) => toast.error(t("switchFailed", { organization: membership.name, error: error.message })),
    );
  };

  return (
    <div role="group" aria-label={t("groups.memberships")} data-testid="membership-options">
      <p className="px-2 pt-2 pb-1 text-xs font-medium text-muted-foreground">{t("groups.memberships")}</p>
      {shown.map((membership) => (
        <button
          key={membership.organizationId}
          type="button"
          role="option"
          aria-selected={membership.organizationId === user.organizationId}
          onClick={() => choose(membership)}
          className="flex w-full items-center justify-between rounded-sm px-2 py-1.5 text-left text-sm hover:bg-accent hover:text-accent-foreground focus-visible:bg-accent focus-visible:outline-none"
        >
          <span className="truncate">{membership.name}</span>
          {membership.organizationId === user.organizationId && <Check className="size-4" aria-hidden />}
        </button>
      ))}
    </div>
  );
}
