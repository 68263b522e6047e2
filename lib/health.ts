import { SLA_THRESHOLDS } from "@/lib/constants";

// SPEC §4 and §9: every health rule of the console in one place — path SLA, link health, probe levels, front-panel
// port states. The alarm engine, the telemetry queries, the dashboards and the topology all classify through here.

export const PATH_SLA_STATES = ["healthy", "warning", "bad", "unknown"] as const;
export type PathSla = (typeof PATH_SLA_STATES)[number];

/** The SLA states a path is degraded in (the assistant's "unhealthy", a connector's echo of its paths). */
export const DEGRADED_PATH_SLA_STATES = ["warning", "bad"] as const satisfies readonly PathSla[];

export const LINK_HEALTH_STATES = ["healthy", "warning", "unhealthy", "unknown"] as const;
export type LinkHealth = (typeof LINK_HEALTH_STATES)[number];

export const PROBE_LEVELS = ["healthy", "elevated-latency", "concerning-loss", "severe", "issues"] as const;
export type ProbeLevel = (typeof PROBE_LEVELS)[number];

export const PORT_STATES = ["up", "down", "disabled"] as const;
export type PortState = (typeof PORT_STATES)[number];

/** A link's or a connector's operational state, as its endpoints report it. */
export const LINK_STATUSES = ["up", "down"] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];

/** One tone per state, shared by badges, charts and the topology (STYLE: consistent status colours). */
export const HEALTH_TONES = ["healthy", "warning", "bad", "unknown"] as const;
export type HealthTone = (typeof HEALTH_TONES)[number];

/** Fewer samples than this in the evaluation window is "insufficient data" (SPEC §4: unknown). */
export const MIN_SLA_SAMPLES = 3;

export interface PathMeasurement {
  latencyMs: number | null;
  jitterMs: number | null;
  lossPercent: number | null;
  /** How many samples the figures summarise; below MIN_SLA_SAMPLES the SLA is unknown. */
  samples: number;
}

type Level = "ok" | "warning" | "bad";

/** One metric against its thresholds: strictly above "bad" is bad, strictly above "warning" is warning (SPEC §9). */
export function metricLevel(value: number, threshold: { warning: number; bad: number }): Level {
  if (value > threshold.bad) return "bad";
  if (value > threshold.warning) return "warning";
  return "ok";
}

const worst = (levels: Level[]): Level => (levels.includes("bad") ? "bad" : levels.includes("warning") ? "warning" : "ok");

const isFiniteNumber = (value: number | null): value is number => typeof value === "number" && Number.isFinite(value);

/** SPEC §4: a path's SLA — the worst of latency, jitter and loss; unknown when data is insufficient. */
export function classifyPathSla(measurement: PathMeasurement): PathSla {
  const { latencyMs, jitterMs, lossPercent, samples } = measurement;
  if (samples < MIN_SLA_SAMPLES || !isFiniteNumber(latencyMs) || !isFiniteNumber(jitterMs) || !isFiniteNumber(lossPercent)) {
    return "unknown";
  }
  const level = worst([
    metricLevel(latencyMs, SLA_THRESHOLDS.latencyMs),
    metricLevel(jitterMs, SLA_THRESHOLDS.jitterMs),
    metricLevel(lossPercent, SLA_THRESHOLDS.lossPercent),
  ]);
  return level === "ok" ? "healthy" : level;
}

/** Which metrics broke which threshold, for alarm messages and the assistant's explanations. */
export function slaBreaches(measurement: PathMeasurement): { metric: "latencyMs" | "jitterMs" | "lossPercent"; value: number; level: "warning" | "bad" }[] {
  const breaches: { metric: "latencyMs" | "jitterMs" | "lossPercent"; value: number; level: "warning" | "bad" }[] = [];
  for (const metric of ["latencyMs", "jitterMs", "lossPercent"] as const) {
    const value = measurement[metric];
    if (!isFiniteNumber(value)) continue;
    const level = metricLevel(value, SLA_THRESHOLDS[metric]);
    if (level !== "ok") breaches.push({ metric, value, level });
  }
  return breaches;
}

export interface LinkMeasurement {
  /** The link's operational state as its endpoints report it; null when nothing was reported. */
  status: LinkStatus | null;
  latencyMs: number | null;
  lossPercent: number | null;
}

