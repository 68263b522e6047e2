import { asc, eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { LifecycleStatus } from "@/lib/lifecycle/schema";
import { lifecycleSummaryMessage } from "@/lib/lifecycle/summary";
import { translatorFor } from "@/lib/i18n/messages";
import { translateLifecycleSummary } from "@/lib/lifecycle/result-message";
import { applyAlarmConditions } from "@/server/alarms/engine";
import { getDb } from "@/server/db/client";
import { devices, events, lifecycleOperations } from "@/server/db/schema";
import { createLifecycleScheduler, runSchedulerTick, startLifecycleScheduler, type LifecycleScheduler } from "@/server/lifecycle/scheduler";
import { getBus, type RealtimeMessage } from "@/server/realtime/bus";
import { call, organizationId, signIn } from "./helpers";
import { eventsOf, insertDevice, insertNode, NW_ADMIN, OPERATOR } from "./operations-fixtures";

// The lifecycle scheduler (issue 5 item 7): scheduled operations run at their time, scheduled → active → success or
// failed, with persisted and streamed progress; one run per operation whatever the number of schedulers, and an
// operation left by a stopped scheduler is resumed, not restarted. Time is passed to tick() so tests are instant.

const quiet = { log: () => {} };
const SECOND = 1000;
let northwind: string;
const heard: RealtimeMessage[] = [];
let unsubscribe: () => void;

beforeAll(async () => {
  northwind = await organizationId("Northwind Networks");
  unsubscribe = getBus().subscribe((message) => heard.push(message));
});

afterAll(() => unsubscribe());

// Each test drives its own operations: whatever a test leaves scheduled or running must not reach the next one.
afterEach(async () => {
  const db = await getDb();
  await db
    .update(lifecycleOperations)
    .set({ status: "cancelled", finishedAt: new Date() })
    .where(inArray(lifecycleOperations.status, ["scheduled", "active"]));
});

async function nodeDevices(count: number) {
  const created = [];
  for (let i = 0; i < count; i++) {
    const node = await insertNode("Northwind Networks");
    created.push(await insertDevice({ msp: "Northwind Networks", nodeId: node.id }));
  }
  return created;
}

async function schedule(body: Record<string, unknown>): Promise<any[]> {
  const response = await call("POST", "/lifecycle/operation", { cookie: await signIn(NW_ADMIN), body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

const installNow = (deviceIds: string[], version = "25.1.0") => schedule({ deviceIds, operation: "install-version", version, start: "now" });

/** The operations of a batch in the order of the devices given (the API answers them by start time, then id). */
const inDeviceOrder = (operations: any[], deviceIds: string[]) => deviceIds.map((id) => operations.find((operation) => operation.deviceId === id));

async function stored(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(lifecycleOperations).where(eq(lifecycleOperations.id, id));
  return row;
}

async function statuses(ids: string[]): Promise<LifecycleStatus[]> {
  const db = await getDb();
  const rows = await db.select({ status: lifecycleOperations.status }).from(lifecycleOperations).where(inArray(lifecycleOperations.id, ids));
  return rows.map((row) => row.status);
}

const typesOf = async (id: string) => (await eventsOf(id)).map((event) => event.type);

/** Ticks the schedulers together at `from`, `from + step`, … up to `to` (milliseconds since the epoch). */
async function tickAll(schedulers: LifecycleScheduler[], from: number, to: number, step: number) {
  for (let time = from; time <= to; time += step) await Promise.all(schedulers.map((scheduler) => scheduler.tick(new Date(time))));
}

const progressOf = (operationId: string) =>
  heard.flatMap((message) => (message.service === "lifecycle" && message.action === "progress" && message.data.operationId === operationId ? [message.data] : []));

const until = (check: () => boolean | Promise<boolean>, timeout = 3_000) => vi.waitFor(async () => expect(await check()).toBe(true), { timeout, interval: 10 });

const unreachable = (deviceId: string, active = true) =>
  getDb().then((db) =>
    applyAlarmConditions(db, [
      {
        organizationId: northwind,
        type: "device-unreachable",
        subject: `device:${deviceId}`,
        active,
        severity: "critical",
        message: "Device is unreachable",
        source: "test",
      },
    ]),
  );

describe("running operations", () => {
  it("runs a due install to success over LIFECYCLE_INSTALL_SECONDS: progress persisted and streamed, events, new version", async () => {
    const db = await getDb();
    const [device] = await nodeDevices(1);
    const [operation] = await installNow([device.id]);
    const t0 = Date.now() + SECOND;

    expect((await runSchedulerTick(db, new Date(t0))).claimed).toEqual([operation.id]);
    const started = await stored(operation.id);
    expect(started).toMatchObject({ status: "active", progress: 0, startedAt: new Date(t0), finishedAt: null });

    await runSchedulerTick(db, new Date(t0 + 30 * SECOND));
    expect((await stored(operation.id)).progress).toBe(50);
    await runSchedulerTick(db, new Date(t0 + 45 * SECOND));
    expect((await stored(operation.id)).progress).toBe(75);
    const report = await runSchedulerTick(db, new Date(t0 + 61 * SECOND));
    expect(report.succeeded).toEqual([operation.id]);

    const finished = await stored(operation.id);
    // Stored as a catalogue message, translated when the API answers.
    expect(finished).toMatchObject({ status: "success", progress: 100, summary: 'lifecycle.result.installed::{"version":"25.1.0"}', finishedAt: new Date(t0 + 61 * SECOND) });
    const [after] = await db.select().from(devices).where(eq(devices.id, device.id));
    expect(after.softwareVersion).toBe("25.1.0");

    expect(await typesOf(operation.id)).toEqual(["lifecycleOperation.created", "lifecycleOperation.started", "lifecycleOperation.succeeded"]);
    const [, startedEvent, succeededEvent] = await eventsOf(operation.id);
    expect(startedEvent).toMatchObject({
      source: "lifecycle-scheduler",
      actorUserId: null,
      nodeId: device.nodeId,
      organizationId: northwind,
      before: { status: "scheduled", startedAt: null },
      after: { status: "active", startedAt: new Date(t0).toISOString(), progress: 0 },
    });
    expect(succeededEvent).toMatchObject({
      nodeId: device.nodeId,
      before: { status: "active", progress: 75 },
      after: { status: "success", progress: 100, summary: 'lifecycle.result.installed::{"version":"25.1.0"}' },
    });
    expect((await eventsOf(device.id)).map((event) => [event.type, (event.before as any).softwareVersion, (event.after as any).softwareVersion])).toEqual([
      ["device.updated", "24.3.1", "25.1.0"],
    ]);

    await until(() => progressOf(operation.id).at(-1)?.status === "success");
    expect(progressOf(operation.id)).toEqual([
      { operationId: operation.id, status: "active", progress: 0, step: "download" },
      { operationId: operation.id, status: "active", progress: 50, step: "verify" },
      { operationId: operation.id, status: "active", progress: 75, step: "install" },
      { operationId: operation.id, status: "success", progress: 100, step: "reboot" },
    ]);
    const lifecycleNews = heard.filter((message) => message.service === "lifecycle" && message.action !== "progress" && message.data.entityId === operation.id).map((message) => message.action);
    expect(lifecycleNews).toEqual(expect.arrayContaining(["started", "succeeded"]));

    const listed = await call("GET", "/lifecycle/operation?tab=finished&limit=200", { cookie: await signIn(NW_ADMIN) });
    expect(listed.body.items.find((item: { id: string }) => item.id === operation.id)).toMatchObject({ status: "success", progress: 100, summary: "Installed 25.1.0" });
    const inFrench = await call("GET", "/lifecycle/operation?tab=finished&limit=200", { cookie: await signIn(NW_ADMIN), language: "fr" });
    expect(inFrench.body.items.find((item: { id: string }) => item.id === operation.id)).toMatchObject({ summary: "Version 25.1.0 installée" });
  });

  it("reboots over LIFECYCLE_REBOOT_SECONDS, leaving the version as it is", async () => {
    const db = await getDb();
    const scheduler = createLifecycleScheduler(db, { ...quiet, rebootSeconds: 20, installSeconds: 60 });
    const [device] = await nodeDevices(1);
    const [operation] = await schedule({ deviceIds: [device.id], operation: "reboot", start: "now" });
    const t0 = Date.now() + SECOND;
    await scheduler.tick(new Date(t0));
    await scheduler.tick(new Date(t0 + 10 * SECOND));
    expect((await stored(operation.id)).progress).toBe(50);
    await scheduler.tick(new Date(t0 + 20 * SECOND));
    expect(await stored(operation.id)).toMatchObject({ status: "success", progress: 100, summary: "lifecycle.result.rebooted" });
    const listed = await call("GET", "/lifecycle/operation?tab=finished&limit=200", { cookie: await signIn(NW_ADMIN), language: "fr" });
    expect(listed.body.items.find((item: { id: string }) => item.id === operation.id)).toMatchObject({ summary: "Redémarré" });
    const [after] = await db.select().from(devices).where(eq(devices.id, device.id));
    expect(after.softwareVersion).toBe("24.3.1");
    expect(await eventsOf(device.id)).toHaveLength(0);
  });

  it("leaves a future operation waiting, runs a rescheduled one at its new time and never a cancelled one", async () => {
    const db = await getDb();
    const scheduler = createLifecycleScheduler(db, { ...quiet, installSeconds: 10 });
    const [a, b, c] = await nodeDevices(3);
    const inOneHour = new Date(Date.now() + 3600 * SECOND).toISOString();
    const batch = await schedule({ deviceIds: [a.id, b.id, c.id], operation: "install-version", version: "25.2", start: "later", scheduledAt: inOneHour });
    const [moved, kept, cancelled] = inDeviceOrder(batch, [a.id, b.id, c.id]);
    const cookie = await signIn(NW_ADMIN);

    expect((await scheduler.tick(new Date())).claimed).toEqual([]);
    expect(await statuses([moved.id, kept.id, cancelled.id])).toEqual(["scheduled", "scheduled", "scheduled"]);

    const inTwoHours = Date.now() + 7200 * SECOND;
    expect((await call("PATCH", `/lifecycle/operation/${moved.id}`, { cookie, body: { scheduledAt: new Date(inTwoHours).toISOString() } })).status).toBe(200);
    expect((await call("POST", "/lifecycle/operation/cancel", { cookie, body: { operationIds: [cancelled.id] } })).status).toBe(200);

    const report = await scheduler.tick(new Date(Date.parse(inOneHour) + SECOND));
    expect(report.claimed).toEqual([kept.id]);
    expect((await stored(moved.id)).status).toBe("scheduled");
    const tooLate = await call("POST", "/lifecycle/operation/cancel", { cookie, body: { operationIds: [kept.id] } });
    expect(tooLate.status).toBe(409);

    expect((await scheduler.tick(new Date(inTwoHours + SECOND))).claimed).toEqual([moved.id]);
    await tickAll([scheduler], inTwoHours + 2 * SECOND, inTwoHours + 12 * SECOND, SECOND);
    expect((await statuses([moved.id, kept.id, cancelled.id])).sort()).toEqual(["cancelled", "success", "success"]);
    expect((await stored(cancelled.id)).startedAt).toBeNull();
    expect(await typesOf(cancelled.id)).toEqual(["lifecycleOperation.created", "lifecycleOperation.cancelled"]);
  });
});

describe("failures that are real", () => {
  it("fails an operation on an unreachable device, at its start or while it downloads, saying why", async () => {
    const db = await getDb();
    const scheduler = createLifecycleScheduler(db, { ...quiet, installSeconds: 60 });
    const [silent, fading] = await nodeDevices(2);
    await unreachable(silent.id);
    const [first, second] = inDeviceOrder(await installNow([silent.id, fading.id]), [silent.id, fading.id]);
    const t0 = Date.now() + SECOND;

    const report = await scheduler.tick(new Date(t0));
    expect(report.failed).toEqual([first.id]);
    expect(await stored(first.id)).toMatchObject({ status: "failed", progress: 0, summary: 'lifecycle.result.deviceUnreachable::{"progress":0}', finishedAt: new Date(t0) });
    expect((await eventsOf(first.id)).map((event) => [event.type, event.nodeId])).toEqual([
      ["lifecycleOperation.created", silent.nodeId],
      ["lifecycleOperation.started", silent.nodeId],
      ["lifecycleOperation.failed", silent.nodeId],
    ]);

    await scheduler.tick(new Date(t0 + 12 * SECOND));
    await unreachable(fading.id);
    expect((await scheduler.tick(new Date(t0 + 13 * SECOND))).failed).toEqual([second.id]);
    expect(await stored(second.id)).toMatchObject({ status: "failed", progress: 20, summary: 'lifecycle.result.deviceUnreachable::{"progress":20}' });
    const cookie = await signIn(NW_ADMIN);
    const summaryOf = async (language: string, id: string) =>
      (await call("GET", "/lifecycle/operation?tab=finished&limit=200", { cookie, language })).body.items.find((item: { id: string }) => item.id === id)?.summary;
    expect(await summaryOf("en", first.id)).toBe("Failed at 0%: the device is unreachable");
    expect(await summaryOf("en", second.id)).toBe("Failed at 20%: the device is unreachable");
    expect(await summaryOf("fr", second.id)).toBe("Échec à 20 % : l’équipement est injoignable");
    const [after] = await db.select().from(devices).where(eq(devices.id, fading.id));
    expect(after.softwareVersion).toBe("24.3.1");
  });

  it("does not fail while the device reboots, when it is expected to be away", async () => {
    const db = await getDb();
    const scheduler = createLifecycleScheduler(db, { ...quiet, installSeconds: 10 });
    const [device] = await nodeDevices(1);
    const [operation] = await installNow([device.id], "25.3");
    const t0 = Date.now() + SECOND;
    await tickAll([scheduler], t0, t0 + 9 * SECOND, SECOND);
    expect((await stored(operation.id)).progress).toBe(90);
    await unreachable(device.id);
    await scheduler.tick(new Date(t0 + 10 * SECOND));
    expect(await stored(operation.id)).toMatchObject({ status: "success", summary: 'lifecycle.result.installed::{"version":"25.3"}' });
    await unreachable(device.id, false);
  });

  it("fails when the device leaves its node, or its MSP, while the operation runs", async () => {
    const db = await getDb();
    const scheduler = createLifecycleScheduler(db, { ...quiet, installSeconds: 10 });
    const [unassigned, released] = await nodeDevices(2);
    const [first, second] = inDeviceOrder(await installNow([unassigned.id, released.id]), [unassigned.id, released.id]);
    const t0 = Date.now() + SECOND;
    await tickAll([scheduler], t0, t0 + 3 * SECOND, SECOND);

    // The operator cannot release a device whose operation runs; only a change outside the API can.
    expect((await call("POST", `/inventory/device/${released.id}/release`, { cookie: await signIn(OPERATOR) })).status).toBe(409);
    expect((await call("POST", `/inventory/device/${unassigned.id}/unassign`, { cookie: await signIn(NW_ADMIN) })).status).toBe(200);
    await db.update(devices).set({ mspOrganizationId: null, nodeId: null }).where(eq(devices.id, released.id));

    const report = await scheduler.tick(new Date(t0 + 4 * SECOND));
    expect(report.failed.sort()).toEqual([first.id, second.id].sort());
    expect(await stored(first.id)).toMatchObject({ status: "failed", progress: 30, summary: 'lifecycle.result.deviceWithoutNode::{"progress":30}' });
    expect(await stored(second.id)).toMatchObject({ status: "failed", progress: 30, summary: 'lifecycle.result.deviceReleased::{"progress":30}' });
    const cookie = await signIn(NW_ADMIN);
    const finished = async (language: string) =>
      new Map((await call("GET", "/lifecycle/operation?tab=finished&limit=200", { cookie, language })).body.items.map((item: { id: string; summary: string }) => [item.id, item.summary]));
    expect((await finished("en")).get(first.id)).toBe("Failed at 30%: the device is no longer assigned to a node");
    expect((await finished("fr")).get(second.id)).toBe("Échec à 30 % : l’équipement a été remis en stock");
  });
});

describe("one run per operation, across schedulers and restarts", () => {
  it("runs each operation exactly once when two schedulers tick together on one database", async () => {
    const db = await getDb();
    const options = { ...quiet, installSeconds: 10, batchSize: 3 };
    const a = createLifecycleScheduler(db, options);
    const b = createLifecycleScheduler(db, options);
    const targets = await nodeDevices(8);
    const operations = await installNow(targets.map((device) => device.id), "26.1");
    const ids = operations.map((operation) => operation.id);
    const t0 = Date.now() + SECOND;

    const claimedBy = { a: [] as string[], b: [] as string[] };
    for (let time = t0; time <= t0 + 14 * SECOND; time += SECOND) {
      const [ra, rb] = await Promise.all([a.tick(new Date(time)), b.tick(new Date(time))]);
      claimedBy.a.push(...ra.claimed);
      claimedBy.b.push(...rb.claimed);
      expect([...ra.lost, ...rb.lost]).toEqual([]);
    }
    expect(claimedBy.a.length).toBeGreaterThan(0);
    expect(claimedBy.b.length).toBeGreaterThan(0);
    expect([...claimedBy.a, ...claimedBy.b].sort()).toEqual([...ids].sort());
    expect(await statuses(ids)).toEqual(ids.map(() => "success"));
    for (const id of ids) {
      expect(await typesOf(id)).toEqual(["lifecycleOperation.created", "lifecycleOperation.started", "lifecycleOperation.succeeded"]);
    }
    const deviceEvents = await db.select().from(events).where(inArray(events.entityId, targets.map((device) => device.id)));
    expect(deviceEvents).toHaveLength(8);
  });

  it("runs each operation once with two schedulers on timers, streaming progress from 0 to 100", async () => {
    const db = await getDb();
    // Runs long enough for several ticks to report progress even on a busy machine (npm test builds beside it).
    const options = { ...quiet, tickMs: 15, installSeconds: 1.2, rebootSeconds: 0.8, batchSize: 2 };
    const first = startLifecycleScheduler(db, options);
    const second = startLifecycleScheduler(db, options);
    try {
      const targets = await nodeDevices(6);
      const installs = await installNow(targets.slice(0, 3).map((device) => device.id), "26.2");
      const reboots = await schedule({ deviceIds: targets.slice(3).map((device) => device.id), operation: "reboot", start: "now" });
      const ids = [...installs, ...reboots].map((operation) => operation.id);
      await until(async () => (await statuses(ids)).every((status) => status === "success"), 20_000);
      for (const id of ids) {
        expect(await typesOf(id)).toEqual(["lifecycleOperation.created", "lifecycleOperation.started", "lifecycleOperation.succeeded"]);
      }
      await until(() => ids.every((id) => progressOf(id).at(-1)?.status === "success"));
      for (const id of ids) {
        const values = progressOf(id).map((data) => data.progress);
        expect(values[0]).toBe(0);
        expect(values.at(-1)).toBe(100);
        expect(values).toEqual([...values].sort((x, y) => x - y));
        expect(values.length).toBeGreaterThan(2);
      }
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
  });

  it("resumes, after the lease, an operation whose scheduler stopped mid-run, from its stored progress, and finishes it once", async () => {
    const db = await getDb();
    const options = { ...quiet, tickMs: 1000, installSeconds: 60 };
    const before = createLifecycleScheduler(db, options);
    expect(before.options.leaseMs).toBe(8_000);
    const [device] = await nodeDevices(1);
    const [operation] = await installNow([device.id], "26.1");
    const t0 = Date.now() + SECOND;
    await tickAll([before], t0, t0 + 24 * SECOND, SECOND);
    expect(await stored(operation.id)).toMatchObject({ status: "active", progress: 40 });
    await before.stop();
    expect(await before.tick(new Date(t0 + 90 * SECOND))).toEqual({ claimed: [], resumed: [], succeeded: [], failed: [], lost: [] });

    const after = createLifecycleScheduler(db, options);
    expect((await after.tick(new Date(t0 + 31 * SECOND))).resumed).toEqual([]);
    expect((await after.tick(new Date(t0 + 33 * SECOND))).resumed).toEqual([operation.id]);
    expect(await stored(operation.id)).toMatchObject({ status: "active", progress: 40, startedAt: new Date(t0) });
    await after.tick(new Date(t0 + 45 * SECOND));
    expect((await stored(operation.id)).progress).toBe(60);
    await tickAll([after], t0 + 46 * SECOND, t0 + 70 * SECOND, SECOND);
    expect(await stored(operation.id)).toMatchObject({ status: "success", progress: 100, startedAt: new Date(t0), summary: 'lifecycle.result.installed::{"version":"26.1"}' });
    expect(await typesOf(operation.id)).toEqual(["lifecycleOperation.created", "lifecycleOperation.started", "lifecycleOperation.succeeded"]);
    await until(() => progressOf(operation.id).at(-1)?.status === "success");
    const resumedProgress = progressOf(operation.id)
      .map((data) => data.progress)
      .slice(progressOf(operation.id).findIndex((data) => data.progress >= 40));
    expect(Math.min(...resumedProgress)).toBe(40);
  });

  it("makes a scheduler that was only slow give up the operation another took over: it writes nothing more", async () => {
    const db = await getDb();
    const options = { ...quiet, installSeconds: 20, leaseMs: 5_000 };
    const slow = createLifecycleScheduler(db, options);
    const live = createLifecycleScheduler(db, options);
    const [device] = await nodeDevices(1);
    const [operation] = await installNow([device.id], "26.7");
    const t0 = Date.now() + SECOND;
    await tickAll([slow], t0, t0 + 4 * SECOND, SECOND);
    expect((await stored(operation.id)).progress).toBe(20);

    expect((await live.tick(new Date(t0 + 10 * SECOND))).resumed).toEqual([operation.id]);
    await live.tick(new Date(t0 + 12 * SECOND));
    expect((await stored(operation.id)).progress).toBe(30);
    // Far enough for the slow one to finish if it still believed it owned the operation.
    expect((await slow.tick(new Date(t0 + 60 * SECOND))).lost).toEqual([operation.id]);
    expect(await stored(operation.id)).toMatchObject({ status: "active", progress: 30 });
    expect(slow.runningIds()).toEqual([]);

    await tickAll([live, slow], t0 + 13 * SECOND, t0 + 30 * SECOND, SECOND);
    expect((await stored(operation.id)).status).toBe("success");
    expect(await typesOf(operation.id)).toEqual(["lifecycleOperation.created", "lifecycleOperation.started", "lifecycleOperation.succeeded"]);
  });
});

describe("batch summaries (lib/lifecycle/summary.ts)", () => {
  it("all succeeded, some failed, all cancelled, over batches the scheduler ran", async () => {
    const db = await getDb();
    const scheduler = createLifecycleScheduler(db, { ...quiet, installSeconds: 5, rebootSeconds: 5 });
    const en = translatorFor("en");
    const text = (statuses: LifecycleStatus[]) => {
      const message = lifecycleSummaryMessage(statuses);
      return message ? en(message.key, message.values) : null;
    };
    const fine = await nodeDevices(3);
    const mixed = await nodeDevices(3);
    const later = await nodeDevices(2);
    await unreachable(mixed[1].id);
    const succeeding = (await installNow(fine.map((device) => device.id), "26.8")).map((operation) => operation.id);
    const failing = (await schedule({ deviceIds: mixed.map((device) => device.id), operation: "reboot", start: "now" })).map((operation) => operation.id);
    const inOneHour = new Date(Date.now() + 3600 * SECOND).toISOString();
    const cancelling = (await schedule({ deviceIds: later.map((device) => device.id), operation: "reboot", start: "later", scheduledAt: inOneHour })).map(
      (operation) => operation.id,
    );
    const t0 = Date.now() + SECOND;
    await scheduler.tick(new Date(t0));
    expect(text(await statuses(succeeding))).toBeNull();
    await tickAll([scheduler], t0 + SECOND, t0 + 6 * SECOND, SECOND);
    expect((await call("POST", "/lifecycle/operation/cancel", { cookie: await signIn(NW_ADMIN), body: { operationIds: cancelling } })).status).toBe(200);

    expect(text(await statuses(succeeding))).toBe("All operations succeeded");
    expect(text(await statuses(failing))).toBe("1 of 3 operations failed");
    expect(text(await statuses(cancelling))).toBe("All operations were cancelled");
    const rows = await db.select().from(lifecycleOperations).where(inArray(lifecycleOperations.id, failing)).orderBy(asc(lifecycleOperations.status));
    expect(rows.map((row) => row.summary)).toEqual(['lifecycle.result.deviceUnreachable::{"progress":0}', "lifecycle.result.rebooted", "lifecycle.result.rebooted"]);
    expect(rows.map((row) => translateLifecycleSummary(en, row.summary))).toEqual(["Failed at 0%: the device is unreachable", "Rebooted", "Rebooted"]);
  });
});
