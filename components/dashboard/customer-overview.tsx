"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { CHART_THEME } from "@/components/charts/theme";
import { PageHeader } from "@/components/pages/page-header";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { featuredSiteId } from "@/lib/dashboard/format";
import { allSitesQueryOptions } from "@/lib/sites/queries";
import { connectorHealthQueryOptions } from "@/lib/telemetry/queries";
import { AlarmsCard } from "./alarms-card";
import { BandwidthCard } from "./bandwidth-card";
import { BreakdownCard } from "./breakdown-card";
import { ConnectorHealthCard } from "./connector-health-card";
import type { DashboardLinks } from "./links";
import { OrganizationPathsCard } from "./paths-card";
import { ProbesCard } from "./probes-card";
import { SitesCard } from "./sites-card";
import { TopTalkersCard } from "./top-talkers-card";
import { useDashboardLive } from "./use-dashboard-live";

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

/** A customer's dashboard: alarms, bandwidth, breakdown, top talkers, paths, probes, sites and connector health. */
export function CustomerOverview({ organizationId, title, description, links, alarmsHref, since, breadcrumb }: CustomerOverviewProps) {
  const t = useTranslations("dashboard");
  useDashboardLive();
  const sites = useQuery(allSitesQueryOptions(organizationId));
  const connectors = useQuery(connectorHealthQueryOptions("organization", organizationId));
  const suggested = featuredSiteId(sites.data, connectors.data);
  // Chosen once, so the chart does not jump to another site when traffic shifts.
  const [chosen, setChosen] = useState<string | null>(suggested);
  const siteId = chosen ?? suggested;
  const activeSites = (sites.data ?? []).filter((site) => site.active);
  const siteName = activeSites.find((site) => site.id === siteId)?.name;

  return (
    <div className={`flex flex-col gap-4 ${CHART_THEME}`} data-testid="customer-dashboard">
      {breadcrumb}
      <PageHeader title={title} description={description ?? t("description")} />
      <div className="grid gap-4 xl:grid-cols-3">
        <div className="xl:col-span-2">
          {siteId ? (
            <BandwidthCard
              kind="site"
              id={siteId}
              since={since}
              title={t("bandwidth")}
              subtitle={t("bandwidthOf", { name: siteName ?? "" })}
              extraActions={
                activeSites.length > 1 && (
                  <Select value={siteId} onValueChange={setChosen}>
                    <SelectTrigger size="sm" className="h-7 max-w-40 text-xs" aria-label={t("chartSite")} data-testid="bandwidth-site">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {activeSites.map((site) => (
                        <SelectItem key={site.id} value={site.id} className="text-xs">
                          {site.name}
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
        <AlarmsCard organizationId={organizationId} alarmsHref={alarmsHref} />
        <SitesCard organizationId={organizationId} links={links} />
        <div className="xl:col-span-2">
          <OrganizationPathsCard organizationId={organizationId} links={links} />
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
