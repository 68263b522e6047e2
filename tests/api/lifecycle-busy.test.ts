import { and, eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { lifecycleOperations, rollouts } from "@/server/db/schema";
import { createLifecycleScheduler, type LifecycleScheduler } from "@/server/lifecycle/scheduler";
import { call, signIn } from "./helpers";
import { BW_ADMIN, NW_ADMIN } from "./operations-fixtures";
import { buildMspNetwork } from "./telemetry-fixtures";

// Busy devices (an operation scheduled or running, or a wave still to come of a running or halted rollout): the device
// list the lifecycle pickers read says so and why, computed by the same rule that refuses them with 409. Staged
// rollouts started Later: the first wave's operations wait for the start, a scheduler restarted before it runs nothing
// early and nothing twice, and a cancel before the start cancels everything.

const SECOND = 1000;
const HOUR = 3600 * SECOND;
const quiet = { log: () => {}, installSeconds: 10 };
const schedulers: LifecycleScheduler[] = [];

afterAll(async () => {
  await Promise.all(schedulers.map((scheduler) => scheduler.stop()));
});

const scheduler = async () => {
  const created = createLifecycleScheduler(await getDb(), quiet);
  schedulers.push(created);
  return created;
};

/** The device as the schedule dialog's picker lists it (found by its serial number). */
async function listed(serialNumber: string, email = NW_ADMIN) {
  const response = await call("GET", `/inventory/device?status=assigned&search=${encodeURIComponent(serialNumber)}`, { cookie: await signIn(email) });
  expect(response.status).toBe(200);
  return response.body.items.find((device: any) => device.serialNumber === serialNumber);
}

const post = async (path: string, body?: Record<string, unknown>, language?: string) => call("POST", path, { cookie: await signIn(NW_ADMIN), body, language });

async function operationsOf(deviceIds: string[]) {
  const db = await getDb();
  return db.select().from(lifecycleOperations).where(inArray(lifecycleOperations.deviceId, deviceIds));
}

describe("busy devices in the pickers' list, and the 409 that guards them", () => {
  it("says which operation or rollout holds a device, refuses it alike in English and French, and frees it once over", async () => {
    const [free, scheduled, first, second, third] = await Promise.all(Array.from({ length: 5 }, () => buildMspNetwork("Northwind Networks")));
    expect((await listed(free.device.serialNumber)).busy).toBeNull();

    const at = new Date(Date.now() + 2 * HOUR).toISOString();
    const operation = await post("/lifecycle/operation", { deviceIds: [scheduled.device.id], operation: "install-version", version: "24.3.1", start: "later", scheduledAt: at });
    expect(operation.status, JSON.stringify(operation.body)).toBe(201);
    expect((await listed(scheduled.device.serialNumber)).busy).toEqual({
      reason: "operation",
      operationId: operation.body[0].id,
      operation: "install-version",
      version: "24.3.1",
      status: "scheduled",
      scheduledAt: at,
    });

    // A rollout holds the devices of its waves still to come, not only those with an operation.
    const rollout = await post("/lifecycle/rollout", { deviceIds: [first.device.id, second.device.id, third.device.id], version: "25.1.0", waveSize: 1, observationSeconds: 30 });
    expect(rollout.status, JSON.stringify(rollout.body)).toBe(201);
    expect((await listed(first.device.serialNumber)).busy).toEqual({ reason: "rollout", rolloutId: rollout.body.id, version: "25.1.0", status: "running", wave: 1 });
    expect((await listed(third.device.serialNumber)).busy).toMatchObject({ reason: "rollout", wave: 2 });
    expect(await operationsOf([third.device.id])).toEqual([]);

    // Another MSP sees none of it.
    expect(await listed(third.device.serialNumber, BW_ADMIN)).toBeUndefined();

    // The rule the list shows is the one that refuses: a single operation, and another rollout.
    const onWave2 = await post("/lifecycle/operation", { deviceIds: [free.device.id, third.device.id], operation: "reboot", start: "now" });
    expect(onWave2.status).toBe(409);
    expect(onWave2.body.error).toBe(`Device ${third.device.serialNumber} is in the staged rollout of 25.1.0: cancel the rollout first.`);
    const french = await post("/lifecycle/operation", { deviceIds: [third.device.id], operation: "reboot", start: "now" }, "fr");
    expect(french.body.error).toBe(`L’équipement ${third.device.serialNumber} fait partie du déploiement par vagues de 25.1.0 : annulez d’abord le déploiement.`);
    const again = await post("/lifecycle/rollout", { deviceIds: [free.device.id, third.device.id], version: "25.2.0", waveSize: 1, observationSeconds: 30 });
    expect(again.status).toBe(409);
    const onScheduled = await post("/lifecycle/rollout", { deviceIds: [free.device.id, scheduled.device.id], version: "25.2.0", waveSize: 1, observationSeconds: 30 });
    expect(onScheduled.status).toBe(409);
    expect(onScheduled.body.error).toBe(`Device ${scheduled.device.serialNumber} already has an operation scheduled or running: edit or cancel it first.`);
    expect(await operationsOf([free.device.id])).toEqual([]);

    // A halted rollout still holds the waves it may resume.
    const db = await getDb();
    await db.update(rollouts).set({ status: "halted", nextCheckAt: null }).where(eq(rollouts.id, rollout.body.id));
    expect((await listed(third.device.serialNumber)).busy).toMatchObject({ reason: "rollout", status: "halted", wave: 2 });

    // Cancelled: every device is free again.
    expect((await post(`/lifecycle/rollout/${rollout.body.id}/cancel`)).status).toBe(200);
    expect((await post("/lifecycle/operation/cancel", { operationIds: [operation.body[0].id] })).status).toBe(200);
    for (const network of [scheduled, first, second, third]) expect((await listed(network.device.serialNumber)).busy).toBeNull();
  });

  it("lets a rollout start its own next wave on the devices it holds", async () => {
    const [one, two] = await Promise.all([buildMspNetwork("Northwind Networks"), buildMspNetwork("Northwind Networks")]);
    const created = await post("/lifecycle/rollout", { deviceIds: [one.device.id, two.device.id], version: "25.3.0", waveSize: 1, observationSeconds: 30 });
    expect(created.status).toBe(201);
    const t0 = Date.now();
    const running = await scheduler();
    for (const time of [t0 + 1 * SECOND, t0 + 12 * SECOND, t0 + 43 * SECOND]) await running.tick(new Date(time));
    const current = await call("GET", `/lifecycle/rollout/${created.body.id}`, { cookie: await signIn(NW_ADMIN) });
    expect(current.body.waves.map((wave: any) => wave.status)).toEqual(["passed", "installing"]);
    expect(current.body.waves[1].devices).toEqual([
      { id: two.device.id, serialNumber: two.device.serialNumber, operationId: expect.any(String), operationStatus: "scheduled", progress: 0 },
    ]);
    expect(current.body.waves[0].devices[0]).toMatchObject({ operationStatus: "success", progress: 100 });
    await post(`/lifecycle/rollout/${created.body.id}/cancel`);
  });
});

describe("a staged rollout started Later", () => {
  it("checks the start like a single operation's, in the reader's language", async () => {
    const [one, two] = await Promise.all([buildMspNetwork("Northwind Networks"), buildMspNetwork("Northwind Networks")]);
    const body = { deviceIds: [one.device.id, two.device.id], version: "25.4.0", waveSize: 1, observationSeconds: 30, start: "later" };
    const past = await post("/lifecycle/rollout", { ...body, scheduledAt: new Date(Date.now() - HOUR).toISOString() });
    expect(past.status).toBe(400);
    expect(past.body.issues).toEqual([expect.objectContaining({ path: "scheduledAt", message: "Start time must be in the future" })]);
    const missing = await post("/lifecycle/rollout", { ...body, version: "" }, "fr");
    expect(Object.fromEntries(missing.body.issues.map((issue: any) => [issue.path, issue.message]))).toEqual({
      version: "La version est obligatoire",
      scheduledAt: "L’heure de début est obligatoire",
    });
    expect(await operationsOf([one.device.id, two.device.id])).toEqual([]);
  });

  it("waits for its start through a scheduler restart, runs wave 1 once, and a cancel before the start cancels everything", async () => {
    const [one, two, three, four] = await Promise.all(Array.from({ length: 4 }, () => buildMspNetwork("Northwind Networks")));
    const startsAt = new Date(Date.now() + HOUR);
    const created = await post("/lifecycle/rollout", {
      deviceIds: [one.device.id, two.device.id],
      version: "25.5.0",
      waveSize: 1,
      observationSeconds: 30,
      start: "later",
      scheduledAt: startsAt.toISOString(),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ status: "running", startsAt: startsAt.toISOString() });
    expect(created.body.waves[0]).toMatchObject({ status: "installing", startedAt: startsAt.toISOString() });
    const [operation] = await operationsOf([one.device.id]);
    expect(operation).toMatchObject({ status: "scheduled", scheduledAt: startsAt });
    expect((await listed(one.device.serialNumber)).busy).toMatchObject({ reason: "rollout", wave: 1 });

    // Before the start, a scheduler ticks, dies, and a new one ticks: nothing starts.
    const before = await scheduler();
    await before.tick(new Date(startsAt.getTime() - 30 * SECOND));
    await before.stop();
    const [after1, after2] = [await scheduler(), await scheduler()];
    await Promise.all([after1.tick(new Date(startsAt.getTime() - 5 * SECOND)), after2.tick(new Date(startsAt.getTime() - 5 * SECOND))]);
    expect((await operationsOf([one.device.id]))[0]).toMatchObject({ status: "scheduled", startedAt: null });
    expect(await operationsOf([two.device.id])).toEqual([]);

    // At the start, the two new schedulers run wave 1 once, and the rollout goes on. They tick together, as running
    // schedulers do; on PostgreSQL one may skip what the other holds in a tick, so they tick until wave 1 has passed.
    const wavesNow = async () => (await call("GET", `/lifecycle/rollout/${created.body.id}`, { cookie: await signIn(NW_ADMIN) })).body.waves.map((wave: any) => wave.status);
    for (const offset of [1, 12, 43, 74, 105, 136]) {
      await Promise.all([after1, after2].map((scheduler) => scheduler.tick(new Date(startsAt.getTime() + offset * SECOND))));
      if ((await wavesNow())[0] === "passed") break;
    }
    const operations = await operationsOf([one.device.id, two.device.id]);
    expect(operations.filter((row) => row.deviceId === one.device.id).map((row) => row.status)).toEqual(["success"]);
    expect(operations.filter((row) => row.deviceId === two.device.id)).toHaveLength(1);
    expect(await wavesNow()).toEqual(["passed", "installing"]);
    await post(`/lifecycle/rollout/${created.body.id}/cancel`);

    // Another, cancelled before its start: its operations and waves are cancelled, nothing runs at the start time.
    const later = await post("/lifecycle/rollout", {
      deviceIds: [three.device.id, four.device.id],
      version: "25.6.0",
      waveSize: 1,
      observationSeconds: 30,
      start: "later",
      scheduledAt: startsAt.toISOString(),
    });
    expect(later.status).toBe(201);
    const cancelled = await post(`/lifecycle/rollout/${later.body.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.waves.map((wave: any) => wave.status)).toEqual(["cancelled", "cancelled"]);
    await after1.tick(new Date(startsAt.getTime() + 60 * SECOND));
    expect((await operationsOf([three.device.id])).map((row) => row.status)).toEqual(["cancelled"]);
    expect(await operationsOf([four.device.id])).toEqual([]);
    const db = await getDb();
    const [row] = await db.select().from(rollouts).where(and(eq(rollouts.id, later.body.id)));
    expect(row).toMatchObject({ status: "cancelled", nextCheckAt: null });
    expect((await listed(three.device.serialNumber)).busy).toBeNull();
  });
});
