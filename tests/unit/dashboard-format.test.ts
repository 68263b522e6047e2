import { describe, expect, it } from "vitest";
import {
  axisRateUnit,
  busiestSiteId,
  featuredSiteId,
  inRateUnit,
  rangeStart,
  scaleBps,
  scaleBytes,
  severityRank,
} from "@/lib/dashboard/format";
import { worstLinkHealth } from "@/lib/dashboard/site-health";

// The dashboards' number helpers: units scaled as an engineer reads them, the charts' range start, which site the
// overview charts, and the worst-first order.

describe("scaleBps", () => {
  it("picks the largest SI unit under 1000 of the value", () => {
    expect(scaleBps(0)).toEqual({ value: 0, unit: "bps" });
    expect(scaleBps(999)).toEqual({ value: 999, unit: "bps" });
    expect(scaleBps(1000)).toEqual({ value: 1, unit: "kbps" });
    expect(scaleBps(1_250_000)).toEqual({ value: 1.25, unit: "mbps" });
    expect(scaleBps(40e9)).toEqual({ value: 40, unit: "gbps" });
    expect(scaleBps(2.5e12)).toEqual({ value: 2.5, unit: "tbps" });
    expect(scaleBps(5e15)).toEqual({ value: 5000, unit: "tbps" });
  });

  it("answers 0 bps for a value that is not a number", () => {
    expect(scaleBps(Number.NaN)).toEqual({ value: 0, unit: "bps" });
  });

  it("labels an axis in the unit of its top, and converts values into it", () => {
    expect(axisRateUnit(800_000)).toBe("kbps");
    expect(axisRateUnit(1_200_000)).toBe("mbps");
    expect(inRateUnit(600_000, "mbps")).toBeCloseTo(0.6);
  });
});

describe("scaleBytes", () => {
  it("uses binary steps", () => {
    expect(scaleBytes(512)).toEqual({ value: 512, unit: "b" });
    expect(scaleBytes(1536)).toEqual({ value: 1.5, unit: "kb" });
    expect(scaleBytes(3 * 1024 ** 3)).toEqual({ value: 3, unit: "gb" });
  });
});

describe("rangeStart", () => {
  it("starts the range on a whole minute, the range's length before now", () => {
    const now = Date.parse("2026-11-23T12:34:56.789Z");
    expect(rangeStart("1h", now)).toBe("2026-11-23T11:34:00.000Z");
    expect(rangeStart("7d", now)).toBe("2026-11-16T12:34:00.000Z");
    expect(rangeStart("1h", now + 2000)).toBe(rangeStart("1h", now));
  });
});

describe("featured site", () => {
  const connector = (siteId: string, rxBps: number | null, txBps: number | null) => ({ siteId, rxBps, txBps });

  it("is the site moving the most traffic across its connectors", () => {
    expect(busiestSiteId([connector("a", 10, 10), connector("b", 15, 0), connector("b", 0, 10)])).toBe("b");
    expect(busiestSiteId([])).toBeNull();
  });

  it("ignores inactive sites and falls back to the first active site without traffic", () => {
    const sites = [
      { id: "a", active: false },
      { id: "b", active: true },
      { id: "c", active: true },
    ];
    expect(featuredSiteId(sites, { items: [connector("a", 1e9, 1e9), connector("c", 5, 5)] })).toBe("c");
    expect(featuredSiteId(sites, { items: [] })).toBe("b");
    expect(featuredSiteId([{ id: "a", active: false }], undefined)).toBeNull();
  });
});

describe("worst first", () => {
  it("orders bad before warning before unknown before healthy", () => {
    const states = ["healthy", "unknown", "warning", "bad"].sort((a, b) => severityRank(a) - severityRank(b));
    expect(states).toEqual(["bad", "warning", "unknown", "healthy"]);
  });

  it("gives a site its least healthy connector's health, unknown with none reporting", () => {
    expect(worstLinkHealth(["healthy", "warning", "healthy"])).toBe("warning");
    expect(worstLinkHealth(["unknown", "unhealthy"])).toBe("unhealthy");
    expect(worstLinkHealth(["unknown", "healthy"])).toBe("healthy");
    expect(worstLinkHealth([])).toBe("unknown");
  });
});
