"use client";
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { CHART_THEME } from "@/components/charts/theme";
import { PageHeader } from "@/components/pages/page-header";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { allSitesQueryOptions, siteQueryOptions } from "@/lib/sites/queries";
import { AlarmsCard } from "./alarms-card";
import { BandwidthCard } from "./bandwidth-card";
import { BreakdownCard } from "./breakdown-card";
import { ConnectorHealthCard } from "./connector-health-card";
import type { DashboardLinks } from "./links";
import { PathsCard } from "./paths-card";
import { ProbesCard } from "./probes-card";
import { RecentChatsCard } from "./recent-chats-card";
import { SitesCard } from "./sites-card";
import { TopTalkersCard } from "./top-talkers-card";
import { cardQueries } from "@/lib/dashboard/card-queries";

export interface CustomerOverviewProps {
  organizationId: string;
  title: string;
  description?: string;
  links: DashboardLinks;
  alarmsHref: string;
  /** The charts' first range start, computed by the server so its prefetch and the page share a key. */
  since: string;
  breadcrumb?: ReactNode;
}

/** A customer's dashboard: alarms, bandwidth, breakdown, top talkers, paths, probes, sites, connector health and recent chats. */
export function CustomerOverview({ organizationId, title, description, links, alarmsHref, since, breadcrumb }: CustomerOverviewProps) {
  const t = useTranslations("dashboard");
  // The sites card's query, which also names the site to chart first.
  const summary = useQuery(cardQueries.sites(organizationId));
  const suggested = summary.data?.featuredSiteId ?? null;
  // Chosen once, so the chart does not jump to another site when traffic shifts.
  const [chosen, setChosen] = useState<string | null>(suggested);
  const siteId = chosen ?? suggested;
  const site = useQuery({ ...siteQueryOptions(siteId ?? ""), enabled: Boolean(siteId) });
  const siteName = site.data?.name;
  // Every site only once the picker opens: a customer may have thousands.
  const [picking, setPicking] = useState(false);
  const sites = useQuery({ ...allSitesQueryOptions(organizationId), enabled: picking });
  const choices = sites.data?.filter((each) => each.active) ?? (site.data ? [site.data] : []);

  return (
    <div className={`flex flex-col gap-4 ${CHART_THEME}`} data-testid="customer-dashboard">
      {breadcrumb}
      <PageHeader title={title} description={description ?? t("description")} />
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-3">
        <div className="xl:col-span-2">
          {siteId ? (
            <BandwidthCard
              kind="site"
              id={siteId}
              since={since}
              title={t("bandwidth")}
              subtitle={t("bandwidthOf", { name: siteName ?? "" })}
              extraActions={
                (summary.data?.active ?? 0) > 1 && (
                  <Select value={siteId} onValueChange={setChosen} onOpenChange={(open) => open && setPicking(true)}>
                    <SelectTrigger size="sm" className="h-7 max-w-40 text-xs" aria-label={t("chartSite")} data-testid="bandwidth-site">
                      <SelectValue>{siteName}</SelectValue>
                    </SelectTrigger>
                    <SelectContent>
                      {choices.map((choice) => (
                        <SelectItem key={choice.id} value={choice.id} className="text-xs">
                          {choice.name}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )
              }
            />
          ) : (
            <BandwidthPlaceholder />
          )}
        </div>
        {/* Beside the bandwidth chart: what needs attention, and the conversations about it. */}
        <div className="flex min-w-0 flex-col gap-4">
          <AlarmsCard organizationId={organizationId} alarmsHref={alarmsHref} />
          <RecentChatsCard organizationId={organizationId} />
        </div>
        <SitesCard organizationId={organizationId} links={links} />
        <div className="xl:col-span-2">
          <PathsCard kind="organization" id={organizationId} links={links} />
        </div>
        {siteId && <BreakdownCard siteId={siteId} siteName={siteName} />}
        <TopTalkersCard kind="organization" id={organizationId} />
        <ProbesCard kind="organization" id={organizationId} />
        <div className="xl:col-span-3">
          <ConnectorHealthCard kind="organization" id={organizationId} links={links} />
        </div>
      </div>
    </div>
  );
}

function BandwidthPlaceholder() {
  const t = useTranslations("dashboard");
  return (
    <section className="rounded-lg border bg-card p-6 text-center text-sm text-muted-foreground" data-testid="bandwidth-card">
      {t("noActiveSites")}
    </section>
  );
}
