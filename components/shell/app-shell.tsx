"use client";

import { BookOpen, Menu } from "lucide-react";
import { useTranslations } from "next-intl";
import { RealtimeConnection } from "@/components/realtime/realtime-connection";
import { Button } from "@/components/ui/button";
import { lazyOverlay } from "@/components/common/lazy-overlay";
import { organizationPath } from "@/lib/routes";
import { AssistantPanel } from "./assistant-panel";
import { IntentLink } from "./intent-link";
import { Sidebar } from "./sidebar";
import { SupportDialog } from "./support-dialog";
import { useConsole } from "./use-console";
import { UserMenu } from "./user-menu";

// Radix dialogs, menus and popovers are fetched on the intent to open one, not with every page (npm run bench:bundle).
const NavigationOverlay = lazyOverlay(() => import("./navigation-overlay").then((module) => module.NavigationOverlay));

/** The common layout around every organization page: navigation, organization switching, help and the user menu. */
export function AppShell({ children }: { children: React.ReactNode }) {
  const t = useTranslations();
  const { organization } = useConsole();
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
          <NavigationOverlay
            trigger={
              <Button variant="ghost" size="icon" className="lg:hidden" aria-label={t("common.toggleNavigation")}>
                <Menu aria-hidden />
              </Button>
            }
          />
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
                <span className="sr-only sm:not-sr-only">{t("nav.documentation")}</span>
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
