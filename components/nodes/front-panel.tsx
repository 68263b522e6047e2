"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { CardMessage, CardSkeleton, DashboardCard } from "@/components/dashboard/dashboard-card";
import { useRateFormat } from "@/components/dashboard/use-units";
import type { PortState } from "@/lib/health";
import { nodePortsQueryOptions } from "@/lib/telemetry/queries";
import type { FrontPanel as FrontPanelData } from "@/lib/telemetry/schema";
import { cn } from "@/lib/utils";
import { usePortTenantNames } from "./port-names";

type Port = FrontPanelData["ports"][number];

const STATE_CLASS: Record<PortState | "unknown", string> = {
  up: "border-status-healthy bg-status-healthy/25",
  down: "border-status-bad bg-status-bad/25",
  disabled: "border-status-unknown bg-[repeating-linear-gradient(135deg,transparent_0_4px,var(--color-status-unknown)_4px_5px)] opacity-70",
  unknown: "border-dashed border-status-unknown bg-transparent",
};

function PortBox({ port, selected, onSelect, label }: { port: Port; selected: boolean; onSelect: () => void; label: string }) {
  const state = port.status ?? "unknown";
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-pressed={selected}
      title={label}
      aria-label={label}
      data-testid="front-panel-port"
      data-port={port.portId}
      data-state={state}
      className={cn(
        "flex h-12 w-16 flex-col items-center justify-center gap-1 rounded-sm border-2 font-mono text-[10px] leading-none transition-shadow focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
        STATE_CLASS[state],
        selected && "ring-2 ring-primary ring-offset-2 ring-offset-background",
      )}
    >
      <span className="h-3 w-7 rounded-[2px] border border-foreground/40 bg-background/60" aria-hidden />
      <span className="max-w-full truncate px-0.5">{port.portId}</span>
    </button>
  );
}

/**
 * SPEC §2 monitor: the device's ports drawn as a front panel — interfaces, then the switch's ports — each up, down or
 * disabled (dashed: never reported), live. Choosing a port shows its traffic.
 */
export function FrontPanel({ nodeId, selected, onSelect }: { nodeId: string; selected: string | null; onSelect: (portId: string) => void }) {
  const t = useTranslations("nodes.monitor");
  const units = useRateFormat();
  const names = usePortTenantNames(nodeId);
  const query = useQuery(nodePortsQueryOptions(nodeId));
  const ports = query.data?.ports ?? [];
  const groups = [
    { key: "interface", title: t("interfaces"), ports: ports.filter((port) => port.kind === "interface") },
    { key: "switch-port", title: t("switchPorts"), ports: ports.filter((port) => port.kind === "switch-port") },
  ].filter((group) => group.ports.length > 0);
  const label = (port: Port) => {
    const serves = [names.customer(port.customerOrganizationId), names.site(port.siteId)].filter(Boolean).join(" · ");
    return t("portLabel", {
      port: port.kind === "switch-port" ? t("switchPort", { index: port.portId }) : port.portId,
      state: t(`states.${port.status ?? "unknown"}`),
      rx: units.rate(port.rxBps),
      tx: units.rate(port.txBps),
      serves: serves || t("servesNobody"),
    });
  };
  return (
    <DashboardCard
      title={t("frontPanel")}
      subtitle={t("frontPanelHint")}
      testId="front-panel"
      actions={
        <ul className="flex flex-wrap gap-3 text-xs text-muted-foreground" aria-label={t("legend")}>
          {(["up", "down", "disabled", "unknown"] as const).map((state) => (
            <li key={state} className="inline-flex items-center gap-1.5">
              <span className={cn("size-3 rounded-[2px] border-2", STATE_CLASS[state])} aria-hidden />
              {t(`states.${state}`)}
            </li>
          ))}
        </ul>
      }
    >
      {query.isPending ? (
        <CardSkeleton rows={2} />
      ) : query.isError ? (
        <CardMessage tone="error">{t("loadError", { error: query.error.message })}</CardMessage>
      ) : groups.length === 0 ? (
        <CardMessage>{t("noPorts")}</CardMessage>
      ) : (
        <div className="grid gap-4 rounded-md border bg-muted/40 p-3">
          {groups.map((group) => (
            <div key={group.key} className="grid gap-2">
              <h3 className="text-xs font-medium text-muted-foreground">{group.title}</h3>
              <div className="flex flex-wrap gap-2">
                {group.ports.map((port) => (
                  <PortBox
                    key={`${port.kind}:${port.portId}`}
                    port={port}
                    label={label(port)}
                    selected={selected === port.portId}
                    onSelect={() => onSelect(port.portId)}
                  />
                ))}
              </div>
            </div>
          ))}
        </div>
      )}
    </DashboardCard>
  );
}
