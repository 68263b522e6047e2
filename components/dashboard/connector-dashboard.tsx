"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { isConnectorKind } from "@/lib/dashboard/format";
import type { ReactNode } from "react";
import { CHART_THEME } from "@/components/charts/theme";
import { useBandwidthFormatter } from "@/components/connectors/bandwidth";
import { Timestamp } from "@/components/common/timestamp";
import { PageHeader } from "@/components/pages/page-header";
import { siteQueryOptions } from "@/lib/sites/queries";
import { cardQueries } from "@/lib/dashboard/card-queries";
import { BandwidthCard } from "./bandwidth-card";
import { DashboardBreadcrumb } from "./breadcrumb";
import { UtilizationBar } from "./connector-health-card";
import { CardMessage, CardSkeleton, DashboardCard } from "./dashboard-card";
import type { DashboardLinks } from "./links";
import { StatusDot } from "./status-dot";
import { useRateFormat } from "./use-units";

/** One site connector: its health now (status, traffic, utilization, its paths' SLA) and RX/TX over time. */
export function ConnectorDashboard({ homeLabel, siteId, connectorId, links, since }: { homeLabel: string; siteId: string; connectorId: string; links: DashboardLinks; since: string }) {
  const t = useTranslations("dashboard");
  const kinds = useTranslations("connectors.kinds");
  const units = useRateFormat();
  const bandwidth = useBandwidthFormatter();
  const site = useQuery(siteQueryOptions(siteId));
  const health = useQuery(cardQueries.siteConnectors(siteId));
  const connector = health.data?.items.find((item) => item.connectorId === connectorId);
  if (health.isError) return <CardMessage tone="error">{t("loadError", { error: health.error.message })}</CardMessage>;
  if (health.data && !connector) return <CardMessage tone="error">{t("connectorNotFound")}</CardMessage>;
  const facts: { label: string; value: ReactNode; testId?: string }[] = connector
    ? [
        { label: t("columns.health"), value: <StatusDot state={connector.health} />, testId: "connector-health" },
        { label: t("columns.status"), value: connector.status ? t(`status.${connector.status}`) : t("status.unreported") },
        { label: t("columns.rx"), value: units.rate(connector.rxBps) },
        { label: t("columns.tx"), value: units.rate(connector.txBps) },
        { label: t("columns.utilization"), value: <UtilizationBar percent={connector.utilizationPercent} /> },
        { label: t("columns.pathSla"), value: <StatusDot state={connector.pathSla} /> },
        { label: t("columns.bandwidth"), value: bandwidth(connector.bandwidthMbps) },
        { label: t("columns.reported"), value: connector.reportedAt ? <Timestamp value={connector.reportedAt} /> : "—" },
      ]
    : [];
  return (
    <div className={`flex flex-col gap-4 ${CHART_THEME}`} data-testid="connector-dashboard">
      <DashboardBreadcrumb items={[{ label: homeLabel, href: links.home }, { label: site.data?.name ?? "…", href: links.site(siteId) }, { label: connector?.name ?? "…" }]} />
      <PageHeader title={connector?.name ?? ""} description={connector ? `${isConnectorKind(connector.kind) ? kinds(connector.kind) : connector.kind} · ${connector.siteName}` : undefined} />
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-3">
        <DashboardCard title={t("connectorHealth")} subtitle={t("connectorHealthSubtitle")} testId="connector-facts">
          {connector ? (
            <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-xs">
              {facts.map((fact) => (
                <div key={fact.label} className="contents">
                  <dt className="text-muted-foreground">{fact.label}</dt>
                  <dd className="font-mono tabular-nums" data-testid={fact.testId}>
                    {fact.value}
                  </dd>
                </div>
              ))}
            </dl>
          ) : (
            <CardSkeleton rows={8} />
          )}
        </DashboardCard>
        <div className="xl:col-span-2">
          <BandwidthCard kind="connector" id={connectorId} since={since} title={t("bandwidth")} subtitle={t("bandwidthOf", { name: connector?.name ?? "" })} />
        </div>
      </div>
    </div>
  );
}
