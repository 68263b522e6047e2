import { describe, expect, it } from "vitest";
import type { PathMeasurement } from "@/lib/health";
import { gateVerdict, pathDegradation, worsenedMetrics, type GatePath } from "@/lib/lifecycle/rollout-gate";
import { planWaves, rolloutCreateSchema, rolloutStartOf } from "@/lib/lifecycle/rollout-schema";
import { decodeMessage } from "@/lib/validation/messages";

// The staged rollout's SLA gate (issue 15 item 7): a path degraded when its SLA got worse and a metric behind it
// moved beyond noise, or when it fell silent; noise around a threshold, or a better path, is not a degradation.

const m = (latencyMs: number, jitterMs = 1, lossPercent = 0, samples = 10): PathMeasurement => ({ latencyMs, jitterMs, lossPercent, samples });
const path = (before: PathMeasurement | null, after: PathMeasurement | null, name = "Lyon ⇄ Paris"): GatePath => ({ pathId: name, name, before, after });
const window = { beforeFrom: new Date("2026-01-01T00:00:00Z"), afterFrom: new Date("2026-01-01T00:06:00Z"), afterTo: new Date("2026-01-01T00:07:00Z") };

describe("the SLA gate's decision", () => {
  it("halts on a path whose latency went from healthy to bad", () => {
    expect(pathDegradation(path(m(20), m(82 + 40)))).toEqual(["latencyMs"]);
  });

  it("halts on loss crossing into bad, and names every metric that worsened", () => {
    expect(pathDegradation(path(m(20, 1, 0.1), m(85, 1, 6)))).toEqual(["latencyMs", "lossPercent"]);
  });

  it("ignores noise across a threshold: 79.8 ms → 80.3 ms is warning by the rule but within noise", () => {
    expect(pathDegradation(path(m(79.8), m(80.3)))).toBeNull();
  });

  it("ignores a large move that stays in the same SLA band (30 → 60 ms, still healthy)", () => {
    expect(pathDegradation(path(m(30), m(60)))).toBeNull();
  });

  it("ignores a path that got better or stayed bad", () => {
    expect(pathDegradation(path(m(120), m(20)))).toBeNull();
    expect(pathDegradation(path(m(120), m(130)))).toBeNull();
  });

  it("halts on a path already bad that the wave made clearly worse", () => {
    expect(pathDegradation(path(m(120, 1, 2), m(180, 1, 6)))).toEqual(["latencyMs", "lossPercent"]);
  });

  it("halts on a path that reported before and fell silent after", () => {
    expect(pathDegradation(path(m(20), null))).toEqual(["samples"]);
    expect(pathDegradation(path(m(20), { ...m(20), samples: 0 }))).toEqual(["samples"]);
  });

  it("does not judge on too few samples after, nor halt a path that never reported", () => {
    expect(pathDegradation(path(m(20), m(150, 1, 0, 2)))).toBeNull();
    expect(pathDegradation(path(null, null))).toBeNull();
  });

  it("with no baseline, halts only on a bad SLA after", () => {
    expect(pathDegradation(path(null, m(90)))).toBeNull();
    expect(pathDegradation(path(null, m(150)))).toEqual(["latencyMs"]);
  });

  it("measures noise relative to the value: +5 ms on 100 ms is noise, +15 ms is not", () => {
    expect(worsenedMetrics(m(100), m(105))).toEqual([]);
    expect(worsenedMetrics(m(100), m(115))).toEqual(["latencyMs"]);
  });

  it("gives a verdict with the degraded paths, sorted by name, and the windows", () => {
    const verdict = gateVerdict([path(m(20), m(20), "Quiet"), path(m(20), m(140), "B path"), path(m(20), m(141, 1, 7), "A path"), path(null, null, "Unused")], window);
    expect(verdict.passed).toBe(false);
    expect(verdict.checkedPaths).toBe(3);
    expect(verdict.degraded.map((item) => item.name)).toEqual(["A path", "B path"]);
    expect(verdict.degraded[0]).toMatchObject({ before: { sla: "healthy", latencyMs: 20 }, after: { sla: "bad", lossPercent: 7 }, metrics: ["latencyMs", "lossPercent"] });
    expect(verdict.afterTo).toBe("2026-01-01T00:07:00.000Z");
    expect(gateVerdict([path(m(20), m(21))], window)).toMatchObject({ passed: true, checkedPaths: 1, degraded: [] });
  });
});

