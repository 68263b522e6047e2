"use client";

import { useQuery } from "@tanstack/react-query";
import { ChevronLeft, Radio, TriangleAlert } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ErrorAlert } from "@/components/errors/error-alert";
import { SlaBadge } from "@/components/paths/sla-badge";
import { IntentLink } from "@/components/shell/intent-link";
import { useConsole } from "@/components/shell/use-console";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiRequestError } from "@/lib/api/client";
import { pathTopologyQueryOptions } from "@/lib/paths/topology-queries";
import type { PathTopology as Topology } from "@/lib/paths/topology-schema";
import { organizationPath } from "@/lib/routes";
import { TopologyDetails } from "./topology-details";
import { TopologyGraph } from "./topology-graph";
import { TopologyLegend } from "./topology-legend";
import { useTopologyFormat } from "./use-topology-format";

function Figure({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <div className="grid gap-1">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function Summary({ topology }: { topology: Topology }) {
  const t = useTranslations("topology.summary");
  const format = useTopologyFormat();
  const { organization } = useConsole();
  const links = topology.connections.filter((connection) => connection.type === "link").length;
  return (
    <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4 lg:grid-cols-7" data-testid="topology-summary">
      <Figure label={t("sla")} value={<SlaBadge health={topology.path.sla} />} />
      <Figure label={t("latency")} value={format.ms(topology.path.latencyMs)} />
      <Figure label={t("jitter")} value={format.ms(topology.path.jitterMs)} />
      <Figure label={t("loss")} value={format.percent(topology.path.lossPercent)} />
      <Figure label={t("bandwidth")} value={format.bandwidth(topology.path.bandwidthMbps)} />
      <Figure label={t("hops")} value={topology.reachable ? links : "—"} />
      {organization.organizationType !== "customer" && <Figure label={t("cost")} value={topology.routeCost ?? "—"} testId="topology-route-cost" />}
    </dl>
  );
}

/** The route drawing of a path, kept live (lib/paths/realtime.ts): refetched on news of the path or of an object on its route. */
export function useLiveTopology(pathId: string) {
  return useQuery(pathTopologyQueryOptions(pathId));
}

export function LiveIndicator({ generatedAt }: { generatedAt: string }) {
  const t = useTranslations("topology");
  const format = useTopologyFormat();
  return (
    <p className="flex items-center gap-1.5 text-xs text-muted-foreground" title={t("updated", { time: format.time(generatedAt) })}>
      <Radio aria-hidden className="size-3.5 text-status-healthy" />
      {t("live")} · {t("updated", { time: format.time(generatedAt) })}
    </p>
  );
}

/** Why the route is not drawn end to end; a customer is told what its MSP has to do. */
function Unreachable({ reason }: { reason: NonNullable<Topology["unreachableReason"]> }) {
  const t = useTranslations("topology");
  const { organization } = useConsole();
  return (
    <p className="mb-4 flex items-start gap-2 rounded-md border border-status-bad/40 bg-status-bad/10 px-3 py-2 text-sm" role="alert" data-testid="topology-unreachable">
      <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-status-bad" />
      {organization.organizationType === "customer" ? t(`unreachableCustomer.${reason}`) : t(`unreachable.${reason}`)}
    </p>
  );
}

/** The summary figures, the legend, the drawn route and the details of the element under the pointer. */
export function TopologyView({ topology }: { topology: Topology }) {
  const [selected, setSelected] = useState<string | null>(null);
  const [hovered, setHovered] = useState<string | null>(null);
  const active = hovered ?? selected;
  return (
    <>
      {topology.unreachableReason && <Unreachable reason={topology.unreachableReason} />}
      <Card className="mb-4">
        <CardContent>
          <Summary topology={topology} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="pb-0">
          <TopologyLegend />
        </CardHeader>
        <CardContent className="grid gap-4">
          <TopologyGraph topology={topology} activeId={active} onHover={setHovered} onSelect={(id) => setSelected((current) => (current === id ? null : id))} />
          <div className="min-h-28 rounded-lg border bg-muted/30 px-4 py-3">
            <TopologyDetails topology={topology} activeId={active} />
          </div>
        </CardContent>
      </Card>
    </>
  );
}

/** paths/{pathId}/pathTopology: the path's route through the MSP's network, coloured by health and kept live. */
export function PathTopology({ pathId }: { pathId: string }) {
  const t = useTranslations("topology");
  const { organization } = useConsole();
  const query = useLiveTopology(pathId);

  const back = (
    <IntentLink
      href={organizationPath(organization.id, `paths/${encodeURIComponent(pathId)}`)}
      className="mb-3 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
    >
      <ChevronLeft aria-hidden className="size-4" />
      {t("back")}
    </IntentLink>
  );
  if (query.error instanceof ApiRequestError && query.error.status === 404) {
    return (
      <div>
        {back}
        <p className="rounded-lg border border-dashed p-10 text-center text-muted-foreground" data-testid="topology-not-found">
          {t("notFound")}
        </p>
      </div>
    );
  }
  if (query.isError && !query.data) return <ErrorAlert message={t("loadFailed", { error: query.error.message })} onRetry={() => query.refetch()} />;
  if (!query.data) return <Skeleton className="h-96 w-full" />;

  const topology = query.data;
  const source = topology.elements[0];
  const destination = topology.elements.at(-1)!;
  return (
    <div data-testid="path-topology" data-reachable={topology.reachable}>
      {back}
      <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight" data-testid="topology-title">
            {topology.path.name}
          </h1>
          <p className="text-sm text-muted-foreground">
            {t("subtitle", { customer: topology.path.organizationName, source: source.name, destination: destination.name })}
          </p>
        </div>
        <LiveIndicator generatedAt={topology.generatedAt} />
      </div>
      <TopologyView topology={topology} />
    </div>
  );
}
