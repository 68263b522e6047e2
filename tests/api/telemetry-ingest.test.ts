import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/server/db/client";
import { alarms, deviceTokens, devices, events, nodes, paths, telemetryDeviceState } from "@/server/db/schema";
import { isRealtimeNews } from "@/lib/realtime-contract";
import { LocalBus, setBus, type RealtimeMessage } from "@/server/realtime/bus";
import { countLiveTokens, issueDeviceToken, revokeDeviceTokens } from "@/server/telemetry/device-tokens";
import { forgetServedObjects } from "@/server/telemetry/ownership";
import { partitionName, periodStart } from "@/server/telemetry/partitions";
import { alarmMessages } from "./alarm-api";
import { call, signIn } from "./helpers";
import { metrics } from "@/server/core/metrics";
import {
  BW_ADMIN,
  buildCustomerNetwork,
  buildMspNetwork,
  CONTOSO_ADMIN,
  DAY,
  FABRIKAM_ADMIN,
  HOUR,
  ingest,
  isoAgo,
  MINUTE,
  NW_ADMIN,
  NW_CONFIGURE,
  NW_READONLY,
  OPERATOR,
  type CustomerNetwork,
  type MspNetwork,
} from "./telemetry-fixtures";

// Ingestion (issue 5): per-device tokens, the bearer-only endpoint, what a device may report on, the time rules,
// partitions made on demand, and what follows a batch — SLA, alarms and realtime news.

let northwind: MspNetwork;
let bluewave: MspNetwork;
let contoso: CustomerNetwork;
let initech: CustomerNetwork;
const published: RealtimeMessage[] = [];
// What follows a batch is published before its answer, and reaches the listeners once `bus.delivered()` resolves.
const bus = new LocalBus();
let unsubscribe: () => void;

beforeAll(async () => {
  setBus(bus);
  unsubscribe = bus.subscribe((message) => published.push(message));
  contoso = await buildCustomerNetwork("Contoso");
  initech = await buildCustomerNetwork("Initech");
  northwind = await buildMspNetwork("Northwind Networks", { organizationId: contoso.organizationId, siteId: contoso.siteA.id });
  bluewave = await buildMspNetwork("Bluewave Telecom");
});

afterAll(() => unsubscribe());

const pathSample = (pathId: string, time: string, figures: { latencyMs?: number; jitterMs?: number; lossPercent?: number } = {}) => ({
  kind: "path",
  time,
  pathId,
  latencyMs: figures.latencyMs ?? 20,
  jitterMs: figures.jitterMs ?? 2,
  lossPercent: figures.lossPercent ?? 0,
  rxBps: 1e8,
  txBps: 5e7,
});

