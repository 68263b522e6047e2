import "server-only";
import { SLA_THRESHOLDS } from "@/lib/constants";
import { MIN_SLA_SAMPLES, metricLevel } from "@/lib/health";
import { changedFields, type EntityChange } from "../queries";

// Which changes may explain a path's SLA breach (issue 40, scope 7), as a network engineer reasons: only a change to
// an object the path crosses (its blast radius), made before the breach began and not long before, that changed
// more than words, and that nobody has undone since. Pure rules, so each is tested on its own.

const SLA_METRICS = ["latencyMs", "jitterMs", "lossPercent"] as const;

/** A change this long before the breach began may still explain it; an older one has been lived with since. */
export const SUSPECT_WINDOW_MS = 24 * 3600_000;

/** Fields that name or describe an object: editing them changes no packet's way, so no latency, jitter or loss. */
const COSMETIC_FIELD = /^(name|description|notes?|labels?|tags?|comments?|locationAddress|location|latitude|longitude|contact\w*)$/i;

/** The path's figures over one SLA window of its history. */
export interface SlaWindow {
  start: number;
  samples: number;
  latencyMs: number | null;
  jitterMs: number | null;
  lossPercent: number | null;
}

/** When the breach began, and whether it began before the history read (then it lasts at least since `at`). */
export interface BreachOnset {
  at: number;
  atLeast: boolean;
}

const over = (window: SlaWindow) =>
  SLA_METRICS.some((metric) => {
    const value = window[metric];
    return value !== null && metricLevel(value, SLA_THRESHOLDS[metric]) !== "ok";
  });

/**
 * The start of the unbroken run of windows, up to the latest one, in which a metric is over its threshold (the SLA
 * is warning or bad); windows with too few samples to judge neither break the run nor start it. Null when the latest
 * judged window is within the thresholds (the history does not show the breach). `windows` are oldest first; `from`
 * is where the history read starts.
 */
export function breachOnset(windows: readonly SlaWindow[], from: number, windowMs: number): BreachOnset | null {
  const judged = windows.filter((window) => window.samples >= MIN_SLA_SAMPLES);
  let first: SlaWindow | null = null;
  for (let index = judged.length - 1; index >= 0 && over(judged[index]); index -= 1) first = judged[index];
  if (!first) return null;
  return { at: first.start, atLeast: first === judged[0] && first.start < from + windowMs };
}

export type ChangeVerdict = "suspect" | "outside" | "after" | "earlier" | "cosmetic" | "reverted";

const later = (a: EntityChange, b: EntityChange) => {
  const [ta, tb] = [Date.parse(a.timestamp), Date.parse(b.timestamp)];
  return ta > tb || (ta === tb && Number(a.id) > Number(b.id));
};

/**
 * Each change judged against the breach that began at `onset`: "outside" the objects the path crosses, made "after"
 * the onset, "earlier" than the window before it, "cosmetic" (names and descriptions only), "reverted" (every field
 * it changed that matters was later set back to its earlier value on the same object, or it sets back what an
 * earlier change of the object changed), else a "suspect".
 */
export function judgeChanges(
  changes: readonly EntityChange[],
  radius: ReadonlySet<string>,
  onset: number,
  windowMs = SUSPECT_WINDOW_MS,
): { change: EntityChange; verdict: ChangeVerdict }[] {
  return changes.map((change) => {
    const at = Date.parse(change.timestamp);
    if (!radius.has(change.entityId)) return { change, verdict: "outside" };
    if (at > onset) return { change, verdict: "after" };
    if (at < onset - windowMs) return { change, verdict: "earlier" };
    const fields = changedFields(change.before, change.after).filter((field) => !COSMETIC_FIELD.test(field.field));
    if (fields.length === 0) return { change, verdict: "cosmetic" };
    const same = changes.filter((other) => other.entityId === change.entityId && other !== change);
    const undone = same.filter((other) => later(other, change)).flatMap((other) => changedFields(other.before, other.after));
    const undoing = same.filter((other) => later(change, other)).flatMap((other) => changedFields(other.before, other.after));
    // Undone by a later change, or itself the undoing of an earlier one: either way the pair leaves the field as it was.
    const reverted = fields.every(
      (field) =>
        undone.some((other) => other.field === field.field && other.after === field.before) ||
        undoing.some((other) => other.field === field.field && other.before === field.after && other.after === field.before),
    );
    return { change, verdict: reverted ? "reverted" : "suspect" };
  });
}
