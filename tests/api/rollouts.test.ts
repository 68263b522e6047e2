import { and, eq, inArray, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { alarms, events, lifecycleOperations, rolloutWaves } from "@/server/db/schema";
import { createLifecycleScheduler, type LifecycleScheduler } from "@/server/lifecycle/scheduler";
import { getBus, type RealtimeMessage } from "@/server/realtime/bus";
import { forgetMspRoutes } from "@/server/topology/route-cache";
import { call, signIn } from "./helpers";
import { BW_ADMIN, CONTOSO_ADMIN, NW_ADMIN, NW_READONLY, OPERATOR_READONLY } from "./operations-fixtures";
import { buildCustomerNetwork, buildMspNetwork, ingest, type CustomerNetwork, type MspNetwork } from "./telemetry-fixtures";

// Staged rollouts (issue 15 item 7): an install in waves, each wave's operations made by the lifecycle service and
// run by the scheduler; after each wave the SLA gate compares the paths its devices serve with before and halts the
// rollout when they degrade (an event and an alarm say why); the MSP resumes or cancels. Restart-safe: a new
// scheduler, or two at once, neither loses a wave nor starts one twice. Time is given to tick(); samples go through
// the ingestion endpoint with times around now.

const SECOND = 1000;
const quiet = { log: () => {}, installSeconds: 10 };
const heard: RealtimeMessage[] = [];
let unsubscribe: () => void;

let customer: CustomerNetwork;
/** An edge whose device serves the customer's path (its port is on the path's source site), and a second one. */
let servingEdge: MspNetwork;
let otherEdge: MspNetwork;

beforeAll(async () => {
  customer = await buildCustomerNetwork("Contoso");
  servingEdge = await buildMspNetwork("Northwind Networks", { organizationId: customer.organizationId, siteId: customer.siteA.id });
  otherEdge = await buildMspNetwork("Northwind Networks");
  forgetMspRoutes();
  unsubscribe = getBus().subscribe((message) => heard.push(message));
});

afterAll(() => unsubscribe());

const pathSample = (time: number, latencyMs: number, lossPercent = 0) => ({
  kind: "path",
  time: new Date(time).toISOString(),
  pathId: customer.path.id,
  latencyMs,
  jitterMs: 2,
  lossPercent,
  rxBps: 1e8,
  txBps: 5e7,
});

/** Path samples every 10 s from `from` to `to` (ms since the epoch), as the serving device reports them. */
async function report(from: number, to: number, latencyMs: number, lossPercent = 0) {
  const samples = [];
  for (let time = from; time <= to; time += 10 * SECOND) samples.push(pathSample(time, latencyMs, lossPercent));
  const response = await ingest(servingEdge.token, samples);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body.accepted).toBe(samples.length);
}

async function start(body: Record<string, unknown>, email = NW_ADMIN) {
  return call("POST", "/lifecycle/rollout", { cookie: await signIn(email), body });
}

const get = async (id: string, email = NW_ADMIN) => call("GET", `/lifecycle/rollout/${id}`, { cookie: await signIn(email) });

async function operationsOf(deviceIds: string[]) {
  const db = await getDb();
  return db.select().from(lifecycleOperations).where(inArray(lifecycleOperations.deviceId, deviceIds));
}

async function openAlarm(rolloutId: string) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(alarms)
    .where(and(eq(alarms.subject, `rollout:${rolloutId}`), isNull(alarms.clearedAt)));
  return row;
}

/** Ticks the schedulers together at each time (ms since the epoch). */
/** Every 2 s from `from` to `to`, both included (ms since the epoch). */
const every = (from: number, to: number) => Array.from({ length: Math.floor((to - from) / (2 * SECOND)) + 1 }, (_, i) => from + i * 2 * SECOND);

async function tickAt(schedulers: LifecycleScheduler[], ...times: number[]) {
  for (const time of times) await Promise.all(schedulers.map((scheduler) => scheduler.tick(new Date(time))));
}

