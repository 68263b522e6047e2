import { describe, expect, it } from "vitest";
import {
  byConnectorHealth,
  byProbeLevel,
  bySiteHealth,
  bySlaHealth,
  DASHBOARD_LIST_ROWS,
  hiddenRows,
  siteHealthRows,
  topRows,
} from "@/lib/dashboard/lists";

// The dashboards' capped lists: each card shows its worst few rows in its order and counts the rest.

describe("topRows and hiddenRows", () => {
  it("keeps the first rows in the order and counts them all", () => {
    const rows = [5, 3, 9, 1, 7];
    expect(topRows(rows, (a, b) => a - b, 3)).toEqual({ items: [1, 3, 5], total: 5 });
    expect(rows).toEqual([5, 3, 9, 1, 7]);
    expect(topRows(rows, (a, b) => a - b, 10)).toEqual({ items: [1, 3, 5, 7, 9], total: 5 });
    expect(topRows([], (a: number, b: number) => a - b, 3)).toEqual({ items: [], total: 0 });
  });

  it("counts what a card leaves out, nothing while the total is unknown", () => {
    expect(hiddenRows(120, DASHBOARD_LIST_ROWS)).toBe(120 - DASHBOARD_LIST_ROWS);
    expect(hiddenRows(3, 3)).toBe(0);
    expect(hiddenRows(undefined, 0)).toBe(0);
    expect(hiddenRows(2, 5)).toBe(0);
  });

  it("shows a card's worth of rows: enough to see the worst, few enough for a dense page", () => {
    expect(DASHBOARD_LIST_ROWS).toBeGreaterThanOrEqual(8);
    expect(DASHBOARD_LIST_ROWS).toBeLessThanOrEqual(10);
  });
});

describe("worst-first orders", () => {
  it("paths: bad, warning, unknown, healthy, then by name", () => {
    const paths = [
      { slaHealth: "healthy", name: "A" },
      { slaHealth: "unknown", name: "B" },
      { slaHealth: "warning", name: "D" },
      { slaHealth: "bad", name: "Z" },
      { slaHealth: "warning", name: "C" },
    ];
    expect([...paths].sort(bySlaHealth).map((path) => path.name)).toEqual(["Z", "C", "D", "B", "A"]);
  });

  it("connectors: unhealthy, warning, unknown, healthy, then by site and name", () => {
    const connectors = [
      { health: "healthy", siteName: "Paris", name: "a" },
      { health: "unknown", siteName: "Paris", name: "b" },
      { health: "unhealthy", siteName: "Lyon", name: "z" },
      { health: "warning", siteName: "Paris", name: "c" },
      { health: "warning", siteName: "Lyon", name: "d" },
    ];
    expect([...connectors].sort(byConnectorHealth).map((connector) => connector.name)).toEqual(["z", "d", "c", "b", "a"]);
  });

  it("probes: severe first, then concerning loss, elevated latency and issues, healthy last", () => {
    const probes = [
      { level: "healthy", target: "a", siteName: "Paris" },
      { level: "issues", target: "b", siteName: "Paris" },
      { level: "severe", target: "c", siteName: "Paris" },
      { level: "concerning-loss", target: "d", siteName: "Paris" },
      { level: "elevated-latency", target: "a", siteName: "Lyon" },
    ];
    expect([...probes].sort(byProbeLevel).map((probe) => probe.level)).toEqual(["severe", "concerning-loss", "elevated-latency", "issues", "healthy"]);
  });

  it("sites: active first, the least healthy first among them, then by name", () => {
    const sites = [
      { active: false, health: "unhealthy", name: "Lyon" },
      { active: true, health: "healthy", name: "Berlin" },
      { active: true, health: "unhealthy", name: "Paris" },
      { active: true, health: "unknown", name: "Austin" },
      { active: true, health: "unhealthy", name: "Madrid" },
    ];
    expect([...sites].sort(bySiteHealth).map((site) => site.name)).toEqual(["Madrid", "Paris", "Austin", "Berlin", "Lyon"]);
  });
});

describe("siteHealthRows", () => {
  it("gives each site its connectors' worst health, their count and their traffic added up", () => {
    const sites = [
      { id: "s1", name: "Paris", address: "1 rue", active: true },
      { id: "s2", name: "Lyon", address: "2 rue", active: false },
      { id: "s3", name: "Nice", address: "3 rue", active: true },
    ];
    const connectors = [
      { siteId: "s1", health: "healthy" as const, rxBps: 100, txBps: 10 },
      { siteId: "s1", health: "warning" as const, rxBps: null, txBps: 5 },
      { siteId: "s3", health: "unknown" as const, rxBps: null, txBps: null },
    ];
    expect(siteHealthRows(sites, connectors)).toEqual([
      { siteId: "s1", name: "Paris", address: "1 rue", active: true, health: "warning", connectors: 2, rxBps: 100, txBps: 15 },
      { siteId: "s2", name: "Lyon", address: "2 rue", active: false, health: "unknown", connectors: 0, rxBps: null, txBps: null },
      { siteId: "s3", name: "Nice", address: "3 rue", active: true, health: "unknown", connectors: 1, rxBps: null, txBps: null },
    ]);
  });
});
