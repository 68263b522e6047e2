import type { LifecycleStatus } from "./schema";

// SPEC §4: the summary of a batch of lifecycle operations once they are over — all succeeded, all were cancelled,
// or some failed. Pure, so the pages and the API say the same thing.

export type LifecycleSummary = "all-success" | "all-cancelled" | "some-failed";

const FINISHED: ReadonlySet<LifecycleStatus> = new Set(["success", "failed", "cancelled"]);

/** The summary of finished operations; null when there are none, some are not finished, or none of the cases fits. */
export function lifecycleSummary(statuses: readonly LifecycleStatus[]): LifecycleSummary | null {
  if (statuses.length === 0 || !statuses.every((status) => FINISHED.has(status))) return null;
  if (statuses.some((status) => status === "failed")) return "some-failed";
  if (statuses.every((status) => status === "success")) return "all-success";
  if (statuses.every((status) => status === "cancelled")) return "all-cancelled";
  return null;
}

const SUMMARY_KEYS = {
  "all-success": "lifecycle.summary.allSuccess",
  "all-cancelled": "lifecycle.summary.allCancelled",
  "some-failed": "lifecycle.summary.someFailed",
} as const satisfies Record<LifecycleSummary, string>;

/** The catalogue message of the summary ("{failed} of {total} operations failed"), or null. */
export function lifecycleSummaryMessage(
  statuses: readonly LifecycleStatus[],
): { key: (typeof SUMMARY_KEYS)[LifecycleSummary]; values: { failed: number; total: number } } | null {
  const summary = lifecycleSummary(statuses);
  if (!summary) return null;
  const failed = statuses.filter((status) => status === "failed").length;
  return { key: SUMMARY_KEYS[summary], values: { failed, total: statuses.length } };
}
