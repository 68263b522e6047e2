"use client";

import { useQuery } from "@tanstack/react-query";
import { SlidersHorizontal } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ConnectorsCard } from "@/components/connectors/connectors-card";
import { usePropertiesFlag } from "@/components/common/use-properties-flag";
import { useCan } from "@/components/shell/use-console";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { siteQueryOptions } from "@/lib/sites/queries";
import { LazySitePropertiesPanel } from "./lazy-site-properties-panel";
import { SiteSummary } from "./site-properties";

/** customer/site/{siteId}/configuration: the site and its connectors; ?properties=true opens the properties panel. */
export function SiteConfiguration({ siteId }: { siteId: string }) {
  const t = useTranslations("sites");
  const canWrite = useCan("common:config:write");
  const site = useQuery(siteQueryOptions(siteId));
  const [propertiesOpen, setPropertiesOpen] = usePropertiesFlag();
  // Mounted from the first opening on, so that closing animates as before.
  const [panelMounted, setPanelMounted] = useState(propertiesOpen);
  if (propertiesOpen && !panelMounted) setPanelMounted(true);
  if (!site.data) return null;
  return (
    <div className="grid grid-cols-1 gap-6">
      <Card className="gap-4">
        <CardHeader>
          <CardTitle>{t("detail.summary")}</CardTitle>
          <CardAction>
            <Button
              variant="ghost"
              size="sm"
              onMouseEnter={LazySitePropertiesPanel.preload}
              onFocus={LazySitePropertiesPanel.preload}
              onClick={() => setPropertiesOpen(true)}
              data-testid={canWrite ? "site-edit" : "site-properties-view"}
            >
              <SlidersHorizontal aria-hidden />
              {canWrite ? t("detail.edit") : t("detail.properties")}
            </Button>
          </CardAction>
        </CardHeader>
        <CardContent>
          <SiteSummary site={site.data} />
        </CardContent>
      </Card>
      <ConnectorsCard site={site.data} canWrite={canWrite} />
      {panelMounted && <LazySitePropertiesPanel site={site.data} open={propertiesOpen} onOpenChange={setPropertiesOpen} />}
    </div>
  );
}
