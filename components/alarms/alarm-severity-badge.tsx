"use client";

import { OctagonAlert, TriangleAlert, type LucideIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import type { AlarmSeverity } from "@/lib/alarms/schema";

// The console's status colours: critical and major are "bad", minor and warning are "warning"; critical alone is
// filled, so it stands out in a long list.
const LOOK: Record<AlarmSeverity, { variant: "destructive" | "bad" | "warning"; icon: LucideIcon }> = {
  critical: { variant: "destructive", icon: OctagonAlert },
  major: { variant: "bad", icon: OctagonAlert },
  minor: { variant: "warning", icon: TriangleAlert },
  warning: { variant: "warning", icon: TriangleAlert },
};

export function AlarmSeverityBadge({ severity }: { severity: AlarmSeverity }) {
  const t = useTranslations("alarms.severities");
  const { variant, icon: Icon } = LOOK[severity];
  return (
    <Badge variant={variant} data-severity={severity}>
      <Icon aria-hidden />
      {t(severity)}
    </Badge>
  );
}
