import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/server/db/client";
import { alarms, devices, nodes, paths, telemetryDeviceState, telemetryPathState } from "@/server/db/schema";
import { forgetServedObjects } from "@/server/telemetry/ownership";
import { getBus, type RealtimeMessage } from "@/server/realtime/bus";
import { runSilentDeviceSweep, runTelemetryMaintenance, startTelemetryMaintenance } from "@/server/telemetry/maintenance";
import { VERDICT_CHECK_BATCH } from "@/server/telemetry/sla";
import { listPartitions, partitionName, periodStart } from "@/server/telemetry/partitions";
import { alarmMessages } from "./alarm-api";
import { buildCustomerNetwork, buildMspNetwork, DAY, HOUR, ingest, MINUTE, NW_ADMIN, type CustomerNetwork, type MspNetwork } from "./telemetry-fixtures";

// The maintenance job (issue 5): hourly rollups of closed hours with the right numbers, idempotent and safe to run
// twice at once; retention by whole partitions; the silent-device sweep and stale SLAs.

let northwind: MspNetwork;
let contoso: CustomerNetwork;
// A closed hour, three hours back, whose samples the rollup tests reason about.
let hour: number;
const at = (minutes: number) => new Date(hour + minutes * MINUTE).toISOString();

beforeAll(async () => {
  contoso = await buildCustomerNetwork("Contoso");
  northwind = await buildMspNetwork("Northwind Networks");
  hour = Math.floor(Date.now() / HOUR) * HOUR - 3 * HOUR;
});

afterEach(() => {
  delete process.env.TELEMETRY_SILENT_AFTER_MS;
});

const path = (time: string, latencyMs: number, rxBps: number, lossPercent = 0) => ({
  kind: "path",
  time,
  pathId: contoso.path.id,
  latencyMs,
  jitterMs: latencyMs / 10,
  lossPercent,
  rxBps,
  txBps: rxBps / 2,
});

async function rows<T>(query: ReturnType<typeof sql>) {
  return queryRows<T>(await getDb(), query);
}

