"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { bySiteHealth, hiddenRows } from "@/lib/dashboard/lists";
import { MoreRows } from "./capped-list";
import { CardMessage, CardSkeleton, DashboardCard } from "./dashboard-card";
import type { DashboardLinks } from "./links";
import { StatusDot } from "./status-dot";
import { useRateFormat } from "./use-units";
import { cardQueries } from "@/lib/dashboard/card-queries";

/** A customer's sites with their health (the worst of their connectors'), current traffic, the least healthy first. */
export function SitesCard({ organizationId, links }: { organizationId: string; links: DashboardLinks }) {
  const t = useTranslations("dashboard");
  const units = useRateFormat();
  const query = useQuery(cardQueries.sites(organizationId));
  const rows = [...(query.data?.items ?? [])].sort(bySiteHealth);
  const hidden = hiddenRows(query.data?.total, rows.length);
  return (
    <DashboardCard title={t("sites")} subtitle={t("sitesSubtitle", { count: query.data?.total ?? 0 })} testId="sites-card">
      {query.isPending ? (
        <CardSkeleton />
      ) : query.isError ? (
        <CardMessage tone="error">{t("loadError", { error: query.error.message })}</CardMessage>
      ) : rows.length === 0 ? (
        <CardMessage>{t("noSites")}</CardMessage>
      ) : (
        <ul className="-mx-4 divide-y text-xs">
          {rows.map((site) => (
            <li key={site.siteId} data-testid="dashboard-site" data-site-id={site.siteId}>
              <Link href={links.site(site.siteId)} className="flex items-center gap-3 px-4 py-2 hover:bg-accent/50">
                <StatusDot state={site.active ? site.health : "unknown"} label={false} />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium">{site.name}</span>
                  <span className="block truncate text-muted-foreground">
                    {site.active ? t("connectorCount", { count: site.connectors }) : t("inactive")} · {site.address}
                  </span>
                </span>
                <span className="shrink-0 text-right font-mono tabular-nums">
                  <span className="block">↓ {units.rate(site.rxBps)}</span>
                  <span className="block text-muted-foreground">↑ {units.rate(site.txBps)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {hidden > 0 && <MoreRows href={links.sites} label={t("moreSites", { count: hidden })} />}
    </DashboardCard>
  );
}
