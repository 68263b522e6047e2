"use client";
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { StackedBarChart } from "@/components/charts";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { BreakdownDimension } from "@/lib/telemetry/schema";
import { RX_COLOR, TX_COLOR } from "./bandwidth-card";
import { CardMessage, CardSkeleton, DashboardCard } from "./dashboard-card";
import { useRateFormat } from "./use-units";
import { cardQueries } from "@/lib/dashboard/card-queries";

const DIMENSIONS: readonly BreakdownDimension[] = ["connector", "path"];

/** A site's average traffic over the last 24 hours, per connector or per path, RX and TX stacked. */
export function BreakdownCard({ siteId, siteName }: { siteId: string; siteName?: string }) {
  const t = useTranslations("dashboard");
  const units = useRateFormat();
  const [by, setBy] = useState<BreakdownDimension>("connector");
  const query = useQuery({ ...cardQueries.breakdown(siteId, by), placeholderData: (previous) => previous });
  const items = [...(query.data?.items ?? [])].sort((a, b) => (b.rxBps ?? 0) + (b.txBps ?? 0) - ((a.rxBps ?? 0) + (a.txBps ?? 0)));
  // The tabs wrap the whole card, so that each tab controls a panel that exists (aria-controls); the wrapper takes
  // no box of its own.
  return (
    <Tabs value={by} onValueChange={(value) => setBy(value as BreakdownDimension)} className="contents">
      <DashboardCard
        title={t("breakdown")}
        subtitle={siteName ? t("breakdownSubtitle", { site: siteName }) : t("last24h")}
        testId="breakdown-card"
        actions={
          <TabsList className="h-7">
            <TabsTrigger value="connector" className="px-2 text-xs">
              {t("byConnector")}
            </TabsTrigger>
            <TabsTrigger value="path" className="px-2 text-xs">
              {t("byPath")}
            </TabsTrigger>
          </TabsList>
        }
      >
        {DIMENSIONS.map((value) => (
          <TabsContent key={value} value={value}>
            {query.isPending ? (
              <CardSkeleton />
            ) : query.isError ? (
              <CardMessage tone="error">{t("loadError", { error: query.error.message })}</CardMessage>
            ) : items.length === 0 ? (
              <CardMessage>{by === "connector" ? t("noConnectors") : t("noPaths")}</CardMessage>
            ) : (
              <StackedBarChart
                rows={items.map((item) => ({ id: item.id, name: item.name, values: { rx: item.rxBps, tx: item.txBps } }))}
                parts={[
                  { key: "rx", label: t("rxAverage"), color: RX_COLOR },
                  { key: "tx", label: t("txAverage"), color: TX_COLOR },
                ]}
                formatValue={units.rateOnAxis}
                ariaLabel={t("breakdown")}
              />
            )}
          </TabsContent>
        ))}
      </DashboardCard>
    </Tabs>
  );
}
