import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { BACKCAST_OPTIONS } from "@/lib/constants";
import { CHART_RANGES, severityRank } from "@/lib/dashboard/format";
import { getDb } from "@/server/db/client";
import { connectors, interfaces, ipsecEndpoints, nodes, paths, sites, subinterfaces, switchPorts } from "@/server/db/schema";
import { homeUnhomedConnectors } from "@/server/paths/homing";
import { runTelemetryMaintenance } from "@/server/telemetry/maintenance";
import { call, signIn } from "./helpers";
import {
  BW_ADMIN,
  buildCustomerNetwork,
  buildMspNetwork,
  CONTOSO_ADMIN,
  DAY,
  FABRIKAM_ADMIN,
  HOUR,
  ingest,
  INITECH_ADMIN,
  MINUTE,
  NW_ADMIN,
  NW_READONLY,
  OPERATOR,
  type CustomerNetwork,
  type MspNetwork,
} from "./telemetry-fixtures";

// The telemetry queries (issue 5): each answers known numbers for known samples, a backcast lands on the range,
// resolution follows the range, and every endpoint is tenant-scoped (another tenant's object is a 404).

let contoso: CustomerNetwork;
let initech: CustomerNetwork;
let northwind: MspNetwork;
let bluewave: MspNetwork;
let quietLink: MspNetwork;
let secondConnector: string;
// 30 minutes ago, on a 5-minute boundary: ten one-minute samples fill two 5-minute buckets from here.
let base: number;
// Five hours ago, on the hour: rolled up by the maintenance job.
let hourBase: number;
let now: number;

const iso = (ms: number) => new Date(ms).toISOString();
const minutes = (n: number) => n * MINUTE;

beforeAll(async () => {
  now = Date.now();
  base = Math.floor(now / (5 * MINUTE)) * 5 * MINUTE - 30 * MINUTE;
  hourBase = Math.floor(now / HOUR) * HOUR - 5 * HOUR;
  contoso = await buildCustomerNetwork("Contoso");
  initech = await buildCustomerNetwork("Initech");
  northwind = await buildMspNetwork("Northwind Networks", { organizationId: contoso.organizationId, siteId: contoso.siteA.id });
  bluewave = await buildMspNetwork("Bluewave Telecom");
  // In Lyon: Contoso's Paris sites stay served by Northwind's Paris edge, whose device reports on them.
  quietLink = await buildMspNetwork("Northwind Networks", undefined, { locationAddress: "Lyon, France", latitude: 45.76, longitude: 4.84 });
  const db = await getDb();
  const [second] = await db
    .insert(connectors)
    .values({ organizationId: contoso.organizationId, siteId: contoso.siteA.id, kind: "internet", name: "zz second connector", bandwidthMbps: 500 })
    .returning({ id: connectors.id });
  await homeUnhomedConnectors(db);
  secondConnector = second.id;

  const ten = Array.from({ length: 10 }, (_, i) => i);
  const connector = (connectorId: string, time: number, rxBps: number, txBps: number, status = "up") => ({ kind: "connector", time: iso(time), connectorId, status, rxBps, txBps });
  const pathSample = (time: number, latencyMs: number, jitterMs = 1, lossPercent = 0) => ({
    kind: "path",
    time: iso(time),
    pathId: contoso.path.id,
    latencyMs,
    jitterMs,
    lossPercent,
    rxBps: 1e6,
    txBps: 2e6,
  });
  const flow = (siteId: string, source: string, destination: string, bytes: number, time = base + MINUTE) => ({ kind: "flow", time: iso(time), siteId, source, destination, bytes });
  const probe = (target: string, time: number, latencyMs: number | null, jitterMs: number | null, lossPercent: number) => ({
    kind: "probe",
    time: iso(time),
    siteId: contoso.siteA.id,
    target,
    latencyMs,
    jitterMs,
    lossPercent,
  });
  const response = await ingest(northwind.token, [
    ...ten.map((i) => connector(contoso.connectorA.id, base + minutes(i), 100 * (i + 1), 10 * (i + 1))),
    ...ten.map((i) => connector(secondConnector, base + minutes(i), 1000, 500)),
    ...ten.map((i) => connector(contoso.connectorA.id, base - DAY + minutes(i), 7, 3)),
    ...ten.map((i) => connector(contoso.connectorA.id, base - 7 * DAY + minutes(i), 70, 30)),
    ...ten.map((i) => connector(contoso.connectorA.id, base - 30 * DAY + minutes(i), 700, 300)),
    connector(contoso.connectorA.id, hourBase + minutes(10), 100, 10),
    connector(contoso.connectorA.id, hourBase + minutes(20), 300, 30),
    connector(contoso.connectorA.id, hourBase - 30 * DAY + minutes(10), 50, 5),
    connector(contoso.connectorA.id, hourBase - 30 * DAY + minutes(40), 150, 15),
    // Live: the connector's state now (half its 1 Gbps), and the path's last minute at 90 ms (warning).
    connector(contoso.connectorA.id, now - 30_000, 500e6, 100e6),
    ...ten.map((i) => pathSample(base + minutes(i), 10 * (i + 1))),
    ...[30, 20, 10].map((seconds) => pathSample(now - seconds * 1000, 90, 5, 0.5)),
    ...[0, 1, 2, 3, 4].map((i) => ({ kind: "port", time: iso(base + minutes(i)), portId: "ge-0/0/1", status: "up", rxBps: 1000, txBps: 2000 })),
    { kind: "port", time: iso(now - 20_000), portId: "ge-0/0/1", status: "up", rxBps: 5, txBps: 6 },
    { kind: "port", time: iso(now - 20_000), portId: "2", status: "disabled", rxBps: 0, txBps: 0 },
    { kind: "link", time: iso(now - 20_000), linkId: northwind.link.id, status: "up", latencyMs: 3, lossPercent: 0.5, rxBps: 4e9, txBps: 3e9 },
    { kind: "device", time: iso(now - 10_000), uptimeSeconds: 7200, softwareVersion: "24.4.0", cpuPercent: 20, memoryPercent: 40 },
    flow(contoso.siteA.id, "10.0.0.1", "8.8.8.8", 5000),
    flow(contoso.siteA.id, "10.0.0.2", "8.8.8.8", 3000),
    flow(contoso.siteA.id, "10.0.0.1", "1.1.1.1", 1000, base + 2 * MINUTE),
    flow(contoso.siteB.id, "10.0.0.9", "9.9.9.9", 99_999),
    probe("aws", now - 10 * MINUTE, 10, 1, 0),
    probe("aws", now - 2 * MINUTE, 90, 5, 0),
    probe("gcp", now - 2 * MINUTE, null, null, 100),
    probe("azure", now - 2 * MINUTE, 10, 25, 0),
    probe("old", now - 2 * HOUR, 10, 1, 0),
  ]);
  expect(response.body.rejected, JSON.stringify(response.body)).toBe(0);
  const down = await ingest(bluewave.token, [
    { kind: "link", time: iso(now - 20_000), linkId: bluewave.link.id, status: "down", latencyMs: null, lossPercent: null, rxBps: 0, txBps: 0 },
  ]);
  expect(down.body).toEqual({ accepted: 1, rejected: 0 });
  await runTelemetryMaintenance(db);
});

