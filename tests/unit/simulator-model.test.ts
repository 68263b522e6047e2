import { describe, expect, it } from "vitest";
import { TELEMETRY_BATCH_MAX, telemetryBatchSchema, type TelemetrySample } from "@/lib/telemetry/ingest";
import { distanceKm } from "@/lib/geo";
import { propagationMs, localClock } from "@/server/simulator/geo";
import { backfillPoints, BACKFILL_DAYS, FINE_DAYS } from "@/server/simulator/history";
import { businessLoad, MAX_UTILISATION, pathQuality, trafficRates, uptimeSeconds } from "@/server/simulator/model";
import { hashText, noiseAt, objectKey, parseSeed, pick, smoothNoiseAt, unitAt } from "@/server/simulator/random";
import { batchBodies } from "@/server/simulator/samples";

const toBatches = (...args: Parameters<typeof batchBodies>) => [...batchBodies(...args)];
import { FAULT_CYCLE_MS, FAULT_KINDS, faultEffectsAt, faultWindows, NO_FAULTS } from "@/server/simulator/faults";
import { faultKinds, simulatorEnabled, simulatorSettings } from "@/server/simulator/settings";

// The simulator's model is a pure function of (seed, object, time): these tests pin what the demo relies on —
// reproducible numbers, working-day traffic, latency from distance, traffic never above a bandwidth.

const HOUR = 3600_000;
const DAY = 24 * HOUR;
// Wednesday 2026-11-25 00:00 UTC.
const WEDNESDAY = Date.UTC(2026, 10, 25);
const SATURDAY = WEDNESDAY + 3 * DAY;

describe("seeded randomness", () => {
  it("gives the same value for the same seed, object and counter, whatever was drawn before", () => {
    const key = objectKey(7, "path-1", "traffic");
    const first = [unitAt(key, 1), unitAt(key, 2), unitAt(key, 3)];
    unitAt(objectKey(7, "other", "traffic"), 99);
    expect([unitAt(key, 3), unitAt(key, 2), unitAt(key, 1)].reverse()).toEqual(first);
    expect(objectKey(7, "path-1", "traffic")).toBe(key);
  });

  it("differs with the seed, the object and the purpose", () => {
    const base = objectKey(7, "path-1", "traffic");
    expect(objectKey(8, "path-1", "traffic")).not.toBe(base);
    expect(objectKey(7, "path-2", "traffic")).not.toBe(base);
    expect(objectKey(7, "path-1", "latency")).not.toBe(base);
  });

  it("spreads values over [0, 1)", () => {
    const key = hashText("spread");
    const values = Array.from({ length: 20_000 }, (_, i) => unitAt(key, i));
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
    expect(mean).toBeGreaterThan(0.48);
    expect(mean).toBeLessThan(0.52);
    const buckets = new Array(10).fill(0);
    for (const v of values) buckets[Math.floor(v * 10)]++;
    for (const count of buckets) expect(count).toBeGreaterThan(1_700);
  });

  it("keeps time buckets apart even for times beyond 32 bits", () => {
    const key = hashText("time");
    const t = WEDNESDAY;
    expect(noiseAt(key, t, 1)).not.toBe(noiseAt(key, t + 2 ** 32, 1));
    expect(noiseAt(key, t, 10_000)).toBe(noiseAt(key, t + 9_999, 10_000));
  });

  it("moves smoothly between buckets", () => {
    const key = hashText("smooth");
    for (let t = WEDNESDAY; t < WEDNESDAY + HOUR; t += 1000) {
      expect(Math.abs(smoothNoiseAt(key, t + 1000, 60_000) - smoothNoiseAt(key, t, 60_000))).toBeLessThan(0.05);
    }
  });

  it("reads seeds from the environment and picks stably", () => {
    expect(parseSeed("42", 1)).toBe(42);
    expect(parseSeed("", 1)).toBe(1);
    expect(parseSeed(undefined, 5)).toBe(5);
    expect(parseSeed("demo", 1)).toBe(parseSeed("demo", 1));
    expect(parseSeed("demo", 1)).not.toBe(parseSeed("other", 1));
    const items = ["a", "b", "c", "d"];
    expect(pick(3, "purpose", items)).toBe(pick(3, "purpose", items));
    expect(pick(3, "purpose", [])).toBeUndefined();
    const picks = new Set(Array.from({ length: 50 }, (_, seed) => pick(seed, "purpose", items)));
    expect(picks.size).toBe(items.length);
  });
});

