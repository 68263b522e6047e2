import { describe, expect, it } from "vitest";
import { pathSchema } from "@/lib/paths/schema";
import { pathTopologySchema } from "@/lib/paths/topology-schema";
import { paths, telemetryConnectorState, telemetryPathState, telemetryPortState } from "@/server/db/schema";
import {
  classifyLinkHealth,
  classifyPathSla,
  classifyProbe,
  connectorHealth,
  HEALTH_TONES,
  healthTone,
  LINK_STATUSES,
  MIN_SLA_SAMPLES,
  PATH_SLA_STATES,
  PORT_STATES,
  slaBreaches,
  worstLinkHealth,
  worstProbeLevel,
  worstSla,
} from "@/lib/health";

// SPEC §4 and §9: health at every threshold. "Above" is strict: exactly on a threshold is still the better state.

const healthy = { latencyMs: 20, jitterMs: 2, lossPercent: 0, samples: 10 };

describe("classifyPathSla", () => {
  it.each([
    // latency: warning above 80 ms, bad above 100 ms
    [{ latencyMs: 80 }, "healthy"],
    [{ latencyMs: 80.01 }, "warning"],
    [{ latencyMs: 100 }, "warning"],
    [{ latencyMs: 100.01 }, "bad"],
    // jitter: warning above 20 ms, bad above 30 ms
    [{ jitterMs: 20 }, "healthy"],
    [{ jitterMs: 20.5 }, "warning"],
    [{ jitterMs: 30 }, "warning"],
    [{ jitterMs: 31 }, "bad"],
    // loss: warning above 1 %, bad above 5 %
    [{ lossPercent: 1 }, "healthy"],
    [{ lossPercent: 1.1 }, "warning"],
    [{ lossPercent: 5 }, "warning"],
    [{ lossPercent: 5.1 }, "bad"],
    // the worst metric wins
    [{ latencyMs: 90, lossPercent: 6 }, "bad"],
    [{ latencyMs: 90, jitterMs: 25, lossPercent: 2 }, "warning"],
    [{ latencyMs: 0, jitterMs: 0, lossPercent: 0 }, "healthy"],
  ])("%o → %s", (change, expected) => {
    expect(classifyPathSla({ ...healthy, ...change })).toBe(expected);
  });

  it("is unknown with insufficient data", () => {
    expect(classifyPathSla({ ...healthy, samples: MIN_SLA_SAMPLES - 1 })).toBe("unknown");
    expect(classifyPathSla({ ...healthy, samples: MIN_SLA_SAMPLES })).toBe("healthy");
    expect(classifyPathSla({ ...healthy, samples: 0 })).toBe("unknown");
    expect(classifyPathSla({ ...healthy, latencyMs: null })).toBe("unknown");
    expect(classifyPathSla({ ...healthy, jitterMs: Number.NaN })).toBe("unknown");
    expect(classifyPathSla({ ...healthy, lossPercent: null })).toBe("unknown");
  });

  it("names the breached thresholds", () => {
    expect(slaBreaches({ latencyMs: 132, jitterMs: 22, lossPercent: 0.5, samples: 5 })).toEqual([
      { metric: "latencyMs", value: 132, level: "bad" },
      { metric: "jitterMs", value: 22, level: "warning" },
    ]);
    expect(slaBreaches(healthy)).toEqual([]);
  });
});

describe("classifyLinkHealth", () => {
  it.each([
    [{ status: null, latencyMs: 5, lossPercent: 0 }, "unknown"],
    [{ status: "down", latencyMs: 5, lossPercent: 0 }, "unhealthy"],
    [{ status: "up", latencyMs: 5, lossPercent: 0 }, "healthy"],
    [{ status: "up", latencyMs: null, lossPercent: null }, "healthy"],
    [{ status: "up", latencyMs: 5, lossPercent: 1 }, "healthy"],
    [{ status: "up", latencyMs: 5, lossPercent: 1.5 }, "warning"],
    [{ status: "up", latencyMs: 5, lossPercent: 5 }, "warning"],
    [{ status: "up", latencyMs: 5, lossPercent: 5.5 }, "unhealthy"],
    [{ status: "up", latencyMs: 80, lossPercent: 0 }, "healthy"],
    [{ status: "up", latencyMs: 81, lossPercent: 0 }, "warning"],
    [{ status: "up", latencyMs: 101, lossPercent: 0 }, "unhealthy"],
  ] as const)("%o → %s", (measurement, expected) => {
    expect(classifyLinkHealth(measurement)).toBe(expected);
  });
});

