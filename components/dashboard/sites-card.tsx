"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { worstLinkHealth } from "@/lib/dashboard/site-health";
import { severityRank } from "@/lib/dashboard/format";
import { allSitesQueryOptions } from "@/lib/sites/queries";
import { connectorHealthQueryOptions } from "@/lib/telemetry/queries";
import { CardMessage, CardSkeleton, DashboardCard } from "./dashboard-card";
import type { DashboardLinks } from "./links";
import { StatusDot } from "./status-dot";
import { useRateFormat } from "./use-units";

/** A customer's sites with their health (the worst of their connectors'), current traffic, the least healthy first. */
export function SitesCard({ organizationId, links }: { organizationId: string; links: DashboardLinks }) {
  const t = useTranslations("dashboard");
  const units = useRateFormat();
  const sites = useQuery(allSitesQueryOptions(organizationId));
  const connectors = useQuery(connectorHealthQueryOptions("organization", organizationId));
  const rows = (sites.data ?? []).map((site) => {
    const own = (connectors.data?.items ?? []).filter((connector) => connector.siteId === site.id);
    return {
      site,
      health: worstLinkHealth(own.map((connector) => connector.health)),
      connectors: own.length,
      rx: own.some((connector) => connector.rxBps !== null) ? own.reduce((sum, connector) => sum + (connector.rxBps ?? 0), 0) : null,
      tx: own.some((connector) => connector.txBps !== null) ? own.reduce((sum, connector) => sum + (connector.txBps ?? 0), 0) : null,
    };
  });
  rows.sort((a, b) => Number(b.site.active) - Number(a.site.active) || severityRank(a.health) - severityRank(b.health) || a.site.name.localeCompare(b.site.name));
  return (
    <DashboardCard title={t("sites")} subtitle={t("sitesSubtitle", { count: rows.length })} testId="sites-card">
      {sites.isPending ? (
        <CardSkeleton />
      ) : sites.isError ? (
        <CardMessage tone="error">{t("loadError", { error: sites.error.message })}</CardMessage>
      ) : rows.length === 0 ? (
        <CardMessage>{t("noSites")}</CardMessage>
      ) : (
        <ul className="-mx-4 divide-y text-xs">
          {rows.map(({ site, health, connectors: count, rx, tx }) => (
            <li key={site.id} data-testid="dashboard-site" data-site-id={site.id}>
              <Link href={links.site(site.id)} className="flex items-center gap-3 px-4 py-2 hover:bg-accent/50">
                <StatusDot state={site.active ? health : "unknown"} label={false} />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium">{site.name}</span>
                  <span className="block truncate text-muted-foreground">
                    {site.active ? t("connectorCount", { count }) : t("inactive")} · {site.location.address}
                  </span>
                </span>
                <span className="shrink-0 text-right font-mono tabular-nums">
                  <span className="block">↓ {units.rate(rx)}</span>
                  <span className="block text-muted-foreground">↑ {units.rate(tx)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  );
}