/** A connector's health: down, or a path over it in bad SLA, is unhealthy; a path in warning, warning; unreported, unknown. */
export function connectorHealth(status: LinkStatus | null, pathSla: PathSla): LinkHealth {
  if (status === null) return "unknown";
  if (status === "down" || pathSla === "bad") return "unhealthy";
  return pathSla === "warning" ? "warning" : "healthy";
}

/** SPEC §4: link health — down or losing more than the bad threshold is unhealthy; beyond warning, warning. */
export function classifyLinkHealth(measurement: LinkMeasurement): LinkHealth {
  if (measurement.status === null) return "unknown";
  if (measurement.status === "down") return "unhealthy";
  const levels: Level[] = [];
  if (isFiniteNumber(measurement.lossPercent)) levels.push(metricLevel(measurement.lossPercent, SLA_THRESHOLDS.lossPercent));
  if (isFiniteNumber(measurement.latencyMs)) levels.push(metricLevel(measurement.latencyMs, SLA_THRESHOLDS.latencyMs));
  const level = worst(levels);
  return level === "bad" ? "unhealthy" : level === "warning" ? "warning" : "healthy";
}

export interface ProbeResult {
  latencyMs: number | null;
  jitterMs: number | null;
  lossPercent: number | null;
}

/**
 * SPEC §4: probe health levels. A probe that got no answer (no latency, or all packets lost) or crossed a "bad"
 * threshold is severe; loss beyond warning is concerning loss; latency beyond warning is elevated latency; jitter
 * beyond warning alone is "issues"; otherwise healthy.
 */
export function classifyProbe(result: ProbeResult): ProbeLevel {
  const { latencyMs, jitterMs, lossPercent } = result;
  if (!isFiniteNumber(latencyMs) || (isFiniteNumber(lossPercent) && lossPercent >= 100)) return "severe";
  const loss = isFiniteNumber(lossPercent) ? metricLevel(lossPercent, SLA_THRESHOLDS.lossPercent) : "ok";
  const latency = metricLevel(latencyMs, SLA_THRESHOLDS.latencyMs);
  const jitter = isFiniteNumber(jitterMs) ? metricLevel(jitterMs, SLA_THRESHOLDS.jitterMs) : "ok";
  if (loss === "bad" || latency === "bad") return "severe";
  if (loss === "warning") return "concerning-loss";
  if (latency === "warning") return "elevated-latency";
  if (jitter !== "ok") return "issues";
  return "healthy";
}

/** How bad each SLA state is, the worst highest (a database may rank by it: see the connector health query). */
export const SLA_RANK: Record<PathSla, number> = { unknown: 0, healthy: 1, warning: 2, bad: 3 };
const LINK_RANK: Record<LinkHealth, number> = { unknown: 0, healthy: 1, warning: 2, unhealthy: 3 };
const PROBE_RANK: Record<ProbeLevel, number> = { healthy: 0, issues: 1, "elevated-latency": 2, "concerning-loss": 3, severe: 4 };

/** The worst of several states (a site's paths, a connector's links, a group of probes); unknown when empty. */
export function worstSla(states: PathSla[]): PathSla {
  return states.reduce<PathSla>((acc, state) => (SLA_RANK[state] > SLA_RANK[acc] ? state : acc), "unknown");
}

export function worstLinkHealth(states: LinkHealth[]): LinkHealth {
  return states.reduce<LinkHealth>((acc, state) => (LINK_RANK[state] > LINK_RANK[acc] ? state : acc), "unknown");
}

export function worstProbeLevel(levels: ProbeLevel[]): ProbeLevel {
  return levels.reduce<ProbeLevel>((acc, level) => (PROBE_RANK[level] > PROBE_RANK[acc] ? level : acc), "healthy");
}

export function healthTone(state: PathSla | LinkHealth | ProbeLevel | PortState): HealthTone {
  switch (state) {
    case "healthy":
    case "up":
      return "healthy";
    case "warning":
    case "elevated-latency":
    case "issues":
    case "concerning-loss":
      return "warning";
    case "bad":
    case "unhealthy":
    case "severe":
    case "down":
      return "bad";
    default:
      return "unknown";
  }
}
