"use client";

import { Search } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { cloneElement, useMemo, useState, type ReactElement } from "react";
import type { OverlayProps } from "@/components/common/lazy-overlay";
import { Input } from "@/components/ui/input";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import type { Organization } from "@/lib/organizations/schema";
import { homeRoute, organizationPath } from "@/lib/routes";
import { MembershipOptions, useChooseMembership, useMembershipChoices } from "./membership-options";
import { nameMatches, SelectorGroup, SelectorOption } from "./selector-option";
import { useConsole } from "./use-console";

const GROUP_ORDER = ["maia", "msp", "customer"] as const;

/** The selector's list: groups Maia, MSPs, Customers, with search; first the user's own organizations when they have several. */
export function OrganizationSelectorOverlay({ trigger, defaultOpen }: OverlayProps) {
  const t = useTranslations("orgSelector");
  const router = useRouter();
  const { organization, organizations } = useConsole();
  const [open, setOpen] = useState(defaultOpen);
  const [search, setSearch] = useState("");

  const groups = useMemo(() => {
    const matches = organizations.filter((org) => nameMatches(org.name, search));
    return GROUP_ORDER.map((type) => ({ type, items: matches.filter((org) => org.organizationType === type) })).filter(
      (group) => group.items.length > 0,
    );
  }, [organizations, search]);

  const close = () => {
    setOpen(false);
    setSearch("");
  };
  const select = (org: Organization) => {
    close();
    router.push(organizationPath(org.id, homeRoute(org.organizationType)));
  };
  const memberships = useMembershipChoices(search);
  const chooseMembership = useChooseMembership(close);

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        {cloneElement(trigger as ReactElement<{ "aria-expanded"?: boolean }>, { "aria-expanded": open })}
      </PopoverTrigger>
      <PopoverContent align="start" className="w-72 p-0">
        <div className="flex items-center gap-2 border-b px-3">
          <Search className="size-4 text-muted-foreground" aria-hidden />
          <Input
            autoFocus
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t("search")}
            aria-label={t("search")}
            className="h-10 border-0 px-0 shadow-none focus-visible:ring-0"
            onKeyDown={(event) => {
              if (event.key !== "Enter") return;
              // The first option shown, the user's own organizations first.
              if (memberships[0]) chooseMembership(memberships[0]);
              else if (groups[0]) select(groups[0].items[0]);
            }}
          />
        </div>
        <div className="max-h-80 overflow-y-auto p-1" role="listbox" aria-label={t("label")}>
          <MembershipOptions memberships={memberships} choose={chooseMembership} />
          {groups.length === 0 && memberships.length === 0 && <p className="px-3 py-6 text-center text-sm text-muted-foreground">{t("empty")}</p>}
          {groups.map((group) => (
            <SelectorGroup key={group.type} label={t(`groups.${group.type}`)}>
              {group.items.map((org) => (
                <SelectorOption key={org.id} name={org.name} selected={org.id === organization.id} onSelect={() => select(org)} />
              ))}
            </SelectorGroup>
          ))}
        </div>
      </PopoverContent>
    </Popover>
  );
}
