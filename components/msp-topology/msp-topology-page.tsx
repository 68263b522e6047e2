"use client";

import { useQuery } from "@tanstack/react-query";
import { Network, Radio } from "lucide-react";
import { useTranslations } from "next-intl";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useMemo, useState } from "react";
import { lazyComponent } from "@/components/common/lazy-component";
import { ErrorAlert } from "@/components/errors/error-alert";
import { PageHeader } from "@/components/pages/page-header";
import { IntentLink } from "@/components/shell/intent-link";
import { useConsole } from "@/components/shell/use-console";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useTopologyFormat } from "@/components/topology/use-topology-format";
import { organizationPath } from "@/lib/routes";
import { drawNetwork, type DrawnLink, type DrawnNode } from "@/lib/topology/draw";
import {
  linkFilterFromParams,
  mspTopologyGraphQueryOptions,
  parseSelection,
  selectionParam,
} from "@/lib/topology/queries";
import { BlastRadiusPanel } from "./blast-radius-panel";
import { NetworkLegend } from "./legend";
import { LinksTable } from "./links-table";
import { PlacePanel } from "./place-panel";

// d3-force, the world's shapes and topojson-client load with the drawings, after the page: first-load JS stays small.
const NetworkGraph = lazyComponent(() => import("./network-graph").then((module) => module.NetworkGraph));
const NetworkMap = lazyComponent(() => import("./network-map").then((module) => module.NetworkMap));

function Live({ generatedAt }: { generatedAt: string }) {
  const t = useTranslations("topology");
  const format = useTopologyFormat();
  return (
    <p className="flex items-center gap-1.5 text-xs text-muted-foreground" data-testid="topology-live">
      <Radio aria-hidden className="size-3.5 text-status-healthy" />
      {t("live")} · {t("updated", { time: format.time(generatedAt) })}
    </p>
  );
}

function DrawingCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card className="gap-2 py-4">
      <CardHeader className="px-4">
        <CardTitle className="text-sm font-medium">{title}</CardTitle>
      </CardHeader>
      <CardContent className="px-2">{children}</CardContent>
    </Card>
  );
}

/**
 * msp/topology: the MSP's network as a graph and on a world map, coloured by live link and node health; selecting
 * a link or node (in either drawing or the links table) shows its blast radius; the SPEC's links table below. The
 * selection and the table's filters live in the URL, so a view can be shared.
 */
export function MspTopologyPage() {
  const t = useTranslations("mspTopology");
  const errors = useTranslations("errors");
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const { organization } = useConsole();
  const mspId = organization.id;
  const graph = useQuery(mspTopologyGraphQueryOptions(mspId));
  const network = useMemo(() => (graph.data ? drawNetwork(graph.data) : null), [graph.data]);
  // The selection and the table's filters are the page's state, written to the URL (so a view can be shared) from
  // one place: a write never works from a URL that an earlier change has not reached yet.
  const [selection, select] = useState(() => parseSelection(params.get("selected")));
  const [filter, setFilter] = useState(() => linkFilterFromParams((name) => params.get(name)));
  const [place, setPlace] = useState<string | null>(null);
  useEffect(() => {
    const next = new URLSearchParams();
    if (selection) next.set("selected", selectionParam(selection));
    const values: Record<string, string | undefined> = { search: filter.search, type: filter.type, health: filter.health, node: filter.nodeId };
    for (const [name, value] of Object.entries(values)) if (value) next.set(name, value);
    // The links table's sort is its own (components/common/data-table.tsx): kept as it is.
    const current = new URLSearchParams(window.location.search);
    for (const name of ["sort", "order"]) if (current.get(name)) next.set(name, current.get(name)!);
    const query = next.toString();
    if (query === window.location.search.replace(/^\?/, "")) return;
    router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
  }, [selection, filter, pathname, router]);

  const onSelectNode = (node: DrawnNode) => {
    if (node.nodeIds.length === 1) {
      setPlace(null);
      select({ type: "node", id: node.nodeIds[0] });
    } else setPlace(place === node.id ? null : node.id);
  };
  const onSelectLink = (link: DrawnLink) => {
    if (link.linkIds.length === 1) select({ type: "link", id: link.linkIds[0] });
    // Several links between two places: the table lists them, filtered on one end.
    else setPlace(link.source);
  };

  const drawingProps = network && {
    network,
    selection,
    place,
    onSelectNode,
    onSelectLink,
  };
  const nodeName = filter.nodeId ? (graph.data?.nodes.find((node) => node.id === filter.nodeId)?.name ?? null) : null;
  const placeNode = place ? network?.nodes.find((node) => node.id === place) : undefined;

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={t("title")}
        description={t("description", { organization: organization.name })}
        actions={
          <Button asChild variant="outline" size="sm">
            <IntentLink href={organizationPath(organization.id, "msp/coreFabric")}>
              <Network aria-hidden />
              {t("coreFabrics")}
            </IntentLink>
          </Button>
        }
      />
      {graph.isError && !graph.data ? (
        <div className="mb-4">
          <ErrorAlert message={errors("loadingContent", { error: graph.error.message })} onRetry={() => graph.refetch()} />
        </div>
      ) : (
        <>
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2" data-testid="topology-drawings">
            <DrawingCard title={t("graph.title")}>
              {drawingProps ? <NetworkGraph {...drawingProps} label={t("graph.label", { organization: organization.name })} /> : <Skeleton className="aspect-[16/10] w-full" />}
            </DrawingCard>
            <DrawingCard title={t("map.title")}>
              {drawingProps ? <NetworkMap {...drawingProps} label={t("map.label", { organization: organization.name })} /> : <Skeleton className="aspect-[32/17] w-full" />}
            </DrawingCard>
          </div>
          <div className="mt-3 mb-4 flex flex-wrap items-center justify-between gap-x-6 gap-y-2">
            <NetworkLegend />
            {graph.data && <Live generatedAt={graph.data.generatedAt} />}
          </div>
          {graph.data && network && (
            <div className="mb-4 grid gap-1 text-sm text-muted-foreground">
              {graph.data.nodes.length === 0 && <p>{t("empty")}</p>}
              {network.grouped && <p data-testid="topology-grouped">{t("graph.grouped", { nodes: graph.data.nodes.length, places: network.nodes.length })}</p>}
              {graph.data.truncated && (
                <p>{t("truncated", { nodes: graph.data.nodes.length, nodeCount: graph.data.nodeCount, links: graph.data.links.length, linkCount: graph.data.linkCount })}</p>
              )}
              {!selection && !placeNode && graph.data.nodes.length > 0 && <p>{t("hint")}</p>}
            </div>
          )}
        </>
      )}
      {placeNode && graph.data && (
        <PlacePanel
          place={placeNode}
          graph={graph.data}
          onClose={() => setPlace(null)}
          onSelect={(nodeId) => {
            setPlace(null);
            select({ type: "node", id: nodeId });
          }}
        />
      )}
      {selection && (
        <BlastRadiusPanel
          key={selectionParam(selection)}
          selection={selection}
          graph={graph.data}
          onClose={() => select(null)}
          onShowLinks={(nodeId) => setFilter((current) => ({ ...current, nodeId }))}
        />
      )}
      <LinksTable
        mspId={mspId}
        filter={filter}
        onFilterChange={setFilter}
        nodeName={nodeName}
        selection={selection}
        onSelect={(link) => select({ type: "link", id: link.id })}
      />
    </div>
  );
}
