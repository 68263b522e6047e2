import { describe, expect, it } from "vitest";
import { translateAlarmMessage } from "@/lib/alarms/message";
import { translatorFor } from "@/lib/i18n/messages";
import { telemetryKeys } from "@/lib/telemetry/queries";
import { BACKCAST_OPTIONS } from "@/lib/constants";
import { BACKCAST_OFFSET_MS, telemetrySeriesQuerySchema, topTalkersQuerySchema } from "@/lib/telemetry/schema";
import { slaConditions } from "@/server/telemetry/derive";
import { partitionName, partitionPeriod, periodStart } from "@/server/telemetry/partitions";
import { planRange, planSeries } from "@/server/telemetry/queries/range";
import { badMetrics, slaAlarmMessage, type SlaEvaluation } from "@/server/telemetry/sla";

// The pure parts of telemetry: partition names and periods, how a range picks its resolution and step, the SLA
// alarm's message and when it is (re)sent, the query schemas and keys.

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const NOW = Date.parse("2026-11-22T10:17:31.250Z");

describe("partitions", () => {
  it("names daily and monthly partitions by their UTC period, and reads the period back", () => {
    const instant = Date.parse("2026-03-01T00:30:00+02:00"); // 2026-02-28 22:30 UTC
    expect(partitionName("telemetry_path_samples", periodStart(instant, "day"), "day")).toBe("telemetry_path_samples_p20260228");
    expect(partitionName("telemetry_path_hourly", periodStart(instant, "month"), "month")).toBe("telemetry_path_hourly_p202602");
    expect(partitionPeriod("telemetry_path_samples_p20260228")).toEqual({
      start: Date.parse("2026-02-28T00:00:00Z"),
      end: Date.parse("2026-03-01T00:00:00Z"),
      granularity: "day",
    });
    expect(partitionPeriod("telemetry_path_hourly_p202612")).toEqual({
      start: Date.parse("2026-12-01T00:00:00Z"),
      end: Date.parse("2027-01-01T00:00:00Z"),
      granularity: "month",
    });
    expect(partitionPeriod("telemetry_path_samples")).toBeNull();
  });
});