async function get(path: string, email = CONTOSO_ADMIN, language?: string) {
  return call("GET", `/telemetry${path}`, { cookie: await signIn(email), language });
}

async function ok(path: string, email = CONTOSO_ADMIN) {
  const response = await get(path, email);
  expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBe(200);
  return response.body;
}

const window = () => `from=${iso(base)}&to=${iso(base + 10 * MINUTE)}`;

/** Whether states run from the worst to the best, as the dashboards list them. */
const isWorstFirst = (states: string[]) => states.every((state, index) => index === 0 || severityRank(states[index - 1]) <= severityRank(state));

describe("bandwidth series", () => {
  it("a connector: averages and peaks per 5-minute bucket from raw samples", async () => {
    const body = await ok(`/connector/${contoso.connectorA.id}/bandwidth?${window()}&step=300`);
    expect(body).toMatchObject({ step: 300, resolution: "raw", from: iso(base), backcast: null });
    expect(body.points).toEqual([
      { time: iso(base), rxBps: 300, txBps: 30, rxMaxBps: 500, txMaxBps: 50 },
      { time: iso(base + 5 * MINUTE), rxBps: 800, txBps: 80, rxMaxBps: 1000, txMaxBps: 100 },
    ]);
  });

  it("a site: its connectors added up", async () => {
    const body = await ok(`/site/${contoso.siteA.id}/bandwidth?${window()}&step=300`);
    expect(body.points).toEqual([
      { time: iso(base), rxBps: 1300, txBps: 530, rxMaxBps: 1500, txMaxBps: 550 },
      { time: iso(base + 5 * MINUTE), rxBps: 1800, txBps: 580, rxMaxBps: 2000, txMaxBps: 600 },
    ]);
  });

  it("a path and a front-panel port", async () => {
    const path = await ok(`/path/${contoso.path.id}/bandwidth?${window()}&step=300`);
    const flat = { rxBps: 1e6, txBps: 2e6, rxMaxBps: 1e6, txMaxBps: 2e6 };
    expect(path.points).toEqual([
      { time: iso(base), ...flat },
      { time: iso(base + 5 * MINUTE), ...flat },
    ]);
    const port = await ok(`/node/${northwind.edge.id}/port-bandwidth?${window()}&step=300&portId=${encodeURIComponent("ge-0/0/1")}`, NW_ADMIN);
    expect(port.points).toEqual([{ time: iso(base), rxBps: 1000, txBps: 2000, rxMaxBps: 1000, txMaxBps: 2000 }]);
    const quiet = await ok(`/node/${northwind.edge.id}/port-bandwidth?${window()}&portId=1`, NW_ADMIN);
    expect(quiet.points).toEqual([]);
  });

  it("a 1-day backcast: the same range a day earlier, moved onto the range", async () => {
    const body = await ok(`/connector/${contoso.connectorA.id}/bandwidth?${window()}&step=300&backcast=1d`);
    expect(body.resolution).toBe("raw");
    expect(body.backcast).toEqual({
      offset: "1d",
      points: [
        { time: iso(base), rxBps: 7, txBps: 3, rxMaxBps: 7, txMaxBps: 3 },
        { time: iso(base + 5 * MINUTE), rxBps: 7, txBps: 3, rxMaxBps: 7, txMaxBps: 3 },
      ],
    });
  });

  it("long ranges read the hourly rollups (and the last hours from raw samples)", async () => {
    const body = await ok(`/connector/${contoso.connectorA.id}/bandwidth?from=${iso(now - 3 * DAY)}&to=${iso(now)}`);
    expect(body.resolution).toBe("hourly");
    expect(body.step).toBe(3600);
    expect(body.points).toContainEqual({ time: iso(hourBase), rxBps: 200, txBps: 20, rxMaxBps: 300, txMaxBps: 30 });
    // The samples of the last half hour are there too, though not rolled up yet.
    const last = body.points.at(-1);
    expect(Date.parse(last.time)).toBeGreaterThanOrEqual(Math.floor(base / HOUR) * HOUR);
  });

  it("a 1-month backcast of an hour: raw samples on the hour's own minute steps, the current series untouched", async () => {
    const body = await ok(`/connector/${contoso.connectorA.id}/bandwidth?from=${iso(hourBase)}&to=${iso(hourBase + HOUR)}&backcast=1m`);
    expect(body).toMatchObject({ resolution: "raw", step: 60 });
    expect(body.points).toEqual([
      { time: iso(hourBase + minutes(10)), rxBps: 100, txBps: 10, rxMaxBps: 100, txMaxBps: 10 },
      { time: iso(hourBase + minutes(20)), rxBps: 300, txBps: 30, rxMaxBps: 300, txMaxBps: 30 },
    ]);
    expect(body.backcast).toEqual({
      offset: "1m",
      points: [
        { time: iso(hourBase + minutes(10)), rxBps: 50, txBps: 5, rxMaxBps: 50, txMaxBps: 5 },
        { time: iso(hourBase + minutes(40)), rxBps: 150, txBps: 15, rxMaxBps: 150, txMaxBps: 15 },
      ],
    });
  });

  it("past the raw retention, the backcast reads the rollups and the current series keeps its step", async () => {
    const before = process.env.TELEMETRY_RAW_RETENTION_DAYS;
    process.env.TELEMETRY_RAW_RETENTION_DAYS = "8";
    try {
      const body = await ok(`/connector/${contoso.connectorA.id}/bandwidth?from=${iso(hourBase)}&to=${iso(hourBase + HOUR)}&backcast=1m`);
      expect(body).toMatchObject({ resolution: "raw", step: 60 });
      expect(body.points).toHaveLength(2);
      expect(body.backcast).toEqual({ offset: "1m", points: [{ time: iso(hourBase), rxBps: 100, txBps: 10, rxMaxBps: 150, txMaxBps: 15 }] });
    } finally {
      if (before === undefined) delete process.env.TELEMETRY_RAW_RETENTION_DAYS;
      else process.env.TELEMETRY_RAW_RETENTION_DAYS = before;
    }
  });

  // Issue 42: every range the dashboards offer against every backcast option.
  describe.each(Object.entries(CHART_RANGES))("the %s range", (_, hours) => {
    const offsets = { "1d": { ms: DAY, rx: 7 }, "1w": { ms: 7 * DAY, rx: 70 }, "1m": { ms: 30 * DAY, rx: 700 } } as const;
    it.each(BACKCAST_OPTIONS)("against %s earlier: the current series unchanged, the earlier one on its step and moved onto the range", async (option) => {
      const range = `from=${iso(now - hours * HOUR)}&to=${iso(now)}`;
      const alone = await ok(`/connector/${contoso.connectorA.id}/bandwidth?${range}`);
      const body = await ok(`/connector/${contoso.connectorA.id}/bandwidth?${range}&backcast=${option}`);
      expect({ ...body, backcast: null }).toEqual(alone);
      expect(body.backcast.offset).toBe(option);
      const step = body.step * 1000;
      const times = body.backcast.points.map((point: { time: string }) => Date.parse(point.time));
      for (const time of times) {
        expect(time % step).toBe(0);
        expect(time).toBeGreaterThanOrEqual(Date.parse(body.from));
        expect(time).toBeLessThan(Date.parse(body.to));
      }
      // The samples of `base` one offset earlier, on the buckets of the samples of `base` now.
      const first = Math.floor(base / step) * step;
      const seeded = body.backcast.points.filter((point: { time: string }) => Date.parse(point.time) >= first && Date.parse(point.time) < base + 10 * MINUTE);
      expect(seeded.length).toBe(Math.ceil((base + 10 * MINUTE - first) / step));
      for (const point of seeded) expect(point.rxBps).toBe(offsets[option].rx);
      // A step finer than the hour draws every minute of the earlier period, not one dot an hour.
      // (Two neighbouring points closer than an hour: the hour they fall in depends on the clock, their distance does not.)
      if (body.step < 3600) expect(Math.min(...times.slice(1).map((time: number, index: number) => time - times[index]))).toBe(body.step * 1000);
    });
  });

  it("picks a step from the range when none is given, on a ladder that divides a day", async () => {
    const body = await ok(`/connector/${contoso.connectorA.id}/bandwidth?from=${iso(now - DAY)}&to=${iso(now)}`);
    expect(body).toMatchObject({ resolution: "raw", step: 300 });
    const odd = await ok(`/connector/${contoso.connectorA.id}/bandwidth?${window()}&step=420`);
    expect(odd.step).toBe(900);
  });
});

