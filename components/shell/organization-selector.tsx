"use client";

import { ChevronsUpDown } from "lucide-react";
import { useTranslations } from "next-intl";
import { lazyOverlay } from "@/components/common/lazy-overlay";
import { Button } from "@/components/ui/button";
import { useConsole } from "./use-console";

const OrganizationSelectorOverlay = lazyOverlay(() =>
  import("./organization-selector-overlay").then((module) => module.OrganizationSelectorOverlay),
);

/** SPEC §2 organization selector: the current organization; its list (search, groups) is fetched on the intent to open it. */
export function OrganizationSelector() {
  const t = useTranslations("orgSelector");
  const { organization } = useConsole();
  return (
    <OrganizationSelectorOverlay
      trigger={
        <Button
          variant="outline"
          role="combobox"
          aria-expanded={false}
          aria-label={t("label")}
          data-testid="organization-selector"
          className="w-full justify-between bg-background font-normal"
        >
          <span className="truncate">{organization.name}</span>
          <ChevronsUpDown className="size-4 opacity-60" aria-hidden />
        </Button>
      }
    />
  );
}
