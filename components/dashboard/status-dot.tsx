"use client";

import { useTranslations } from "next-intl";
import { healthTone, type LinkHealth, type PathSla, type ProbeLevel } from "@/lib/health";
import { cn } from "@/lib/utils";

const TONE_CLASS = {
  healthy: "bg-status-healthy",
  warning: "bg-status-warning",
  bad: "bg-status-bad",
  unknown: "bg-status-unknown",
} as const;

/** A health state as a coloured dot and its name (the console's shared status colours). */
export function StatusDot({ state, label = true }: { state: PathSla | LinkHealth | ProbeLevel; label?: boolean }) {
  const t = useTranslations("dashboard.health");
  const tone = healthTone(state);
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap" data-testid="health" data-health={state} title={t(state)}>
      <span className={cn("size-2 shrink-0 rounded-full", TONE_CLASS[tone])} aria-hidden />
      {label ? <span className="text-xs">{t(state)}</span> : <span className="sr-only">{t(state)}</span>}
    </span>
  );
}
