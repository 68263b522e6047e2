"use client";

import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import type { PathTopology, TopologyConnection, TopologyElement } from "@/lib/paths/topology-schema";
import { useTopologyFormat } from "./use-topology-format";

function Row({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm tabular-nums">{value}</dd>
    </div>
  );
}

function StateBadge({ tone, state }: { tone: TopologyElement["tone"]; state: string }) {
  const t = useTranslations("topology.states");
  return (
    <Badge variant={tone} data-testid="topology-detail-state">
      {t(state as "unknown")}
    </Badge>
  );
}

function ElementDetails({ element }: { element: TopologyElement }) {
  const t = useTranslations("topology");
  const format = useTopologyFormat();
  return (
    <>
      <Row label={t("details.type")} value={t(`types.${element.type}`)} />
      <Row label={t("details.role")} value={t(`roles.${element.role}`)} />
      <Row label={t("details.state")} value={<StateBadge tone={element.tone} state={element.state} />} />
      {element.kind && <Row label={t("details.kind")} value={t(`kinds.${element.kind}` as "kinds.physical")} />}
      {element.location && <Row label={t("details.location")} value={element.location} />}
      {element.port && <Row label={t("details.port")} value={<span className="font-mono text-xs">{element.port}</span>} />}
      {element.bandwidthMbps !== null && <Row label={t("details.bandwidth")} value={format.bandwidth(element.bandwidthMbps)} />}
      {element.type === "connector" && (
        <>
          <Row label={t("details.rx")} value={format.rate(element.rxBps)} />
          <Row label={t("details.tx")} value={format.rate(element.txBps)} />
          <Row label={t("details.utilization")} value={format.percent(element.utilizationPercent)} />
        </>
      )}
    </>
  );
}

function ConnectionDetails({ connection, names }: { connection: TopologyConnection; names: Map<string, string> }) {
  const t = useTranslations("topology");
  const format = useTopologyFormat();
  return (
    <>
      <Row label={t("details.type")} value={t(`types.${connection.type}`)} />
      <Row label={t("details.state")} value={<StateBadge tone={connection.tone} state={connection.state} />} />
      <Row label={t("details.from")} value={names.get(connection.source) ?? t("details.none")} />
      <Row label={t("details.to")} value={names.get(connection.target) ?? t("details.none")} />
      {connection.linkType && <Row label={t("details.linkType")} value={t(`kinds.${connection.linkType}`)} />}
      {connection.status && <Row label={t("details.status")} value={t(`states.${connection.status}`)} />}
      {connection.type === "link" && (
        <>
          <Row label={t("details.latency")} value={format.ms(connection.latencyMs)} />
          <Row label={t("details.loss")} value={format.percent(connection.lossPercent)} />
        </>
      )}
      {connection.bandwidthMbps !== null && <Row label={t("details.bandwidth")} value={format.bandwidth(connection.bandwidthMbps)} />}
      <Row label={t("details.rx")} value={format.rate(connection.rxBps)} />
      <Row label={t("details.tx")} value={format.rate(connection.txBps)} />
      {connection.cost !== null && <Row label={t("details.cost")} value={connection.cost} />}
    </>
  );
}

/** The side panel: everything known about the element or connection under the pointer or last selected. */
export function TopologyDetails({ topology, activeId }: { topology: PathTopology; activeId: string | null }) {
  const t = useTranslations("topology");
  const element = topology.elements.find((item) => item.id === activeId);
  const connection = element ? undefined : topology.connections.find((item) => item.id === activeId);
  const names = new Map(topology.elements.map((item) => [item.id, item.name]));
  if (!element && !connection) return <p className="text-sm text-muted-foreground">{t("hint")}</p>;
  return (
    <div data-testid="topology-details" aria-live="polite">
      <h3 className="mb-3 text-sm font-semibold break-words">{element?.name ?? connection?.name ?? t(`types.${connection!.type}`)}</h3>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-3 lg:grid-cols-6">{element ? <ElementDetails element={element} /> : <ConnectionDetails connection={connection!} names={names} />}</dl>
    </div>
  );
}