describe("classifyProbe", () => {
  const ok = { latencyMs: 30, jitterMs: 3, lossPercent: 0 };
  it.each([
    [{}, "healthy"],
    [{ latencyMs: 80 }, "healthy"],
    [{ latencyMs: 81 }, "elevated-latency"],
    [{ latencyMs: 100 }, "elevated-latency"],
    [{ latencyMs: 101 }, "severe"],
    [{ lossPercent: 1 }, "healthy"],
    [{ lossPercent: 2 }, "concerning-loss"],
    [{ lossPercent: 5 }, "concerning-loss"],
    [{ lossPercent: 6 }, "severe"],
    [{ lossPercent: 100 }, "severe"],
    [{ latencyMs: null }, "severe"],
    [{ jitterMs: 20 }, "healthy"],
    [{ jitterMs: 21 }, "issues"],
    [{ jitterMs: null }, "healthy"],
    // loss is reported before latency when both are beyond warning
    [{ latencyMs: 90, lossPercent: 3 }, "concerning-loss"],
  ])("%o → %s", (change, expected) => {
    expect(classifyProbe({ ...ok, ...change })).toBe(expected);
  });
});

describe("worst of several", () => {
  it("ranks states from unknown to the worst", () => {
    expect(worstSla([])).toBe("unknown");
    expect(worstSla(["healthy", "unknown"])).toBe("healthy");
    expect(worstSla(["healthy", "warning", "healthy"])).toBe("warning");
    expect(worstSla(["warning", "bad", "healthy"])).toBe("bad");
    expect(worstLinkHealth(["healthy", "unhealthy", "warning"])).toBe("unhealthy");
    expect(worstLinkHealth([])).toBe("unknown");
    expect(worstProbeLevel(["healthy", "issues", "elevated-latency"])).toBe("elevated-latency");
    expect(worstProbeLevel(["concerning-loss", "severe"])).toBe("severe");
    expect(worstProbeLevel([])).toBe("healthy");
  });

  it("gives every state one tone", () => {
    expect((["healthy", "up"] as const).map(healthTone)).toEqual(["healthy", "healthy"]);
    expect(["warning", "elevated-latency", "concerning-loss", "issues"].map((s) => healthTone(s as never))).toEqual(Array(4).fill("warning"));
    expect(["bad", "unhealthy", "severe", "down"].map((s) => healthTone(s as never))).toEqual(Array(4).fill("bad"));
    expect(["unknown", "disabled"].map((s) => healthTone(s as never))).toEqual(["unknown", "unknown"]);
  });
});

describe("the states are declared once (lib/health.ts) and every schema takes them from there", () => {
  it("the path SLA of the API, the topology and the tables", () => {
    expect(pathSchema.shape.slaHealth.options).toEqual([...PATH_SLA_STATES]);
    expect(pathTopologySchema.shape.path.shape.sla.options).toEqual([...PATH_SLA_STATES]);
    expect(paths.slaHealth.enumValues).toEqual([...PATH_SLA_STATES]);
    expect(telemetryPathState.sla.enumValues).toEqual([...PATH_SLA_STATES]);
  });

  it("tones, port and link states", () => {
    expect(pathTopologySchema.shape.path.shape.tone.options).toEqual([...HEALTH_TONES]);
    expect(telemetryPortState.status.enumValues).toEqual([...PORT_STATES]);
    expect(telemetryConnectorState.status.enumValues).toEqual([...LINK_STATUSES]);
  });
});

describe("a connector's health", () => {
  it("is unhealthy when down or when a path over it is bad, warning when one is in warning, unknown unreported", () => {
    expect(connectorHealth(null, "bad")).toBe("unknown");
    expect(connectorHealth("down", "healthy")).toBe("unhealthy");
    expect(connectorHealth("up", "bad")).toBe("unhealthy");
    expect(connectorHealth("up", "warning")).toBe("warning");
    expect(connectorHealth("up", "unknown")).toBe("healthy");
    expect(connectorHealth("up", "healthy")).toBe("healthy");
  });
});
