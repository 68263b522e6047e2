import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { lifecycleOperations } from "@/server/db/schema";
import { call, organizationId, signIn } from "./helpers";
import {
  BW_ADMIN,
  CONTOSO_ADMIN,
  eventsOf,
  insertDevice,
  insertNode,
  insertOperation,
  NW_ADMIN,
  NW_CONFIGURE,
  NW_READONLY,
  OPERATOR,
  OPERATOR_READONLY,
} from "./operations-fixtures";

// Lifecycle operations (SPEC §3–§4): install a version or reboot devices of the caller's MSP, now or later; tabs
// Scheduled, Running and Finished; a scheduled operation can be moved or cancelled. Devices and nodes are inserted.

type OperationBody = {
  id: string;
  organizationId: string;
  deviceId: string;
  serialNumber: string;
  nodeId: string | null;
  nodeName: string | null;
  operation: "install-version" | "reboot";
  version: string | null;
  status: string;
  scheduledAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  durationSeconds: number | null;
  progress: number;
  summary: string | null;
  createdBy: string | null;
  cancelledBy: string | null;
  batchUnfinished?: number;
};

const HOUR = 3600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

const schedule = async (body: Record<string, unknown>, email = NW_ADMIN, language?: string) =>
  call("POST", "/lifecycle/operation", { cookie: await signIn(email), body, language });