describe("hourly rollups", () => {
  it("computes averages, extremes and counts of each closed hour", async () => {
    const response = await ingest(northwind.token, [
      path(at(10), 10, 100, 0),
      path(at(20), 30, 300, 3),
      path(at(30), 20, 200, 0),
      path(at(70), 50, 500, 0),
      { kind: "port", time: at(5), portId: "ge-0/0/1", status: "up", rxBps: 10, txBps: 1 },
      { kind: "port", time: at(15), portId: "ge-0/0/1", status: "down", rxBps: 0, txBps: 0 },
      { kind: "port", time: at(25), portId: "ge-0/0/1", status: "disabled", rxBps: 0, txBps: 0 },
      { kind: "link", time: at(5), linkId: northwind.link.id, status: "up", latencyMs: 4, lossPercent: null, rxBps: 100, txBps: 100 },
      { kind: "link", time: at(6), linkId: northwind.link.id, status: "down", latencyMs: null, lossPercent: null, rxBps: 0, txBps: 0 },
      { kind: "flow", time: at(1), siteId: contoso.siteA.id, source: "10.0.0.1", destination: "10.9.0.1", bytes: 1000 },
      { kind: "flow", time: at(2), siteId: contoso.siteA.id, source: "10.0.0.1", destination: "10.9.0.1", bytes: 500 },
      { kind: "probe", time: at(1), siteId: contoso.siteA.id, target: "aws", latencyMs: 10, jitterMs: 2, lossPercent: 0 },
      { kind: "probe", time: at(2), siteId: contoso.siteA.id, target: "aws", latencyMs: null, jitterMs: null, lossPercent: 100 },
      { kind: "connector", time: at(1), connectorId: contoso.connectorA.id, status: "up", rxBps: 100, txBps: 40 },
      { kind: "connector", time: at(2), connectorId: contoso.connectorA.id, status: "down", rxBps: 300, txBps: 60 },
    ]);
    expect(response.body).toEqual({ accepted: 15, rejected: 0 });

    const result = await runTelemetryMaintenance(await getDb());
    expect(result.ran).toBe(true);
    expect(result.hoursRolledUp).toBeGreaterThanOrEqual(7);

    const pathRows = await rows<Record<string, number>>(
      sql`select (extract(epoch from hour) * 1000)::float8 as hour, samples, latency_avg, latency_min, latency_max, jitter_avg, loss_avg, loss_max, rx_avg, rx_max, tx_avg
          from telemetry_path_hourly where path_id = ${contoso.path.id} order by hour`,
    );
    expect(pathRows).toEqual([
      { hour, samples: 3, latency_avg: 20, latency_min: 10, latency_max: 30, jitter_avg: 2, loss_avg: 1, loss_max: 3, rx_avg: 200, rx_max: 300, tx_avg: 100 },
      { hour: hour + HOUR, samples: 1, latency_avg: 50, latency_min: 50, latency_max: 50, jitter_avg: 5, loss_avg: 0, loss_max: 0, rx_avg: 500, rx_max: 500, tx_avg: 250 },
    ]);
    const [port] = await rows<Record<string, number>>(
      sql`select samples, down_samples, disabled_samples, rx_avg, rx_max from telemetry_port_hourly where node_id = ${northwind.edge.id} and port_id = 'ge-0/0/1'`,
    );
    expect(port).toEqual({ samples: 3, down_samples: 1, disabled_samples: 1, rx_avg: 10 / 3, rx_max: 10 });
    const [link] = await rows<Record<string, number | null>>(
      sql`select samples, down_samples, latency_samples, latency_avg, loss_samples, loss_avg from telemetry_link_hourly where link_id = ${northwind.link.id}`,
    );
    expect(link).toEqual({ samples: 2, down_samples: 1, latency_samples: 1, latency_avg: 4, loss_samples: 0, loss_avg: null });
    const [flow] = await rows<Record<string, number>>(sql`select samples, bytes::float8 as bytes from telemetry_flow_hourly where site_id = ${contoso.siteA.id}`);
    expect(flow).toEqual({ samples: 2, bytes: 1500 });
    const [probe] = await rows<Record<string, number | null>>(
      sql`select samples, latency_samples, latency_avg, loss_avg, loss_max from telemetry_probe_hourly where site_id = ${contoso.siteA.id}`,
    );
    expect(probe).toEqual({ samples: 2, latency_samples: 1, latency_avg: 10, loss_avg: 50, loss_max: 100 });
    const [connector] = await rows<Record<string, number | string>>(
      sql`select site_id, samples, down_samples, rx_avg, tx_max from telemetry_connector_hourly where connector_id = ${contoso.connectorA.id}`,
    );
    expect(connector).toEqual({ site_id: contoso.siteA.id, samples: 2, down_samples: 1, rx_avg: 200, tx_max: 60 });
    const [{ marks }] = await rows<{ marks: number }>(sql`select count(*)::int as marks from telemetry_dirty_hours where hour < ${new Date(hour + 2 * HOUR).toISOString()}::timestamptz`);
    expect(marks).toBe(0);
  });

  it("is idempotent, and a late sample recomputes its hour", async () => {
    const db = await getDb();
    const again = await runTelemetryMaintenance(db);
    expect(again.hoursRolledUp).toBe(0);
    await ingest(northwind.token, [path(at(40), 40, 400)]);
    const [first, second] = await Promise.all([runTelemetryMaintenance(db), runTelemetryMaintenance(db)]);
    expect(first.ran || second.ran).toBe(true);
    const [row] = await rows<{ samples: number; latency_avg: number; rx_max: number }>(
      sql`select samples, latency_avg, rx_max from telemetry_path_hourly where path_id = ${contoso.path.id} and hour = ${new Date(hour).toISOString()}::timestamptz`,
    );
    expect(row).toEqual({ samples: 4, latency_avg: 25, rx_max: 400 });
  });

  it("leaves the current hour until it closes", async () => {
    const db = await getDb();
    const current = Math.floor(Date.now() / HOUR) * HOUR;
    const time = new Date(Math.max(current, Date.now() - MINUTE)).toISOString();
    await ingest(northwind.token, [path(time, 5, 5)]);
    await runTelemetryMaintenance(db);
    const [{ n }] = await rows<{ n: number }>(
      sql`select count(*)::int as n from telemetry_path_hourly where path_id = ${contoso.path.id} and hour = ${new Date(current).toISOString()}::timestamptz`,
    );
    expect(n).toBe(0);
    const [{ marks }] = await rows<{ marks: number }>(sql`select count(*)::int as marks from telemetry_dirty_hours where kind = 'path' and hour = ${new Date(current).toISOString()}::timestamptz`);
    expect(marks).toBe(1);
    // An hour later (the job's clock), it is rolled up.
    const later = await runTelemetryMaintenance(db, current + HOUR + MINUTE);
    expect(later.hoursRolledUp).toBeGreaterThanOrEqual(1);
    const [{ m }] = await rows<{ m: number }>(
      sql`select count(*)::int as m from telemetry_path_hourly where path_id = ${contoso.path.id} and hour = ${new Date(current).toISOString()}::timestamptz`,
    );
    expect(m).toBe(1);
  });

  it("creates today's and the next days' partitions ahead", async () => {
    await runTelemetryMaintenance(await getDb());
    const names = (await listPartitions(await getDb(), "telemetry_port_samples")).map((partition) => partition.name);
    for (let day = 0; day <= 2; day++) expect(names).toContain(partitionName("telemetry_port_samples", periodStart(Date.now() + day * DAY, "day"), "day"));
  });
});

