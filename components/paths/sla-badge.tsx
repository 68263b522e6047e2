"use client";

import { CircleAlert, CircleCheck, CircleHelp, CircleX, type LucideIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { healthTone, type HealthTone, type PathSla } from "@/lib/health";

const ICONS: Record<HealthTone, LucideIcon> = { healthy: CircleCheck, warning: CircleAlert, bad: CircleX, unknown: CircleHelp };

/** A path's SLA health in the console's status colours (lib/health.ts). */
export function SlaBadge({ health }: { health: PathSla }) {
  const t = useTranslations("paths");
  const tone = healthTone(health);
  const Icon = ICONS[tone];
  return (
    <Badge variant={tone} data-testid="sla-badge" data-health={health} title={health === "unknown" ? t("slaUnknownHint") : undefined}>
      <Icon aria-hidden />
      {t(`sla.${health}`)}
    </Badge>
  );
}