describe("a staged install halted by the SLA gate, resumed, finished", () => {
  it("runs wave 1, sees the served path degrade, halts with an event and an alarm; resume runs wave 2 to success", async () => {
    const db = await getDb();
    const before = Date.now();
    await report(before - 240 * SECOND, before - 10 * SECOND, 20);
    const created = await start({ deviceIds: [servingEdge.device.id, otherEdge.device.id], version: "26.0.0-faulty", waveSize: 1, observationSeconds: 60 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const rollout = created.body;
    const t0 = Date.now();
    expect(rollout).toMatchObject({ status: "running", currentWave: 1, deviceCount: 2, createdBy: expect.any(String) });
    expect(rollout.waves.map((wave: any) => [wave.status, wave.devices.map((device: any) => device.serialNumber)])).toEqual([
      ["installing", [servingEdge.device.serialNumber]],
      ["pending", [otherEdge.device.serialNumber]],
    ]);
    // Wave 1's operation is an ordinary lifecycle operation: the Scheduled tab lists it.
    const scheduled = await call("GET", "/lifecycle/operation?tab=scheduled", { cookie: await signIn(NW_ADMIN) });
    expect(scheduled.body.items.map((operation: any) => operation.id)).toContain(rollout.waves[0].operationIds[0]);
    expect(await operationsOf([otherEdge.device.id])).toEqual([]);

    const scheduler = createLifecycleScheduler(db, quiet);
    await tickAt([scheduler], t0 + 1 * SECOND, t0 + 12 * SECOND);
    let current = (await get(rollout.id)).body;
    expect(current.waves[0]).toMatchObject({ status: "observing", installedAt: new Date(t0 + 12 * SECOND).toISOString() });
    expect(current.waves[0].observeUntil).toBe(new Date(t0 + 72 * SECOND).toISOString());

    // The device now runs the faulty version: the path it serves reports 150 ms and 6 % loss.
    await report(t0 + 15 * SECOND, t0 + 65 * SECOND, 150, 6);
    await tickAt([scheduler], t0 + 40 * SECOND);
    expect((await get(rollout.id)).body.status).toBe("running");
    await tickAt([scheduler], t0 + 73 * SECOND, t0 + 80 * SECOND);

    current = (await get(rollout.id)).body;
    expect(current).toMatchObject({ status: "halted", currentWave: 1 });
    expect(current.haltReason).toBe(`Halted after wave 1: the SLA of ${customer.path.name} degraded.`);
    expect(current.waves.map((wave: any) => wave.status)).toEqual(["halted", "pending"]);
    const verdict = current.waves[0].verdict;
    expect(verdict).toMatchObject({ passed: false, checkedPaths: 1 });
    expect(verdict.degraded).toEqual([
      expect.objectContaining({
        pathId: customer.path.id,
        before: expect.objectContaining({ sla: "healthy", latencyMs: 20 }),
        after: expect.objectContaining({ sla: "bad", latencyMs: 150, lossPercent: 6 }),
        metrics: ["latencyMs", "lossPercent"],
      }),
    ]);
    // Nothing of wave 2 was started.
    expect(await operationsOf([otherEdge.device.id])).toEqual([]);
    // In French, for a French reader.
    const french = await call("GET", `/lifecycle/rollout/${rollout.id}`, { cookie: await signIn(NW_ADMIN), language: "fr" });
    expect(french.body.haltReason).toBe(`Arrêté après la vague 1 : le SLA de ${customer.path.name} s’est dégradé.`);

    // The event and the alarm say why; the news went out on /ws.
    const recorded = await db.select().from(events).where(eq(events.entityId, rollout.id));
    expect(recorded.map((event) => event.type)).toEqual(["rollout.created", "rollout.updated", "rollout.halted"]);
    expect(recorded[2]).toMatchObject({ source: "lifecycle-scheduler", actorUserId: null, after: expect.objectContaining({ status: "halted" }) });
    const alarm = await openAlarm(rollout.id);
    expect(alarm).toMatchObject({ type: "rollout-halted", severity: "major", organizationId: rollout.organizationId });
    const listed = await call("GET", "/alarm?type=rollout-halted&state=active", { cookie: await signIn(NW_ADMIN) });
    expect(listed.body.items.map((item: any) => item.message)).toContain(
      `Rollout of 26.0.0-faulty halted after wave 1: the SLA of ${customer.path.name} degraded`,
    );
    await expect.poll(() => heard.some((message) => message.service === "lifecycle" && message.action === "halted" && (message.data as any).entityId === rollout.id)).toBe(true);

    // The halt and its alarm are two writes: had the process stopped in between, the next tick raises the alarm.
    await db.delete(alarms).where(eq(alarms.id, alarm!.id));
    expect(await openAlarm(rollout.id)).toBeUndefined();
    const restarted = createLifecycleScheduler(db, quiet);
    await tickAt([restarted], t0 + 85 * SECOND);
    expect(await openAlarm(rollout.id)).toMatchObject({ type: "rollout-halted", message: expect.stringContaining("rolloutDegraded") });
    await restarted.stop();

    // Read-only users and other tenants cannot resume it.
    expect((await call("POST", `/lifecycle/rollout/${rollout.id}/resume`, { cookie: await signIn(NW_READONLY) })).status).toBe(403);
    expect((await call("POST", `/lifecycle/rollout/${rollout.id}/resume`, { cookie: await signIn(BW_ADMIN) })).status).toBe(404);

    // Resumed: the alarm clears, wave 2 starts on the next tick, and the gate passes it (the path is back to 20 ms).
    const resumed = await call("POST", `/lifecycle/rollout/${rollout.id}/resume`, { cookie: await signIn(NW_ADMIN) });
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ status: "running", resumedBy: expect.any(String) });
    expect(await openAlarm(rollout.id)).toBeUndefined();
    expect((await call("POST", `/lifecycle/rollout/${rollout.id}/resume`, { cookie: await signIn(NW_ADMIN) })).status).toBe(409);

    // Later (the scheduler's clock runs ahead of the samples' real time): wave 2's windows are its own.
    const t1 = t0 + 100 * SECOND;
    await tickAt([scheduler], t1);
    current = (await get(rollout.id)).body;
    expect(current).toMatchObject({ status: "running", currentWave: 2 });
    expect(current.waves[1].status).toBe("installing");
    expect(await operationsOf([otherEdge.device.id])).toHaveLength(1);
    await tickAt([scheduler], t1 + 1 * SECOND, t1 + 12 * SECOND);
    await report(t1 + 15 * SECOND, t1 + 65 * SECOND, 21);
    await tickAt([scheduler], t1 + 73 * SECOND);
    current = (await get(rollout.id)).body;
    expect(current, JSON.stringify(current.waves[1])).toMatchObject({ status: "succeeded", finishedAt: new Date(t1 + 73 * SECOND).toISOString() });
    expect(current.waves.map((wave: any) => wave.status)).toEqual(["halted", "passed"]);
    expect(current.waves[1].verdict.passed).toBe(true);
    expect((await call("POST", `/lifecycle/rollout/${rollout.id}/cancel`, { cookie: await signIn(NW_ADMIN) })).status).toBe(409);
    await scheduler.stop();
  });
});

