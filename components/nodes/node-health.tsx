"use client";

import { useTranslations } from "next-intl";
import type { HealthTone } from "@/lib/health";
import { cn } from "@/lib/utils";

const TONE_CLASS: Record<HealthTone, string> = {
  healthy: "bg-status-healthy",
  warning: "bg-status-warning",
  bad: "bg-status-bad",
  unknown: "bg-status-unknown",
};

/** A node's health as the console's status dot and its word. */
export function NodeHealth({ health }: { health: HealthTone }) {
  const t = useTranslations("nodes.health");
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap text-xs" data-testid="node-health" data-health={health}>
      <span className={cn("size-2 shrink-0 rounded-full", TONE_CLASS[health])} aria-hidden />
      {t(health)}
    </span>
  );
}