describe("site breakdown and top talkers", () => {
  it("per connector and per path, averages and peaks over the range", async () => {
    const byConnector = await ok(`/site/${contoso.siteA.id}/breakdown?${window()}`);
    expect(byConnector.by).toBe("connector");
    expect(byConnector.items).toEqual([
      { id: contoso.connectorA.id, name: expect.any(String), rxBps: 550, txBps: 55, rxMaxBps: 1000, txMaxBps: 100 },
      { id: secondConnector, name: "zz second connector", rxBps: 1000, txBps: 500, rxMaxBps: 1000, txMaxBps: 500 },
    ]);
    const byPath = await ok(`/site/${contoso.siteA.id}/breakdown?${window()}&by=path`);
    expect(byPath.items).toEqual([{ id: contoso.path.id, name: contoso.path.name, rxBps: 1e6, txBps: 2e6, rxMaxBps: 1e6, txMaxBps: 2e6 }]);
    const quiet = await ok(`/site/${contoso.siteB.id}/breakdown?${window()}`);
    expect(quiet.items).toEqual([{ id: contoso.connectorB.id, name: expect.any(String), rxBps: null, txBps: null, rxMaxBps: null, txMaxBps: null }]);
  });

  it("top sources and destinations of a site and of a customer, by bytes", async () => {
    const site = await ok(`/site/${contoso.siteA.id}/top-talkers?${window()}`);
    expect(site.sources).toEqual([
      { name: "10.0.0.1", bytes: 6000 },
      { name: "10.0.0.2", bytes: 3000 },
    ]);
    expect(site.destinations).toEqual([
      { name: "8.8.8.8", bytes: 8000 },
      { name: "1.1.1.1", bytes: 1000 },
    ]);
    const customer = await ok(`/organization/${contoso.organizationId}/top-talkers?${window()}&limit=1`);
    expect(customer.sources).toEqual([{ name: "10.0.0.9", bytes: 99_999 }]);
    expect(customer.destinations).toEqual([{ name: "9.9.9.9", bytes: 99_999 }]);
  });
});

