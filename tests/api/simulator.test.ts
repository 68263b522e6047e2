import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb, queryRows, type Db } from "@/server/db/client";
import { alarms, deviceTokens, devices, lifecycleOperations, paths } from "@/server/db/schema";
import { getBus } from "@/server/realtime/bus";
import { startSimulator } from "@/server/simulator";
import { TELEMETRY } from "@/server/telemetry/config";
import { forgetServedObjects } from "@/server/telemetry/ownership";
import { runSilentDeviceSweep } from "@/server/telemetry/maintenance";
import { backfillPoints } from "@/server/simulator/history";
import { uptimeSeconds } from "@/server/simulator/model";
import { NO_FAULTS } from "@/server/simulator/faults";
import { deviceSamples } from "@/server/simulator/samples";
import { simulatorSettings } from "@/server/simulator/settings";
import { Simulator } from "@/server/simulator/simulator";
import { alarmMessages } from "./alarm-api";
import { call, signIn } from "./helpers";
import { CONTOSO_ADMIN } from "./telemetry-fixtures";

// The simulator against the real ingestion endpoint and the demo network: every assigned device reports and
// nothing it sends is refused; the fault script raises (and clears) the alarms it is meant to; the month of
// history goes in through the same endpoint, once.
process.env.TEST_SEED_NETWORK = "1";

const MINUTE = 60_000;
let db: Db;
const logs: string[] = [];

const simulator = (startedAt: number, overrides: Partial<ReturnType<typeof simulatorSettings>> = {}, now = Date.now) =>
  new Simulator(db, simulatorSettings({}, { seed: 1, firstFaultMs: 0, backfill: false, ...overrides }), {
    now,
    log: (line) => logs.push(line),
    startedAt,
  });

/** When each device was last heard, as the ingestion endpoint stored it (ms since the epoch). */
const lastSeen = async () =>
  new Map(
    (await queryRows<{ device_id: string; ms: number }>(db, sql`select device_id, (extract(epoch from last_seen_at) * 1000)::float8 as ms from telemetry_device_state`)).map(
      (row) => [row.device_id, row.ms],
    ),
  );

const openAlarm = async (type: "sla-bad" | "port-down" | "link-down" | "device-unreachable", subject: string) =>
  db
    .select()
    .from(alarms)
    .where(and(eq(alarms.type, type), eq(alarms.subject, subject), isNull(alarms.clearedAt)));

beforeAll(async () => {
  db = await getDb();
});

afterAll(() => {
  delete process.env.TEST_SEED_NETWORK;
});

