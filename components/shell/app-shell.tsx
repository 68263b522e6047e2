"use client";

import { BookOpen, Menu } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { RealtimeConnection } from "@/components/realtime/realtime-connection";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { homeRoute, organizationPath } from "@/lib/routes";
import { AssistantPanel } from "./assistant-panel";
import { IntentLink } from "./intent-link";
import { Logo } from "./logo";
import { OrganizationSelector } from "./organization-selector";
import { SidebarNav } from "./sidebar-nav";
import { SupportDialog } from "./support-dialog";
import { useConsole } from "./use-console";
import { UserMenu } from "./user-menu";

function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
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

/** The common layout around every organization page: navigation, organization switching, help and the user menu. */
export function AppShell({ children }: { children: React.ReactNode }) {
  const t = useTranslations();
  const { organization } = useConsole();
  const [mobileOpen, setMobileOpen] = useState(false);
  return (
    <div className="flex min-h-svh">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:m-2 focus:rounded focus:bg-background focus:p-2">
        {t("common.skipToContent")}
      </a>
      <aside className="sticky top-0 hidden h-svh w-64 shrink-0 border-r bg-sidebar text-sidebar-foreground lg:block">
        <Sidebar />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-background/90 px-3 backdrop-blur sm:px-5">
          <Sheet open={mobileOpen} onOpenChange={setMobileOpen}>
            <SheetTrigger asChild>
              <Button variant="ghost" size="icon" className="lg:hidden" aria-label={t("common.toggleNavigation")}>
                <Menu aria-hidden />
              </Button>
            </SheetTrigger>
            <SheetContent side="left" className="w-72 bg-sidebar p-0" closeLabel={t("common.close")}>
              <SheetTitle className="sr-only">{t("common.toggleNavigation")}</SheetTitle>
              <Sidebar onNavigate={() => setMobileOpen(false)} />
            </SheetContent>
          </Sheet>
          <p className="min-w-0 truncate text-sm text-muted-foreground" data-testid="current-organization">
            <span className="font-medium text-foreground">{organization.name}</span>
            <span className="mx-2">·</span>
            {t(`organizationSettings.types.${organization.organizationType}`)}
          </p>
          <div className="ml-auto flex items-center gap-1">
            <RealtimeConnection />
            <AssistantPanel />
            <Button asChild variant="ghost" size="sm">
              <IntentLink href={organizationPath(organization.id, "apiDocs")} data-testid="documentation-link">
                <BookOpen aria-hidden />
                <span className="hidden sm:inline">{t("nav.documentation")}</span>
              </IntentLink>
            </Button>
            <SupportDialog />
            <UserMenu />
          </div>
        </header>
        <main id="main" className="flex-1 px-4 py-6 sm:px-8">
          {children}
        </main>
      </div>
    </div>
  );
}
