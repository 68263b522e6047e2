import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { DEVICE_IMPORT_MAX_ROWS } from "@/lib/inventory/schema";
import { getDb } from "@/server/db/client";
import { attemptThrottles, devices, events, telemetryDeviceState } from "@/server/db/schema";
import { DEVICE_TOKEN_RATE_LIMIT } from "@/server/inventory/token-limits";
import { call, organizationId, signIn } from "./helpers";
import { BW_ADMIN, claimHash, eventsOf, insertDevice, insertNode, NW_ADMIN, NW_READONLY, OPERATOR, OPERATOR_READONLY, unique } from "./operations-fixtures";

// The operator's bulk add from a CSV file (rows as the browser read them), handing a stock device to an MSP, the
// reporting flag the inventory lists show, and the throttled device tokens.

const post = async (email: string, path: string, body?: unknown, language?: string) => call("POST", path, { cookie: await signIn(email), body, language });
const importRows = (rows: unknown[], language?: string, email = OPERATOR) => post(email, "/inventory/device/import", { rows }, language);

async function storedSerials(serials: string[]) {
  const db = await getDb();
  return (await db.select({ serialNumber: devices.serialNumber }).from(devices).where(inArray(devices.serialNumber, serials))).map((row) => row.serialNumber).sort();
}

let northwind: string;
let bluewave: string;

beforeAll(async () => {
  northwind = await organizationId("Northwind Networks");
  bluewave = await organizationId("Bluewave Telecom");
});

