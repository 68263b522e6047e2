import { classifyPathSla, MIN_SLA_SAMPLES, type PathMeasurement, type PathSla } from "@/lib/health";
import type { RolloutGateMetric, RolloutPathFigures, RolloutVerdict } from "./rollout-schema";

// The SLA gate of a staged rollout: the paths served by a wave's devices, measured over a window before the wave
// and over the observation window after it. A path degraded when its SLA (lib/health.ts) got worse, or stayed bad,
// AND one of the metrics behind it moved by more than the noise of a healthy network (a path hovering at 79.8 ms
// that reads 80.3 ms is noise, not a bad upgrade), or when it reported before and fell silent after. Pure: the
// scheduler and the unit tests call the same function.

/** How much a metric must worsen to count, beyond crossing a threshold: the larger of an absolute and a relative step. */
export const GATE_NOISE: Record<Exclude<RolloutGateMetric, "samples">, { absolute: number; relative: number }> = {
  latencyMs: { absolute: 5, relative: 0.1 },
  jitterMs: { absolute: 3, relative: 0.2 },
  lossPercent: { absolute: 0.5, relative: 0.5 },
};

const RANK: Record<PathSla, number> = { unknown: 0, healthy: 1, warning: 2, bad: 3 };

export interface GatePath {
  pathId: string;
  name: string;
  before: PathMeasurement | null;
  after: PathMeasurement | null;
}

export const figuresOf = (measurement: PathMeasurement): RolloutPathFigures => ({
  sla: classifyPathSla(measurement),
  latencyMs: measurement.latencyMs,
  jitterMs: measurement.jitterMs,
  lossPercent: measurement.lossPercent,
  samples: measurement.samples,
});

const enough = (measurement: PathMeasurement | null): measurement is PathMeasurement => Boolean(measurement && measurement.samples >= MIN_SLA_SAMPLES);

/** The metrics that worsened beyond noise between two measurements. */
export function worsenedMetrics(before: PathMeasurement, after: PathMeasurement): RolloutGateMetric[] {
  const worse: RolloutGateMetric[] = [];
  for (const metric of ["latencyMs", "jitterMs", "lossPercent"] as const) {
    const was = before[metric];
    const now = after[metric];
    if (was === null || now === null) continue;
    const noise = GATE_NOISE[metric];
    if (now - was > Math.max(noise.absolute, Math.abs(was) * noise.relative)) worse.push(metric);
  }
  return worse;
}

/** One path's verdict: null when it did not degrade (or cannot be judged), else the metrics that did. */
export function pathDegradation(path: GatePath): RolloutGateMetric[] | null {
  const { before, after } = path;
  // Reported before the wave, silent after it: the upgrade broke what measures (or carries) the path.
  if (enough(before) && (!after || after.samples === 0)) return ["samples"];
  if (!enough(after)) return null;
  const slaAfter = classifyPathSla(after);
  if (!enough(before)) {
    // Nothing to compare with: only a bad SLA after the wave stops the rollout.
    return slaAfter === "bad" ? (["latencyMs", "jitterMs", "lossPercent"] as const).filter((metric) => classifyMetricBad(after, metric)) : null;
  }
  const rankBefore = RANK[classifyPathSla(before)];
  // Better, or the same band: not the wave's doing — except a path already failing that the wave made measurably
  // worse (a lossy link's path losing 6 % instead of 2 % after the upgrade).
  if (RANK[slaAfter] < rankBefore || (RANK[slaAfter] === rankBefore && slaAfter !== "bad")) return null;
  const worse = worsenedMetrics(before, after);
  return worse.length > 0 ? worse : null;
}

function classifyMetricBad(measurement: PathMeasurement, metric: "latencyMs" | "jitterMs" | "lossPercent"): boolean {
  const only: PathMeasurement = { latencyMs: 0, jitterMs: 0, lossPercent: 0, samples: measurement.samples, [metric]: measurement[metric] };
  return classifyPathSla(only) === "bad";
}

/** The gate's verdict on a wave: passed unless a path degraded. */
export function gateVerdict(paths: readonly GatePath[], window: { beforeFrom: Date; afterFrom: Date; afterTo: Date }): RolloutVerdict {
  const degraded: RolloutVerdict["degraded"] = [];
  let checkedPaths = 0;
  for (const path of paths) {
    if (!path.before && !path.after) continue;
    checkedPaths++;
    const metrics = pathDegradation(path);
    if (!metrics) continue;
    const after = path.after ?? { latencyMs: null, jitterMs: null, lossPercent: null, samples: 0 };
    degraded.push({ pathId: path.pathId, name: path.name, before: path.before ? figuresOf(path.before) : null, after: figuresOf(after), metrics });
  }
  degraded.sort((a, b) => a.name.localeCompare(b.name) || (a.pathId < b.pathId ? -1 : 1));
  return {
    passed: degraded.length === 0,
    checkedPaths,
    beforeFrom: window.beforeFrom.toISOString(),
    afterFrom: window.afterFrom.toISOString(),
    afterTo: window.afterTo.toISOString(),
    degraded,
  };
}