describe("daily pattern", () => {
  it("peaks in business hours and dips at night", () => {
    const at = (hour: number, weekday = 3) => businessLoad({ hour, weekday });
    expect(at(11)).toBeGreaterThan(0.9);
    expect(at(15)).toBeGreaterThan(0.9);
    expect(at(3)).toBeLessThan(0.1);
    expect(at(11)).toBeGreaterThan(5 * at(3));
    expect(at(12.75)).toBeLessThan(at(11));
    expect(at(22)).toBeLessThan(at(18));
  });

  it("dips at weekends", () => {
    expect(businessLoad({ hour: 11, weekday: 6 })).toBeLessThan(0.5 * businessLoad({ hour: 11, weekday: 3 }));
    expect(businessLoad({ hour: 11, weekday: 0 })).toBeLessThan(0.5 * businessLoad({ hour: 11, weekday: 3 }));
  });

  it("follows the site's local time from its longitude", () => {
    expect(localClock(WEDNESDAY + 10 * HOUR, 0).hour).toBe(10);
    expect(localClock(WEDNESDAY + 10 * HOUR, 120).hour).toBe(18);
    expect(localClock(WEDNESDAY + 10 * HOUR, -122).hour).toBe(2);
    // 22:00 UTC on Friday is already Saturday in Singapore.
    expect(localClock(WEDNESDAY + 2 * DAY + 22 * HOUR, 103.8).weekday).toBe(6);
  });

  it("gives a path more traffic at the local peak than at night, and less on Saturday", () => {
    const mean = (longitude: number, dayStart: number, hour: number) => {
      let total = 0;
      for (let minute = 0; minute < 60; minute += 5) {
        const t = dayStart + hour * HOUR + minute * 60_000 - Math.round(longitude / 15) * HOUR;
        const rates = trafficRates(1, "path-a", 1_000, { longitude, backups: false }, t, [0.35, 0.7]);
        total += rates.rxBps + rates.txBps;
      }
      return total / 12;
    };
    for (const longitude of [2.35, -122.3, 103.8]) {
      const peak = mean(longitude, WEDNESDAY, 11);
      const night = mean(longitude, WEDNESDAY, 3);
      expect(peak).toBeGreaterThan(4 * night);
      expect(mean(longitude, SATURDAY, 11)).toBeLessThan(0.6 * peak);
    }
  });

  it("runs the nightly backups on paths that carry them", () => {
    const t = WEDNESDAY + 2 * HOUR;
    const withBackups = trafficRates(1, "path-b", 1_000, { longitude: 0, backups: true }, t, [0.35, 0.7]);
    const without = trafficRates(1, "path-b", 1_000, { longitude: 0, backups: false }, t, [0.35, 0.7]);
    expect(withBackups.rxBps + withBackups.txBps).toBeGreaterThan(3 * (without.rxBps + without.txBps));
  });
});

describe("bandwidth", () => {
  it("never goes above the capacity, in either direction, over a week", () => {
    for (const [id, capacity] of [["p1", 1], ["p2", 200], ["p3", 10_000], ["p4", 100_000]] as const) {
      let max = 0;
      for (let t = WEDNESDAY; t < WEDNESDAY + 7 * DAY; t += 10 * 60_000) {
        for (const backups of [false, true]) {
          const rates = trafficRates(3, id, capacity, { longitude: 8.7, backups }, t, [0.35, 1]);
          max = Math.max(max, rates.rxBps, rates.txBps);
          expect(rates.rxBps).toBeGreaterThanOrEqual(0);
        }
      }
      expect(max).toBeLessThanOrEqual(capacity * 1e6 * MAX_UTILISATION);
      expect(max).toBeGreaterThan(capacity * 1e6 * 0.3);
    }
  });
});