describe("POST /inventory/device/import", () => {
  it("adds the good rows together and reports each bad one with why, in the file's order", async () => {
    const [a, b, c] = [unique("CSV"), unique("CSV"), unique("CSV")];
    const response = await importRows([
      { line: 2, serialNumber: a.toLowerCase(), claimCode: "abcd1234", model: "E200", softwareVersion: "24.3.1" },
      { line: 3, serialNumber: b, claimCode: "SHORT" },
      { line: 5, serialNumber: c, claimCode: "WXYZ5678" },
    ]);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.added.map((row: { line: number; device: { serialNumber: string; status: string } }) => [row.line, row.device.serialNumber, row.device.status])).toEqual([
      [2, a, "unclaimed"],
      [5, c, "unclaimed"],
    ]);
    expect(response.body.failed).toEqual([{ line: 3, serialNumber: b, errors: ["Claim code must be 8 characters"] }]);
    expect(await storedSerials([a, b, c])).toEqual([a, c].sort());
    const db = await getDb();
    const [stored] = await db.select().from(devices).where(eq(devices.serialNumber, a));
    expect(stored.claimCodeHash).toBe(claimHash("ABCD1234"));
    expect(await eventsOf(stored.id)).toEqual([expect.objectContaining({ type: "device.created" })]);
  });

  it("refuses a serial number already in the stock and one repeated in the file, adding the rest", async () => {
    const existing = unique("CSV");
    await importRows([{ line: 2, serialNumber: existing, claimCode: "ABCD1234" }]);
    const [fresh, twice] = [unique("CSV"), unique("CSV")];
    const response = await importRows([
      { line: 2, serialNumber: existing, claimCode: "ABCD1234" },
      { line: 3, serialNumber: twice, claimCode: "ABCD1234" },
      { line: 4, serialNumber: fresh, claimCode: "ABCD1234" },
      { line: 5, serialNumber: twice.toLowerCase(), claimCode: "EFGH5678" },
    ]);
    expect(response.status).toBe(200);
    expect(response.body.added.map((row: { line: number }) => row.line)).toEqual([3, 4]);
    expect(response.body.failed).toEqual([
      { line: 2, serialNumber: existing, errors: [`A device with serial number ${existing} already exists.`] },
      { line: 5, serialNumber: twice, errors: ["This serial number is already on line 3."] },
    ]);
  });

  it("reports every problem of a row, in French for a French caller, and adds nothing when no row is good", async () => {
    const response = await importRows(
      [
        { line: 2, claimCode: "ABC" },
        { line: 3, serialNumber: "BAD SERIAL", claimCode: "ABCD1234", model: "<script>" },
      ],
      "fr",
    );
    expect(response.status).toBe(200);
    expect(response.body.added).toEqual([]);
    expect(response.body.failed[0]).toEqual({
      line: 2,
      serialNumber: "",
      errors: ["Le numéro de série est obligatoire", "Le code de rattachement doit comporter 8 caractères"],
    });
    expect(response.body.failed[1].line).toBe(3);
    expect(response.body.failed[1].errors).toHaveLength(2);
    expect(await storedSerials(["BAD SERIAL"])).toEqual([]);
  });

  it("adds nothing of a file when the transaction fails: no device and no event are half written", async () => {
    const [first, second] = [unique("CSV"), unique("CSV")];
    const db = await getDb();
    // A trigger makes the second insert fail inside the transaction, after the first device went in.
    await db.execute(`create or replace function refuse_csv_device() returns trigger language plpgsql as $$
      begin if new.serial_number = '${second}' then raise exception 'refused by test'; end if; return new; end $$`);
    await db.execute(`create trigger refuse_csv_device before insert on devices for each row execute function refuse_csv_device()`);
    try {
      const response = await importRows([
        { line: 2, serialNumber: first, claimCode: "ABCD1234" },
        { line: 3, serialNumber: second, claimCode: "ABCD1234" },
      ]);
      expect(response.status).toBe(500);
    } finally {
      await db.execute(`drop trigger refuse_csv_device on devices`);
      await db.execute(`drop function refuse_csv_device`);
    }
    expect(await storedSerials([first, second])).toEqual([]);
    const written = await db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.type, "device.created"), sql`${events.after}->>'serialNumber' in (${first}, ${second})`));
    expect(written).toEqual([]);
  });

  it("refuses an empty file and one over the limit as a whole", async () => {
    const empty = await importRows([]);
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe("The file has no device rows.");
    const rows = Array.from({ length: DEVICE_IMPORT_MAX_ROWS + 1 }, (_, index) => ({ line: index + 2, serialNumber: `TOO-MANY-${index}`, claimCode: "ABCD1234" }));
    const tooMany = await importRows(rows);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toBe(`A file may hold at most ${DEVICE_IMPORT_MAX_ROWS} devices.`);
    expect(await storedSerials(["TOO-MANY-0"])).toEqual([]);
  });

  it("is the operator's: an MSP gets 403, the operator's read-only staff too, and nobody signed out gets in", async () => {
    const row = [{ line: 2, serialNumber: unique("CSV"), claimCode: "ABCD1234" }];
    expect((await importRows(row, undefined, NW_ADMIN)).status).toBe(403);
    expect((await importRows(row, undefined, OPERATOR_READONLY)).status).toBe(403);
    expect((await call("POST", "/inventory/device/import", { body: { rows: row } })).status).toBe(401);
    expect(await storedSerials([row[0].serialNumber])).toEqual([]);
  });
});

describe("POST /inventory/device/{id}/msp", () => {
  it("hands a stock device to an MSP, which then sees it; MSP is required", async () => {
    const device = await insertDevice();
    const missing = await post(OPERATOR, `/inventory/device/${device.id}/msp`, {});
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe("MSP is required");
    const french = await post(OPERATOR, `/inventory/device/${device.id}/msp`, { mspOrganizationId: "" }, "fr");
    expect(french.body.error).toBe("Le MSP est obligatoire");
    const response = await post(OPERATOR, `/inventory/device/${device.id}/msp`, { mspOrganizationId: northwind });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: "unassigned", mspOrganizationId: northwind, mspName: "Northwind Networks", configured: false });
    const seen = await call("GET", `/inventory/device?search=${device.serialNumber}`, { cookie: await signIn(NW_ADMIN) });
    expect(seen.body.items.map((item: { id: string }) => item.id)).toEqual([device.id]);
    expect((await eventsOf(device.id)).map((event: { type: string }) => event.type)).toContain("device.claimed");
  });

  it("refuses a device another MSP holds, and an organization that is not an MSP", async () => {
    const held = await insertDevice({ msp: "Bluewave Telecom" });
    const conflict = await post(OPERATOR, `/inventory/device/${held.id}/msp`, { mspOrganizationId: northwind });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error).toBe(`Device ${held.serialNumber} belongs to Bluewave Telecom: release it first.`);
    const stock = await insertDevice();
    const customer = await post(OPERATOR, `/inventory/device/${stock.id}/msp`, { mspOrganizationId: await organizationId("Contoso") });
    expect(customer.status).toBe(400);
    expect(customer.body.error).toBe("MSP is required");
  });

  it("is the operator's alone", async () => {
    const device = await insertDevice();
    expect((await post(NW_ADMIN, `/inventory/device/${device.id}/msp`, { mspOrganizationId: northwind })).status).toBe(403);
    expect((await post(OPERATOR_READONLY, `/inventory/device/${device.id}/msp`, { mspOrganizationId: northwind })).status).toBe(403);
    expect((await post(OPERATOR, `/inventory/device/00000000-0000-4000-8000-000000000000/msp`, { mspOrganizationId: northwind })).status).toBe(404);
  });
});

