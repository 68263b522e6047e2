"use client";

import { useQuery } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { Timestamp } from "@/components/common/timestamp";
import { CardMessage, CardSkeleton, DashboardCard } from "@/components/dashboard/dashboard-card";
import { nodeDeviceQueryOptions } from "@/lib/telemetry/queries";
import { cn } from "@/lib/utils";

/** "3 d 4 h", "5 h 12 min", "42 min": how long the device has been up. */
export function useUptime() {
  const t = useTranslations("nodes.device");
  return (seconds: number) => {
    const days = Math.floor(seconds / 86_400);
    const hours = Math.floor((seconds % 86_400) / 3600);
    const minutes = Math.floor((seconds % 3600) / 60);
    if (days > 0) return t("uptimeDays", { days, hours });
    if (hours > 0) return t("uptimeHours", { hours, minutes });
    return t("uptimeMinutes", { minutes });
  };
}

/** The node's device: serial, model, software version, reachability, uptime, CPU and memory (SPEC §2 monitor). */
export function DeviceCard({ nodeId }: { nodeId: string }) {
  const t = useTranslations("nodes.device");
  const format = useFormatter();
  const uptime = useUptime();
  const query = useQuery(nodeDeviceQueryOptions(nodeId));
  const device = query.data?.device;
  const percent = (value: number | null) => (value === null ? "—" : t("percent", { value: format.number(value, { maximumFractionDigits: 0 }) }));
  return (
    <DashboardCard title={t("title")} testId="device-card">
      {query.isPending ? (
        <CardSkeleton rows={4} />
      ) : query.isError ? (
        <CardMessage tone="error">{t("loadError", { error: query.error.message })}</CardMessage>
      ) : !device ? (
        <CardMessage>{t("none")}</CardMessage>
      ) : (
        <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm">
          <div className="grid gap-0.5">
            <dt className="text-xs text-muted-foreground">{t("serial")}</dt>
            <dd className="font-mono">{device.serialNumber}</dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="text-xs text-muted-foreground">{t("model")}</dt>
            <dd className="font-mono">{device.model}</dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="text-xs text-muted-foreground">{t("version")}</dt>
            <dd className="font-mono" data-testid="device-version">
              {device.softwareVersion}
            </dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="text-xs text-muted-foreground">{t("reachability")}</dt>
            <dd className="inline-flex items-center gap-1.5" data-testid="device-reachable" data-reachable={device.reachable}>
              <span className={cn("size-2 rounded-full", device.reachable ? "bg-status-healthy" : "bg-status-bad")} aria-hidden />
              {device.reachable ? t("reachable") : t("unreachable")}
            </dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="text-xs text-muted-foreground">{t("uptime")}</dt>
            <dd className="tabular-nums" data-testid="device-uptime">
              {device.uptimeSeconds === null ? "—" : uptime(device.uptimeSeconds)}
            </dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="text-xs text-muted-foreground">{t("lastSeen")}</dt>
            <dd className="text-xs">{device.lastSeenAt ? <Timestamp value={device.lastSeenAt} /> : t("never")}</dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="text-xs text-muted-foreground">{t("cpu")}</dt>
            <dd className="tabular-nums">{percent(device.cpuPercent)}</dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="text-xs text-muted-foreground">{t("memory")}</dt>
            <dd className="tabular-nums">{percent(device.memoryPercent)}</dd>
          </div>
        </dl>
      )}
    </DashboardCard>
  );
}