describe("retention", () => {
  it("rolls up old samples, then drops their raw partition; recent partitions stay", async () => {
    const db = await getDb();
    // Past the 32 days of raw retention, within the 40 days a sample may be old.
    const old = Math.floor((Date.now() - 35 * DAY) / HOUR) * HOUR;
    const name = partitionName("telemetry_path_samples", periodStart(old, "day"), "day");
    await ingest(northwind.token, [path(new Date(old + 5 * MINUTE).toISOString(), 60, 600), path(new Date(old + 6 * MINUTE).toISOString(), 80, 800)]);
    expect((await listPartitions(db, "telemetry_path_samples")).map((partition) => partition.name)).toContain(name);

    const result = await runTelemetryMaintenance(db);
    expect(result.partitionsDropped).toContain(name);
    const names = (await listPartitions(db, "telemetry_path_samples")).map((partition) => partition.name);
    expect(names).not.toContain(name);
    expect(names).toContain(partitionName("telemetry_path_samples", periodStart(Date.now(), "day"), "day"));
    expect(names).toContain(partitionName("telemetry_path_samples", periodStart(hour, "day"), "day"));
    const [rollup] = await rows<{ samples: number; latency_avg: number }>(
      sql`select samples, latency_avg from telemetry_path_hourly where path_id = ${contoso.path.id} and hour = ${new Date(old).toISOString()}::timestamptz`,
    );
    expect(rollup).toEqual({ samples: 2, latency_avg: 70 });
  });
});