describe("waves", () => {
  const ids = ["a", "b", "c", "d", "e"];
  it("cuts a first wave of N then the rest, or waves of N", () => {
    expect(planWaves(ids, 1, "first-then-rest")).toEqual([["a"], ["b", "c", "d", "e"]]);
    expect(planWaves(ids, 2, "equal")).toEqual([["a", "b"], ["c", "d"], ["e"]]);
    expect(planWaves(["a", "b"], 1, "equal")).toEqual([["a"], ["b"]]);
  });

  it("validates the dialog's fields with the catalogue's messages", () => {
    const issues = (input: Record<string, unknown>) => {
      const result = rolloutCreateSchema.safeParse(input);
      return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), decodeMessage(issue.message)]));
    };
    expect(issues({ deviceIds: ["a"], version: "", waveSize: "1", observationSeconds: "300" })).toEqual({
      deviceIds: { key: "validation.rollout.devicesMin" },
      version: { key: "validation.versionRequired" },
    });
    expect(issues({ deviceIds: ["a", "b", "c"], version: "25.1", waveSize: "1", observationSeconds: "10" })).toEqual({
      observationSeconds: { key: "validation.rollout.observationRange", values: { min: 30, max: 3600 } },
    });
    expect(issues({ deviceIds: ["a", "b", "c"], version: "25.1", waveSize: "3", observationSeconds: "30" })).toEqual({
      waveSize: { key: "validation.rollout.waveSizeRange", values: { max: 2 } },
    });
    expect(issues({ deviceIds: ["a", "b"], version: "25.1", waveSize: "", observationSeconds: "60" })).toEqual({ waveSize: { key: "validation.rollout.waveSizeRequired" } });
    // Missing altogether (an API call without it): the same message, wherever it is read from.
    const missing = rolloutCreateSchema.safeParse({ deviceIds: ["a", "b"], version: "25.1", observationSeconds: "60" });
    expect(missing.success).toBe(false);
    for (const issue of [missing.error!.issues[0], ...((missing.error!.issues[0] as { errors?: { message: string }[][] }).errors?.flat() ?? [])]) {
      expect(decodeMessage(issue.message)).toEqual({ key: "validation.rollout.waveSizeRequired" });
    }
    expect(rolloutCreateSchema.parse({ deviceIds: ["a", "b"], version: "25.1", waveSize: "1", observationSeconds: "60" })).toEqual({
      deviceIds: ["a", "b"],
      version: "25.1",
      waveMode: "first-then-rest",
      waveSize: 1,
      observationSeconds: 60,
      start: "now",
    });
  });

  it("checks a Later start as the schedule dialog does: required, a date and time, in the future", () => {
    const base = { deviceIds: ["a", "b"], version: "25.1", waveSize: "1", observationSeconds: "60", start: "later" };
    const issueOf = (scheduledAt: unknown) => {
      const result = rolloutCreateSchema.safeParse({ ...base, scheduledAt });
      return result.success ? null : decodeMessage(result.error.issues[0].message);
    };
    expect(issueOf(null)).toEqual({ key: "validation.scheduledAtRequired" });
    expect(issueOf("tomorrow")).toEqual({ key: "validation.scheduledAtInvalid" });
    expect(issueOf(new Date(Date.now() - 60_000).toISOString())).toEqual({ key: "validation.scheduledAtFuture" });
    const at = new Date(Date.now() + 3_600_000).toISOString();
    expect(issueOf(at)).toBeNull();
    expect(rolloutStartOf(rolloutCreateSchema.parse({ ...base, scheduledAt: at }), new Date(0)).toISOString()).toBe(at);
    // Now ignores a time given.
    expect(rolloutStartOf(rolloutCreateSchema.parse({ ...base, start: "now", scheduledAt: at }), new Date(0)).getTime()).toBe(0);
    // Every message at once: an empty version and a missing time.
    const both = rolloutCreateSchema.safeParse({ ...base, version: "" });
    expect(both.error?.issues.map((issue) => issue.path.join("."))).toEqual(["version", "scheduledAt"]);
  });
});
