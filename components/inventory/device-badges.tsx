"use client";

import { CircleCheck, CircleDashed, Radio, RadioTower } from "lucide-react";
import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import type { Device } from "@/lib/inventory/schema";

/** Reporting (telemetry within the silence threshold) or silent on a node (bad); a device on no node is not in service. */
export function ReportingBadge({ device }: { device: Device }) {
  const t = useTranslations("inventory.reporting");
  if (device.reporting) {
    return (
      <Badge variant="healthy" data-testid="device-reporting" data-reporting="true">
        <RadioTower aria-hidden />
        {t("reporting")}
      </Badge>
    );
  }
  if (!device.nodeId) {
    return (
      <Badge variant="unknown" data-testid="device-reporting" data-reporting="false">
        <Radio aria-hidden />
        {t("notInService")}
      </Badge>
    );
  }
  return (
    <Badge variant="bad" data-testid="device-reporting" data-reporting="false" title={device.lastSeenAt ? undefined : t("neverHint")}>
      <Radio aria-hidden />
      {t("silent")}
    </Badge>
  );
}

/** The configured flag (SPEC §3): the device holds a node's configuration. */
export function ConfiguredBadge({ configured }: { configured: boolean }) {
  const t = useTranslations("inventory.configured");
  return configured ? (
    <Badge variant="healthy" data-testid="device-configured" data-configured="true">
      <CircleCheck aria-hidden />
      {t("yes")}
    </Badge>
  ) : (
    <Badge variant="unknown" data-testid="device-configured" data-configured="false">
      <CircleDashed aria-hidden />
      {t("no")}
    </Badge>
  );
}

