import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { devices, lifecycleOperations } from "@/server/db/schema";
import { call, organizationId, signIn } from "./helpers";
import {
  BW_ADMIN,
  claimHash,
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
  unique,
} from "./operations-fixtures";

// The device inventory (SPEC §2–§6): the operator's stock (core/inventory) and an MSP's devices (msp/inventory),
// one set of endpoints scoped by the caller. Nodes belong to another area and are inserted directly.

type DeviceBody = {
  id: string;
  serialNumber: string;
  model: string;
  softwareVersion: string;
  configured: boolean;
  status: "unclaimed" | "unassigned" | "assigned";
  mspOrganizationId: string | null;
  mspName: string | null;
  nodeId: string | null;
  nodeName: string | null;
  claimedAt: string | null;
};

const post = async (email: string, path: string, body?: unknown, language?: string) =>
  call("POST", path, { cookie: await signIn(email), body, language });

/** Adds a device to the operator's stock through the API. */
async function addDevice(serialNumber = unique("MX-T"), claimCode = "CODE1234"): Promise<DeviceBody> {
  const response = await post(OPERATOR, "/inventory/device", { serialNumber, claimCode, model: "E200", softwareVersion: "24.3.1" });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

async function claim(email: string, serialNumber: string, claimCode = "CODE1234", extra: Record<string, unknown> = {}) {
  return post(email, "/inventory/device/claim", { serialNumber, claimCode, ...extra });
}

/** Every device the caller sees with the query, page by page. */
async function walk(email: string, query = "", limit = 50): Promise<DeviceBody[]> {
  const cookie = await signIn(email);
  const all: DeviceBody[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++) {
    const response = await call("GET", `/inventory/device?limit=${limit}${query ? `&${query}` : ""}${cursor ? `&cursor=${cursor}` : ""}`, { cookie });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    all.push(...response.body.items);
    cursor = response.body.nextCursor;
    if (!cursor) return all;
  }
  throw new Error("too many pages");
}

let northwind: string;
let bluewave: string;
let maia: string;

beforeAll(async () => {
  northwind = await organizationId("Northwind Networks");
  bluewave = await organizationId("Bluewave Telecom");
  maia = await organizationId("Maia");
});

describe("POST /inventory/device (operator)", () => {
  it("adds an unclaimed device, keeps only the claim code's SHA-256, and records the event", async () => {
    const device = await addDevice("mx-e200-7001", "abcd1234");
    expect(device).toMatchObject({
      serialNumber: "MX-E200-7001",
      model: "E200",
      softwareVersion: "24.3.1",
      configured: false,
      status: "unclaimed",
      mspOrganizationId: null,
      mspName: null,
      nodeId: null,
      nodeName: null,
      claimedAt: null,
    });
    expect(JSON.stringify(device)).not.toMatch(/claimCode|ABCD1234/i);
    const db = await getDb();
    const [row] = await db.select().from(devices).where(eq(devices.id, device.id));
    expect(row.claimCodeHash).toBe(claimHash("ABCD1234"));
    const [event] = await eventsOf(device.id);
    expect(event).toMatchObject({ organizationId: maia, type: "device.created", before: null, after: { serialNumber: "MX-E200-7001", status: "unclaimed" } });
  });

  it("refuses a serial number that exists (in any case) with 409", async () => {
    await addDevice("MX-DUP-0001");
    const response = await post(OPERATOR, "/inventory/device", { serialNumber: "mx-dup-0001", claimCode: "CODE1234" });
    expect(response.status).toBe(409);
    expect(response.body.error).toBe("A device with serial number MX-DUP-0001 already exists.");
    // Tied to its field, so the form shows it on the serial number (issue 42: errors the user can fix).
    expect(response.body.issues).toEqual([{ path: "serialNumber", message: "A device with serial number MX-DUP-0001 already exists." }]);
  });

  it.each([
    [{ claimCode: "CODE1234" }, "serialNumber", "Serial number is required"],
    [{ serialNumber: "   ", claimCode: "CODE1234" }, "serialNumber", "Serial number is required"],
    [{ serialNumber: "MX 1", claimCode: "CODE1234" }, "serialNumber", "Serial number must be at most 64 letters, digits, dots, dashes, underscores or slashes"],
    [{ serialNumber: "MX-1" }, "claimCode", "Claim code must be 8 characters"],
    [{ serialNumber: "MX-1", claimCode: "ABC" }, "claimCode", "Claim code must be 8 characters"],
    [{ serialNumber: "MX-1", claimCode: "ABCDEFGHI" }, "claimCode", "Claim code must be 8 characters"],
    [{ serialNumber: "MX-1", claimCode: "ABCD-123" }, "claimCode", "Claim code may contain only letters and digits"],
    [{ serialNumber: "MX-1", claimCode: "CODE1234", extra: 1 }, "", "Unknown field: extra"],
  ])("validates %j → %s: %s", async (body, path, message) => {
    const response = await post(OPERATOR, "/inventory/device", body);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
    expect(response.body.issues[0]).toMatchObject({ path, message });
  });

  it("answers the messages in French", async () => {
    const missing = await post(OPERATOR, "/inventory/device", { claimCode: "CODE1234" }, "fr");
    expect(missing.body.error).toBe("Le numéro de série est obligatoire");
    const short = await post(OPERATOR, "/inventory/device", { serialNumber: "MX-1", claimCode: "ABC" }, "fr");
    expect(short.body.error).toBe("Le code de rattachement doit comporter 8 caractères");
  });

  it.each([OPERATOR_READONLY, NW_ADMIN, CONTOSO_ADMIN])("is the operator's: %s gets 403", async (email) => {
    const response = await post(email, "/inventory/device", { serialNumber: unique("MX-X"), claimCode: "CODE1234" });
    expect(response.status).toBe(403);
  });
});

describe("POST /inventory/device/claim", () => {
  it("gives an unclaimed device to the caller's MSP when the code matches (in any case)", async () => {
    const added = await addDevice(undefined, "CLAIM777");
    const response = await claim(NW_CONFIGURE, added.serialNumber.toLowerCase(), "claim777");
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ id: added.id, status: "unassigned", mspOrganizationId: northwind, mspName: "Northwind Networks", configured: false });
    expect(response.body.claimedAt).toEqual(expect.any(String));
    const events = await eventsOf(added.id);
    expect(events.at(-1)).toMatchObject({
      organizationId: northwind,
      type: "device.claimed",
      source: NW_CONFIGURE,
      before: { status: "unclaimed", mspOrganizationId: null },
      after: { status: "unassigned", mspOrganizationId: northwind },
    });
  });

  it("answers a wrong code, an unknown serial and a claimed device alike, so serials cannot be probed", async () => {
    const added = await addDevice();
    const message = "No unclaimed device matches this serial number and claim code.";
    const wrongCode = await claim(NW_ADMIN, added.serialNumber, "WRONG123");
    const unknown = await claim(NW_ADMIN, "MX-NEVER-SEEN", "CODE1234");
    expect((await claim(BW_ADMIN, added.serialNumber)).status).toBe(200);
    const taken = await claim(NW_ADMIN, added.serialNumber);
    for (const response of [wrongCode, unknown, taken]) {
      expect(response.status).toBe(404);
      expect(response.body.error).toBe(message);
      // Alike on the claim code too: the form shows it on the field the user corrects.
      expect(response.body.issues).toEqual([{ path: "claimCode", message }]);
    }
    const inFrench = await post(NW_ADMIN, "/inventory/device/claim", { serialNumber: "MX-NEVER-SEEN", claimCode: "CODE1234" }, "fr");
    expect(inFrench.body.error).toBe("Aucun équipement non rattaché ne correspond à ce numéro de série et à ce code de rattachement.");
    const db = await getDb();
    const [row] = await db.select().from(devices).where(eq(devices.id, added.id));
    expect(row.mspOrganizationId).toBe(bluewave);
  });

  it("lets the operator claim for the MSP whose page it is in, and says 'MSP is required' without one", async () => {
    const added = await addDevice();
    const missing = await claim(OPERATOR, added.serialNumber);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe("MSP is required");
    expect(missing.body.issues[0].path).toBe("mspOrganizationId");
    expect((await post(OPERATOR, "/inventory/device/claim", { serialNumber: added.serialNumber, claimCode: "CODE1234" }, "fr")).body.error).toBe(
      "Le MSP est obligatoire",
    );
    const customer = await claim(OPERATOR, added.serialNumber, "CODE1234", { mspOrganizationId: await organizationId("Contoso") });
    expect(customer.status).toBe(404);
    const response = await claim(OPERATOR, added.serialNumber, "CODE1234", { mspOrganizationId: bluewave });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ mspOrganizationId: bluewave, mspName: "Bluewave Telecom" });
  });

  it("does not let an MSP claim for another MSP", async () => {
    const added = await addDevice();
    const response = await claim(NW_ADMIN, added.serialNumber, "CODE1234", { mspOrganizationId: bluewave });
    expect(response.status).toBe(404);
    expect(response.body.error).toBe("Not found");
  });

  it.each([NW_READONLY, CONTOSO_ADMIN])("needs msp:inventory:write: %s gets 403", async (email) => {
    const added = await addDevice();
    expect((await claim(email, added.serialNumber)).status).toBe(403);
  });

  it("validates the claim code", async () => {
    const response = await claim(NW_ADMIN, "MX-1", "1234");
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("Claim code must be 8 characters");
  });
});

