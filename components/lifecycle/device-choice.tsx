"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { Badge } from "@/components/ui/badge";
import { Checkbox } from "@/components/ui/checkbox";
import type { Device } from "@/lib/inventory/schema";
import type { DeviceBusy } from "@/lib/lifecycle/busy";
import { cn } from "@/lib/utils";
import { useZonedTimeText } from "./operation-cells";

/** Why a device is unavailable, in a few words: "Scheduled install 24.3.1 on 5 Jan, 14:00 CET", "In rollout of 25.1, wave 2". */
export function useBusyText() {
  const t = useTranslations("lifecycle.busy");
  const time = useZonedTimeText();
  return (busy: DeviceBusy): string => {
    if (busy.reason === "rollout") return t(busy.status === "halted" ? "inHaltedRollout" : "inRollout", { version: busy.version, wave: busy.wave });
    const install = busy.operation === "install-version";
    if (busy.status === "active") return install ? t("runningInstall", { version: busy.version ?? "" }) : t("runningReboot");
    const date = time(busy.scheduledAt, true);
    return install ? t("scheduledInstall", { version: busy.version ?? "", date }) : t("scheduledReboot", { date });
  };
}

interface DeviceChoiceProps {
  device: Device;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  testId: string;
}

/**
 * One device of a lifecycle picker (schedule and staged rollout dialogs): its serial number, node and version, and a
 * box to choose it. A busy device (the server's rule: `busy` in the list) says why and cannot be chosen; one chosen
 * before it became busy can still be let go.
 */
export function DeviceChoice({ device, checked, onCheckedChange, testId }: DeviceChoiceProps) {
  const t = useTranslations("lifecycle.busy");
  const busyText = useBusyText();
  const reasonId = useId();
  const busy = device.busy ?? null;
  const disabled = busy !== null && !checked;
  return (
    <label
      className={cn(
        "flex items-center gap-3 rounded-sm px-2 py-1.5 text-sm has-[[data-state=checked]]:bg-accent/60",
        disabled ? "cursor-not-allowed" : "cursor-pointer hover:bg-accent",
      )}
      data-testid={testId}
      data-serial={device.serialNumber}
      data-busy={busy ? busy.reason : undefined}
    >
      <Checkbox
        checked={checked}
        disabled={disabled}
        aria-label={device.serialNumber}
        aria-describedby={busy ? reasonId : undefined}
        onCheckedChange={(on) => onCheckedChange(on === true)}
      />
      <span className={cn("min-w-0 flex-1", disabled && "opacity-60")}>
        <span className="font-mono text-xs font-medium">{device.serialNumber}</span>
        <span className="ml-2 text-muted-foreground">{device.nodeName}</span>
        {busy && (
          <span id={reasonId} className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground" data-testid="lifecycle-device-busy">
            <Badge variant="outline" className="h-4.5 px-1.5 py-0 text-[11px] font-normal">
              {t("unavailable")}
            </Badge>
            <span>{busyText(busy)}</span>
          </span>
        )}
      </span>
      <span className={cn("hidden shrink-0 text-xs text-muted-foreground sm:inline", disabled && "opacity-60")}>
        {device.model} · {device.softwareVersion}
      </span>
    </label>
  );
}
