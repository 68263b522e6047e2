"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { CHART_THEME } from "@/components/charts/theme";
import { PageHeader } from "@/components/pages/page-header";
import { siteQueryOptions } from "@/lib/sites/queries";
import { AlarmsCard } from "./alarms-card";
import { BandwidthCard } from "./bandwidth-card";
import { DashboardBreadcrumb } from "./breadcrumb";
import { BreakdownCard } from "./breakdown-card";
import { ConnectorHealthCard } from "./connector-health-card";
import { CardMessage } from "./dashboard-card";
import type { DashboardLinks } from "./links";
import { PathsCard } from "./paths-card";
import { ProbesCard } from "./probes-card";
import { TopTalkersCard } from "./top-talkers-card";

export interface SiteDashboardProps {
  organizationId: string;
  /** The customer's name, first level of the breadcrumb. */
  homeLabel: string;
  siteId: string;
  links: DashboardLinks;
  alarmsHref: string;
  since: string;
}

/** One site's dashboard: its bandwidth, connectors and their health, paths, breakdown, top talkers and probes. */
export function SiteDashboard({ organizationId, homeLabel, siteId, links, alarmsHref, since }: SiteDashboardProps) {
  const t = useTranslations("dashboard");
  const site = useQuery(siteQueryOptions(siteId));
  if (site.isError) return <CardMessage tone="error">{t("loadError", { error: site.error.message })}</CardMessage>;
  const name = site.data?.name ?? "";
  return (
    <div className={`flex flex-col gap-4 ${CHART_THEME}`} data-testid="site-dashboard">
      <DashboardBreadcrumb items={[{ label: homeLabel, href: links.home }, { label: name }]} />
      <PageHeader title={name} description={site.data ? `${site.data.location.address}${site.data.active ? "" : ` · ${t("inactive")}`}` : undefined} />
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-3">
        <div className="xl:col-span-2">
          <BandwidthCard kind="site" id={siteId} since={since} title={t("bandwidth")} subtitle={t("bandwidthOf", { name })} />
        </div>
        <AlarmsCard organizationId={organizationId} alarmsHref={alarmsHref} />
        <div className="xl:col-span-3">
          <ConnectorHealthCard kind="site" id={siteId} links={links} />
        </div>
        <div className="xl:col-span-2">
          <PathsCard kind="site" id={siteId} links={links} />
        </div>
        <BreakdownCard siteId={siteId} />
        <TopTalkersCard kind="site" id={siteId} />
        <div className="xl:col-span-2">
          <ProbesCard kind="site" id={siteId} showSite={false} />
        </div>
      </div>
    </div>
  );
}