describe("GET /inventory/device", () => {
  let nwNode: Awaited<ReturnType<typeof insertNode>>;
  let nwAssigned: Awaited<ReturnType<typeof insertDevice>>;
  let nwSpare: Awaited<ReturnType<typeof insertDevice>>;
  let bwSpare: Awaited<ReturnType<typeof insertDevice>>;
  let stock: Awaited<ReturnType<typeof insertDevice>>;

  beforeAll(async () => {
    nwNode = await insertNode("Northwind Networks", "nw-list-edge-paris");
    nwAssigned = await insertDevice({ msp: "Northwind Networks", nodeId: nwNode.id, serialNumber: "LST-0001", model: "E400" });
    nwSpare = await insertDevice({ msp: "Northwind Networks", serialNumber: "LST-0002", model: "C100" });
    bwSpare = await insertDevice({ msp: "Bluewave Telecom", serialNumber: "LST-0003" });
    stock = await insertDevice({ serialNumber: "LST-0004" });
  });

  it("shows the operator every device with its MSP and node names", async () => {
    const items = await walk(OPERATOR, "search=LST-");
    expect(items.map((device) => [device.serialNumber, device.status, device.mspName, device.nodeName])).toEqual([
      ["LST-0001", "assigned", "Northwind Networks", "nw-list-edge-paris"],
      ["LST-0002", "unassigned", "Northwind Networks", null],
      ["LST-0003", "unassigned", "Bluewave Telecom", null],
      ["LST-0004", "unclaimed", null, null],
    ]);
    expect(items[0]).toMatchObject({ id: nwAssigned.id, nodeId: nwNode.id, configured: true, model: "E400" });
    expect((await walk(OPERATOR_READONLY, "search=LST-")).length).toBe(4);
  });

  it("shows an MSP only the devices it claimed: Northwind's are invisible to Bluewave", async () => {
    const northwindItems = await walk(NW_READONLY);
    expect(northwindItems.every((device) => device.mspOrganizationId === northwind)).toBe(true);
    expect(northwindItems.map((device) => device.id)).toEqual(expect.arrayContaining([nwAssigned.id, nwSpare.id]));
    const bluewaveItems = await walk(BW_ADMIN);
    expect(bluewaveItems.every((device) => device.mspOrganizationId === bluewave)).toBe(true);
    expect(bluewaveItems.map((device) => device.id)).toContain(bwSpare.id);
    expect(bluewaveItems.map((device) => device.id)).not.toContain(nwAssigned.id);
    expect([...northwindItems, ...bluewaveItems].map((device) => device.id)).not.toContain(stock.id);
    // Naming another MSP in the filter shows nothing more.
    expect(await walk(BW_ADMIN, `mspOrganizationId=${northwind}`)).toEqual([]);
  });

  it("lets the operator look at one MSP's inventory", async () => {
    const items = await walk(OPERATOR, `mspOrganizationId=${bluewave}`);
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((device) => device.mspOrganizationId === bluewave)).toBe(true);
  });

  it("refuses customers (no inventory scope)", async () => {
    const response = await call("GET", "/inventory/device", { cookie: await signIn(CONTOSO_ADMIN) });
    expect(response.status).toBe(403);
    expect(response.body.error).toBe("You do not have permission to do this.");
  });

  it("searches serial numbers, models and node names, and filters by status", async () => {
    expect((await walk(OPERATOR, "search=lst-0002")).map((device) => device.id)).toEqual([nwSpare.id]);
    expect((await walk(NW_ADMIN, "search=c100")).map((device) => device.id)).toEqual([nwSpare.id]);
    expect((await walk(NW_ADMIN, "search=list-edge")).map((device) => device.id)).toEqual([nwAssigned.id]);
    expect((await walk(OPERATOR, "search=LST-&status=unclaimed")).map((device) => device.id)).toEqual([stock.id]);
    expect((await walk(OPERATOR, "search=LST-&status=unassigned")).map((device) => device.id)).toEqual([nwSpare.id, bwSpare.id]);
    expect((await walk(OPERATOR, "search=LST-&status=assigned")).map((device) => device.id)).toEqual([nwAssigned.id]);
    expect((await walk(OPERATOR, "search=%25")).length).toBe(0);
    const bad = await call("GET", "/inventory/device?status=lost", { cookie: await signIn(OPERATOR) });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("Status must be one of unclaimed, unassigned or assigned");
  });

  it("pages by serial number without skipping or repeating", async () => {
    const all = await walk(OPERATOR);
    const paged = await walk(OPERATOR, "", 3);
    expect(paged.map((device) => device.id)).toEqual(all.map((device) => device.id));
    const serials = paged.map((device) => device.serialNumber);
    expect(serials).toEqual([...serials].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });
});

