import type { LinkHealth } from "@/lib/health";

/** A site's health on the dashboards: its least healthy connector's; unknown with no connector or no report. */
export function worstLinkHealth(states: LinkHealth[]): LinkHealth {
  if (states.includes("unhealthy")) return "unhealthy";
  if (states.includes("warning")) return "warning";
  if (states.includes("healthy")) return "healthy";
  return "unknown";
}
