"use client";

import { useQuery } from "@tanstack/react-query";
import { SlidersHorizontal } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { lazyComponent } from "@/components/common/lazy-component";
import { usePropertiesFlag } from "@/components/common/use-properties-flag";
import { useCan } from "@/components/shell/use-console";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { nodeQueryOptions } from "@/lib/nodes/queries";
import { InternalLinks } from "./internal-links";
import { InterfacesSection, IpsecEndpointsSection, SubinterfacesSection, SwitchPortsSection } from "./port-sections";
import { NodeSummary } from "./node-summary";

// The properties panel (its form and the location search) loads when it opens: out of the page's first-load JavaScript.
// The port sections render with the page (on the server too, so a deep link shows them complete); their add and edit
// forms load when one opens (components/nodes/port-forms.tsx).
const NodePropertiesPanel = lazyComponent(() => import("./node-properties-panel").then((module) => module.NodePropertiesPanel));

/**
 * A node's configuration (SPEC §2): its properties (?properties=true opens the panel), interfaces, subinterfaces,
 * IPsec endpoints, internal links and, on With Switch edge nodes, switch ports.
 */
export function NodeConfiguration({ nodeId }: { nodeId: string }) {
  const t = useTranslations("nodes");
  const canWrite = useCan("common:config:write");
  const node = useQuery(nodeQueryOptions(nodeId));
  const [propertiesOpen, setPropertiesOpen] = usePropertiesFlag();
  const [panelMounted, setPanelMounted] = useState(propertiesOpen);
  if (propertiesOpen && !panelMounted) setPanelMounted(true);
  if (!node.data) return null;
  return (
    <div className="grid grid-cols-1 gap-6">
      <Card className="gap-4">
        <CardHeader>
          <CardTitle>{t("properties.title")}</CardTitle>
          <CardAction>
            <Button variant="ghost" size="sm" onClick={() => setPropertiesOpen(true)} data-testid={canWrite ? "node-edit" : "node-properties-view"}>
              <SlidersHorizontal aria-hidden />
              {canWrite ? t("properties.edit") : t("detail.properties")}
            </Button>
          </CardAction>
        </CardHeader>
        <CardContent>
          <NodeSummary node={node.data} />
        </CardContent>
      </Card>
      <InterfacesSection node={node.data} canWrite={canWrite} />
      <SubinterfacesSection node={node.data} canWrite={canWrite} />
      <IpsecEndpointsSection node={node.data} canWrite={canWrite} />
      {node.data.kind === "edge" && node.data.edgeType === "with-switch" && <SwitchPortsSection node={node.data} canWrite={canWrite} />}
      <InternalLinks node={node.data} />
      {panelMounted && <NodePropertiesPanel node={node.data} open={propertiesOpen} onOpenChange={setPropertiesOpen} />}
    </div>
  );
}
