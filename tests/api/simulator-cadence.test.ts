import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows, type Db } from "@/server/db/client";
import { NO_FAULTS } from "@/server/simulator/faults";
import { deviceSamples } from "@/server/simulator/samples";
import { simulatorSettings } from "@/server/simulator/settings";
import { LIVE_BATCH_MAX, Simulator, type TickReport } from "@/server/simulator/simulator";
import { forgetServedObjects } from "@/server/telemetry/ownership";

// Issue 41, scope 6: the simulated devices send what changed at once and the rest at the keep-alive, through the
// real ingestion endpoint on the demo network — the console sees a flapping port at once and every steady object
// refreshed before it could look stale; every device's heartbeat goes every interval.
process.env.TEST_SEED_NETWORK = "1";

const SECOND = 1000;
let db: Db;

beforeAll(async () => {
  db = await getDb();
});

/** Each reported port's state, with when it was sampled (ms). */
const portStates = async () =>
  new Map(
    (
      await queryRows<{ node_id: string; port_id: string; status: string; ms: number }>(
        db,
        sql`select node_id, port_id, status, (extract(epoch from sampled_at) * 1000)::float8 as ms from telemetry_port_state`,
      )
    ).map((row) => [`${row.node_id}:${row.port_id}`, row]),
  );

/** The times (ms) each path has samples at. */
const pathSampleTimes = async () => {
  const times = new Map<string, number[]>();
  for (const row of await queryRows<{ path_id: string; ms: number }>(db, sql`select path_id, (extract(epoch from time) * 1000)::float8 as ms from telemetry_path_samples`)) {
    times.set(row.path_id, [...(times.get(row.path_id) ?? []), Math.round(row.ms)]);
  }
  return times;
};