describe("the agents", () => {
  it("push one batch per assigned device in a tick, every sample accepted", async () => {
    // Faults start in an hour: a healthy network.
    const sim = simulator(Date.now(), { firstFaultMs: 60 * MINUTE });
    const report = await sim.tick();
    const assigned = await db.select({ id: devices.id }).from(devices).where(sql`${devices.nodeId} is not null`);
    expect(assigned.length).toBe(14);
    expect(report.reporting.sort()).toEqual(assigned.map((device) => device.id).sort());
    expect(report.silent).toEqual([]);
    expect(report.failed).toBe(0);
    expect(report.rejected).toBe(0);
    const world = sim.currentWorld!;
    const expected = world.plan.duties.reduce((sum, duty) => sum + deviceSamples(1, duty, world.stateAt(report.timeMs, NO_FAULTS, 10_000), 1).length, 0);
    expect(report.accepted).toBe(expected);
    // Each device has its own live token, and its state is current.
    const tokens = await db.select({ deviceId: deviceTokens.deviceId }).from(deviceTokens).where(isNull(deviceTokens.revokedAt));
    expect(new Set(tokens.map((token) => token.deviceId))).toEqual(new Set(assigned.map((device) => device.id)));
    const [{ n }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from telemetry_device_state where last_seen_at > now() - interval '1 minute'`);
    expect(n).toBe(14);
    const warm = performance.now();
    const second = await sim.tick();
    console.log(`a warm tick: ${second.accepted} samples from ${second.reporting.length} devices in ${Math.round(performance.now() - warm)} ms`);
    expect(second.rejected + second.failed).toBe(0);
  });

  it("raise and clear alarms with the fault script", async () => {
    // Everyone reports once, healthy.
    await simulator(Date.now(), { firstFaultMs: 60 * MINUTE }).tick();
    // Four and a half minutes into the script: the port is in its third flap down, the link is down, a device is silent.
    const early = simulator(Date.now() - 4.5 * MINUTE);
    const first = await early.tick();
    const { targets, network } = early.currentWorld!;
    expect(first.silent).toEqual([targets.deviceSilent]);
    const port = network.ports.find((p) => p.key === targets.portFlap)!;
    const portSubject = `port:${port.nodeId}:${port.portId}`;
    expect(await openAlarm("port-down", portSubject)).toHaveLength(1);
    expect(await openAlarm("link-down", `link:${targets.linkDown}`)).toHaveLength(1);

    // The silent device was last heard before this round; the others report again. The sweep runs as it would one
    // silence period after a moment between the two: the silent device is past it, the others are not.
    await early.tick();
    const seen = await lastSeen();
    const silentLast = seen.get(targets.deviceSilent!)!;
    const othersFirst = Math.min(...early.currentWorld!.plan.duties.filter((duty) => duty.device.id !== targets.deviceSilent).map((duty) => seen.get(duty.device.id)!));
    expect(othersFirst - silentLast).toBeGreaterThan(1);
    const sweep = await runSilentDeviceSweep(db, Math.floor((silentLast + othersFirst) / 2) + TELEMETRY.silentAfterMs);
    expect(sweep.silenced).toEqual([targets.deviceSilent]);
    const [unreachable] = await openAlarm("device-unreachable", `device:${targets.deviceSilent}`);
    expect(unreachable).toBeDefined();

    // Nine minutes in: the port is back up (its alarm clears), the drifting path is bad on latency. The SLA is the
    // average of the last five minutes, which still holds the earlier healthy and warning samples: it turns bad as
    // bad samples pile up.
    const late = simulator(Date.now() - 9 * MINUTE);
    let slaBad: (typeof alarms.$inferSelect)[] = [];
    for (let i = 0; i < 40 && slaBad.length === 0; i++) {
      await late.tick();
      slaBad = await openAlarm("sla-bad", `path:${targets.pathLatency}`);
    }
    expect(slaBad).toHaveLength(1);
    // Read in each language, figures formatted for it (1,234.5 ms in English, 1 234,5 ms in French).
    const messages = await alarmMessages(CONTOSO_ADMIN, slaBad[0].id, slaBad[0].organizationId);
    expect(messages.en).toMatch(/^Path .+: latency \d[\d,]*(\.\d+)? ms above 100 ms/);
    expect(messages.fr).toMatch(/^Chemin .+\u202f: latence de \d[\d\u202f\u00a0]*(,\d+)? ms au-dessus de 100 ms/);
    expect(await openAlarm("port-down", portSubject)).toHaveLength(0);
    expect(await openAlarm("link-down", `link:${targets.linkDown}`)).toHaveLength(0);
    // The silent device is back: its alarm clears.
    expect(await openAlarm("device-unreachable", `device:${targets.deviceSilent}`)).toHaveLength(0);
    const contoso = await queryRows<{ id: string }>(db, sql`select id from organizations where name = 'Contoso'`);
    expect(slaBad[0].organizationId).toBe(contoso[0].id);
  }, 120_000);

  it("pick up objects created meanwhile, and go quiet while their device reboots", async () => {
    // The simulator's clock, moved on past its reload period rather than waited for.
    let ahead = 0;
    const sim = simulator(Date.now(), { firstFaultMs: 60 * MINUTE, reloadMs: 250 }, () => Date.now() + ahead);
    await sim.tick();
    const world = sim.currentWorld!;
    const existing = world.network.paths.find((path) => path.name === "Paris ⇄ Frankfurt")!;
    const [created] = await db
      .insert(paths)
      .values({
        organizationId: existing.organizationId,
        name: "Frankfurt ⇄ Paris backup",
        layer: "layer2",
        sourceSiteId: existing.destinationSiteId,
        sourceConnectorId: existing.destinationConnectorId,
        destinationSiteId: existing.sourceSiteId,
        destinationConnectorId: existing.sourceConnectorId,
        bandwidthMbps: 100,
        vlanId: 3999,
      })
      .returning({ id: paths.id });
    // Inserted behind the services' back: no topology news tells the ingestion of it.
    forgetServedObjects();
    // The device of the Frankfurt edge reboots under a lifecycle operation (past its shutdown step).
    const reporter = world.plan.reporterOf.get(existing.destinationConnectorId)!;
    const [operation] = await db
      .insert(lifecycleOperations)
      .values({
        organizationId: world.plan.duties.find((duty) => duty.device.id === reporter)!.node.organizationId,
        deviceId: reporter,
        operation: "reboot",
        status: "active",
        scheduledAt: new Date(),
        startedAt: new Date(),
        progress: 40,
      })
      .returning({ id: lifecycleOperations.id });
    ahead = 300;
    const rebooting = await sim.tick();
    expect(rebooting.silent).toEqual([reporter]);
    expect(rebooting.rejected).toBe(0);

    await db.update(lifecycleOperations).set({ status: "success", progress: 100, finishedAt: new Date() }).where(eq(lifecycleOperations.id, operation.id));
    const back = await sim.tick();
    expect(back.silent).toEqual([]);
    expect(back.rejected + back.failed).toBe(0);
    const [samples] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from telemetry_path_samples where path_id = ${created.id}`);
    expect(samples.n).toBe(1);
    const [state] = await queryRows<{ uptime_seconds: number }>(db, sql`select uptime_seconds from telemetry_device_state where device_id = ${reporter}`);
    expect(state.uptime_seconds).toBeLessThan(5);
    await db.delete(paths).where(eq(paths.id, created.id));
  });

  it("keep running when the endpoint refuses them, saying so once, and stop cleanly", async () => {
    const lines: string[] = [];
    const reports: { accepted: number; failed: number }[] = [];
    const handle = startSimulator(db, {
      env: {},
      seed: 1,
      intervalMs: 300,
      firstFaultMs: 60 * MINUTE,
      backfill: false,
      log: (line) => lines.push(line),
      onTick: (report) => reports.push(report),
    });
    const waitFor = (count: number) => expect.poll(() => reports.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(count);
    await waitFor(1);
    // Someone revokes every token, twice: the agents get 401, log it once, take new tokens and go on.
    for (let round = 0; round < 2; round++) {
      await db.update(deviceTokens).set({ revokedAt: new Date() }).where(isNull(deviceTokens.revokedAt));
      await waitFor(reports.length + 2);
    }
    expect(handle.active).toBe(true);
    await handle.stop();
    // Nothing is left running or waiting for its time: no round comes after stop().
    expect(handle.active).toBe(false);
    expect(lines.filter((line) => line.includes("answered 401"))).toHaveLength(1);
    expect(lines.some((line) => line.includes("devices reporting every 0.3 s"))).toBe(true);
    expect(reports.at(-1)!.failed).toBe(0);
    expect(reports.some((report) => report.failed > 0)).toBe(true);
  }, 60_000);
});

describe("a started simulator", () => {
  it("raises its first alarm within seconds while the backfill runs, and stops the backfill cleanly", async () => {
    const lines: string[] = [];
    let backfill: { stopped: boolean; samples: number } | undefined;
    const started = Date.now();
    const handle = startSimulator(db, {
      env: { SIMULATOR_FIRST_FAULT_MS: "3000", SIMULATOR_INTERVAL_MS: "2000" },
      log: (line) => lines.push(line),
      onBackfill: (report) => (backfill = report),
    });
    const found = await vi.waitFor(
      async () => {
        const world = handle.simulator.currentWorld;
        const port = world?.network.ports.find((p) => p.key === world.targets.portFlap);
        expect(port).toBeDefined();
        const raised = await openAlarm("port-down", `port:${port!.nodeId}:${port!.portId}`);
        expect(raised).toHaveLength(1);
        return raised;
      },
      { timeout: 25_000, interval: 200 },
    );
    const seconds = (Date.now() - started) / 1000;
    console.log(`first simulated alarm after ${seconds.toFixed(1)} s (faults from 3 s, pushes every 2 s, backfill running)`);
    expect(found).toHaveLength(1);
    expect(seconds).toBeLessThan(20);
    const names = await queryRows<{ id: string }>(db, sql`select id from organizations where name in ('Contoso', 'Northwind Networks')`);
    expect(names.map((row) => row.id)).toContain(found[0].organizationId);

    const stopping = Date.now();
    await handle.stop();
    console.log(`stop() with the backfill running took ${Date.now() - stopping} ms`);
    expect(Date.now() - stopping).toBeLessThan(10_000);
    expect(backfill?.stopped).toBe(true);
    expect(lines.some((line) => line.startsWith("[simulator] stopped after"))).toBe(true);
  }, 60_000);
});

describe("a started simulator hearing of a new path", () => {
  it("re-reads the network at its next round, long before the periodic re-read, and the path reports", async () => {
    const ticks: number[] = [];
    const handle = startSimulator(db, { env: {}, seed: 1, intervalMs: 300, firstFaultMs: 60 * MINUTE, backfill: false, reloadMs: 60 * MINUTE, log: () => {}, onTick: () => ticks.push(Date.now()) });
    try {
      await expect.poll(() => ticks.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
      const existing = handle.simulator.currentWorld!.network.paths.find((path) => path.name === "Paris ⇄ Frankfurt")!;
      const created = await call("POST", `/config/organization/${existing.organizationId}/path`, {
        cookie: await signIn(CONTOSO_ADMIN),
        body: {
          name: "Frankfurt ⇄ Paris heard",
          layer: "layer2",
          sourceSiteId: existing.destinationSiteId,
          sourceConnectorId: existing.destinationConnectorId,
          destinationSiteId: existing.sourceSiteId,
          destinationConnectorId: existing.sourceConnectorId,
          bandwidth: 10,
          vlanType: "specific",
          vlanId: 3998,
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const samples = async () => (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from telemetry_path_samples where path_id = ${created.body.id}`))[0].n;
      await expect.poll(samples, { timeout: 10_000, interval: 200 }).toBeGreaterThan(0);
      expect(handle.simulator.currentWorld!.network.paths.some((path) => path.id === created.body.id)).toBe(true);
      // Only what the change named was read again: the whole network was read once, at start.
      expect(handle.simulator.reads.whole).toBe(1);
      expect(handle.simulator.reads.targeted).toBeGreaterThan(0);
      // Health news (often its own doing) changes no object: the world is not read again for it.
      const ticked = async () => {
        const from = ticks.length;
        await expect.poll(() => ticks.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(from + 2);
      };
      await ticked();
      const world = handle.simulator.currentWorld;
      await getBus().publish({ service: "topology", action: "health", organization: { id: "x", parentId: null }, data: { organizationId: "x", paths: [] } });
      await ticked();
      expect(handle.simulator.currentWorld).toBe(world);
      await getBus().publish({ service: "topology", action: "updated", organization: { id: "x", parentId: null }, data: { entityType: "site", entityId: "x" } });
      await ticked();
      expect(handle.simulator.currentWorld).not.toBe(world);
      await db.delete(paths).where(eq(paths.id, created.body.id));
    } finally {
      await handle.stop();
    }
  }, 60_000);
});

describe("the backfill", () => {
  it("pushes a month of history once, every sample accepted", async () => {
    const sim = simulator(Date.now(), { firstFaultMs: 60 * MINUTE, backfill: true });
    const world = await sim.refresh();
    const expected = backfillPoints(sim.startedAt).reduce(
      (sum, point) =>
        sum +
        world.plan.duties.reduce(
          (inner, duty) => inner + deviceSamples(1, duty, world.stateAt(point.timeMs, NO_FAULTS, point.stepMs), uptimeSeconds(1, duty.device.id, point.timeMs)).length,
          0,
        ),
      0,
    );
    const alarmsBefore = await db.select({ id: alarms.id }).from(alarms);
    const report = await sim.backfill();
    console.log(`backfill: ${report.samples} samples, ${report.points} points, ${report.ms} ms (${Math.round(report.samples / (report.ms / 1000))} samples/s)`);
    expect(report.skipped).toBe(false);
    expect(report.samples).toBe(expected);
    expect(report.accepted).toBe(expected);
    expect(report.rejected).toBe(0);
    expect(report.failed).toBe(0);
    // History stays history: it raises no alarm.
    expect(await db.select({ id: alarms.id }).from(alarms)).toHaveLength(alarmsBefore.length);
    const again = await simulator(Date.now(), { backfill: true }).backfill();
    expect(again.skipped).toBe(true);
  }, 300_000);
});