describe("path performance", () => {
  it("latency, jitter and loss per bucket, and the SLA now with its breaches", async () => {
    const body = await ok(`/path/${contoso.path.id}/performance?${window()}&step=300`);
    expect(body.points).toEqual([
      { time: iso(base), latencyMs: 30, latencyMaxMs: 50, jitterMs: 1, lossPercent: 0 },
      { time: iso(base + 5 * MINUTE), latencyMs: 80, latencyMaxMs: 100, jitterMs: 1, lossPercent: 0 },
    ]);
    expect(body.current).toEqual({
      sla: "warning",
      latencyMs: 90,
      jitterMs: 5,
      lossPercent: 0.5,
      samples: 3,
      windowSeconds: 300,
      breaches: [{ metric: "latencyMs", value: 90, level: "warning" }],
    });
  });

  it("a backcast of a week finds nothing a week ago", async () => {
    const body = await ok(`/path/${contoso.path.id}/performance?${window()}&backcast=1w`);
    expect(body.backcast).toEqual({ offset: "1w", points: [] });
  });

  it("a month earlier leaves the current latency, jitter and loss as they are, on their own step", async () => {
    const range = `from=${iso(base)}&to=${iso(base + 10 * MINUTE)}`;
    const alone = await ok(`/path/${contoso.path.id}/performance?${range}`);
    const body = await ok(`/path/${contoso.path.id}/performance?${range}&backcast=1m`);
    expect(body).toMatchObject({ step: 60, resolution: "raw" });
    expect({ from: body.from, to: body.to, step: body.step, resolution: body.resolution, points: body.points }).toEqual({
      from: alone.from,
      to: alone.to,
      step: alone.step,
      resolution: alone.resolution,
      points: alone.points,
    });
    expect(body.points).toHaveLength(10);
    expect(body.backcast).toEqual({ offset: "1m", points: [] });
  });
});