describe("device tokens", () => {
  it("issues a token an MSP configure user sees once; re-issuing revokes the old one", async () => {
    const first = await call("POST", `/inventory/device/${northwind.device.id}/token`, { cookie: await signIn(NW_CONFIGURE) });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.token).toMatch(/^mdt_[A-Za-z0-9_-]{43}$/);
    expect((await ingest(first.body.token, [{ kind: "device", time: isoAgo(0), uptimeSeconds: 10, softwareVersion: "24.3.1" }])).status).toBe(200);

    const second = await call("POST", `/inventory/device/${northwind.device.id}/token`, { cookie: await signIn(NW_ADMIN) });
    expect(second.status).toBe(201);
    expect(second.body.token).not.toBe(first.body.token);
    expect((await ingest(first.body.token, [{ kind: "device", time: isoAgo(0), uptimeSeconds: 10, softwareVersion: "24.3.1" }])).status).toBe(401);
    expect((await ingest(second.body.token, [{ kind: "device", time: isoAgo(0), uptimeSeconds: 10, softwareVersion: "24.3.1" }])).status).toBe(200);
    expect(await countLiveTokens(await getDb(), northwind.device.id)).toBe(1);

    // Only the hash is stored; the event names the device and never the token.
    const db = await getDb();
    const stored = await db.select().from(deviceTokens).where(eq(deviceTokens.deviceId, northwind.device.id));
    expect(stored.map((row) => row.tokenHash)).not.toContain(second.body.token);
    const [event] = await db
      .select()
      .from(events)
      .where(and(eq(events.entityId, northwind.device.id), eq(events.type, "device.token-issued")))
      .limit(1);
    expect(event.after).toMatchObject({ serialNumber: northwind.device.serialNumber });
    expect(JSON.stringify(event)).not.toContain(second.body.token);
    northwind.token = await issueDeviceToken(db, northwind.device.id);
  });

  it("answers 404 for another MSP's device, 403 without the inventory write scope, 401 signed out", async () => {
    expect((await call("POST", `/inventory/device/${northwind.device.id}/token`, { cookie: await signIn(BW_ADMIN) })).status).toBe(404);
    expect((await call("POST", `/inventory/device/no-such-device/token`, { cookie: await signIn(BW_ADMIN) })).status).toBe(404);
    expect((await call("POST", `/inventory/device/${northwind.device.id}/token`, { cookie: await signIn(NW_READONLY) })).status).toBe(403);
    expect((await call("POST", `/inventory/device/${northwind.device.id}/token`, { cookie: await signIn(CONTOSO_ADMIN) })).status).toBe(403);
    expect((await call("POST", `/inventory/device/${northwind.device.id}/token`)).status).toBe(401);
  });

  it("refuses a device the operator holds unclaimed with 409", async () => {
    const db = await getDb();
    const [spare] = await db
      .insert(devices)
      .values({ serialNumber: "TELEMETRY-SPARE-1", claimCodeHash: "x", model: "E200", softwareVersion: "24.3.1" })
      .returning({ id: devices.id });
    const response = await call("POST", `/inventory/device/${spare.id}/token`, { cookie: await signIn(OPERATOR) });
    expect(response.status).toBe(409);
    expect(response.body.error).toBe("Device TELEMETRY-SPARE-1 has not been claimed by an MSP yet.");
  });

  it("revokes every token of a device; a device claimed by another MSP does not keep the old MSP's token", async () => {
    const db = await getDb();
    const other = await buildMspNetwork("Northwind Networks");
    const sample = [{ kind: "device", time: isoAgo(0), uptimeSeconds: 1, softwareVersion: "24.3.1" }];
    expect((await ingest(other.token, sample)).status).toBe(200);
    expect(await revokeDeviceTokens(db, other.device.id)).toBe(1);
    expect((await ingest(other.token, sample)).status).toBe(401);

    const token = await issueDeviceToken(db, other.device.id);
    await db.update(devices).set({ mspOrganizationId: bluewave.mspId, nodeId: null, claimedAt: new Date() }).where(eq(devices.id, other.device.id));
    expect((await ingest(token, sample)).status).toBe(401);
    // Released and claimed again by the same MSP: the token of the earlier claim stays dead.
    const again = await issueDeviceToken(db, other.device.id);
    expect((await ingest(again, sample)).status).toBe(200);
    await db.update(devices).set({ mspOrganizationId: null, claimedAt: null }).where(eq(devices.id, other.device.id));
    await db.update(devices).set({ mspOrganizationId: bluewave.mspId, claimedAt: new Date(Date.now() + 1000) }).where(eq(devices.id, other.device.id));
    expect((await ingest(again, sample)).status).toBe(401);
  });
});