async function scheduled(body: Record<string, unknown>, email = NW_ADMIN): Promise<OperationBody[]> {
  const response = await schedule(body, email);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** A fresh device of the MSP on a fresh node, free of operations. */
async function nodeDevice(msp = "Northwind Networks") {
  const node = await insertNode(msp);
  const device = await insertDevice({ msp, nodeId: node.id });
  return { node, device };
}

async function walk(email: string, tab: string, limit = 50, language?: string): Promise<OperationBody[]> {
  const cookie = await signIn(email);
  const all: OperationBody[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++) {
    const response = await call("GET", `/lifecycle/operation?tab=${tab}&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`, { cookie, language });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    all.push(...response.body.items);
    cursor = response.body.nextCursor;
    if (!cursor) return all;
  }
  throw new Error("too many pages");
}

let northwind: string;
let bluewave: string;

beforeAll(async () => {
  northwind = await organizationId("Northwind Networks");
  bluewave = await organizationId("Bluewave Telecom");
});

describe("POST /lifecycle/operation", () => {
  it("schedules an install on several devices now, one operation each, with events", async () => {
    const a = await nodeDevice();
    const b = await nodeDevice();
    const before = Date.now();
    const created = await scheduled({ deviceIds: [a.device.id, b.device.id, a.device.id], operation: "install-version", version: " 24.4.0 ", start: "now" });
    expect(created).toHaveLength(2);
    for (const operation of created) {
      expect(operation).toMatchObject({
        organizationId: northwind,
        operation: "install-version",
        version: "24.4.0",
        status: "scheduled",
        progress: 0,
        startedAt: null,
        finishedAt: null,
        durationSeconds: null,
        createdBy: "Nora Walsh",
        cancelledBy: null,
      });
      expect(Date.parse(operation.scheduledAt)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(operation.scheduledAt)).toBeLessThanOrEqual(Date.now() + 1000);
    }
    const first = created.find((operation) => operation.deviceId === a.device.id)!;
    expect(first).toMatchObject({ serialNumber: a.device.serialNumber, nodeId: a.node.id, nodeName: a.node.name });
    const [event] = await eventsOf(first.id);
    expect(event).toMatchObject({
      organizationId: northwind,
      type: "lifecycleOperation.created",
      nodeId: a.node.id,
      before: null,
      after: { status: "scheduled", version: "24.4.0", serialNumber: a.device.serialNumber },
    });
  });

  it("installs only a version the devices' model may take, naming the device that cannot (in English and French)", async () => {
    const { device } = await nodeDevice();
    const refused = await schedule({ deviceIds: [device.id], operation: "install-version", version: "27.0.1", start: "now" });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(`${device.serialNumber} (E200) cannot take version 27.0.1: its model takes 24.x, 25.x, 26.x`);
    expect(refused.body.issues).toEqual([{ path: "version", message: refused.body.error }]);
    const inFrench = await schedule({ deviceIds: [device.id], operation: "install-version", version: "9.9", start: "now" }, NW_ADMIN, "fr");
    expect(inFrench.body.error).toBe(`${device.serialNumber} (E200) ne peut pas recevoir la version 9.9\u202f: son modèle accepte 24.x, 25.x, 26.x`);
    // Nothing was scheduled (the device is still free), and a version of a train the model takes is, published or not;
    // any version for a model the catalogue does not know.
    expect((await scheduled({ deviceIds: [device.id], operation: "install-version", version: "26.4.7", start: "later", scheduledAt: inHours(3) })).length).toBe(1);
    const node = await insertNode("Northwind Networks");
    const unknown = await insertDevice({ msp: "Northwind Networks", nodeId: node.id, model: "X9" });
    expect((await scheduled({ deviceIds: [unknown.id], operation: "install-version", version: "27.0.1", start: "later", scheduledAt: inHours(3) })).length).toBe(1);
  });

  it("schedules a reboot later, at the given time (a version is not kept)", async () => {
    const { device } = await nodeDevice();
    const at = inHours(5);
    const [operation] = await scheduled({ deviceIds: [device.id], operation: "reboot", version: "9.9", start: "later", scheduledAt: at }, NW_CONFIGURE);
    expect(operation).toMatchObject({ operation: "reboot", version: null, scheduledAt: at, createdBy: "Conor Byrne" });
  });

  it.each([
    [{ operation: "reboot", start: "now" }, "deviceIds", "Node is required"],
    [{ deviceIds: [], operation: "reboot", start: "now" }, "deviceIds", "Node is required"],
    [{ deviceIds: [""], operation: "reboot", start: "now" }, "deviceIds.0", "Node is required"],
    [{ deviceIds: ["x"], operation: "install-version", start: "now" }, "version", "Version is required"],
    [{ deviceIds: ["x"], operation: "install-version", version: "  ", start: "now" }, "version", "Version is required"],
    [{ deviceIds: ["x"], operation: "install-version", version: "24 4", start: "now" }, "version", "Version must be at most 64 letters, digits, dots, dashes, plus signs or underscores"],
    [{ deviceIds: ["x"], operation: "upgrade", start: "now" }, "operation", "Operation must be install-version or reboot"],
    [{ deviceIds: ["x"], operation: "reboot", start: "soon" }, "start", "Start must be now or later"],
    [{ deviceIds: ["x"], operation: "reboot", start: "later" }, "scheduledAt", "Start time is required"],
    [{ deviceIds: ["x"], operation: "reboot", start: "later", scheduledAt: "" }, "scheduledAt", "Start time is required"],
    [{ deviceIds: ["x"], operation: "reboot", start: "later", scheduledAt: "tomorrow" }, "scheduledAt", "Start time must be a date and time with its time zone (e.g. 2026-12-01T02:00:00Z)"],
    [{ deviceIds: ["x"], operation: "reboot", start: "later", scheduledAt: "2020-01-01T00:00:00Z" }, "scheduledAt", "Start time must be in the future"],
  ])("validates %j → %s: %s", async (body, path, message) => {
    const response = await schedule(body);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
    expect(response.body.issues[0].path).toBe(path);
  });

  it("takes at most 500 devices at once", async () => {
    const response = await schedule({ deviceIds: Array.from({ length: 501 }, (_, i) => `d${i}`), operation: "reboot", start: "now" });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("Select at most 500 at once");
  });

  it("answers the messages in French", async () => {
    expect((await schedule({ deviceIds: ["x"], operation: "install-version", start: "now" }, NW_ADMIN, "fr")).body.error).toBe("La version est obligatoire");
    expect((await schedule({ operation: "reboot", start: "now" }, NW_ADMIN, "fr")).body.error).toBe("Le nœud est obligatoire");
    expect((await schedule({ deviceIds: ["x"], operation: "reboot", start: "later", scheduledAt: "2020-01-01T00:00:00Z" }, NW_ADMIN, "fr")).body.error).toBe(
      "L’heure de début doit être dans le futur",
    );
  });

  it("refuses a device that already has an operation scheduled or running, creating nothing", async () => {
    const free = await nodeDevice();
    const busy = await nodeDevice();
    await insertOperation({ deviceId: busy.device.id, organizationId: northwind, status: "active", startedAt: new Date() });
    const response = await schedule({ deviceIds: [free.device.id, busy.device.id], operation: "reboot", start: "now" });
    expect(response.status).toBe(409);
    expect(response.body.error).toBe(`Device ${busy.device.serialNumber} already has an operation scheduled or running: edit or cancel it first.`);
    const db = await getDb();
    expect(await db.select().from(lifecycleOperations).where(eq(lifecycleOperations.deviceId, free.device.id))).toHaveLength(0);
  });

  it("answers 404 for another MSP's device, all or nothing: Northwind's devices are invisible to Bluewave", async () => {
    const own = await nodeDevice("Bluewave Telecom");
    const foreign = await nodeDevice();
    const response = await schedule({ deviceIds: [own.device.id, foreign.device.id], operation: "reboot", start: "now" }, BW_ADMIN);
    const missing = await schedule({ deviceIds: [own.device.id, "00000000-0000-4000-8000-000000000000"], operation: "reboot", start: "now" }, BW_ADMIN);
    expect(response.status).toBe(404);
    expect(response.body.error).toBe(missing.body.error);
    const db = await getDb();
    expect(await db.select().from(lifecycleOperations).where(inArray(lifecycleOperations.deviceId, [own.device.id, foreign.device.id]))).toHaveLength(0);
  });

  it("lets the operator schedule on an MSP's device (the operation is the MSP's), not on an unclaimed one", async () => {
    const { device } = await nodeDevice("Bluewave Telecom");
    const [operation] = await scheduled({ deviceIds: [device.id], operation: "reboot", start: "now" }, OPERATOR);
    expect(operation.organizationId).toBe(bluewave);
    const stock = await insertDevice();
    expect((await schedule({ deviceIds: [stock.id], operation: "reboot", start: "now" }, OPERATOR)).status).toBe(404);
  });

  it.each([NW_READONLY, OPERATOR_READONLY, CONTOSO_ADMIN])("needs msp:lifecycle:write: %s gets 403", async (email) => {
    const { device } = await nodeDevice();
    expect((await schedule({ deviceIds: [device.id], operation: "reboot", start: "now" }, email)).status).toBe(403);
  });
});

describe("GET /lifecycle/operation", () => {
  let device: Awaited<ReturnType<typeof insertDevice>>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ({ device } = await nodeDevice());
    const started = new Date(Date.now() - 2 * HOUR);
    ids.active = (await insertOperation({ deviceId: device.id, organizationId: northwind, status: "active", scheduledAt: started, startedAt: started, progress: 40 })).id;
    const other = await insertDevice({ msp: "Northwind Networks" });
    ids.success = (
      await insertOperation({
        deviceId: other.id,
        organizationId: northwind,
        operation: "install-version",
        version: "24.3.2",
        status: "success",
        scheduledAt: new Date("2026-01-01T10:00:00Z"),
        startedAt: new Date("2026-01-01T10:00:00Z"),
        finishedAt: new Date("2026-01-01T10:18:30Z"),
        progress: 100,
        // As the scheduler stores it: a catalogue message with its values.
        summary: 'lifecycle.result.installed::{"version":"24.3.2"}',
      })
    ).id;
    ids.failed = (
      await insertOperation({
        deviceId: other.id,
        organizationId: northwind,
        status: "failed",
        scheduledAt: new Date("2026-01-02T10:00:00Z"),
        startedAt: new Date("2026-01-02T10:00:00Z"),
        finishedAt: new Date("2026-01-02T10:05:00Z"),
        // Plain text, as rows written before summaries were messages.
        summary: "Power cut at the site",
      })
    ).id;
    ids.bluewave = (await insertOperation({ deviceId: (await insertDevice({ msp: "Bluewave Telecom" })).id, organizationId: bluewave })).id;
  });

  it("shows each tab's statuses: Scheduled, Running, Finished", async () => {
    const running = await walk(NW_READONLY, "running");
    expect(running.every((operation) => operation.status === "active")).toBe(true);
    const active = running.find((operation) => operation.id === ids.active)!;
    expect(active.durationSeconds).toBeGreaterThanOrEqual(2 * 3600 - 5);
    expect(active).toMatchObject({ progress: 40, finishedAt: null, serialNumber: device.serialNumber });
    const finished = await walk(NW_READONLY, "finished");
    expect(finished.map((operation) => operation.id)).toEqual(expect.arrayContaining([ids.success, ids.failed]));
    expect(finished.every((operation) => ["success", "failed", "cancelled"].includes(operation.status))).toBe(true);
    const success = finished.find((operation) => operation.id === ids.success)!;
    expect(success).toMatchObject({ durationSeconds: 1110, progress: 100, summary: "Installed 24.3.2", version: "24.3.2" });
    expect(finished.find((operation) => operation.id === ids.failed)?.summary).toBe("Power cut at the site");
    // Finished: the latest first.
    expect(finished.findIndex((operation) => operation.id === ids.failed)).toBeLessThan(finished.findIndex((operation) => operation.id === ids.success));
    const scheduledTab = await walk(NW_READONLY, "scheduled");
    expect(scheduledTab.every((operation) => operation.status === "scheduled")).toBe(true);
    const defaultTab = await call("GET", "/lifecycle/operation", { cookie: await signIn(NW_READONLY) });
    expect(defaultTab.body.items.every((operation: OperationBody) => operation.status === "scheduled")).toBe(true);
  });

  it("answers the summary in the reader's language; plain text stays as it is", async () => {
    const finished = await walk(NW_READONLY, "finished", 50, "fr");
    expect(finished.find((operation) => operation.id === ids.success)?.summary).toBe("Version 24.3.2 installée");
    expect(finished.find((operation) => operation.id === ids.failed)?.summary).toBe("Power cut at the site");
    const db = await getDb();
    const [row] = await db.select({ summary: lifecycleOperations.summary }).from(lifecycleOperations).where(eq(lifecycleOperations.id, ids.success));
    expect(row.summary).toBe('lifecycle.result.installed::{"version":"24.3.2"}');
  });

  it("never lists another MSP's operations; the operator sees all", async () => {
    for (const tab of ["scheduled", "running", "finished"]) {
      expect((await walk(NW_ADMIN, tab)).every((operation) => operation.organizationId === northwind)).toBe(true);
      expect((await walk(BW_ADMIN, tab)).every((operation) => operation.organizationId === bluewave)).toBe(true);
    }
    expect((await walk(BW_ADMIN, "scheduled")).map((operation) => operation.id)).toContain(ids.bluewave);
    expect((await walk(NW_ADMIN, "running")).map((operation) => operation.id)).not.toContain(ids.bluewave);
    const operator = await walk(OPERATOR_READONLY, "scheduled");
    expect(new Set(operator.map((operation) => operation.organizationId))).toEqual(new Set([northwind, bluewave]));
  });

  it("counts, on the Finished tab, the operations of each one's batch still scheduled or running", async () => {
    const at = new Date("2026-01-05T10:00:00Z");
    const batch = { organizationId: northwind, operation: "install-version" as const, version: "24.9.9", scheduledAt: at, startedAt: at };
    const [one, two, three, elsewhere] = await Promise.all([1, 2, 3].map(() => insertDevice({ msp: "Northwind Networks" })).concat(insertDevice({ msp: "Bluewave Telecom" })));
    const done = await insertOperation({ ...batch, deviceId: one.id, status: "success", finishedAt: at, progress: 100 });
    await insertOperation({ ...batch, deviceId: two.id, status: "active", progress: 30 });
    await insertOperation({ ...batch, deviceId: three.id, status: "scheduled", startedAt: null });
    // Another MSP's operation at the same time, and one of another version, are other batches.
    await insertOperation({ ...batch, organizationId: bluewave, deviceId: elsewhere.id, status: "active" });
    await insertOperation({ ...batch, version: "24.9.8", deviceId: one.id, status: "active" });
    const unfinished = async () => (await walk(NW_ADMIN, "finished")).find((operation) => operation.id === done.id)?.batchUnfinished;
    expect(await unfinished()).toBe(2);
    const db = await getDb();
    await db.update(lifecycleOperations).set({ status: "success", finishedAt: at }).where(inArray(lifecycleOperations.deviceId, [two.id, three.id, one.id]));
    expect(await unfinished()).toBe(0);
  });

  it("refuses customers (no lifecycle scope) and an unknown tab", async () => {
    expect((await call("GET", "/lifecycle/operation", { cookie: await signIn(CONTOSO_ADMIN) })).status).toBe(403);
    const bad = await call("GET", "/lifecycle/operation?tab=later", { cookie: await signIn(NW_ADMIN) });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("Tab must be scheduled, running or finished");
  });

  it("pages by start time without skipping or repeating, operations sharing a time included", async () => {
    const at = inHours(30);
    const devices = await Promise.all([1, 2, 3, 4, 5].map(() => insertDevice({ msp: "Northwind Networks" })));
    await scheduled({ deviceIds: devices.map((item) => item.id), operation: "reboot", start: "later", scheduledAt: at });
    const all = await walk(NW_ADMIN, "scheduled");
    const paged = await walk(NW_ADMIN, "scheduled", 2);
    expect(paged.map((operation) => operation.id)).toEqual(all.map((operation) => operation.id));
    expect(new Set(paged.map((operation) => operation.id)).size).toBe(paged.length);
    const times = paged.map((operation) => Date.parse(operation.scheduledAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });
});

describe("PATCH /lifecycle/operation/{id}", () => {
  it("moves a scheduled operation, with an event holding before and after", async () => {
    const { device } = await nodeDevice();
    const [operation] = await scheduled({ deviceIds: [device.id], operation: "reboot", start: "later", scheduledAt: inHours(2) });
    const at = inHours(10);
    const response = await call("PATCH", `/lifecycle/operation/${operation.id}`, { cookie: await signIn(NW_CONFIGURE), body: { scheduledAt: at } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: operation.id, scheduledAt: at, status: "scheduled" });
    const events = await eventsOf(operation.id);
    expect(events.map((event) => event.type)).toEqual(["lifecycleOperation.created", "lifecycleOperation.updated"]);
    expect(events[1]).toMatchObject({ source: NW_CONFIGURE, before: { scheduledAt: operation.scheduledAt }, after: { scheduledAt: at } });
  });

  it("refuses an operation that is no longer scheduled with 409", async () => {
    const { device } = await nodeDevice();
    const running = await insertOperation({ deviceId: device.id, organizationId: northwind, status: "active", startedAt: new Date() });
    const response = await call("PATCH", `/lifecycle/operation/${running.id}`, { cookie: await signIn(NW_ADMIN), body: { scheduledAt: inHours(3) } });
    expect(response.status).toBe(409);
    expect(response.body.error).toBe(
      `The operation on ${device.serialNumber} has already started or finished: only scheduled operations can be changed or cancelled.`,
    );
  });

  it.each([
    [{}, "Start time is required"],
    [{ scheduledAt: "2020-01-01T00:00:00Z" }, "Start time must be in the future"],
    [{ scheduledAt: "next week" }, "Start time must be a date and time with its time zone (e.g. 2026-12-01T02:00:00Z)"],
    [{ scheduledAt: "2026-12-01T02:00:00" }, "Start time must be a date and time with its time zone (e.g. 2026-12-01T02:00:00Z)"],
  ])("validates %j → %s", async (body, message) => {
    const { device } = await nodeDevice();
    const operation = await insertOperation({ deviceId: device.id, organizationId: northwind });
    const response = await call("PATCH", `/lifecycle/operation/${operation.id}`, { cookie: await signIn(NW_ADMIN), body });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
  });

  it("answers 404 to another MSP, like a missing operation, and 403 to read-only callers", async () => {
    const { device } = await nodeDevice();
    const operation = await insertOperation({ deviceId: device.id, organizationId: northwind });
    const body = { scheduledAt: inHours(4) };
    const foreign = await call("PATCH", `/lifecycle/operation/${operation.id}`, { cookie: await signIn(BW_ADMIN), body });
    const missing = await call("PATCH", "/lifecycle/operation/00000000-0000-4000-8000-000000000000", { cookie: await signIn(BW_ADMIN), body });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe(missing.body.error);
    expect((await call("PATCH", `/lifecycle/operation/${operation.id}`, { cookie: await signIn(NW_READONLY), body })).status).toBe(403);
    expect(await eventsOf(operation.id)).toHaveLength(0);
  });
});

describe("POST /lifecycle/operation/cancel", () => {
  const cancel = async (operationIds: unknown, email = NW_ADMIN, language?: string) =>
    call("POST", "/lifecycle/operation/cancel", { cookie: await signIn(email), body: { operationIds }, language });

  it("cancels scheduled operations: cancelled by, finished at, events", async () => {
    const a = await nodeDevice();
    const b = await nodeDevice();
    const created = await scheduled({ deviceIds: [a.device.id, b.device.id], operation: "reboot", start: "later", scheduledAt: inHours(6) });
    const response = await cancel(created.map((operation) => operation.id));
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(2);
    for (const operation of response.body as OperationBody[]) {
      expect(operation).toMatchObject({ status: "cancelled", cancelledBy: "Nora Walsh", createdBy: "Nora Walsh" });
      expect(operation.finishedAt).toEqual(expect.any(String));
      const events = await eventsOf(operation.id);
      expect(events.at(-1)).toMatchObject({ type: "lifecycleOperation.cancelled", before: { status: "scheduled", cancelledBy: null }, after: { status: "cancelled", cancelledBy: "Nora Walsh" } });
    }
    expect((await walk(NW_ADMIN, "finished")).map((operation) => operation.id)).toEqual(expect.arrayContaining(created.map((operation) => operation.id)));
  });

  it("cancels nothing when one of them already started (409)", async () => {
    const a = await nodeDevice();
    const b = await nodeDevice();
    const waiting = await insertOperation({ deviceId: a.device.id, organizationId: northwind });
    const done = await insertOperation({ deviceId: b.device.id, organizationId: northwind, status: "success", startedAt: new Date(), finishedAt: new Date() });
    const response = await cancel([waiting.id, done.id], NW_ADMIN, "fr");
    expect(response.status).toBe(409);
    expect(response.body.error).toBe(
      `L’opération sur ${b.device.serialNumber} a déjà commencé ou est terminée : seules les opérations planifiées peuvent être modifiées ou annulées.`,
    );
    const db = await getDb();
    const [row] = await db.select().from(lifecycleOperations).where(eq(lifecycleOperations.id, waiting.id));
    expect(row.status).toBe("scheduled");
  });

  it("answers 404 and cancels nothing when an id is another MSP's", async () => {
    const own = await insertOperation({ deviceId: (await insertDevice({ msp: "Bluewave Telecom" })).id, organizationId: bluewave });
    const foreign = await insertOperation({ deviceId: (await insertDevice({ msp: "Northwind Networks" })).id, organizationId: northwind });
    const response = await cancel([own.id, foreign.id], BW_ADMIN);
    expect(response.status).toBe(404);
    expect(response.body.error).toBe("Not found");
    const db = await getDb();
    const rows = await db.select().from(lifecycleOperations).where(inArray(lifecycleOperations.id, [own.id, foreign.id]));
    expect(rows.map((row) => row.status)).toEqual(["scheduled", "scheduled"]);
    expect(await eventsOf(own.id)).toHaveLength(0);
  });

  it("validates the ids and needs msp:lifecycle:write", async () => {
    const empty = await cancel([]);
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe("Select at least one operation");
    expect((await cancel(undefined)).body.error).toBe("Select at least one operation");
    const operation = await insertOperation({ deviceId: (await insertDevice({ msp: "Northwind Networks" })).id, organizationId: northwind });
    expect((await cancel([operation.id], NW_READONLY)).status).toBe(403);
    expect((await cancel([operation.id], CONTOSO_ADMIN)).status).toBe(403);
  });
});