describe("latency", () => {
  const paris = { latitude: 48.8566, longitude: 2.3522 };
  const frankfurt = { latitude: 50.1109, longitude: 8.6821 };
  const ashburn = { latitude: 39.0438, longitude: -77.4874 };
  const singapore = { latitude: 1.3521, longitude: 103.8198 };

  it("measures great-circle distances", () => {
    expect(distanceKm(paris, frankfurt)).toBeGreaterThan(440);
    expect(distanceKm(paris, frankfurt)).toBeLessThan(490);
    expect(distanceKm(paris, paris)).toBe(0);
    expect(propagationMs(paris, ashburn)).toBeCloseTo(distanceKm(paris, ashburn) / 200, 6);
  });

  it("grows with distance: about distance / 200 km per ms plus a few ms", () => {
    const averageLatency = (to: { latitude: number; longitude: number }) => {
      let total = 0;
      for (let i = 0; i < 200; i++) total += pathQuality(1, "path", propagationMs(paris, to), WEDNESDAY + i * 60_000).latencyMs;
      return total / 200;
    };
    const near = averageLatency(frankfurt);
    const far = averageLatency(ashburn);
    const farthest = averageLatency(singapore);
    expect(near).toBeLessThan(far);
    expect(far).toBeLessThan(farthest);
    for (const [to, latency] of [[frankfurt, near], [ashburn, far], [singapore, farthest]] as const) {
      const propagation = distanceKm(paris, to) / 200;
      expect(latency).toBeGreaterThan(propagation + 2);
      expect(latency).toBeLessThan(propagation + 8);
    }
  });

  it("keeps healthy jitter and loss, bursts included", () => {
    for (let i = 0; i < 5_000; i++) {
      const quality = pathQuality(9, `path-${i % 7}`, 10, WEDNESDAY + i * 60_000);
      expect(quality.jitterMs).toBeLessThanOrEqual(20);
      expect(quality.lossPercent).toBeLessThanOrEqual(1);
    }
  });
});

describe("device uptime", () => {
  it("counts up between reboots and restarts at a reboot", () => {
    const before = uptimeSeconds(1, "device", WEDNESDAY);
    const after = uptimeSeconds(1, "device", WEDNESDAY + 60_000);
    expect(after === before + 60 || after < 60).toBe(true);
    expect(uptimeSeconds(1, "device", WEDNESDAY + 60_000, WEDNESDAY)).toBe(60);
    // A reboot in the future of the sample changes nothing.
    expect(uptimeSeconds(1, "device", WEDNESDAY, WEDNESDAY + 1)).toBe(before);
    expect(before).toBeLessThanOrEqual(90 * 24 * 3600);
  });
});

describe("settings", () => {
  it("reads the environment with defaults", () => {
    expect(simulatorEnabled({})).toBe(true);
    expect(simulatorEnabled({ SIMULATOR: "off" })).toBe(false);
    expect(simulatorEnabled({ SIMULATOR: "OFF" })).toBe(false);
    expect(simulatorEnabled({ SIMULATOR: "on" })).toBe(true);
    expect(simulatorSettings({})).toEqual({ seed: 1, intervalMs: 10_000, firstFaultMs: 60_000, faults: new Set(FAULT_KINDS), backfill: true, reloadMs: 60_000, cadence: "changes", keepAliveMs: 60_000 });
    expect(
      simulatorSettings({ SIMULATOR_SEED: "7", SIMULATOR_INTERVAL_MS: "2000", SIMULATOR_FIRST_FAULT_MS: "3000", SIMULATOR_BACKFILL: "off" }),
    ).toMatchObject({ seed: 7, intervalMs: 2000, firstFaultMs: 3000, backfill: false });
    expect(simulatorSettings({ SIMULATOR_INTERVAL_MS: "nonsense", SIMULATOR_FIRST_FAULT_MS: "-5" })).toMatchObject({ intervalMs: 10_000, firstFaultMs: 60_000 });
    expect(simulatorSettings({ SIMULATOR_SEED: "7" }, { seed: 9, intervalMs: 500 })).toMatchObject({ seed: 9, intervalMs: 500 });
  });

  it("reads which faults play from SIMULATOR_FAULTS", () => {
    const kinds = (value: string | undefined) => [...faultKinds(value)].sort();
    expect(kinds(undefined)).toEqual([...FAULT_KINDS].sort());
    expect(kinds("all")).toEqual([...FAULT_KINDS].sort());
    expect(kinds("none")).toEqual([]);
    expect(kinds(" Port-Flap , link-down, nonsense ")).toEqual(["link-down", "port-flap"]);
    expect(kinds("all,-device-silent")).toEqual(FAULT_KINDS.filter((kind) => kind !== "device-silent").sort());
    expect(kinds("-device-silent")).toEqual(FAULT_KINDS.filter((kind) => kind !== "device-silent").sort());
    expect(simulatorSettings({ SIMULATOR_FAULTS: "path-loss" }).faults).toEqual(new Set(["path-loss"]));
  });

  it("plays only the faults it is given", () => {
    const silence = faultWindows(4, 60_000, FAULT_CYCLE_MS).find((window) => window.kind === "device-silent")!;
    const during = silence.startMs + 1000;
    expect(faultEffectsAt(4, during, 60_000).deviceSilent).toBe(true);
    const withoutSilence = new Set(FAULT_KINDS.filter((kind) => kind !== "device-silent"));
    expect(faultEffectsAt(4, during, 60_000, withoutSilence)).toMatchObject({ deviceSilent: false, deviceBackAtMs: null });
    expect(faultEffectsAt(4, silence.endMs + 1000, 60_000, withoutSilence).deviceBackAtMs).toBeNull();
    expect(faultEffectsAt(4, during, 60_000, new Set())).toEqual(NO_FAULTS);
  });
});