describe("range planning", () => {
  it("defaults to the last 24 hours from raw samples, 5-minute steps", () => {
    const plan = planSeries({}, NOW);
    expect(plan).toMatchObject({ resolution: "raw", step: 300, backcastMs: 0 });
    expect(plan.to).toBe(NOW);
    expect(plan.from).toBe(Math.floor((NOW - DAY) / 300_000) * 300_000);
  });

  it("reads rollups for ranges longer than two days or reaching past the raw retention", () => {
    expect(planRange({ from: new Date(NOW - 3 * DAY).toISOString() }, NOW).resolution).toBe("hourly");
    expect(planRange({ from: new Date(NOW - 2 * DAY).toISOString() }, NOW).resolution).toBe("raw");
    expect(planRange({ from: new Date(NOW - 34 * DAY).toISOString(), to: new Date(NOW - 33 * DAY).toISOString() }, NOW).resolution).toBe("hourly");
    // Raw partitions go by whole days: the day 32 days back is still there.
    expect(planRange({ from: "2026-10-21T00:00:00Z", to: "2026-10-22T00:00:00Z" }, NOW).resolution).toBe("raw");
    expect(planRange({ from: "2026-10-20T23:59:00Z", to: "2026-10-22T00:00:00Z" }, NOW).resolution).toBe("hourly");
    const hourly = planRange({ from: new Date(NOW - 3 * DAY).toISOString() }, NOW);
    // Rollups up to the start of the previous hour; the raw samples after it.
    expect(hourly.edge).toBe(Date.parse("2026-11-22T09:00:00Z"));
  });

  // Issue 42: the chart ranges of the dashboards (1 hour, 6 hours, 24 hours, 7 days) against 1 day, 1 week and 1 month.
  const RANGES = { "1h": HOUR, "6h": 6 * HOUR, "24h": DAY, "7d": 7 * DAY };
  const OFFSETS = { "1d": DAY, "1w": 7 * DAY, "1m": 30 * DAY } as const;

  it("a backcast never changes the current series' range, step or resolution", () => {
    for (const span of Object.values(RANGES)) {
      const query = { from: new Date(NOW - span).toISOString() };
      const alone = planSeries(query, NOW);
      for (const backcast of BACKCAST_OPTIONS) {
        const { earlier, backcastMs, ...current } = planSeries({ ...query, backcast }, NOW);
        expect({ ...current, earlier: alone.earlier, backcastMs: alone.backcastMs }).toEqual(alone);
        expect(backcastMs).toBe(OFFSETS[backcast]);
        // The earlier period is the current one moved back, on the same step boundaries.
        expect(earlier).toMatchObject({ from: alone.from - OFFSETS[backcast], to: alone.to - OFFSETS[backcast] });
      }
    }
    expect(planSeries({ from: new Date(NOW - HOUR).toISOString() }, NOW)).toMatchObject({ resolution: "raw", step: 60, earlier: null, backcastMs: 0 });
  });

  it("each earlier period reads raw samples while the retention holds them (a month and two days), else the rollups", () => {
    const resolutions = Object.fromEntries(
      Object.entries(RANGES).map(([range, span]) => [range, BACKCAST_OPTIONS.map((backcast) => planSeries({ from: new Date(NOW - span).toISOString(), backcast }, NOW).earlier?.resolution)]),
    );
    expect(resolutions).toEqual({ "1h": ["raw", "raw", "raw"], "6h": ["raw", "raw", "raw"], "24h": ["raw", "raw", "raw"], "7d": ["hourly", "hourly", "hourly"] });
    // Past the retention, a month earlier reads the rollups: the current hour keeps its own minute steps.
    const longAgo = planSeries({ from: new Date(NOW - 3 * DAY - HOUR).toISOString(), to: new Date(NOW - 3 * DAY).toISOString(), backcast: "1m" }, NOW);
    expect(longAgo).toMatchObject({ resolution: "raw", step: 60, earlier: { resolution: "hourly" } });
    // An hourly earlier period lies wholly before the previous hour: all of it comes from the rollups.
    expect(longAgo.earlier!.edge).toBeGreaterThan(longAgo.earlier!.to);
  });

  it("rounds steps up the ladder (each divides a day) and caps the points", () => {
    const query = { from: new Date(NOW - DAY).toISOString(), to: new Date(NOW).toISOString() };
    expect(planSeries({ ...query, step: 60 }, NOW).step).toBe(60);
    expect(planSeries({ ...query, step: 61 }, NOW).step).toBe(300);
    expect(planSeries({ ...query, step: 5000 }, NOW).step).toBe(7200);
    // 400 days at 1 minute would be 576,000 points: the step grows to keep at most 1,500.
    const long = planSeries({ from: new Date(NOW - 400 * DAY).toISOString(), to: new Date(NOW).toISOString(), step: 60 }, NOW);
    expect(long.step).toBe(43_200);
    for (const offset of Object.values(BACKCAST_OFFSET_MS)) for (const step of [60, 300, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400]) expect(offset % (step * 1000)).toBe(0);
  });

  it("refuses a defaulted end before the start, and ranges beyond 400 days", () => {
    expect(() => planRange({ from: new Date(NOW + HOUR).toISOString() }, NOW)).toThrow("validation.telemetryRangeOrder");
    expect(() => planRange({ to: new Date(NOW).toISOString(), from: new Date(NOW - 401 * DAY).toISOString() }, NOW)).toThrow("validation.telemetryRangeTooLong");
  });
});

