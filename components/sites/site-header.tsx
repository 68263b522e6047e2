"use client";

import { useQuery } from "@tanstack/react-query";
import { ChevronLeft, LayoutDashboard, MapPin, SlidersHorizontal } from "lucide-react";
import { useTranslations } from "next-intl";
import { usePathname } from "next/navigation";
import { customerDashboardLinks } from "@/components/dashboard/links";
import { ErrorAlert } from "@/components/errors/error-alert";
import { IntentLink } from "@/components/shell/intent-link";
import { useConsole } from "@/components/shell/use-console";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiRequestError } from "@/lib/api/client";
import { siteQueryOptions } from "@/lib/sites/queries";
import { cn } from "@/lib/utils";
import { ActiveBadge } from "./active-badge";
import { LazySitePropertiesPanel } from "./lazy-site-properties-panel";
import { siteHref, sitesHref } from "./site-links";
import { SiteTypeLabel } from "./site-type";

function SiteTabs({ organizationId, siteId }: { organizationId: string; siteId: string }) {
  const t = useTranslations("sites.detail.tabs");
  const pathname = usePathname();
  const onPaths = /\/path(\/|$)/.test(pathname);
  const tabs = [
    { id: "configuration", href: siteHref(organizationId, siteId, "configuration"), label: t("configuration"), active: !onPaths },
    { id: "path", href: siteHref(organizationId, siteId, "path"), label: t("paths"), active: onPaths },
  ];
  return (
    <nav className="-mb-px flex gap-4 border-b" aria-label={t("label")}>
      {tabs.map((tab) => (
        <IntentLink
          key={tab.id}
          href={tab.href}
          aria-current={tab.active ? "page" : undefined}
          data-testid={`site-tab-${tab.id}`}
          className={cn(
            "border-b-2 px-1 pb-2 text-sm font-medium transition-colors",
            tab.active ? "border-primary text-foreground" : "border-transparent text-muted-foreground hover:text-foreground",
          )}
        >
          {tab.label}
        </IntentLink>
      ))}
    </nav>
  );
}

/** customer/site/{siteId}: the site's name, type, place and status above its Configuration and Paths tabs. */
export function SiteLayout({ siteId, children }: { siteId: string; children: React.ReactNode }) {
  const t = useTranslations();
  const { organization } = useConsole();
  const site = useQuery(siteQueryOptions(siteId));
  const missing = site.error instanceof ApiRequestError && site.error.status === 404;

  return (
    <div className="mx-auto max-w-6xl">
      <IntentLink href={sitesHref(organization.id)} className="mb-3 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ChevronLeft aria-hidden className="size-4" />
        {t("sites.detail.back")}
      </IntentLink>
      {missing || (site.data && site.data.organizationId !== organization.id) ? (
        <p className="rounded-lg border border-dashed p-10 text-center text-muted-foreground" data-testid="site-not-found">
          {t("sites.detail.notFound")}
        </p>
      ) : site.isError ? (
        <ErrorAlert message={t("errors.loadingContent", { error: site.error.message })} onRetry={() => site.refetch()} />
      ) : (
        <>
          <header className="mb-5 flex flex-wrap items-start justify-between gap-4">
            <div className="min-w-0">
              {site.data ? (
                <>
                  <div className="flex flex-wrap items-center gap-3">
                    <h1 className="text-2xl font-semibold tracking-tight" data-testid="site-title">
                      {site.data.name}
                    </h1>
                    <ActiveBadge active={site.data.active} />
                  </div>
                  <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
                    <SiteTypeLabel site={site.data} />
                    <span className="inline-flex min-w-0 items-center gap-1.5">
                      <MapPin aria-hidden className="size-3.5" />
                      <span className="truncate">{site.data.location.address}</span>
                    </span>
                  </p>
                </>
              ) : (
                <Skeleton className="h-8 w-64" />
              )}
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <Button asChild variant="outline" size="sm">
                <IntentLink href={customerDashboardLinks(organization.id).site(siteId)} data-testid="site-dashboard-open">
                  <LayoutDashboard aria-hidden />
                  {t("sites.detail.dashboard")}
                </IntentLink>
              </Button>
              <Button asChild variant="outline" size="sm">
                <IntentLink
                  href={`${siteHref(organization.id, siteId, "configuration")}?properties=true`}
                  onMouseEnter={LazySitePropertiesPanel.preload}
                  onFocus={LazySitePropertiesPanel.preload}
                  data-testid="site-properties-open"
                >
                  <SlidersHorizontal aria-hidden />
                  {t("sites.detail.properties")}
                </IntentLink>
              </Button>
            </div>
          </header>
          <SiteTabs organizationId={organization.id} siteId={siteId} />
          <div className="pt-6">{site.data && children}</div>
        </>
      )}
    </div>
  );
}
