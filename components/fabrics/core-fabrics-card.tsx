"use client";

import { ArrowRight } from "lucide-react";
import { useTranslations } from "next-intl";
import { PagedList, usePagedList } from "@/components/common/paged-list";
import { CardMessage, CardSkeleton, DashboardCard } from "@/components/dashboard/dashboard-card";
import { StatusDot } from "@/components/dashboard/status-dot";
import { IntentLink } from "@/components/shell/intent-link";
import { coreFabricsQueryOptions } from "@/lib/fabrics/queries";
import { coreFabricHref, coreFabricsHref } from "./fabric-links";

/**
 * The MSP dashboard's way to its core fabrics (SPEC §2's navigation has no entry for them): each fabric with its
 * core nodes, links and health, leading to its page. Kept current over /ws.
 */
export function CoreFabricsCard({ mspId }: { mspId: string }) {
  const t = useTranslations("fabrics");
  const fabrics = usePagedList(() => coreFabricsQueryOptions(mspId));
  return (
    <DashboardCard
      title={t("dashboard.title")}
      subtitle={t("dashboard.subtitle")}
      testId="msp-core-fabrics"
      actions={
        <IntentLink href={coreFabricsHref(mspId)} className="inline-flex items-center gap-1 text-xs text-muted-foreground hover:text-foreground" data-testid="all-core-fabrics">
          {t("dashboard.all")}
          <ArrowRight className="size-3.5" aria-hidden />
        </IntentLink>
      }
    >
      <PagedList
        list={fabrics}
        loading={<CardSkeleton rows={2} />}
        failure={(message) => <CardMessage tone="error">{t("dashboard.error", { error: message })}</CardMessage>}
        empty={<CardMessage>{t("dashboard.empty")}</CardMessage>}
      >
        {(rows) => (
          <ul className="flex flex-col divide-y text-sm">
            {rows.map((fabric) => (
              <li key={fabric.id} className="flex items-center justify-between gap-3 py-2 first:pt-0 last:pb-0" data-testid="msp-core-fabric">
                <div className="min-w-0">
                  <IntentLink href={coreFabricHref(mspId, fabric.id)} className="block truncate font-medium hover:underline">
                    {fabric.name}
                  </IntentLink>
                  <p className="text-xs text-muted-foreground">{t("core.summary", { nodes: fabric.nodeCount, links: fabric.linkCount })}</p>
                </div>
                <StatusDot state={fabric.health} />
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </DashboardCard>
  );
}
