import type { HealthTone } from "@/lib/health";

// The status colours of app/globals.css, as SVG paint (they follow the light and dark themes).
export const TONE_COLOR: Record<HealthTone, string> = {
  healthy: "var(--status-healthy)",
  warning: "var(--status-warning)",
  bad: "var(--status-bad)",
  unknown: "var(--status-unknown)",
};