describe("GET /inventory/device: reporting", () => {
  it("says a device reports while its telemetry is recent and not marked silent", async () => {
    const [node, ...others] = await Promise.all([1, 2, 3, 4].map(() => insertNode("Northwind Networks")));
    const [recent, silent, stale, never, inStock] = await Promise.all([
      ...[node, ...others].map((onNode) => insertDevice({ msp: "Northwind Networks", nodeId: onNode.id })),
      insertDevice({ msp: "Northwind Networks" }),
    ]);
    const db = await getDb();
    await db.insert(telemetryDeviceState).values([
      // Released from its node a minute ago: its last report is recent, yet a device in stock serves nothing.
      { deviceId: inStock.id, lastSeenAt: new Date() },
      { deviceId: recent.id, nodeId: node.id, lastSeenAt: new Date() },
      { deviceId: silent.id, lastSeenAt: new Date(), silent: true },
      { deviceId: stale.id, lastSeenAt: new Date(Date.now() - 3600_000) },
    ]);
    const response = await call("GET", `/inventory/device?limit=200&mspOrganizationId=${northwind}`, { cookie: await signIn(NW_READONLY) });
    const byId = new Map(response.body.items.map((item: { id: string; reporting: boolean; lastSeenAt: string | null }) => [item.id, item]));
    expect(byId.get(recent.id)).toMatchObject({ reporting: true, nodeName: node.name, configured: true });
    expect(byId.get(silent.id)).toMatchObject({ reporting: false });
    expect(byId.get(stale.id)).toMatchObject({ reporting: false });
    expect(byId.get(never.id)).toMatchObject({ reporting: false, lastSeenAt: null });
    expect(byId.get(inStock.id)).toMatchObject({ reporting: false, nodeId: null });
  });
});

describe("POST /inventory/device/{id}/token: throttled", () => {
  it("refuses with 429 once the organization has issued its tokens of the window, and counts no other MSP's", async () => {
    const device = await insertDevice({ msp: "Northwind Networks" });
    const other = await insertDevice({ msp: "Bluewave Telecom" });
    const db = await getDb();
    await db
      .insert(attemptThrottles)
      .values({ kind: "device-token-organization", key: northwind, attempts: DEVICE_TOKEN_RATE_LIMIT.maxPerOrganization, lastAt: new Date() })
      .onConflictDoUpdate({ target: [attemptThrottles.kind, attemptThrottles.key], set: { attempts: DEVICE_TOKEN_RATE_LIMIT.maxPerOrganization, lastAt: new Date() } });
    try {
      const refused = await post(NW_ADMIN, `/inventory/device/${device.id}/token`);
      expect(refused.status).toBe(429);
      expect(refused.body.error).toMatch(/^Too many tokens issued\. Try again in \d+ minutes\.$/);
      const allowed = await post(BW_ADMIN, `/inventory/device/${other.id}/token`);
      expect(allowed.status).toBe(201);
      expect(allowed.body.token).toMatch(/^mdt_/);
    } finally {
      await db.delete(attemptThrottles).where(eq(attemptThrottles.key, northwind));
      await db.delete(attemptThrottles).where(eq(attemptThrottles.key, bluewave));
    }
  });
});
