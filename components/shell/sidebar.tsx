"use client";

import { useTranslations } from "next-intl";
import { homeRoute, organizationPath } from "@/lib/routes";
import { IntentLink } from "./intent-link";
import { Logo } from "./logo";
import { OrganizationSelector } from "./organization-selector";
import { SidebarNav } from "./sidebar-nav";
import { useConsole } from "./use-console";

/** The console's side column: the logo home, the organization selector and the navigation of SPEC §2. */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const t = useTranslations("product");
  const { organization } = useConsole();
  return (
    <div className="flex h-full flex-col gap-4 p-3">
      <IntentLink
        href={organizationPath(organization.id, homeRoute(organization.organizationType))}
        onClick={onNavigate}
        className="flex items-center gap-2 px-2 pt-1"
      >
        <Logo className="size-7" />
        <span className="font-semibold tracking-tight">{t("name")}</span>
      </IntentLink>
      <OrganizationSelector />
      <div className="-mx-1 flex-1 overflow-y-auto px-1">
        <SidebarNav onNavigate={onNavigate} />
      </div>
    </div>
  );
}