describe("current state", () => {
  it("latest probe results with their levels", async () => {
    const body = await ok(`/site/${contoso.siteA.id}/probes`);
    // The worst level first.
    expect(body.items.map((item: { target: string; level: string; latencyMs: number | null }) => [item.target, item.level, item.latencyMs])).toEqual([
      ["gcp", "severe", null],
      ["aws", "elevated-latency", 90],
      ["azure", "issues", 10],
    ]);
    expect(body.total).toBe(3);
    const customer = await ok(`/organization/${contoso.organizationId}/probes`);
    expect(customer.items).toHaveLength(3);
    expect(await ok(`/organization/${contoso.organizationId}/probes?limit=1`)).toEqual({ items: [body.items[0]], total: 3 });
  });

  it("connector health: status, utilization, the paths' worst SLA", async () => {
    const body = await ok(`/site/${contoso.siteA.id}/connector-health`);
    expect(body.items).toEqual([
      expect.objectContaining({ connectorId: contoso.connectorA.id, status: "up", utilizationPercent: 50, pathSla: "warning", health: "warning", rxBps: 500e6 }),
      expect.objectContaining({ connectorId: secondConnector, status: null, utilizationPercent: null, pathSla: "unknown", health: "unknown" }),
    ]);
    expect(body.total).toBe(2);
    // The path's far end counts too: the destination site's connector carries the same SLA, without a report of its own.
    const farEnd = await ok(`/site/${contoso.siteB.id}/connector-health`);
    expect(farEnd.items).toEqual([expect.objectContaining({ connectorId: contoso.connectorB.id, status: null, pathSla: "warning", health: "unknown" })]);
    const customer = await ok(`/organization/${contoso.organizationId}/connector-health`);
    expect(customer.items.map((item: { connectorId: string }) => item.connectorId)).toEqual(
      expect.arrayContaining([contoso.connectorA.id, contoso.connectorB.id, secondConnector]),
    );
    expect(customer.total).toBe(customer.items.length);
    const pathSlaOf = (id: string) => customer.items.find((item: { connectorId: string }) => item.connectorId === id)?.pathSla;
    expect([pathSlaOf(contoso.connectorA.id), pathSlaOf(contoso.connectorB.id), pathSlaOf(secondConnector)]).toEqual(["warning", "warning", "unknown"]);
    expect(isWorstFirst(customer.items.map((item: { health: string }) => item.health))).toBe(true);
    // ?limit= answers the worst few and counts them all.
    expect(await ok(`/organization/${contoso.organizationId}/connector-health?limit=2`)).toEqual({ items: customer.items.slice(0, 2), total: customer.total });
  });

  it("site health: each site's worst connector, count and traffic, the active and least healthy first, and the site to chart", async () => {
    const body = await ok(`/organization/${contoso.organizationId}/site-health`);
    expect(body.items.find((site: { siteId: string }) => site.siteId === contoso.siteA.id)).toEqual({
      siteId: contoso.siteA.id,
      name: contoso.siteA.name,
      address: expect.any(String),
      active: true,
      health: "warning",
      connectors: 2,
      rxBps: 500e6,
      txBps: 100e6,
    });
    expect(body.items.find((site: { siteId: string }) => site.siteId === contoso.siteB.id)).toEqual(
      expect.objectContaining({ health: "unknown", connectors: 1, rxBps: null, txBps: null }),
    );
    expect(body.total).toBe(body.items.length);
    expect(body.active).toBe(body.items.filter((site: { active: boolean }) => site.active).length);
    // The only site with traffic now is the one charted first.
    expect(body.featuredSiteId).toBe(contoso.siteA.id);
    const ranks = body.items.map((site: { active: boolean; health: string }) => (site.active ? 0 : 10) + severityRank(site.health));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(await ok(`/organization/${contoso.organizationId}/site-health?limit=1`)).toEqual({ ...body, items: body.items.slice(0, 1) });
  });

  it("path health: the paths with their SLA now, the worst first, cut with ?limit=", async () => {
    const site = await ok(`/site/${contoso.siteA.id}/path-health`);
    expect(site).toEqual({
      items: [
        {
          id: contoso.path.id,
          name: contoso.path.name,
          slaHealth: "warning",
          bandwidth: 500,
          sourceSiteId: contoso.siteA.id,
          sourceSiteName: contoso.siteA.name,
          destinationSiteId: contoso.siteB.id,
          destinationSiteName: contoso.siteB.name,
        },
      ],
      total: 1,
    });
    expect(await ok(`/site/${contoso.siteB.id}/path-health`)).toEqual(site);
    // Two more of the customer's paths, a bad one and a healthy one, at its second site.
    const db = await getDb();
    const [other] = await db
      .insert(connectors)
      .values({ organizationId: contoso.organizationId, siteId: contoso.siteB.id, kind: "internet", name: "zz other connector", bandwidthMbps: 500 })
      .returning({ id: connectors.id });
    await homeUnhomedConnectors(db);
    const end = { organizationId: contoso.organizationId, layer: "layer2" as const, bandwidthMbps: 10, sourceSiteId: contoso.siteB.id, sourceConnectorId: other.id };
    await db.insert(paths).values([
      { ...end, name: "aa healthy path", destinationSiteId: contoso.siteB.id, destinationConnectorId: contoso.connectorB.id, vlanId: 3001, slaHealth: "healthy" },
      { ...end, name: "zz bad path", destinationSiteId: contoso.siteB.id, destinationConnectorId: contoso.connectorB.id, vlanId: 3002, slaHealth: "bad" },
    ]);
    const customer = await ok(`/organization/${contoso.organizationId}/path-health`);
    expect(customer.total).toBe(3);
    expect(customer.items.map((path: { name: string }) => path.name)).toEqual(["zz bad path", contoso.path.name, "aa healthy path"]);
    expect(customer.items).toHaveLength(customer.total);
    expect(isWorstFirst(customer.items.map((path: { slaHealth: string }) => path.slaHealth))).toBe(true);
    expect(await ok(`/organization/${contoso.organizationId}/path-health?limit=1`)).toEqual({ items: customer.items.slice(0, 1), total: customer.total });
    // A connector's SLA is the worst of its paths': warning, healthy and bad over the second site's connector are bad.
    const connectorSla = async () =>
      Object.fromEntries((await ok(`/site/${contoso.siteB.id}/connector-health`)).items.map((item: { connectorId: string; pathSla: string }) => [item.connectorId, item.pathSla]));
    expect(await connectorSla()).toEqual({ [contoso.connectorB.id]: "bad", [other.id]: "bad" });
    await db.update(paths).set({ slaHealth: "unknown" }).where(eq(paths.name, "zz bad path"));
    expect(await connectorSla()).toEqual({ [contoso.connectorB.id]: "warning", [other.id]: "healthy" });
  });

  it("link health: up, down, or unknown when no end reported", async () => {
    const edge = await ok(`/node/${northwind.edge.id}/link-health`, NW_ADMIN);
    expect(edge.items).toEqual([
      expect.objectContaining({ linkId: northwind.link.id, status: "up", latencyMs: 3, lossPercent: 0.5, health: "healthy", sourceNodeName: northwind.edge.name }),
    ]);
    expect(edge.total).toBe(1);
    const msp = await ok(`/organization/${northwind.mspId}/link-health`, NW_ADMIN);
    expect(msp.total).toBe(msp.items.length);
    const quiet = msp.items.find((item: { linkId: string }) => item.linkId === quietLink.link.id);
    expect(quiet).toMatchObject({ status: null, health: "unknown", reportedAt: null });
    const down = await ok(`/node/${bluewave.edge.id}/link-health`, BW_ADMIN);
    expect(down.items[0]).toMatchObject({ status: "down", health: "unhealthy" });
  });

  it("link health: an MSP's links a page at a time, by name, every one once", async () => {
    const all = await ok(`/organization/${northwind.mspId}/link-health`, NW_ADMIN);
    expect(all.total).toBeGreaterThan(1);
    expect(all.nextCursor).toBeNull();
    const paged: { linkId: string }[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: { linkId: string }[]; total: number; nextCursor: string | null } = await ok(
        `/organization/${northwind.mspId}/link-health?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
        NW_ADMIN,
      );
      expect(page.items.length).toBeLessThanOrEqual(1);
      expect(page.total).toBe(all.total);
      paged.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor && paged.length <= all.total);
    expect(paged.map((item) => item.linkId)).toEqual(all.items.map((item: { linkId: string }) => item.linkId));
    // A cursor that is not ours starts from the beginning; a limit out of range is refused in the user's language.
    expect((await ok(`/organization/${northwind.mspId}/link-health?limit=1&cursor=nonsense`, NW_ADMIN)).items).toEqual(all.items.slice(0, 1));
    const refused = await get(`/organization/${northwind.mspId}/link-health?limit=501`, NW_ADMIN);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain("500");
  });

  it("the front panel: every port up, down or disabled as last reported, null if never", async () => {
    const body = await ok(`/node/${northwind.edge.id}/ports`, NW_ADMIN);
    expect(body.ports.map((port: { portId: string; kind: string; status: string | null }) => [port.portId, port.kind, port.status])).toEqual([
      ["ge-0/0/1", "interface", "up"],
      ["xe-0/0/0", "interface", null],
      ["1", "switch-port", null],
      ["2", "switch-port", "disabled"],
    ]);
    expect(body.ports[0]).toMatchObject({ rxBps: 5, txBps: 6, customerOrganizationId: contoso.organizationId, siteId: contoso.siteA.id });
  });

  it("the node's device: uptime, software version, reachable", async () => {
    const body = await ok(`/node/${northwind.edge.id}/device`, NW_ADMIN);
    expect(body.device).toMatchObject({
      deviceId: northwind.device.id,
      serialNumber: northwind.device.serialNumber,
      uptimeSeconds: 7200,
      softwareVersion: "24.4.0",
      reachable: true,
      cpuPercent: 20,
      memoryPercent: 40,
      reportedAt: iso(now - 10_000),
    });
    const core = await ok(`/node/${northwind.core.id}/device`, NW_ADMIN);
    expect(core).toEqual({ nodeId: northwind.core.id, device: null });
    const silent = await ok(`/node/${quietLink.edge.id}/device`, NW_ADMIN);
    expect(silent.device).toMatchObject({ reachable: false, uptimeSeconds: null, softwareVersion: "24.3.1" });
  });

  it("the sites connected through the node's ports", async () => {
    const body = await ok(`/node/${northwind.edge.id}/connected-sites`, NW_ADMIN);
    expect(body.items).toEqual([
      { siteId: contoso.siteA.id, name: contoso.siteA.name, organizationId: contoso.organizationId, organizationName: "Contoso", ports: ["ge-0/0/1"], switchPorts: [], sla: "warning" },
    ]);
    expect(body).toMatchObject({ total: 1, customers: 1 });
  });

  it("names each attachment: a port, a subinterface as port.VLAN, an IPsec endpoint by its IP, a switch port by its index apart", async () => {
    const db = await getDb();
    const place = { locationAddress: "Lyon", latitude: 45.76, longitude: 4.84 };
    const node = (await db.insert(nodes).values({ organizationId: northwind.mspId, kind: "edge", edgeType: "with-switch", name: "Lyon switch", ...place }).returning())[0];
    const site = (await db.insert(sites).values({ organizationId: contoso.organizationId, name: "Lyon plant", ...place }).returning())[0];
    const tenant = { customerOrganizationId: contoso.organizationId, siteId: site.id };
    const [trunk] = await db.insert(interfaces).values({ nodeId: node.id, portId: "xe-0/0/7", type: "hybrid" }).returning();
    await db.insert(subinterfaces).values({ interfaceId: trunk.id, type: "access", bandwidthMbps: 100, outerVlan: 120, ...tenant });
    await db.insert(ipsecEndpoints).values({ nodeId: node.id, publicIp: "198.51.100.7", ...tenant });
    await db.insert(switchPorts).values([3, 12].map((index) => ({ nodeId: node.id, index, bandwidthGbps: 1, ...tenant })));
    const body = await ok(`/node/${node.id}/connected-sites`, NW_ADMIN);
    expect(body.items).toEqual([expect.objectContaining({ siteId: site.id, ports: ["198.51.100.7", "xe-0/0/7.120"], switchPorts: [3, 12] })]);
  });

  it("counts every site a busy node serves, beyond the 200 it lists", async () => {
    const db = await getDb();
    const place = { locationAddress: "Ashburn", latitude: 39, longitude: -77.5 };
    const node = (await db.insert(nodes).values({ organizationId: northwind.mspId, kind: "edge", edgeType: "with-switch", name: "Busy aggregation", ...place }).returning())[0];
    const served = await db
      .insert(sites)
      .values(Array.from({ length: 205 }, (_, i) => ({ organizationId: contoso.organizationId, name: `Branch ${String(i).padStart(3, "0")}`, locationAddress: "Somewhere", latitude: 0, longitude: 0 })))
      .returning();
    await db
      .insert(interfaces)
      .values(served.map((site, i) => ({ nodeId: node.id, portId: `xe-9/0/${i}`, type: "access" as const, customerOrganizationId: contoso.organizationId, siteId: site.id })));
    const body = await ok(`/node/${node.id}/connected-sites`, NW_ADMIN);
    expect(body.items).toHaveLength(200);
    expect(body.items[0].name).toBe("Branch 000");
    expect(body).toMatchObject({ total: 205, customers: 1 });
  });
});

describe("tenant isolation", () => {
  const contosoPaths = () => [
    `/site/${contoso.siteA.id}/bandwidth`,
    `/site/${contoso.siteA.id}/breakdown`,
    `/site/${contoso.siteA.id}/top-talkers`,
    `/site/${contoso.siteA.id}/probes`,
    `/site/${contoso.siteA.id}/connector-health`,
    `/connector/${contoso.connectorA.id}/bandwidth`,
    `/path/${contoso.path.id}/bandwidth`,
    `/path/${contoso.path.id}/performance`,
    `/organization/${contoso.organizationId}/top-talkers`,
    `/organization/${contoso.organizationId}/probes`,
    `/organization/${contoso.organizationId}/connector-health`,
    `/organization/${contoso.organizationId}/site-health`,
    `/organization/${contoso.organizationId}/path-health`,
    `/site/${contoso.siteA.id}/path-health`,
  ];
  const nodePaths = () => [
    `/node/${northwind.edge.id}/port-bandwidth?portId=1`,
    `/node/${northwind.edge.id}/ports`,
    `/node/${northwind.edge.id}/device`,
    `/node/${northwind.edge.id}/connected-sites`,
    `/node/${northwind.edge.id}/link-health`,
    `/organization/${northwind.mspId}/link-health`,
  ];

  it("the customer, its MSP and the operator read the customer's series", async () => {
    for (const email of [CONTOSO_ADMIN, NW_ADMIN, NW_READONLY, OPERATOR]) {
      for (const path of contosoPaths()) expect((await get(path, email)).status, `${email} ${path}`).toBe(200);
    }
  });

  it("another customer, another MSP and that MSP's customers get 404, like a missing object", async () => {
    for (const email of [INITECH_ADMIN, FABRIKAM_ADMIN, BW_ADMIN]) {
      for (const path of contosoPaths()) {
        const response = await get(path, email);
        expect(response.status, `${email} ${path}`).toBe(404);
        expect(response.body.error).toBe("Not found");
      }
    }
    expect((await get(`/path/${initech.path.id}/performance`, CONTOSO_ADMIN)).status).toBe(404);
    expect((await get(`/path/no-such-path/performance`, CONTOSO_ADMIN)).status).toBe(404);
  });

  it("node telemetry is the MSP's: its customers and other MSPs get 404", async () => {
    for (const path of nodePaths()) {
      expect((await get(path, NW_READONLY)).status, path).toBe(200);
      expect((await get(path, OPERATOR)).status, path).toBe(200);
      expect((await get(path, CONTOSO_ADMIN)).status, path).toBe(404);
      expect((await get(path, BW_ADMIN)).status, path).toBe(404);
    }
  });

  it("answers 401 signed out", async () => {
    expect((await call("GET", `/telemetry/site/${contoso.siteA.id}/bandwidth`)).status).toBe(401);
  });
});

describe("query validation", () => {
  const series = () => `/connector/${contoso.connectorA.id}/bandwidth`;

  it.each([
    ["from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z", "The end of the range must be after its start"],
    ["from=2024-01-01T00:00:00Z&to=2026-01-01T00:00:00Z", "The range must not be longer than 400 days"],
    ["from=yesterday", "From must be a date and time with its time zone (e.g. 2026-12-01T00:00:00Z)"],
    ["to=2026-01-01", "To must be a date and time with its time zone (e.g. 2026-12-02T00:00:00Z)"],
    ["step=10", "Step must be a whole number of seconds between 60 and 86400"],
    ["step=abc", "Step must be a whole number of seconds between 60 and 86400"],
    ["backcast=2d", "Backcast must be 1d, 1w or 1m"],
  ])("%s → 400 %j", async (query, message) => {
    const response = await get(`${series()}?${query}`);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
  });

  it("a start in the future with no end, a bad breakdown, limit or missing port: 400 with a message", async () => {
    const future = await get(`${series()}?from=${iso(Date.now() + DAY)}`);
    expect(future.status).toBe(400);
    expect(future.body.error).toBe("The end of the range must be after its start");
    expect((await get(`/site/${contoso.siteA.id}/breakdown?by=vlan`)).body.error).toBe("Breakdown must be by connector or by path");
    expect((await get(`/site/${contoso.siteA.id}/top-talkers?limit=51`)).body.error).toBe("Limit must be between 1 and 50");
    for (const list of ["probes", "connector-health", "path-health"]) {
      const response = await get(`/site/${contoso.siteA.id}/${list}?limit=0`);
      expect(response.status, list).toBe(400);
      expect(response.body.error).toBe("Limit must be between 1 and 500");
    }
    expect((await get(`/organization/${contoso.organizationId}/site-health?limit=501`)).body.error).toBe("Limit must be between 1 and 500");
    const port = await get(`/node/${northwind.edge.id}/port-bandwidth`, NW_ADMIN);
    expect(port.status).toBe(400);
    expect(port.body.error).toBe("Port is required");
  });

  it("speaks French", async () => {
    const response = await get(`${series()}?backcast=3y`, CONTOSO_ADMIN, "fr");
    expect(response.body.error).toBe("La comparaison doit être 1d, 1w ou 1m");
    expect((await get(`/organization/${contoso.organizationId}/path-health?limit=abc`, CONTOSO_ADMIN, "fr")).body.error).toBe("La limite doit être comprise entre 1 et 500");
  });
});
