"use client";

import { useTranslations } from "next-intl";
import { usePathname } from "next/navigation";
import { PageHeader } from "@/components/pages/page-header";
import { IntentLink } from "@/components/shell/intent-link";
import { useConsole } from "@/components/shell/use-console";
import { organizationPath } from "@/lib/routes";
import { cn } from "@/lib/utils";

/** user: the organization's people, on the tabs Users and Invitations (SPEC §2) and API tokens, kept current over /ws. */
export function PeopleLayout({ children }: { children: React.ReactNode }) {
  const t = useTranslations("people");
  const { organization } = useConsole();
  const pathname = usePathname();
  const tabs = [
    { id: "users", label: t("tabs.users") },
    { id: "invitations", label: t("tabs.invitations") },
    { id: "apiTokens", label: t("tabs.apiTokens") },
  ].map((tab) => ({ ...tab, href: organizationPath(organization.id, `user/${tab.id}`) }));
  const active = pathname.endsWith("/invitations") ? "invitations" : pathname.endsWith("/apiTokens") ? "apiTokens" : "users";
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title={t("title")} description={t("description", { organization: organization.name })} />
      <nav className="mb-4 flex gap-4 border-b" aria-label={t("tabs.label")}>
        {tabs.map((tab) => (
          <IntentLink
            key={tab.id}
            href={tab.href}
            aria-current={tab.id === active ? "page" : undefined}
            data-testid={`people-tab-${tab.id}`}
            className={cn(
              "-mb-px border-b-2 px-1 pb-2 text-sm font-medium transition-colors",
              tab.id === active ? "border-primary text-foreground" : "border-transparent text-muted-foreground hover:text-foreground",
            )}
          >
            {tab.label}
          </IntentLink>
        ))}
      </nav>
      {children}
    </div>
  );
}