describe("POST /inventory/device/{id}/assign and /unassign", () => {
  it("assigns a device to a node of its MSP, then unassigns it, with events under the node", async () => {
    const node = await insertNode("Northwind Networks");
    const device = await insertDevice({ msp: "Northwind Networks" });
    const assigned = await post(NW_CONFIGURE, `/inventory/device/${device.id}/assign`, { nodeId: node.id });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(assigned.body).toMatchObject({ status: "assigned", nodeId: node.id, nodeName: node.name, configured: true });
    const again = await post(NW_CONFIGURE, `/inventory/device/${device.id}/assign`, { nodeId: node.id });
    expect(again.status).toBe(200);
    const unassigned = await post(NW_CONFIGURE, `/inventory/device/${device.id}/unassign`);
    expect(unassigned.status).toBe(200);
    expect(unassigned.body).toMatchObject({ status: "unassigned", nodeId: null, nodeName: null, configured: false });
    const events = await eventsOf(device.id);
    expect(events.map((event) => event.type)).toEqual(["device.assigned", "device.unassigned"]);
    expect(events[0]).toMatchObject({
      organizationId: northwind,
      nodeId: node.id,
      before: { status: "unassigned", nodeId: null, configured: false },
      after: { status: "assigned", nodeId: node.id, nodeName: node.name, configured: true },
    });
    expect(events[1]).toMatchObject({ nodeId: node.id, before: { status: "assigned" }, after: { status: "unassigned", nodeId: null } });
    const twice = await post(NW_CONFIGURE, `/inventory/device/${device.id}/unassign`);
    expect(twice.status).toBe(200);
    expect(await eventsOf(device.id)).toHaveLength(2);
  });

  it("says 'Node is required' (in English and French)", async () => {
    const device = await insertDevice({ msp: "Northwind Networks" });
    for (const body of [{}, { nodeId: "" }, { nodeId: 7 }]) {
      const response = await post(NW_ADMIN, `/inventory/device/${device.id}/assign`, body);
      expect(response.status).toBe(400);
      expect(response.body.error).toBe("Node is required");
      expect(response.body.issues[0].path).toBe("nodeId");
    }
    expect((await post(NW_ADMIN, `/inventory/device/${device.id}/assign`, {}, "fr")).body.error).toBe("Le nœud est obligatoire");
  });

  it("refuses another MSP's node, a node that has a device, and a device already on a node", async () => {
    const device = await insertDevice({ msp: "Northwind Networks" });
    const bluewaveNode = await insertNode("Bluewave Telecom");
    const foreign = await post(OPERATOR, `/inventory/device/${device.id}/assign`, { nodeId: bluewaveNode.id });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toBe("Choose one of the nodes of Northwind Networks");
    const missing = await post(NW_ADMIN, `/inventory/device/${device.id}/assign`, { nodeId: "no-such-node" });
    expect(missing.body.error).toBe("Choose one of the nodes of Northwind Networks");

    const occupied = await insertNode("Northwind Networks", unique("occupied").toLowerCase());
    const occupant = await insertDevice({ msp: "Northwind Networks", nodeId: occupied.id });
    const taken = await post(NW_ADMIN, `/inventory/device/${device.id}/assign`, { nodeId: occupied.id });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe(`${occupied.name} already has device ${occupant.serialNumber}: unassign it first.`);

    const free = await insertNode("Northwind Networks");
    const moved = await post(NW_ADMIN, `/inventory/device/${occupant.id}/assign`, { nodeId: free.id });
    expect(moved.status).toBe(409);
    expect(moved.body.error).toBe(`Device ${occupant.serialNumber} is assigned to ${occupied.name}: unassign it first.`);
    expect(await eventsOf(device.id)).toHaveLength(0);
  });

  it("assigns a device to a node of the kind its model is built to be only, and any node to a model it does not know", async () => {
    const location = { address: "Paris, France", latitude: 48.85, longitude: 2.35 };
    const cpeNode = await post(NW_ADMIN, `/config/msp/${northwind}/node`, { name: unique("cpe").toLowerCase(), kind: "cpe", location });
    expect(cpeNode.status, JSON.stringify(cpeNode.body)).toBe(201);
    const edge = await insertDevice({ msp: "Northwind Networks", model: "E200" });
    const refused = await post(NW_ADMIN, `/inventory/device/${edge.id}/assign`, { nodeId: cpeNode.body.id });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(`${edge.serialNumber} (E200) takes the configuration of an edge node only`);
    expect(refused.body.issues).toEqual([{ path: "nodeId", message: refused.body.error }]);
    const inFrench = await post(NW_ADMIN, `/inventory/device/${edge.id}/assign`, { nodeId: cpeNode.body.id }, "fr");
    expect(inFrench.body.error).toBe(`${edge.serialNumber} (E200) ne prend que la configuration d’un nœud de périphérie`);
    expect(await eventsOf(edge.id)).toHaveLength(0);
    // A CPE device takes it; a model the catalogue does not know takes any node.
    const cpe = await insertDevice({ msp: "Northwind Networks", model: "c100" });
    expect((await post(NW_ADMIN, `/inventory/device/${cpe.id}/assign`, { nodeId: cpeNode.body.id })).status).toBe(200);
    const other = await insertDevice({ msp: "Northwind Networks", model: "X9" });
    expect((await post(NW_ADMIN, `/inventory/device/${other.id}/assign`, { nodeId: (await insertNode("Northwind Networks")).id })).status).toBe(200);
    // The dialog's list: the MSP's nodes of one kind.
    const listed = await call("GET", `/config/msp/${northwind}/node?kind=cpe&limit=500`, { cookie: await signIn(NW_ADMIN) });
    expect(listed.body.items.every((node: { kind: string }) => node.kind === "cpe")).toBe(true);
    expect(listed.body.items.map((node: { id: string }) => node.id)).toContain(cpeNode.body.id);
  });

  it("refuses to assign a device no MSP has claimed", async () => {
    const node = await insertNode("Northwind Networks");
    const device = await insertDevice();
    const response = await post(OPERATOR, `/inventory/device/${device.id}/assign`, { nodeId: node.id });
    expect(response.status).toBe(409);
    expect(response.body.error).toBe(`Device ${device.serialNumber} has not been claimed by an MSP yet.`);
  });

  it("answers 404 for another MSP's device, exactly as for a missing one, and changes nothing", async () => {
    const node = await insertNode("Bluewave Telecom");
    const device = await insertDevice({ msp: "Northwind Networks" });
    const assigned = await insertDevice({ msp: "Northwind Networks", nodeId: (await insertNode("Northwind Networks")).id });
    const foreign = await post(BW_ADMIN, `/inventory/device/${device.id}/assign`, { nodeId: node.id });
    const missing = await post(BW_ADMIN, "/inventory/device/00000000-0000-4000-8000-000000000000/assign", { nodeId: node.id });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe(missing.body.error);
    const unassign = await post(BW_ADMIN, `/inventory/device/${assigned.id}/unassign`);
    expect(unassign.status).toBe(404);
    const db = await getDb();
    const [row] = await db.select().from(devices).where(eq(devices.id, assigned.id));
    expect(row.nodeId).not.toBeNull();
  });

  it.each([NW_READONLY, CONTOSO_ADMIN])("needs msp:inventory:write: %s gets 403", async (email) => {
    const node = await insertNode("Northwind Networks");
    const device = await insertDevice({ msp: "Northwind Networks" });
    expect((await post(email, `/inventory/device/${device.id}/assign`, { nodeId: node.id })).status).toBe(403);
    expect((await post(email, `/inventory/device/${device.id}/unassign`)).status).toBe(403);
  });
});