describe("batches", () => {
  const sample = (i: number): TelemetrySample => ({
    kind: "probe",
    time: new Date(WEDNESDAY + i).toISOString(),
    siteId: "site-with-a-long-identifier-0000000000000",
    target: "Lyon ⇄ Paris probe target",
    latencyMs: 12.34,
    jitterMs: 1.2,
    lossPercent: 0,
  });

  it("keeps every sample, within the count and the byte limits, as valid bodies", () => {
    const samples = Array.from({ length: 12_345 }, (_, i) => sample(i));
    const bodies = toBatches(samples, TELEMETRY_BATCH_MAX, 600_000);
    let total = 0;
    for (const body of bodies) {
      expect(Buffer.byteLength(body)).toBeLessThanOrEqual(600_000);
      const parsed = telemetryBatchSchema.parse(JSON.parse(body));
      expect(parsed.samples.length).toBeLessThanOrEqual(TELEMETRY_BATCH_MAX);
      total += parsed.samples.length;
    }
    expect(total).toBe(samples.length);
    expect(toBatches(samples.slice(0, 10), TELEMETRY_BATCH_MAX, 1_000_000)).toHaveLength(1);
    expect(toBatches([], TELEMETRY_BATCH_MAX, 1_000_000)).toEqual([]);
  });
});

describe("backfill points", () => {
  it("covers 38 days hourly, and every five minutes the last day and the days its backcasts read, newest first, before the live window", () => {
    const start = WEDNESDAY + 10 * HOUR + 7 * 60_000 + 13_000;
    const liveWindow = 5 * 60_000;
    const end = start - liveWindow;
    const points = backfillPoints(start, liveWindow);
    const fine = points.filter((point) => point.timeMs % HOUR !== 0);
    const coarse = points.filter((point) => point.stepMs === HOUR);
    // The last day, and the same day 1 day, 1 week and 30 days earlier: 288 five-minute points each.
    expect(points.filter((point) => point.stepMs === 5 * 60_000)).toHaveLength(FINE_DAYS.length * 288);
    expect(FINE_DAYS).toEqual([0, 1, 7, 30]);
    for (const days of FINE_DAYS) {
      const inDay = fine.filter((point) => point.timeMs <= end - days * DAY && point.timeMs > end - (days + 1) * DAY);
      expect(inDay.length, `day ${days}`).toBe(12 * 24 - 24);
    }
    // A week's chart a month back (37 days) is covered, hourly elsewhere.
    expect(BACKFILL_DAYS).toBe(38);
    expect(coarse.length).toBeGreaterThanOrEqual((BACKFILL_DAYS - FINE_DAYS.length) * 24 - 1);
    expect(coarse.length).toBeLessThanOrEqual((BACKFILL_DAYS - FINE_DAYS.length) * 24 + 1);
    for (let i = 1; i < points.length; i++) expect(points[i].timeMs).toBeLessThan(points[i - 1].timeMs);
    expect(points[0].timeMs).toBeLessThanOrEqual(end);
    expect(points.at(-1)!.timeMs).toBeGreaterThanOrEqual(start - BACKFILL_DAYS * DAY);
    expect(points.at(-1)!.timeMs).toBeLessThan(start - 37 * DAY);
    for (const point of points) expect(point.timeMs % point.stepMs).toBe(0);
  });
});
