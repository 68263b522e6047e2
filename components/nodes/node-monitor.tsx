"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { BandwidthCard } from "@/components/dashboard/bandwidth-card";
import { nodePortsQueryOptions } from "@/lib/telemetry/queries";
import { ConnectedSitesCard } from "./connected-sites-card";
import { DeviceCard } from "./device-card";
import { FrontPanel } from "./front-panel";

/** A node's monitor (SPEC §2): front panel, RX/TX of a chosen port over time, device (uptime, version), connected sites. */
export function NodeMonitor({ nodeId, since }: { nodeId: string; since: string }) {
  const t = useTranslations("nodes.monitor");
  const ports = useQuery(nodePortsQueryOptions(nodeId));
  const [chosen, setChosen] = useState<string | null>(null);
  // The first port that reported, until one is chosen.
  const list = ports.data?.ports ?? [];
  const selected = chosen ?? (list.find((port) => port.status !== null) ?? list[0])?.portId ?? null;
  return (
    <div className="grid grid-cols-1 gap-4">
      <FrontPanel nodeId={nodeId} selected={selected} onSelect={setChosen} />
      <div className="grid gap-4 grid-cols-1 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        {selected ? (
          <BandwidthCard kind="node" id={nodeId} portId={selected} since={since} title={t("traffic")} subtitle={t("trafficOf", { port: selected })} />
        ) : (
          <div />
        )}
        <DeviceCard nodeId={nodeId} />
      </div>
      <ConnectedSitesCard nodeId={nodeId} title={t("connectedSites")} />
    </div>
  );
}