describe("the simulator's cadence through the ingestion endpoint", () => {
  it("sends a changed object at once, a steady one at the keep-alive, and each device's heartbeat every interval", async () => {
    const base = Date.now();
    let ahead = 0;
    // Only the port flaps: from 30 to 50 s into the script it is down, at 70 s it is up again (flaps last a minute).
    const sim = new Simulator(db, simulatorSettings({}, { seed: 1, firstFaultMs: 0, backfill: false, faults: new Set(["port-flap"]) }), {
      now: () => base + ahead,
      log: () => {},
      startedAt: base - 30 * SECOND,
    });
    // Everything is new: it goes out every interval until an SLA window can judge it (three reports); flows add up.
    const warmUp: TickReport[] = [];
    for (const at of [0, 10, 20]) {
      ahead = at * SECOND;
      warmUp.push(await sim.tick());
    }
    const { targets, network, plan } = sim.currentWorld!;
    expect(warmUp[0].held).toBe(0);
    for (const report of warmUp) expect(report.rejected + report.failed).toBe(0);
    // So every path the devices serve has its SLA judged after three intervals, as before (a new path's page shows it).
    const served = plan.duties.flatMap((duty) => duty.paths.map((path) => path.id));
    expect(served.length).toBeGreaterThan(0);
    const unjudged = await queryRows<{ id: string }>(db, sql`select id from paths where id = any(${sql.param(served)}::text[]) and sla_health = 'unknown'`);
    expect(unjudged).toEqual([]);
    const flap = network.ports.find((port) => port.key === targets.portFlap)!;
    const flapKey = `${flap.nodeId}:${flap.portId}`;
    expect((await portStates()).get(flapKey)?.status).toBe("down");
    const warm = base + 20 * SECOND;

    // At 40 s the port is up again and says so at once; steady objects wait; every device still reports.
    ahead = 40 * SECOND;
    const changed = await sim.tick();
    expect(changed.reporting).toHaveLength(plan.duties.length);
    expect(changed.rejected + changed.failed).toBe(0);
    expect(changed.held).toBeGreaterThan(warmUp[2].accepted / 3);
    expect(changed.accepted).toBeLessThan(warmUp[2].accepted);
    const states = await portStates();
    expect(states.get(flapKey)).toMatchObject({ status: "up", ms: base + 40 * SECOND });
    const steadyPorts = [...states.values()].filter((state) => state.ms === warm);
    expect(steadyPorts.length).toBeGreaterThan(0);
    const [{ heartbeats }] = await queryRows<{ heartbeats: number }>(
      db,
      sql`select count(*)::int as heartbeats from telemetry_device_state where reported_at = ${new Date(base + 40 * SECOND).toISOString()}::timestamptz`,
    );
    expect(heartbeats).toBe(plan.duties.length);

    // By the keep-alive every object the devices serve was reported again, changed or not (each at its own phase in
    // the period, so the refreshes spread over the intervals).
    ahead = 80 * SECOND;
    const third = await sim.tick();
    expect(third.rejected + third.failed).toBe(0);
    const refreshed = await portStates();
    for (const port of steadyPorts) expect([base + 40 * SECOND, base + 80 * SECOND]).toContain(refreshed.get(`${port.node_id}:${port.port_id}`)?.ms);
    expect(steadyPorts.some((port) => refreshed.get(`${port.node_id}:${port.port_id}`)?.ms === base + 80 * SECOND)).toBe(true);
    const times = await pathSampleTimes();
    for (const pathId of served) expect(times.get(pathId)!.some((ms) => ms > warm)).toBe(true);
    // Some paths were held at 40 s.
    expect(served.some((pathId) => !times.get(pathId)!.includes(base + 40 * SECOND))).toBe(true);
  }, 60_000);

  it("sends everything every interval with SIMULATOR_CADENCE=all (the reference)", async () => {
    const base = Date.now() + 2 * 60 * SECOND;
    let ahead = 0;
    const sim = new Simulator(db, simulatorSettings({ SIMULATOR_CADENCE: "all" }, { seed: 1, firstFaultMs: 60 * 60 * SECOND, backfill: false }), {
      now: () => base + ahead,
      log: () => {},
    });
    await sim.tick();
    ahead = 10 * SECOND;
    const second = await sim.tick();
    const world = sim.currentWorld!;
    const measured = world.plan.duties.reduce((sum, duty) => sum + deviceSamples(1, duty, world.stateAt(second.timeMs, NO_FAULTS, 10 * SECOND), 1).length, 0);
    expect(second.held).toBe(0);
    expect(second.rejected + second.failed).toBe(0);
    expect(second.accepted).toBe(measured);
  }, 60_000);

  it("splits a device's live samples into batches of at most LIVE_BATCH_MAX, every one accepted", async () => {
    // A customer of three hundred sites around Paris: the device serving them measures well over a batch.
    await db.execute(sql`
      insert into organizations (name, organization_type, parent_id)
      select 'Batch Customer', 'customer', id from organizations where name = 'Northwind Networks'`);
    const customer = sql`(select id from organizations where name = 'Batch Customer')`;
    await db.execute(sql`
      insert into sites (organization_id, name, description, type, location_address, latitude, longitude, active)
      select ${customer}, 'Batch site ' || s, '', 'standard', 'Paris, France', 48.8 + s / 1000.0, 2.3 + s / 1000.0, true
      from generate_series(1, 300) s`);
    await db.execute(sql`
      insert into connectors (organization_id, site_id, kind, name, description, bandwidth_mbps, customer_ip, provider_edge_ip, vlan)
      select s.organization_id, s.id, 'physical', s.name || ' port ' || c, '', 1000, '10.' || (c * 50) || '.0.2', '10.' || (c * 50) || '.0.1', 100 + c
      from sites s cross join generate_series(1, 2) c where s.organization_id = ${customer}`);
    // Written straight to the database: the devices' served objects are worked out again (as topology news does).
    forgetServedObjects();
    const base = Date.now() + 4 * 60 * SECOND;
    const sim = new Simulator(db, simulatorSettings({ SIMULATOR_CADENCE: "all" }, { seed: 1, firstFaultMs: 60 * 60 * SECOND, backfill: false }), {
      now: () => base,
      log: () => {},
    });
    const report = await sim.tick();
    const world = sim.currentWorld!;
    const state = world.stateAt(report.timeMs, NO_FAULTS, 10 * SECOND);
    const perDevice = world.plan.duties.map((duty) => deviceSamples(1, duty, state, 1).length);
    expect(Math.max(...perDevice)).toBeGreaterThan(LIVE_BATCH_MAX);
    expect(report.batches).toBe(perDevice.reduce((sum, count) => sum + Math.ceil(count / LIVE_BATCH_MAX), 0));
    expect(report.accepted).toBe(perDevice.reduce((sum, count) => sum + count, 0));
    expect(report.rejected + report.failed).toBe(0);
  }, 120_000);
});