describe("POST /telemetry/ingest: authentication", () => {
  const sample = [{ kind: "device", time: new Date().toISOString(), uptimeSeconds: 1, softwareVersion: "1" }];

  it("answers 401 with a translated message for a missing, malformed or unknown token, before reading the body", async () => {
    const attempts: Record<string, string>[] = [{}, { authorization: "Basic abc" }, { authorization: "Bearer mdt_unknown" }, { authorization: `Bearer ${"x".repeat(500)}` }];
    for (const headers of attempts) {
      const response = await call("POST", "/telemetry/ingest", { body: { samples: sample }, headers });
      expect(response.status).toBe(401);
      expect(response.body.error).toBe("Missing or invalid device token.");
      expect(response.headers.get("www-authenticate")).toContain("Bearer");
    }
    const french = await call("POST", "/telemetry/ingest", { rawBody: "not json", headers: { authorization: "Bearer mdt_nope" }, language: "fr" });
    expect(french.status).toBe(401);
    expect(french.body.error).toBe("Jeton d’équipement absent ou invalide.");
  });

  it("ignores a session cookie: a signed-in browser cannot ingest", async () => {
    const response = await call("POST", "/telemetry/ingest", { body: { samples: sample }, cookie: await signIn(NW_ADMIN) });
    expect(response.status).toBe(401);
  });

  it("takes a device's JSON without an Origin, and refuses a cross-site page's request", async () => {
    expect((await ingest(northwind.token, sample)).status).toBe(200);
    const crossSite = await call("POST", "/telemetry/ingest", {
      body: { samples: sample },
      headers: { authorization: `Bearer ${northwind.token}`, origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    const form = await call("POST", "/telemetry/ingest", {
      rawBody: JSON.stringify({ samples: sample }),
      headers: { authorization: `Bearer ${northwind.token}`, "content-type": "text/plain" },
    });
    expect(form.status).toBe(415);
  });
});

describe("POST /telemetry/ingest: what a device may report on", () => {
  it("accepts its own node's ports (interface ids and switch-port indexes), links and its MSP's customers' objects; drops the rest", async () => {
    const now = Date.now();
    const t = isoAgo(30_000, now);
    const samples = async (result: "accepted" | "rejected") =>
      Number(new RegExp(`^maia_telemetry_samples_total\\{result="${result}"\\} (\\d+)$`, "m").exec(await metrics.registry.metrics())?.[1] ?? 0);
    const before = { accepted: await samples("accepted"), rejected: await samples("rejected") };
    const response = await ingest(northwind.token, [
      // Newer than the device samples of the token tests: it becomes the device's state.
      { kind: "device", time: new Date(now).toISOString(), uptimeSeconds: 3600, softwareVersion: "24.3.2", cpuPercent: 12 },
      { kind: "port", time: t, portId: "ge-0/0/1", status: "up", rxBps: 1e6, txBps: 2e6 },
      { kind: "port", time: t, portId: "2", status: "disabled", rxBps: 0, txBps: 0 },
      { kind: "link", time: t, linkId: northwind.link.id, status: "up", latencyMs: 3, lossPercent: 0, rxBps: 1e9, txBps: 1e9 },
      { kind: "connector", time: t, connectorId: contoso.connectorA.id, status: "up", rxBps: 1e8, txBps: 2e8 },
      pathSample(contoso.path.id, t),
      { kind: "flow", time: t, siteId: contoso.siteA.id, source: "10.0.0.1", destination: "10.1.0.1", bytes: 1000 },
      { kind: "probe", time: t, siteId: contoso.siteA.id, target: "aws-eu-central-1", latencyMs: 12, jitterMs: 1, lossPercent: 0 },
      // Rejected: a port the node does not have, a port of another node, another MSP's link, its customers' objects, unknown ids.
      { kind: "port", time: t, portId: "ge-9/9/9", status: "up", rxBps: 0, txBps: 0 },
      { kind: "link", time: t, linkId: bluewave.link.id, status: "down", latencyMs: null, lossPercent: null, rxBps: 0, txBps: 0 },
      { kind: "connector", time: t, connectorId: initech.connectorA.id, status: "up", rxBps: 1, txBps: 1 },
      pathSample(initech.path.id, t),
      { kind: "flow", time: t, siteId: initech.siteA.id, source: "a", destination: "b", bytes: 1 },
      { kind: "probe", time: t, siteId: "no-such-site", target: "x", latencyMs: 1, jitterMs: 1, lossPercent: 0 },
      pathSample("no-such-path", t),
    ]);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({ accepted: 8, rejected: 7 });
    // The metrics count them too.
    expect({ accepted: (await samples("accepted")) - before.accepted, rejected: (await samples("rejected")) - before.rejected }).toEqual({ accepted: 8, rejected: 7 });

    const db = await getDb();
    const counts = await queryRows<{ kind: string; n: number }>(
      db,
      sql`select 'path' as kind, count(*)::int as n from telemetry_path_samples where path_id in (${contoso.path.id}, ${initech.path.id}, 'no-such-path')
          union all select 'port', count(*)::int from telemetry_port_samples where node_id = ${northwind.edge.id}
          union all select 'link', count(*)::int from telemetry_link_samples where link_id in (${northwind.link.id}, ${bluewave.link.id})
          union all select 'connector', count(*)::int from telemetry_connector_samples where connector_id in (${contoso.connectorA.id}, ${initech.connectorA.id})
          union all select 'flow', count(*)::int from telemetry_flow_samples where site_id in (${contoso.siteA.id}, ${initech.siteA.id})
          union all select 'probe', count(*)::int from telemetry_probe_samples`,
    );
    expect(Object.fromEntries(counts.map((row) => [row.kind, row.n]))).toEqual({ path: 1, port: 2, link: 1, connector: 1, flow: 1, probe: 1 });
    const [state] = await db.select().from(telemetryDeviceState).where(eq(telemetryDeviceState.deviceId, northwind.device.id));
    expect(state).toMatchObject({ uptimeSeconds: 3600, softwareVersion: "24.3.2", cpuPercent: 12, silent: false, nodeId: northwind.edge.id });
  });

  it("another MSP's device reporting on Northwind's customers has everything rejected", async () => {
    const t = isoAgo(10_000);
    const response = await ingest(bluewave.token, [
      pathSample(contoso.path.id, t),
      { kind: "connector", time: t, connectorId: contoso.connectorB.id, status: "down", rxBps: 0, txBps: 0 },
      { kind: "port", time: t, portId: "ge-0/0/1", status: "down", rxBps: 0, txBps: 0 },
    ]);
    expect(response.body).toEqual({ accepted: 1, rejected: 2 });
    const db = await getDb();
    const [{ n }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from telemetry_connector_samples where connector_id = ${contoso.connectorB.id}`);
    expect(n).toBe(0);
  });

  it("a resent batch is accepted again without storing duplicates", async () => {
    const t = isoAgo(20_000);
    const batch = [pathSample(contoso.path.id, t, { latencyMs: 33 })];
    expect((await ingest(northwind.token, batch)).body).toEqual({ accepted: 1, rejected: 0 });
    expect((await ingest(northwind.token, batch)).body).toEqual({ accepted: 1, rejected: 0 });
    const [{ n }] = await queryRows<{ n: number }>(await getDb(), sql`select count(*)::int as n from telemetry_path_samples where path_id = ${contoso.path.id} and time = ${t}::timestamptz`);
    expect(n).toBe(1);
  });

  it("an object created a moment ago is accepted at once, even before the bus has delivered its news", async () => {
    // What the device serves is known (and kept), then the bus is slow: its deliveries are held back.
    expect((await ingest(northwind.token, [pathSample(contoso.path.id, isoAgo(1500))])).body).toEqual({ accepted: 1, rejected: 0 });
    const publish = bus.publish;
    bus.publish = async () => {};
    try {
      const fresh = await buildCustomerNetwork("Fabrikam");
      expect((await ingest(northwind.token, [pathSample(fresh.path.id, isoAgo(1000))])).body).toEqual({ accepted: 1, rejected: 0 });
    } finally {
      bus.publish = publish;
    }
  });
});

describe("POST /telemetry/ingest: time rules and body", () => {
  it("refuses the batch when a sample is older than 40 days, with the sample's index, translated", async () => {
    const response = await ingest(northwind.token, [pathSample(contoso.path.id, isoAgo(MINUTE)), pathSample(contoso.path.id, isoAgo(41 * DAY))]);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("Sample 1 is older than 40 days: it cannot be stored");
    expect(response.body.issues[0].path).toBe("samples.1.time");
    const french = await ingest(northwind.token, [pathSample(contoso.path.id, isoAgo(41 * DAY))], { language: "fr" });
    expect(french.body.error).toBe("L’échantillon 0 date de plus de 40 jours : il ne peut pas être enregistré");
  });

  it("refuses a sample more than 5 minutes in the future; accepts clock skew within it", async () => {
    const ahead = await ingest(northwind.token, [pathSample(contoso.path.id, isoAgo(-10 * MINUTE))]);
    expect(ahead.status).toBe(400);
    expect(ahead.body.error).toBe("Sample 0 is more than 5 minutes in the future: check the device clock");
    expect((await ingest(northwind.token, [pathSample(contoso.path.id, isoAgo(-2 * MINUTE))])).status).toBe(200);
  });

  it("answers 400 with a message for a malformed body, a bad time, an unknown kind or an oversized batch", async () => {
    const badTime = await ingest(northwind.token, [{ ...pathSample(contoso.path.id, "yesterday") }]);
    expect(badTime.status).toBe(400);
    expect(badTime.body.error).toBe("Time must be a date and time with its time zone (e.g. 2026-12-01T02:00:00Z)");
    expect((await ingest(northwind.token, [{ kind: "weather", time: isoAgo(0) }])).status).toBe(400);
    expect((await ingest(northwind.token, [])).status).toBe(400);
    const tooMany = Array.from({ length: 5001 }, () => ({ kind: "device", time: isoAgo(0), uptimeSeconds: 1, softwareVersion: "1" }));
    expect((await ingest(northwind.token, tooMany)).status).toBe(400);
    const notJson = await call("POST", "/telemetry/ingest", { rawBody: "{", headers: { authorization: `Bearer ${northwind.token}` } });
    expect(notJson.status).toBe(400);
  });

  it("a batch of 5,000 samples fits and is stored", async () => {
    const now = Date.now();
    const batch = Array.from({ length: 5000 }, (_, i) => pathSample(contoso.path.id, new Date(now - 4 * DAY - i * 1000).toISOString()));
    const response = await ingest(northwind.token, batch);
    expect(response.status, JSON.stringify(response.body).slice(0, 300)).toBe(200);
    expect(response.body).toEqual({ accepted: 5000, rejected: 0 });
  });

  it("takes a full batch with full-precision figures (over the 1 MiB of a person's forms), refuses beyond 4 MiB", async () => {
    const now = Date.now();
    const precise = (i: number) => ({
      ...pathSample(contoso.path.id, new Date(now - 5 * DAY - i * 1000).toISOString(), { latencyMs: 20 + Math.random(), jitterMs: Math.random(), lossPercent: Math.random() / 10 }),
      rxBps: 1e8 * Math.random(),
      txBps: 5e7 * Math.random(),
    });
    const batch = Array.from({ length: 5000 }, (_, i) => precise(i));
    expect(JSON.stringify({ samples: batch }).length).toBeGreaterThan(1024 * 1024);
    const response = await ingest(northwind.token, batch);
    expect(response.status, JSON.stringify(response.body).slice(0, 300)).toBe(200);
    expect(response.body).toEqual({ accepted: 5000, rejected: 0 });

    const huge = await call("POST", "/telemetry/ingest", {
      rawBody: JSON.stringify({ samples: batch, padding: "x".repeat(4 * 1024 * 1024) }),
      headers: { authorization: `Bearer ${northwind.token}` },
    });
    expect(huge.status).toBe(413);
    // Everything else keeps the 1 MiB limit.
    const form = await call("PATCH", "/config/user", { rawBody: JSON.stringify({ firstName: "x".repeat(1024 * 1024 + 10) }), cookie: await signIn(NW_ADMIN) });
    expect(form.status).toBe(413);
  });
});

describe("POST /telemetry/ingest: a device writes only what its node serves (issue 41, scope 3)", () => {
  let fabrikam: CustomerNetwork;
  /** A Northwind device claimed but on no node, and one on a Tokyo CPE no Fabrikam path crosses. */
  let unassigned: string;
  let tokyo: string;
  const probe = (siteId: string, t: string) => ({ kind: "probe", time: t, siteId, target: "scope-3", latencyMs: 900, jitterMs: 50, lossPercent: 60 });
  const badPath = (pathId: string) => [30, 20, 10].map((seconds) => pathSample(pathId, isoAgo(seconds * 1000), { latencyMs: 900, lossPercent: 60 }));

  async function northwindDevice(nodeId: string | null): Promise<string> {
    const db = await getDb();
    const [device] = await db
      .insert(devices)
      .values({ serialNumber: `SCOPE3-${Math.random().toString(36).slice(2, 8).toUpperCase()}`, claimCodeHash: "x", model: "E200", softwareVersion: "24.3.1", mspOrganizationId: northwind.mspId, nodeId, claimedAt: new Date() })
      .returning({ id: devices.id });
    return issueDeviceToken(db, device.id);
  }

  beforeAll(async () => {
    fabrikam = await buildCustomerNetwork("Fabrikam");
    unassigned = await northwindDevice(null);
    const db = await getDb();
    const [node] = await db
      .insert(nodes)
      .values({ organizationId: northwind.mspId, kind: "cpe", name: `scope3-tokyo-${Date.now()}`, locationAddress: "Tokyo, Japan", latitude: 35.68, longitude: 139.69 })
      .returning({ id: nodes.id });
    tokyo = await northwindDevice(node.id);
    forgetServedObjects();
  });

  async function storedFor(pathId: string, siteId: string) {
    const [row] = await queryRows<{ paths: number; probes: number }>(
      await getDb(),
      sql`select (select count(*)::int from telemetry_path_samples where path_id = ${pathId}) as paths,
                 (select count(*)::int from telemetry_probe_samples where site_id = ${siteId} and target = 'scope-3') as probes`,
    );
    return row;
  }

  it("an unassigned device's samples about a customer's path, connector, site, port or link are all dropped, and raise no alarm", async () => {
    const t = isoAgo(15_000);
    const response = await ingest(unassigned, [
      ...badPath(fabrikam.path.id),
      probe(fabrikam.siteA.id, t),
      { kind: "connector", time: t, connectorId: fabrikam.connectorA.id, status: "down", rxBps: 0, txBps: 0 },
      { kind: "port", time: t, portId: "ge-0/0/1", status: "down", rxBps: 0, txBps: 0 },
      { kind: "link", time: t, linkId: northwind.link.id, status: "down", latencyMs: null, lossPercent: null, rxBps: 0, txBps: 0 },
    ]);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ accepted: 0, rejected: 7 });
    expect(await storedFor(fabrikam.path.id, fabrikam.siteA.id)).toEqual({ paths: 0, probes: 0 });
    const db = await getDb();
    expect((await db.select({ sla: paths.slaHealth }).from(paths).where(eq(paths.id, fabrikam.path.id)))[0].sla).toBe("unknown");
    const raised = await db.select().from(alarms).where(and(eq(alarms.organizationId, fabrikam.organizationId), isNull(alarms.clearedAt)));
    expect(raised.filter((alarm) => alarm.subject.includes(fabrikam.path.id) || alarm.subject.includes(fabrikam.connectorA.id))).toEqual([]);
  });

  it("a device on a node the path does not cross writes nothing for it; the device of a node it crosses does", async () => {
    const t = isoAgo(15_000);
    const far = await ingest(tokyo, [...badPath(fabrikam.path.id), probe(fabrikam.siteA.id, t)]);
    expect(far.body).toEqual({ accepted: 0, rejected: 4 });
    expect(await storedFor(fabrikam.path.id, fabrikam.siteA.id)).toEqual({ paths: 0, probes: 0 });

    // Fabrikam's sites have no port of their own: their connectors are homed on Northwind's nearest edge with a device.
    const served = await ingest(northwind.token, [pathSample(fabrikam.path.id, t), probe(fabrikam.siteA.id, t)]);
    expect(served.body).toEqual({ accepted: 2, rejected: 0 });
    expect(await storedFor(fabrikam.path.id, fabrikam.siteA.id)).toEqual({ paths: 1, probes: 1 });
  });

  it("answers a missing id and another customer's id alike", async () => {
    const t = isoAgo(10_000);
    const answers = [];
    for (const token of [tokyo, unassigned, northwind.token]) {
      const samples = (pathId: string, siteId: string, connectorId: string) => [
        pathSample(pathId, t),
        probe(siteId, t),
        { kind: "connector", time: t, connectorId, status: "up", rxBps: 1, txBps: 1 },
      ];
      // Tokyo's device serves none of Fabrikam's; every device is foreign to Initech (another MSP's customer).
      const foreign = token === tokyo ? samples(fabrikam.path.id, fabrikam.siteB.id, fabrikam.connectorB.id) : samples(initech.path.id, initech.siteA.id, initech.connectorA.id);
      const missing = samples("no-such-path", "no-such-site", "no-such-connector");
      const [a, b] = [await ingest(token, foreign), await ingest(token, missing)];
      expect([a.status, a.body]).toEqual([b.status, b.body]);
      answers.push(a.body);
    }
    expect(answers).toEqual([{ accepted: 0, rejected: 3 }, { accepted: 0, rejected: 3 }, { accepted: 0, rejected: 3 }]);
  });

  it("learns of a path created through the API at once: the topology news drops what it knew", async () => {
    const [sourceConnector, destinationConnector] = [fabrikam.connectorA.id, fabrikam.connectorB.id];
    const created = await call("POST", `/config/organization/${fabrikam.organizationId}/path`, {
      cookie: await signIn(FABRIKAM_ADMIN),
      body: {
        name: `scope3-${Date.now()}`,
        layer: "layer2",
        sourceSiteId: fabrikam.siteA.id,
        sourceConnectorId: sourceConnector,
        destinationSiteId: fabrikam.siteB.id,
        destinationConnectorId: destinationConnector,
        bandwidth: 10,
        vlanType: "specific",
        vlanId: 3041,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await bus.delivered();
    expect((await ingest(northwind.token, [pathSample(created.body.id, isoAgo(5_000))])).body).toEqual({ accepted: 1, rejected: 0 });
    expect((await ingest(tokyo, [pathSample(created.body.id, isoAgo(5_000))])).body).toEqual({ accepted: 0, rejected: 1 });
  });
});

describe("partitions", () => {
  it("creates a daily partition on demand for an old sample", async () => {
    const db = await getDb();
    const old = Date.now() - 20 * DAY;
    const name = partitionName("telemetry_probe_samples", periodStart(old, "day"), "day");
    const before = await queryRows<{ present: boolean }>(db, sql`select to_regclass(${name}) is not null as present`);
    expect(before[0].present).toBe(false);
    const response = await ingest(northwind.token, [
      { kind: "probe", time: new Date(old).toISOString(), siteId: contoso.siteB.id, target: "old", latencyMs: 5, jitterMs: 1, lossPercent: 0 },
    ]);
    expect(response.body).toEqual({ accepted: 1, rejected: 0 });
    const after = await queryRows<{ present: boolean }>(db, sql`select to_regclass(${name}) is not null as present`);
    expect(after[0].present).toBe(true);
    const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.raw(`"${name}"`)} where target = 'old'`);
    expect(row.n).toBe(1);
  });

  it("makes a partition again when another process dropped it behind this one's back", async () => {
    const db = await getDb();
    const old = Date.now() - 15 * DAY;
    const name = partitionName("telemetry_probe_samples", periodStart(old, "day"), "day");
    const probe = (time: number) => ({ kind: "probe", time: new Date(time).toISOString(), siteId: contoso.siteB.id, target: "again", latencyMs: 5, jitterMs: 1, lossPercent: 0 });
    expect((await ingest(northwind.token, [probe(old)])).body).toEqual({ accepted: 1, rejected: 0 });
    // What retention in another console process does: this process still believes the partition exists.
    await db.execute(sql.raw(`drop table "${name}"`));
    expect((await ingest(northwind.token, [probe(old + 1000)])).body).toEqual({ accepted: 1, rejected: 0 });
    const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.raw(`"${name}"`)} where target = 'again'`);
    expect(row.n).toBe(1);
  });
});

describe("API document", () => {
  it("documents the ingestion endpoint with its bearer scheme, and the queries", async () => {
    const response = await call("GET", "/openapi.json");
    expect(response.status).toBe(200);
    expect(response.body.paths["/api/v1/telemetry/ingest"].post.security).toEqual([{ deviceToken: [] }]);
    expect(response.body.components.securitySchemes.deviceToken).toMatchObject({ type: "http", scheme: "bearer" });
    expect(Object.keys(response.body.paths)).toEqual(expect.arrayContaining(["/api/v1/telemetry/path/{pathId}/performance", "/api/v1/inventory/device/{id}/token"]));
  });
});

describe("derivation: SLA, alarms, realtime", () => {
  async function slaOf(pathId: string) {
    const db = await getDb();
    const [row] = await db.select({ sla: paths.slaHealth }).from(paths).where(eq(paths.id, pathId));
    return row.sla;
  }
  async function openAlarm(subject: string, type: string) {
    const db = await getDb();
    const [row] = await db
      .select()
      .from(alarms)
      .where(and(eq(alarms.subject, subject), eq(alarms.type, type as "sla-bad"), isNull(alarms.clearedAt)));
    return row ?? null;
  }

  it("sets paths.sla_health from the last 5 minutes at the thresholds, raises sla-bad, then clears it", async () => {
    const network = await buildCustomerNetwork("Contoso");
    const id = network.path.id;
    const now = Date.now();
    const at = (seconds: number) => new Date(now - seconds * 1000).toISOString();
    // Two samples are not enough: unknown (insufficient data).
    await ingest(northwind.token, [pathSample(id, at(50)), pathSample(id, at(40))]);
    expect(await slaOf(id)).toBe("unknown");
    // Averages exactly at the warning thresholds are healthy ("above" is strict).
    await ingest(northwind.token, [pathSample(id, at(30), { latencyMs: 80, jitterMs: 20, lossPercent: 1 }), pathSample(id, at(20), { latencyMs: 80, jitterMs: 20, lossPercent: 1 })]);
    // The two first samples (20 ms) pull the average down: 4 samples averaging (20+20+80+80)/4 = 50 ms.
    expect(await slaOf(id)).toBe("healthy");
    // A sample older than the window does not count.
    await bus.delivered();
    published.length = 0;
    await ingest(northwind.token, [pathSample(id, at(10), { latencyMs: 500 }), pathSample(id, at(400), { latencyMs: 1 })]);
    // (20 + 20 + 80 + 80 + 500) / 5 = 140 ms > 100: bad.
    expect(await slaOf(id)).toBe("bad");
    const alarm = await openAlarm(`path:${id}`, "sla-bad");
    expect(alarm).toMatchObject({ organizationId: network.organizationId, severity: "major", type: "sla-bad" });
    // Stored language-neutral, read in the reader's language.
    expect(alarm?.message).toBe(`alarms.message.slaBad::${JSON.stringify({ path: network.path.name, latency: 140, latencyLimit: 100 })}`);
    expect(await alarmMessages(CONTOSO_ADMIN, alarm!.id, network.organizationId)).toEqual({
      en: `Path ${network.path.name}: latency 140 ms above 100 ms`,
      fr: `Chemin ${network.path.name} : latence de 140 ms au-dessus de 100 ms`,
    });
    await bus.delivered();
    expect(published).toContainEqual(
      expect.objectContaining({ service: "topology", action: "health", data: { organizationId: network.organizationId, paths: [{ id, slaHealth: "bad" }] }, organization: expect.objectContaining({ id: network.organizationId }) }),
    );
    expect(published).toContainEqual(expect.objectContaining({ service: "telemetry", action: "samples", data: expect.objectContaining({ pathIds: [id] }) }));

    // Healthy samples dilute the window: (700 + 7 × 10) / 12 = 64.2 ms → healthy again, alarm cleared.
    const healthy = Array.from({ length: 7 }, (_, i) => pathSample(id, at(9 - i), { latencyMs: 10, jitterMs: 1, lossPercent: 0 }));
    await ingest(northwind.token, healthy);
    expect(await slaOf(id)).toBe("healthy");
    expect(await openAlarm(`path:${id}`, "sla-bad")).toBeNull();
  });

  it("loss above 5 % is bad, above 1 % warning", async () => {
    const network = await buildCustomerNetwork("Contoso");
    const id = network.path.id;
    const now = Date.now();
    const batch = (loss: number, offset: number) => [1, 2, 3].map((i) => pathSample(id, new Date(now - offset - i * 1000).toISOString(), { lossPercent: loss }));
    await ingest(northwind.token, batch(1.5, 0));
    expect(await slaOf(id)).toBe("warning");
    await ingest(northwind.token, batch(20, 10_000));
    // (1.5 × 3 + 20 × 3) / 6 = 10.75 %.
    expect(await slaOf(id)).toBe("bad");
    const alarm = await openAlarm(`path:${id}`, "sla-bad");
    expect(await alarmMessages(CONTOSO_ADMIN, alarm!.id, network.organizationId)).toEqual({
      en: `Path ${network.path.name}: loss 10.8 % above 5 %`,
      fr: `Chemin ${network.path.name} : perte de 10,8 % au-dessus de 5 %`,
    });
  });

  it("a port reported down raises port-down for the MSP; disabled or up clears it; news says what changed", async () => {
    const subject = `port:${northwind.edge.id}:xe-0/0/0`;
    await bus.delivered();
    published.length = 0;
    await ingest(northwind.token, [{ kind: "port", time: isoAgo(5000), portId: "xe-0/0/0", status: "down", rxBps: 0, txBps: 0 }]);
    const alarm = await openAlarm(subject, "port-down");
    expect(alarm).toMatchObject({ organizationId: northwind.mspId });
    expect(await alarmMessages(NW_ADMIN, alarm!.id, northwind.mspId)).toEqual({
      en: `Port xe-0/0/0 on ${northwind.edge.name} is down`,
      fr: `Port xe-0/0/0 de ${northwind.edge.name} hors service`,
    });
    await bus.delivered();
    expect(published).toContainEqual(
      expect.objectContaining({ service: "topology", action: "health", data: { organizationId: northwind.mspId, ports: [{ nodeId: northwind.edge.id, portId: "xe-0/0/0", status: "down" }] } }),
    );
    await ingest(northwind.token, [{ kind: "port", time: isoAgo(4000), portId: "xe-0/0/0", status: "disabled", rxBps: 0, txBps: 0 }]);
    expect(await openAlarm(subject, "port-down")).toBeNull();
  });

  it("a link reported down raises link-down; up clears it; history (older than 5 minutes) changes nothing", async () => {
    const subject = `link:${northwind.link.id}`;
    const link = (status: string, time: string) => ({ kind: "link", time, linkId: northwind.link.id, status, latencyMs: null, lossPercent: null, rxBps: 0, txBps: 0 });
    await ingest(northwind.token, [link("down", isoAgo(2 * HOUR))]);
    expect(await openAlarm(subject, "link-down")).toBeNull();
    await ingest(northwind.token, [link("down", isoAgo(3000))]);
    const alarm = await openAlarm(subject, "link-down");
    expect(alarm).toMatchObject({ organizationId: northwind.mspId, severity: "critical" });
    expect(await alarmMessages(NW_ADMIN, alarm!.id, northwind.mspId)).toEqual({ en: `Link ${northwind.link.name} is down`, fr: `Lien ${northwind.link.name} hors service` });
    await ingest(northwind.token, [link("up", isoAgo(2000))]);
    expect(await openAlarm(subject, "link-down")).toBeNull();
  });

  it("a batch written in slices ends as one: every sample stored once, a port's change from before the batch to after it", async () => {
    const before = process.env.TELEMETRY_SLICE_ROWS;
    process.env.TELEMETRY_SLICE_ROWS = "2";
    try {
      const network = await buildCustomerNetwork("Contoso");
      const id = network.path.id;
      const subject = `port:${northwind.edge.id}:xe-0/0/0`;
      const port = (status: string, ms: number) => ({ kind: "port", time: isoAgo(ms), portId: "xe-0/0/0", status, rxBps: 0, txBps: 0 });
      // Seven samples in four slices: the port goes down in the first slice and comes back in the third.
      const samples = [port("down", 6000), ...[5, 4, 3].map((i) => pathSample(id, isoAgo(i * 1000), { latencyMs: 500 })), port("up", 2500), pathSample(id, isoAgo(2000), { latencyMs: 500 }), port("up", 1500)];
      const answer = await ingest(northwind.token, samples);
      expect(answer.body).toEqual({ accepted: 7, rejected: 0 });
      const db = await getDb();
      const [stored] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from telemetry_path_samples where path_id = ${id}`);
      expect(stored.n).toBe(4);
      // The path judged once on all four samples; the port up at the end with no alarm left open.
      expect(await slaOf(id)).toBe("bad");
      expect(await openAlarm(subject, "port-down")).toBeNull();
      const [state] = await queryRows<{ status: string }>(db, sql`select status from telemetry_port_state where node_id = ${northwind.edge.id} and port_id = 'xe-0/0/0'`);
      expect(state.status).toBe("up");
      // Sent again whole: nothing stored twice.
      expect((await ingest(northwind.token, samples)).body).toEqual({ accepted: 7, rejected: 0 });
      const [again] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from telemetry_path_samples where path_id = ${id}`);
      expect(again.n).toBe(4);
    } finally {
      if (before === undefined) delete process.env.TELEMETRY_SLICE_ROWS;
      else process.env.TELEMETRY_SLICE_ROWS = before;
    }
  });

  it("publishes one telemetry message per organization with ids only", async () => {
    // Messages of earlier tests are delivered on a later turn of the event loop: let them through first.
    await bus.delivered();
    published.length = 0;
    const t = isoAgo(1000);
    await ingest(northwind.token, [
      pathSample(contoso.path.id, t),
      { kind: "connector", time: t, connectorId: contoso.connectorA.id, status: "up", rxBps: 1, txBps: 1 },
      { kind: "port", time: t, portId: "1", status: "up", rxBps: 1, txBps: 1 },
    ]);
    await bus.delivered();
    const telemetry = published.filter((message) => message.service === "telemetry");
    expect(telemetry).toHaveLength(2);
    const forContoso = telemetry.find((message) => message.organization.id === contoso.organizationId);
    expect(forContoso?.data).toEqual({ organizationId: contoso.organizationId, pathIds: [contoso.path.id], connectorIds: [contoso.connectorA.id], siteIds: [contoso.siteA.id] });
    const forNorthwind = telemetry.find((message) => message.organization.id === northwind.mspId);
    expect(forNorthwind?.data).toEqual({ organizationId: northwind.mspId, nodeIds: [northwind.edge.id] });
    // Every message of the batch is one the browser's client accepts.
    expect(published.filter((message) => !isRealtimeNews(message))).toEqual([]);
  });
});
