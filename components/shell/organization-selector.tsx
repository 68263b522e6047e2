"use client";

import { Check, ChevronsUpDown, Search } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import type { Organization } from "@/lib/organizations/schema";
import { homeRoute, organizationPath } from "@/lib/routes";
import { cn } from "@/lib/utils";
import { MembershipOptions } from "./membership-options";
import { useConsole } from "./use-console";

const GROUP_ORDER = ["maia", "msp", "customer"] as const;

/** SPEC §2 organization selector: groups Maia, MSPs, Customers, with search; first the user's own organizations when they have several. */
export function OrganizationSelector() {
  const t = useTranslations("orgSelector");
  const router = useRouter();
  const { organization, organizations } = useConsole();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState("");

  const groups = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase();
    const matches = organizations.filter((org) => !needle || org.name.toLocaleLowerCase().includes(needle));
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

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="outline"
          role="combobox"
          aria-expanded={open}
          aria-label={t("label")}
          data-testid="organization-selector"
          className="w-full justify-between bg-background font-normal"
        >
          <span className="truncate">{organization.name}</span>
          <ChevronsUpDown className="size-4 opacity-60" aria-hidden />
        </Button>
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
              const first = groups[0]?.items[0];
              if (event.key === "Enter" && first) select(first);
            }}
          />
        </div>
        <div className="max-h-80 overflow-y-auto p-1" role="listbox" aria-label={t("label")}>
          <MembershipOptions search={search} onChosen={close} />
          {groups.length === 0 && <p className="px-3 py-6 text-center text-sm text-muted-foreground">{t("empty")}</p>}
          {groups.map((group) => (
            <div key={group.type} role="group" aria-label={t(`groups.${group.type}`)}>
              <p className="px-2 pt-2 pb-1 text-xs font-medium text-muted-foreground">{t(`groups.${group.type}`)}</p>
              {group.items.map((org) => (
                <button
                  key={org.id}
                  type="button"
                  role="option"
                  aria-selected={org.id === organization.id}
                  onClick={() => select(org)}
                  className={cn(
                    "flex w-full items-center justify-between rounded-sm px-2 py-1.5 text-left text-sm hover:bg-accent hover:text-accent-foreground focus-visible:bg-accent focus-visible:outline-none",
                  )}
                >
                  <span className="truncate">{org.name}</span>
                  {org.id === organization.id && <Check className="size-4" aria-hidden />}
                </button>
              ))}
            </div>
          ))}
        </div>
      </PopoverContent>
    </Popover>
  );
}