describe("SLA alarm", () => {
  const evaluation = (overrides: Partial<SlaEvaluation>): SlaEvaluation => ({
    pathId: "p1",
    organizationId: "o1",
    name: "Contoso HQ – AWS",
    sla: "bad",
    previousSla: "healthy",
    measurement: { latencyMs: 132.4, jitterMs: 5, lossPercent: 0.2, samples: 5 },
    previous: { latencyMs: 20, jitterMs: 5, lossPercent: 0.2, samples: 5 },
    changed: true,
    ...overrides,
  });

  it("says which metrics are above their bad threshold, in the reader's language", () => {
    const message = slaAlarmMessage("Contoso HQ – AWS", { latencyMs: 132.4, jitterMs: 31, lossPercent: 6.25, samples: 4 });
    expect(translateAlarmMessage(translatorFor("en"), message)).toBe(
      "Path Contoso HQ – AWS: latency 132 ms above 100 ms, jitter 31 ms above 30 ms, loss 6.3 % above 5 %",
    );
    expect(translateAlarmMessage(translatorFor("fr"), message)).toBe(
      "Chemin Contoso HQ – AWS : latence de 132 ms au-dessus de 100 ms, gigue de 31 ms au-dessus de 30 ms, perte de 6,3 % au-dessus de 5 %",
    );
    expect(badMetrics({ latencyMs: 100, jitterMs: 30, lossPercent: 5, samples: 3 })).toEqual([]);
    expect(badMetrics(null)).toEqual([]);
  });

  it("raises when the SLA turns bad or its breached metrics change, clears on healthy or warning, waits on unknown", () => {
    expect(slaConditions([evaluation({})], "n1")).toEqual([
      expect.objectContaining({ type: "sla-bad", subject: "path:p1", active: true, severity: "major", organizationId: "o1", nodeId: "n1" }),
    ]);
    const stillBad = evaluation({ previousSla: "bad", previous: { latencyMs: 150, jitterMs: 5, lossPercent: 0.2, samples: 5 }, changed: false });
    expect(slaConditions([stillBad], null)).toEqual([]);
    const worse = evaluation({ previousSla: "bad", measurement: { latencyMs: 150, jitterMs: 5, lossPercent: 9, samples: 5 }, changed: false });
    expect(slaConditions([worse], null)).toEqual([expect.objectContaining({ active: true, message: slaAlarmMessage("Contoso HQ – AWS", worse.measurement) })]);
    expect(translateAlarmMessage(translatorFor("en"), slaAlarmMessage("Contoso HQ – AWS", worse.measurement))).toBe(
      "Path Contoso HQ – AWS: latency 150 ms above 100 ms, loss 9 % above 5 %",
    );
    expect(slaConditions([evaluation({ sla: "warning" })], null)).toEqual([expect.objectContaining({ active: false })]);
    expect(slaConditions([evaluation({ sla: "healthy" })], null)).toEqual([expect.objectContaining({ active: false })]);
    expect(slaConditions([evaluation({ sla: "unknown" })], null)).toEqual([]);
  });
});

describe("query schemas and keys", () => {
  it("parses a series query and refuses bad ones with catalogue keys", () => {
    expect(telemetrySeriesQuerySchema.parse({ step: "300", backcast: "1w" })).toEqual({ step: 300, backcast: "1w" });
    const reversed = telemetrySeriesQuerySchema.safeParse({ from: "2026-01-02T00:00:00Z", to: "2026-01-01T00:00:00Z" });
    expect(reversed.error?.issues[0].message).toBe("validation.telemetryRangeOrder");
    expect(telemetrySeriesQuerySchema.safeParse({ step: "59" }).error?.issues[0].message).toContain("validation.telemetryStep");
    expect(topTalkersQuerySchema.parse({})).toEqual({ limit: 10 });
  });

  it("groups keys by object, leaving absent parameters out", () => {
    expect(telemetryKeys.bandwidth("site", "s1", { from: undefined, step: 300 })).toEqual(["telemetry", "site", "s1", "bandwidth", { step: 300 }]);
    expect(telemetryKeys.ports("n1").slice(0, 3)).toEqual(telemetryKeys.object("node", "n1"));
    expect(telemetryKeys.probes("organization", "o1").slice(0, 3)).toEqual(["telemetry", "organization", "o1"]);
  });
});