describe("restarts and several schedulers", () => {
  it("a scheduler that restarts mid-rollout, and two running at once, lose no wave and start none twice", async () => {
    const db = await getDb();
    // Far from the customer's sites: these devices serve no path, so the gate has nothing to compare and passes.
    // Built there: the fixtures home every connector by the rule on the network so far, and a Paris edge could win the
    // customer's Paris connector from the serving one (nearest edges tie), which no later move takes back.
    const sydney = { locationAddress: "Sydney", latitude: -33.87, longitude: 151.21 };
    const first = await buildMspNetwork("Northwind Networks", undefined, sydney);
    const second = await buildMspNetwork("Northwind Networks", undefined, sydney);
    const node = first.device;
    const deviceIds = [node.id, second.device.id];
    const created = await start({ deviceIds, version: "25.2.0", waveMode: "equal", waveSize: 1, observationSeconds: 30 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const rollout = created.body;
    const t0 = Date.now();

    // The first process claims wave 1's operation, then dies mid-install (its lease runs out).
    const dying = createLifecycleScheduler(db, { ...quiet, leaseMs: 5 * SECOND });
    await tickAt([dying], t0 + 1 * SECOND, t0 + 4 * SECOND);
    expect((await operationsOf([node.id]))[0]).toMatchObject({ status: "active", progress: 30 });
    await dying.stop();

    // Two new processes take over: the operation finishes once, the wave is observed once, wave 2 starts once.
    const a = createLifecycleScheduler(db, { ...quiet, leaseMs: 5 * SECOND });
    const b = createLifecycleScheduler(db, { ...quiet, leaseMs: 5 * SECOND });
    // Both tick every 2 s, as running schedulers do: well inside the 5 s lease, so the one running an operation keeps it
    // (a jump past the lease would let the other take it over, which the dying scheduler above already shows).
    await tickAt([a, b], ...every(t0 + 10 * SECOND, t0 + 30 * SECOND));
    let current = (await get(rollout.id)).body;
    expect(current.waves[0].status).toBe("observing");
    await tickAt([a, b], t0 + 61 * SECOND, t0 + 62 * SECOND);
    current = (await get(rollout.id)).body;
    expect(current.waves.map((wave: any) => wave.status)).toEqual(["passed", "installing"]);
    expect(current.waves[0].verdict).toMatchObject({ passed: true });

    const operations = await operationsOf(deviceIds);
    expect(operations.map((operation) => [operation.deviceId, operation.status]).sort()).toEqual(
      [
        [node.id, "success"],
        [second.device.id, "active"],
      ].sort(),
    );
    const waves = await db.select().from(rolloutWaves).where(eq(rolloutWaves.rolloutId, rollout.id));
    expect(waves.find((wave) => wave.index === 1)?.operationIds).toEqual([operations.find((operation) => operation.deviceId === second.device.id)!.id]);
    const types = (await db.select().from(events).where(eq(events.entityId, rollout.id))).map((event) => event.type);
    expect(types).toEqual(["rollout.created", "rollout.updated", "rollout.updated"]);

    // The rest of the rollout, on one of them: done once.
    await tickAt([a, b], ...every(t0 + 63 * SECOND, t0 + 111 * SECOND));
    current = (await get(rollout.id)).body;
    expect(current.status, JSON.stringify({ waves: current.waves, operations: await operationsOf(deviceIds) })).toBe("succeeded");
    expect(await operationsOf(deviceIds)).toHaveLength(2);
    await Promise.all([a.stop(), b.stop()]);
  });
});

describe("the rollout API", () => {
  it("cancels a rollout: its waves and the operations not started", async () => {
    const one = await buildMspNetwork("Northwind Networks");
    const two = await buildMspNetwork("Northwind Networks");
    const created = await start({ deviceIds: [one.device.id, two.device.id], version: "25.2.1", waveSize: 1, observationSeconds: 30 });
    expect(created.status).toBe(201);
    expect((await call("POST", `/lifecycle/rollout/${created.body.id}/cancel`, { cookie: await signIn(BW_ADMIN) })).status).toBe(404);
    const cancelled = await call("POST", `/lifecycle/rollout/${created.body.id}/cancel`, { cookie: await signIn(NW_ADMIN) });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: "cancelled", cancelledBy: expect.any(String), finishedAt: expect.any(String) });
    expect(cancelled.body.waves.map((wave: any) => wave.status)).toEqual(["cancelled", "cancelled"]);
    expect((await operationsOf([one.device.id]))[0].status).toBe("cancelled");
    expect(await operationsOf([two.device.id])).toEqual([]);
  });

  it("validates in the reader's language, and refuses busy devices and other tenants' devices", async () => {
    const one = await buildMspNetwork("Northwind Networks");
    const two = await buildMspNetwork("Northwind Networks");
    const bad = await call("POST", "/lifecycle/rollout", {
      cookie: await signIn(NW_ADMIN),
      body: { deviceIds: [one.device.id], version: "", waveSize: 1, observationSeconds: 5 },
    });
    expect(bad.status).toBe(400);
    const messages = Object.fromEntries(bad.body.issues.map((issue: any) => [issue.path, issue.message]));
    expect(messages).toMatchObject({
      deviceIds: "Select at least 2 devices",
      version: "Version is required",
      observationSeconds: "Observation window must be between 30 and 3600 seconds",
    });
    const french = await call("POST", "/lifecycle/rollout", {
      cookie: await signIn(NW_ADMIN),
      language: "fr",
      body: { deviceIds: [one.device.id, two.device.id], version: "25.3", waveSize: 2, observationSeconds: 60 },
    });
    expect(french.body.issues).toEqual([expect.objectContaining({ path: "waveSize", message: "La taille de vague doit être comprise entre 1 et 1" })]);

    // Every device, not only the first wave's, must be able to take the version (E400: trains 24 to 26).
    const tooNew = await start({ deviceIds: [one.device.id, two.device.id], version: "30.1.0", waveSize: 1, observationSeconds: 60 });
    expect(tooNew.status).toBe(400);
    expect(tooNew.body.issues).toEqual([{ path: "version", message: expect.stringMatching(/^.+ \(E400\) cannot take version 30\.1\.0: its model takes 24\.x, 25\.x, 26\.x$/) }]);

    const initech = await buildMspNetwork("Bluewave Telecom");
    const foreign = await start({ deviceIds: [one.device.id, initech.device.id], version: "25.3", waveSize: 1, observationSeconds: 60 });
    expect(foreign.status).toBe(404);
    await call("POST", "/lifecycle/operation", { cookie: await signIn(NW_ADMIN), body: { deviceIds: [two.device.id], operation: "reboot", start: "now" } });
    const busy = await start({ deviceIds: [one.device.id, two.device.id], version: "25.3", waveSize: 1, observationSeconds: 60 });
    expect(busy.status).toBe(409);
    expect(await operationsOf([one.device.id])).toEqual([]);
  });

  it("shows a rollout to its MSP and the operator only; another tenant's answers like a missing one", async () => {
    const one = await buildMspNetwork("Northwind Networks");
    const two = await buildMspNetwork("Northwind Networks");
    const created = await start({ deviceIds: [one.device.id, two.device.id], version: "25.4", waveSize: 1, observationSeconds: 30 });
    const id = created.body.id;
    expect((await get(id)).status).toBe(200);
    expect((await get(id, OPERATOR_READONLY)).status).toBe(200);
    const missing = await get("00000000-0000-4000-8000-000000000000", BW_ADMIN);
    const hidden = await get(id, BW_ADMIN);
    expect(hidden.status).toBe(404);
    expect(hidden.body.error).toBe(missing.body.error);
    expect((await get(id, CONTOSO_ADMIN)).status).toBe(403);
    const list = await call("GET", "/lifecycle/rollout", { cookie: await signIn(NW_ADMIN) });
    expect(list.body.items.map((rollout: any) => rollout.id)).toContain(id);
    const theirs = await call("GET", "/lifecycle/rollout", { cookie: await signIn(BW_ADMIN) });
    expect(theirs.body.items.map((rollout: any) => rollout.id)).not.toContain(id);
    expect((await start({ deviceIds: [one.device.id, two.device.id], version: "25.4", waveSize: 1, observationSeconds: 30 }, NW_READONLY)).status).toBe(403);
    await call("POST", `/lifecycle/rollout/${id}/cancel`, { cookie: await signIn(NW_ADMIN) });
  });
});