describe("silent-device sweep", () => {
  async function openUnreachable(deviceId: string) {
    const db = await getDb();
    const [row] = await db
      .select()
      .from(alarms)
      .where(and(eq(alarms.subject, `device:${deviceId}`), eq(alarms.type, "device-unreachable"), isNull(alarms.clearedAt)));
    return row ?? null;
  }

  /**
   * A test's own MSP networks leave with it: more edges in the same metro, silent or without a device, would be the
   * nearest to the next tests' new connectors and serve their paths (a connector's serving node is derived, issue 42).
   */
  async function leave(...networks: MspNetwork[]) {
    const db = await getDb();
    await db.delete(nodes).where(inArray(nodes.id, networks.flatMap((network) => [network.edge.id, network.core.id])));
    forgetServedObjects();
  }

  it("raises device-unreachable for an assigned device silent past the threshold, and clears it when it reports", async () => {
    const db = await getDb();
    const msp = await buildMspNetwork("Northwind Networks");
    const never = await buildMspNetwork("Northwind Networks");
    const now = Date.now();
    await ingest(msp.token, [{ kind: "device", time: new Date(now).toISOString(), uptimeSeconds: 5, softwareVersion: "24.3.1" }]);

    expect((await runSilentDeviceSweep(db, now + 60_000)).silenced).not.toContain(msp.device.id);
    const sweep = await runSilentDeviceSweep(db, now + 120_000);
    expect(sweep.silenced).toContain(msp.device.id);
    // A device that never reported is not "silent": it has no telemetry at all.
    expect(sweep.silenced).not.toContain(never.device.id);
    const alarm = await openUnreachable(msp.device.id);
    expect(alarm).toMatchObject({ organizationId: msp.mspId, severity: "major", source: msp.device.serialNumber });
    expect(await alarmMessages(NW_ADMIN, alarm!.id, msp.mspId)).toEqual({
      en: `Device ${msp.device.serialNumber} on ${msp.edge.name} has not reported for 2 minutes`,
      fr: `L’équipement ${msp.device.serialNumber} sur ${msp.edge.name} n’a rien envoyé depuis 2 minutes`,
    });
    // Once is enough: the next sweep does not raise it again.
    expect((await runSilentDeviceSweep(db, now + 150_000)).silenced).not.toContain(msp.device.id);

    await ingest(msp.token, [{ kind: "device", time: new Date().toISOString(), uptimeSeconds: 130, softwareVersion: "24.3.1" }]);
    expect(await openUnreachable(msp.device.id)).toBeNull();
    const [state] = await db.select().from(telemetryDeviceState).where(eq(telemetryDeviceState.deviceId, msp.device.id));
    expect(state.silent).toBe(false);
    await leave(msp, never);
  });

  it("follows TELEMETRY_SILENT_AFTER_MS, and ignores devices that left their node (clearing their alarm)", async () => {
    const db = await getDb();
    const msp = await buildMspNetwork("Northwind Networks");
    const now = Date.now();
    await ingest(msp.token, [{ kind: "device", time: new Date(now).toISOString(), uptimeSeconds: 5, softwareVersion: "24.3.1" }]);
    process.env.TELEMETRY_SILENT_AFTER_MS = "5000";
    const published: RealtimeMessage[] = [];
    const unsubscribe = getBus().subscribe((message) => published.push(message));
    try {
      expect((await runSilentDeviceSweep(db, now + 10_000)).silenced).toContain(msp.device.id);
      // The MSP hears of it through the same topology-health news as ports and links.
      await expect
        .poll(() => published)
        .toContainEqual(
          expect.objectContaining({
            service: "topology",
            action: "health",
            data: expect.objectContaining({ organizationId: msp.mspId, devices: expect.arrayContaining([{ id: msp.device.id, nodeId: msp.edge.id, reachable: false }]) }),
          }),
        );
    } finally {
      unsubscribe();
    }
    expect(await openUnreachable(msp.device.id)).not.toBeNull();
    await db.update(devices).set({ nodeId: null }).where(eq(devices.id, msp.device.id));
    const sweep = await runSilentDeviceSweep(db, now + 20_000);
    expect(sweep.released).toContain(msp.device.id);
    expect(await openUnreachable(msp.device.id)).toBeNull();
    await leave(msp);
  });

  it("turns the SLA of a path whose samples stopped to unknown", async () => {
    const db = await getDb();
    const network = await buildCustomerNetwork("Contoso");
    const now = Date.now();
    const samples = [1, 2, 3].map((i) => ({ ...path(new Date(now - i * 1000).toISOString(), 20, 1), pathId: network.path.id }));
    await ingest(northwind.token, samples);
    const slaOf = async () => (await db.select({ sla: paths.slaHealth }).from(paths).where(eq(paths.id, network.path.id)))[0].sla;
    expect(await slaOf()).toBe("healthy");
    expect((await runSilentDeviceSweep(db, now + 2 * MINUTE)).stalePaths).not.toContain(network.path.id);
    expect(await slaOf()).toBe("healthy");
    expect((await runSilentDeviceSweep(db, now + 6 * MINUTE)).stalePaths).toContain(network.path.id);
    expect(await slaOf()).toBe("unknown");
  });

  it("turns a stored SLA that no sample ever backed to unknown, and says so", async () => {
    // As the demo seed writes one for a path whose site is inactive and never reports (Lyon ⇄ Paris).
    const db = await getDb();
    const network = await buildCustomerNetwork("Contoso");
    const id = network.path.id;
    await db.update(paths).set({ slaHealth: "bad" }).where(eq(paths.id, id));
    const slaOf = async () => (await db.select({ sla: paths.slaHealth }).from(paths).where(eq(paths.id, id)))[0].sla;
    const published: RealtimeMessage[] = [];
    const unsubscribe = getBus().subscribe((message) => published.push(message));
    try {
      expect((await runSilentDeviceSweep(db)).stalePaths).toContain(id);
      expect(await slaOf()).toBe("unknown");
      // No figures are made up for it.
      expect(await db.select().from(telemetryPathState).where(eq(telemetryPathState.pathId, id))).toEqual([]);
      await expect
        .poll(() => published)
        .toContainEqual(
          expect.objectContaining({
            service: "topology",
            action: "health",
            data: expect.objectContaining({ organizationId: network.organizationId, paths: expect.arrayContaining([{ id, slaHealth: "unknown" }]) }),
            organization: expect.objectContaining({ id: network.organizationId }),
          }),
        );
      // Unknown now: the next sweeps leave it be.
      expect((await runSilentDeviceSweep(db)).stalePaths).not.toContain(id);
    } finally {
      unsubscribe();
    }
  });

  it("does bounded work per sweep on a large network: unbacked verdicts are taken a batch at a time until none is left", async () => {
    // As the scale seed leaves them: thousands of paths whose SLA was written without a sample. The sweep used to read
    // every such path (and every reporting one) each time; now each sweep checks a stretch and evaluates a batch.
    const db = await getDb();
    const network = await buildCustomerNetwork("Contoso");
    const count = VERDICT_CHECK_BATCH + 1500;
    await db.execute(sql`
      insert into paths (organization_id, name, layer, source_site_id, source_connector_id, destination_site_id,
                         destination_connector_id, bandwidth_mbps, vlan_type, vlan_id, sla_health)
      select organization_id, 'Unbacked ' || n, layer, source_site_id, source_connector_id, destination_site_id,
             destination_connector_id, 1, 'specific', 100, 'healthy'
      from paths, generate_series(1, ${count}) n where id = ${network.path.id}`);
    const unbacked = async () =>
      (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from paths where name like 'Unbacked %' and sla_health <> 'unknown'`))[0].n;
    expect(await unbacked()).toBe(count);
    // The event loop turns while a sweep rewrites its thousand verdicts (PGlite alone never lets it: requests would wait).
    let turns = 0;
    let spinning = true;
    const spin = () => {
      if (!spinning) return;
      turns++;
      setImmediate(spin);
    };
    setImmediate(spin);
    const sizes = [(await runSilentDeviceSweep(db)).stalePaths.length];
    spinning = false;
    expect(sizes[0]).toBe(1000);
    expect(turns).toBeGreaterThanOrEqual(10);
    for (let sweep = 0; sweep < 12 && (await unbacked()) > 0; sweep++) sizes.push((await runSilentDeviceSweep(db)).stalePaths.length);
    expect(await unbacked()).toBe(0);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(1000);
    expect(sizes.length).toBeGreaterThanOrEqual(Math.ceil(count / 1000));
  });
});

describe("startTelemetryMaintenance", () => {
  it("runs the job on its own and stops cleanly", async () => {
    const db = await getDb();
    const msp = await buildMspNetwork("Northwind Networks");
    await ingest(msp.token, [{ kind: "device", time: new Date().toISOString(), uptimeSeconds: 5, softwareVersion: "24.3.1" }]);
    process.env.TELEMETRY_SILENT_AFTER_MS = "1";
    const job = startTelemetryMaintenance(db, { intervalMs: 60_000, sweepIntervalMs: 30 });
    try {
      await expect.poll(async () => (await db.select().from(telemetryDeviceState).where(eq(telemetryDeviceState.deviceId, msp.device.id)))[0].silent, { timeout: 5000 }).toBe(true);
    } finally {
      await job.stop();
    }
  });
});

describe("rollup retention", () => {
  // Last: it moves the job's clock 440 days ahead (400 days of retention past the end of the current month).
  it("drops rollup partitions past 400 days", async () => {
    const db = await getDb();
    const month = partitionName("telemetry_path_hourly", periodStart(hour, "month"), "month");
    expect((await listPartitions(db, "telemetry_path_hourly")).map((partition) => partition.name)).toContain(month);
    const result = await runTelemetryMaintenance(db, Date.now() + 440 * DAY);
    expect(result.partitionsDropped).toContain(month);
    expect((await listPartitions(db, "telemetry_path_hourly")).map((partition) => partition.name)).not.toContain(month);
  });
});
