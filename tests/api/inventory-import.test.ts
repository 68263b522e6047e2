import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CSV_IMPORT_MAX_ROWS } from "@/lib/csv/read";
import { getDb } from "@/server/db/client";
import { attemptThrottles, devices, events, telemetryDeviceState } from "@/server/db/schema";
import { DEVICE_TOKEN_RATE_LIMIT } from "@/server/inventory/token-limits";
import { call, organizationId, signIn } from "./helpers";
import { BW_ADMIN, claimHash, eventsOf, insertDevice, insertNode, NW_ADMIN, NW_READONLY, OPERATOR, OPERATOR_READONLY, unique } from "./operations-fixtures";

// The operator's bulk add from a CSV file (the import every list uses: a dry run, every row or none, idempotent), handing a stock device to an MSP, the
// reporting flag the inventory lists show, and the throttled device tokens.

const post = async (email: string, path: string, body?: unknown, language?: string) => call("POST", path, { cookie: await signIn(email), body, language });
const importCsv = (csv: string, { dryRun = false, language, email = OPERATOR }: { dryRun?: boolean; language?: string; email?: string } = {}) =>
  post(email, "/inventory/device/import", { csv, dryRun }, language);

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
  it("checks a file first and writes nothing: every problem by line and column, the headers people write understood", async () => {
    const [a, b, taken] = [unique("CSV"), unique("CSV"), unique("CSV")];
    await importCsv(`serialNumber,claimCode\n${taken},ABCD1234\n`);
    const csv = [
      "Serial Number;Claim code;Model;Version;Notes",
      `${a.toLowerCase()};abcd1234;E200;24.3.1;rack 4`,
      `BAD SERIAL;ABCD1234;E200;;`,
      `${b};SHORT;;;`,
      `${a};WXYZ5678;;;`,
      `${b.toLowerCase()}x;;;;`,
      `${taken};ABCD1234;E400;;`,
      `;ABCD1234;<script>;;`,
    ].join("\n");
    const checked = await importCsv(csv, { dryRun: true });
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    expect(checked.body).toMatchObject({ dryRun: true, applied: false, rows: 7 });
    expect(checked.body.errors.map((error: { line: number; column: string | null; message: string }) => [error.line, error.column, error.message])).toEqual([
      [3, "serialNumber", "Serial number must be at most 64 letters, digits, dots, dashes, underscores or slashes"],
      [4, "claimCode", "Claim code must be 8 characters"],
      [5, "serialNumber", "This serial number is already on line 2 of the file."],
      [6, "claimCode", "Claim code must be 8 characters"],
      [7, "serialNumber", `A device with serial number ${taken} already exists.`],
      [8, "serialNumber", "Serial number is required"],
      [8, "model", expect.any(String)],
    ]);
    expect(await storedSerials([a, b, `${b}X`])).toEqual([]);
  });

  it("imports every row or none; the same file again adds nothing, and an exported file imports back unchanged", async () => {
    const [a, b] = [unique("CSV"), unique("CSV")];
    const csv = `serialNumber,claimCode,model,softwareVersion\n${a.toLowerCase()},abcd1234,E200,24.3.1\n${b},WXYZ5678,,\n`;
    const first = await importCsv(csv);
    expect(first.body, JSON.stringify(first.body)).toMatchObject({ applied: true, created: 2, updated: 0, unchanged: 0, errors: [] });
    expect(first.body.outcomes).toEqual([
      { line: 2, name: a, outcome: "created" },
      { line: 3, name: b, outcome: "created" },
    ]);
    const db = await getDb();
    const [stored] = await db.select().from(devices).where(eq(devices.serialNumber, a));
    expect(stored).toMatchObject({ claimCodeHash: claimHash("ABCD1234"), model: "E200", softwareVersion: "24.3.1", mspOrganizationId: null });
    expect(await eventsOf(stored.id)).toEqual([expect.objectContaining({ type: "device.created" })]);

    // A retry: nothing twice, no event.
    const again = await importCsv(csv);
    expect(again.body).toMatchObject({ applied: true, created: 0, unchanged: 2, errors: [] });
    expect(await storedSerials([a, b])).toEqual([a, b].sort());
    expect(await eventsOf(stored.id)).toHaveLength(1);

    // The list's export (no claim codes in it) imports back as it is.
    const exported = await call("GET", `/inventory/device.csv?search=${a}`, { cookie: await signIn(OPERATOR) });
    expect(exported.status).toBe(200);
    expect(String(exported.body)).toContain(a);
    const back = await importCsv(String(exported.body));
    expect(back.body, JSON.stringify(back.body)).toMatchObject({ applied: true, rows: 1, created: 0, updated: 0, unchanged: 1, errors: [] });
  });

  it("refuses the whole file for one bad row, and a row that would change a device of the stock", async () => {
    const [existing, fresh] = [unique("CSV"), unique("CSV")];
    await importCsv(`serialNumber,claimCode,model\n${existing},ABCD1234,E200\n`);
    for (const row of [`${existing},ABCD1234,E400`, `${existing},EFGH5678,E200`]) {
      const response = await importCsv(`serialNumber,claimCode,model\n${fresh},ABCD1234,E200\n${row}\n`);
      expect(response.body).toMatchObject({ applied: false, created: 0, errors: [{ line: 3, column: "serialNumber", message: `A device with serial number ${existing} already exists.` }] });
      expect(await storedSerials([fresh])).toEqual([]);
    }
    // The row as the stock has it (its claim code left out) is unchanged.
    const same = await importCsv(`serialNumber,claimCode,model\n${fresh},ABCD1234,E200\n${existing},,\n`);
    expect(same.body).toMatchObject({ applied: true, created: 1, unchanged: 1 });
  });

  it("answers in French for a French caller", async () => {
    const response = await importCsv(`serialNumber,claimCode\n,ABC\n`, { dryRun: true, language: "fr" });
    expect(response.body.errors.map((error: { message: string }) => error.message)).toEqual(["Le numéro de série est obligatoire", "Le code de rattachement doit comporter 8 caractères"]);
    const missing = await importCsv(`model\nE200\n`, { language: "fr" });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe("La ligne d’en-tête doit nommer les colonnes\u202f: serialNumber.");
  });

  it("writes nothing when the transaction fails: no device and no event are half written", async () => {
    const [first, second] = [unique("CSV"), unique("CSV")];
    const db = await getDb();
    // A trigger makes the second insert fail inside the transaction, after the first device went in.
    await db.execute(`create or replace function refuse_csv_device() returns trigger language plpgsql as $$
      begin if new.serial_number = '${second}' then raise exception 'refused by test'; end if; return new; end $$`);
    await db.execute(`create trigger refuse_csv_device before insert on devices for each row execute function refuse_csv_device()`);
    try {
      const response = await importCsv(`serialNumber,claimCode\n${first},ABCD1234\n${second},ABCD1234\n`);
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
    const empty = await importCsv("serialNumber,claimCode\n");
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe("The file has a header row but no data rows.");
    const rows = Array.from({ length: CSV_IMPORT_MAX_ROWS + 1 }, (_, index) => `TOO-MANY-${index},ABCD1234`);
    const tooMany = await importCsv(["serialNumber,claimCode", ...rows].join("\n"));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toBe(`A file may hold at most ${CSV_IMPORT_MAX_ROWS} rows. Split it into smaller files.`);
    expect(await storedSerials(["TOO-MANY-0"])).toEqual([]);
  });

  it("is the operator's: an MSP gets 403, the operator's read-only staff too, and nobody signed out gets in", async () => {
    const serial = unique("CSV");
    const csv = `serialNumber,claimCode\n${serial},ABCD1234\n`;
    expect((await importCsv(csv, { email: NW_ADMIN })).status).toBe(403);
    expect((await importCsv(csv, { email: OPERATOR_READONLY })).status).toBe(403);
    expect((await call("POST", "/inventory/device/import", { body: { csv } })).status).toBe(401);
    expect(await storedSerials([serial])).toEqual([]);
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