describe("POST /inventory/device/{id}/release (operator)", () => {
  it("returns a claimed device to the stock, cancelling its scheduled operations", async () => {
    const device = await insertDevice({ msp: "Northwind Networks", claimCode: "RELEASE1" });
    const operation = await insertOperation({ deviceId: device.id, organizationId: northwind });
    const response = await post(OPERATOR, `/inventory/device/${device.id}/release`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ status: "unclaimed", mspOrganizationId: null, mspName: null, claimedAt: null });
    const db = await getDb();
    const [cancelled] = await db.select().from(lifecycleOperations).where(eq(lifecycleOperations.id, operation.id));
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.finishedAt).not.toBeNull();
    expect((await eventsOf(operation.id)).map((event) => event.type)).toEqual(["lifecycleOperation.cancelled"]);
    const [event] = await eventsOf(device.id);
    expect(event).toMatchObject({
      organizationId: northwind,
      type: "device.released",
      before: { status: "unassigned", mspOrganizationId: northwind },
      after: { status: "unclaimed", mspOrganizationId: null },
    });
    expect((await walk(NW_ADMIN)).map((item) => item.id)).not.toContain(device.id);
    // Back in the stock, it can be claimed again.
    expect((await claim(BW_ADMIN, device.serialNumber, "RELEASE1")).status).toBe(200);
  });

  it("refuses an assigned device and one with a running operation", async () => {
    const node = await insertNode("Northwind Networks");
    const assigned = await insertDevice({ msp: "Northwind Networks", nodeId: node.id });
    const onNode = await post(OPERATOR, `/inventory/device/${assigned.id}/release`);
    expect(onNode.status).toBe(409);
    expect(onNode.body.error).toBe(`Device ${assigned.serialNumber} is assigned to ${node.name}: unassign it first.`);
    const busy = await insertDevice({ msp: "Northwind Networks" });
    await insertOperation({ deviceId: busy.id, organizationId: northwind, status: "active", startedAt: new Date() });
    const running = await post(OPERATOR, `/inventory/device/${busy.id}/release`, undefined, "fr");
    expect(running.status).toBe(409);
    expect(running.body.error).toBe(`Une opération de cycle de vie est en cours sur l’équipement ${busy.serialNumber} : attendez qu’elle se termine.`);
    expect(await eventsOf(busy.id)).toHaveLength(0);
  });

  it.each([NW_ADMIN, OPERATOR_READONLY])("is the operator's: %s gets 403", async (email) => {
    const device = await insertDevice({ msp: "Northwind Networks" });
    expect((await post(email, `/inventory/device/${device.id}/release`)).status).toBe(403);
  });

  it("answers 404 for a missing device", async () => {
    expect((await post(OPERATOR, "/inventory/device/00000000-0000-4000-8000-000000000000/release")).status).toBe(404);
  });
});
