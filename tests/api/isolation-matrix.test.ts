import { and, eq } from "drizzle-orm";
import Papa from "papaparse";
import { beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { roleFor, scopesForRole, type RoleLevel } from "@/lib/auth/scopes";
import { API_TOKEN_PREFIX } from "@/lib/tokens/constants";
import { hashPassword } from "@/server/auth/password";
import { hashToken } from "@/server/auth/sessions";
import { tokenRateBudget } from "@/server/tokens/rate-budget";
import { getDb } from "@/server/db/client";
import { apiTokens, chats, connectors, devices, memberships, nodes, organizations, paths, rollouts, sites, users } from "@/server/db/schema";
import { issueDeviceToken } from "@/server/telemetry/device-tokens";
import { type OrgName, TYPE, visible } from "./tenancy-model";
import { call, DEMO_PASSWORD, organizationId, signIn } from "./helpers";
import { fillTemplate } from "./targets";
import { insertWebhookEndpoint } from "./webhook-fixtures";

// The tenant-isolation matrix, generated from the API's own route table (its OpenAPI document):
// every endpoint with a tenant object in its path × objects of every organization × callers of every kind and role.
// A caller who may not see an object gets exactly what a missing object gets — not even its existence leaks.
process.env.TEST_SEED_NETWORK = "1";

const ORGS = Object.keys(TYPE) as OrgName[];
const CALLERS: OrgName[] = ["Contoso", "Northwind Networks", "Maia"];
const LEVELS: RoleLevel[] = ["admin", "configure", "read-only"];
const PUBLIC = [/^\/auth\//, /^\/health$/, /^\/openapi\.json$/, /^\/invitation\/(accept|preview)/];

const email = (org: OrgName, level: RoleLevel) => `grid-${level}@${org.toLowerCase().replace(/\s+/g, "-")}.example`;

// Issue 43: every caller also calls with an API token holding all of its role's scopes, so each generated cell runs
// as a session and as a token.
const bearers = new Map<string, string>();
const credentialsOf = async (org: OrgName, level: RoleLevel): Promise<{ level: RoleLevel; as: string; cookie: string | undefined; headers: Record<string, string> }[]> => [
  { level, as: "session", cookie: await signIn(email(org, level)), headers: {} },
  { level, as: "token", cookie: undefined, headers: { authorization: `Bearer ${bearers.get(email(org, level))}` } },
];

async function insertToken(userId: string, organizationId: string, scopes: string[]): Promise<string> {
  const secret = `${API_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  const db = await getDb();
  await db.insert(apiTokens).values({ userId, organizationId, name: "Matrix", tokenHash: hashToken(secret), prefix: secret.slice(0, 10), scopes, expiresAt: new Date(Date.now() + 86_400_000) });
  return secret;
}

interface Operation {
  method: string;
  template: string;
  /** A create that takes an Idempotency-Key: its cells send one, the same for the object and the missing one. */
  idempotent: boolean;
}
let operations: Operation[] = [];
const ids = new Map<OrgName, string>();

beforeAll(async () => {
  const db = await getDb();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const org of ORGS) ids.set(org, await organizationId(org));
  for (const org of CALLERS) {
    for (const level of LEVELS) {
      const [user] = await db.insert(users).values({ email: email(org, level), firstName: "Grid", lastName: level, passwordHash }).returning();
      await db.insert(memberships).values({ userId: user.id, organizationId: ids.get(org)!, role: roleFor(TYPE[org], level) });
      bearers.set(user.email, await insertToken(user.id, ids.get(org)!, scopesForRole(roleFor(TYPE[org], level))));
    }
  }
  // A token of each organization, so the token endpoints have objects to aim at.
  for (const org of ORGS) {
    const [member] = await db.select({ userId: memberships.userId }).from(memberships).where(eq(memberships.organizationId, ids.get(org)!)).limit(1);
    if (member) await insertToken(member.userId, ids.get(org)!, ["common:config:read"]);
  }
  // A chat of each organization, by one of its members (chats are private; the matrix checks other tenants).
  for (const org of ORGS) {
    const [member] = await db.select({ userId: memberships.userId }).from(memberships).where(eq(memberships.organizationId, ids.get(org)!)).limit(1);
    if (member) await db.insert(chats).values({ organizationId: ids.get(org)!, userId: member.userId, title: `${org} chat` });
  }
  // A staged rollout of each MSP (the demo network has none), so the rollout endpoints have objects to aim at.
  for (const org of ORGS.filter((name) => TYPE[name] === "msp")) {
    await db.insert(rollouts).values({ organizationId: ids.get(org)!, version: "25.1.0", waveMode: "first-then-rest", waveSize: 1, observationSeconds: 60, status: "halted" });
  }
  // A webhook endpoint, with a delivery in its log, of each MSP and customer.
  for (const org of ORGS.filter((name) => TYPE[name] !== "maia")) await insertWebhookEndpoint(ids.get(org)!);
  const document = (await call("GET", "/openapi.json")).body;
  for (const [template, item] of Object.entries<Record<string, unknown>>(document.paths)) {
    const path = template.replace(/^\/api\/v1/, "");
    if (PUBLIC.some((pattern) => pattern.test(path)) || !path.includes("{")) continue;
    for (const [method, operation] of Object.entries(item as Record<string, { parameters?: { in: string; name: string }[] }>)) {
      const idempotent = Boolean(operation.parameters?.some((parameter) => parameter.in === "header" && parameter.name === "idempotency-key"));
      if (["get", "post", "put", "patch", "delete"].includes(method)) operations.push({ method: method.toUpperCase(), template: path, idempotent });
    }
  }
  // Reads first, deletes last, so the objects are still there for every other cell.
  const order = { GET: 0, POST: 1, PUT: 1, PATCH: 1, DELETE: 2 } as Record<string, number>;
  operations = operations.sort((a, b) => order[a.method] - order[b.method]);
});

const MISSING_ID = "00000000-0000-4000-8000-000000000000";

// Valid bodies where an empty one would be refused before the object is looked up (both cells a 400, which proves
// nothing): the call then reaches the ownership check.
const SAMPLE_BODIES: Record<string, unknown> = {
  "PATCH /chat/{chatId}": { title: "Taken over" },
  "POST /chat/{chatId}/message": { message: { id: "matrix-question", role: "user", parts: [{ type: "text", text: "List my sites" }] } },
  // A preview only (no `apply`): the connector is looked up before the node.
  "POST /config/connector/{connectorId}/homing": { nodeId: MISSING_ID },
  "POST /organization/{organizationId}/webhook": { url: "https://93.184.215.14/hook", eventTypes: ["alarm.raised"] },
  // A CSV file that reads (a dry run): the target is looked up before the file.
  "POST /config/organization/{organizationId}/site/import": { csv: "name,type,location.address,location.latitude,location.longitude\nX,standard,Paris,48.85,2.35\n", dryRun: true },
  "POST /config/site/{siteId}/connector/import": { csv: "name,kind,bandwidth\nX,virtual,10\n", dryRun: true },
  "POST /config/organization/{organizationId}/path/import": { csv: "name,layer,bandwidth\nX,layer2,10\n", dryRun: true },
};

describe("tenant isolation matrix (generated from the route table)", () => {
  it("covers the API's tenant endpoints", () => {
    expect(operations.length).toBeGreaterThanOrEqual(4);
  });

  it("answers an invisible object exactly like a missing one, and never leaks it", async () => {
    const failures: string[] = [];
    let cells = 0;
    for (const operation of operations) {
      for (const target of ORGS) {
        const path = await fillTemplate(operation.template, ids.get(target)!);
        if (!path) continue;
        const missingPath = operation.template.replace(/\{\w+\}/g, MISSING_ID);
        for (const caller of CALLERS) {
          if (visible(caller, target)) continue;
          for (const credentials of (await Promise.all(LEVELS.map((level) => credentialsOf(caller, level)))).flat()) {
            cells++;
            const { cookie } = credentials;
            const body =
              operation.method === "GET" || operation.method === "DELETE" ? undefined : (SAMPLE_BODIES[`${operation.method} ${operation.template}`] ?? {});
            // A key taken by a refused create is given back: the missing object's call under it is answered alike.
            const headers: Record<string, string> = { ...credentials.headers, ...(operation.idempotent ? { "idempotency-key": `matrix-${cells}` } : {}) };
            // The matrix calls far faster than a token's rate budget: each cell starts with a full one.
            tokenRateBudget().clear();
            const response = await call(operation.method, path, { cookie, body, headers });
            const missing = await call(operation.method, missingPath, { cookie, body, headers });
            const cell = `${operation.method} ${operation.template} on ${target}'s object as ${caller} ${credentials.level} (${credentials.as})`;
            if (response.status < 400) failures.push(`${cell}: ${response.status} (leaked)`);
            else if (response.status !== missing.status || response.body?.error !== missing.body?.error)
              failures.push(`${cell}: ${response.status} "${response.body?.error}" but a missing object gives ${missing.status} "${missing.body?.error}"`);
            const text = JSON.stringify(response.body ?? "");
            if (text.includes(path.split("/").pop()!) && !text.includes("requestId")) failures.push(`${cell}: the answer names the object`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(cells).toBeGreaterThan(0);
  }, 600_000);

  it("keeps Idempotency-Keys apart per caller: another tenant's key replays nothing and reveals nothing", async () => {
    expect(operations.some((op) => op.idempotent && op.template === "/config/organization/{organizationId}/site")).toBe(true);
    const key = "matrix-shared-key";
    const path = `/config/organization/${ids.get("Contoso")}/site`;
    const body = { name: "Matrix Keyed", location: { address: "Paris (PA), France", latitude: 48.8566, longitude: 2.3522 }, type: "standard" };
    const first = await call("POST", path, { cookie: await signIn("admin@contoso.example"), body, headers: { "idempotency-key": key } });
    expect(first.status).toBe(201);
    // Out of sight: the same key and body answer like a missing organization, not the stored answer.
    const initech = await signIn("admin@initech.example");
    const outside = await call("POST", path, { cookie: initech, body, headers: { "idempotency-key": key } });
    const missing = await call("POST", `/config/organization/${MISSING_ID}/site`, { cookie: initech, body, headers: { "idempotency-key": key } });
    expect([outside.status, outside.body.error]).toEqual([missing.status, missing.body.error]);
    expect(JSON.stringify(outside.body)).not.toContain(first.body.id);
    // In sight (the MSP): the same key is the MSP's own, a create of its own.
    const msp = await call("POST", path, { cookie: await signIn("admin@northwind.example"), body, headers: { "idempotency-key": key } });
    expect(msp.status).toBe(201);
    expect(msp.body.id).not.toBe(first.body.id);
    expect(msp.headers.get("idempotent-replayed")).toBeNull();
  });

  it("lets every caller read what it may see", async () => {
    const failures: string[] = [];
    const operator = await signIn(email("Maia", "admin"));
    for (const operation of operations.filter((op) => op.method === "GET")) {
      for (const target of ORGS) {
        const path = await fillTemplate(operation.template, ids.get(target)!);
        if (!path) continue;
        // Endpoints for one kind of organization (an MSP's customers…) do not apply to the others: the operator,
        // who sees everything, tells which objects an endpoint serves.
        if ((await call("GET", path, { cookie: operator })).status === 404) continue;
        for (const caller of CALLERS) {
          if (!visible(caller, target)) continue;
          for (const { as, cookie, headers } of await credentialsOf(caller, "read-only")) {
            tokenRateBudget().clear();
            const response = await call("GET", path, { cookie, headers });
            // 401 would mean the token itself was refused, and every cell above proved nothing for it.
            if (response.status === 404 || response.status === 401) failures.push(`GET ${operation.template} on ${target}'s object as ${caller} (${as}): ${response.status}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it("lets a session act only in an organization of the caller's own memberships, even one it may see", async () => {
    // The generated cells above cover organizations out of sight; here every other organization, visible ones too
    // (an MSP sees its customers but is no member there), answers like a missing one, and the session stays put.
    expect(operations.some((op) => op.method === "POST" && op.template === "/config/user/membership/{organizationId}/switch")).toBe(true);
    const failures: string[] = [];
    for (const caller of CALLERS) {
      for (const level of LEVELS) {
        const cookie = await signIn(email(caller, level));
        const missing = await call("POST", `/config/user/membership/${MISSING_ID}/switch`, { cookie });
        for (const target of ORGS.filter((org) => org !== caller)) {
          const response = await call("POST", `/config/user/membership/${ids.get(target)}/switch`, { cookie });
          if (response.status !== missing.status || response.body?.error !== missing.body?.error)
            failures.push(`switch to ${target} as ${caller} ${level}: ${response.status} "${response.body?.error}"`);
        }
        const own = await call("POST", `/config/user/membership/${ids.get(caller)}/switch`, { cookie });
        if (own.status !== 200 || own.body.organizationId !== ids.get(caller)) failures.push(`switch to own ${caller} as ${level}: ${own.status}`);
        if ((await call("GET", "/config/user", { cookie })).body.organizationId !== ids.get(caller)) failures.push(`${caller} ${level} moved`);
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it("lists nothing of an organization the caller may not see", async () => {
    const document = (await call("GET", "/openapi.json")).body;
    const lists = Object.keys(document.paths)
      .map((template) => template.replace(/^\/api\/v1/, ""))
      .filter((template) => !template.includes("{") && document.paths[`/api/v1${template}`].get && !PUBLIC.some((p) => p.test(template)));
    const failures: string[] = [];
    for (const template of lists) {
      for (const caller of CALLERS) for (const { cookie, headers } of await credentialsOf(caller, "admin")) {
        tokenRateBudget().clear();
        const response = await call("GET", template, { cookie, headers });
        if (response.status !== 200) continue;
        // A list's CSV export (its .csv route) is read as its rows.
        const items: Record<string, unknown>[] = response.headers.get("content-type")?.startsWith("text/csv")
          ? Papa.parse<Record<string, unknown>>(String(response.body), { header: true, skipEmptyLines: true }).data
          : Array.isArray(response.body)
            ? response.body
            : (response.body?.items ?? []);
        for (const item of items) {
          const owner = (item.organizationId ?? item.mspOrganizationId ?? item.parentId ?? item.id) as string | undefined;
          const ownerName = [...ids.entries()].find(([, id]) => id === owner)?.[0];
          if (ownerName && !visible(caller, ownerName) && !(template === "/config/organization" && item.id !== owner)) {
            failures.push(`GET ${template} as ${caller} lists an object of ${ownerName}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});

describe("device tokens × every customer's objects (issue 41, scope 3)", () => {
  // A device writes only what its node serves: a sample about anything else — another customer's, another MSP's
  // customer's, or any object at all for a device on no node — is answered exactly like one about a missing id.
  it("answers a sample about an object the device does not serve exactly like a missing one", async () => {
    const db = await getDb();
    const time = new Date(Date.now() - 60_000).toISOString();
    const samples = {
      path: (pathId: string) => ({ kind: "path", time, pathId, latencyMs: 10, jitterMs: 1, lossPercent: 0, rxBps: 1, txBps: 1 }),
      connector: (connectorId: string) => ({ kind: "connector", time, connectorId, status: "up", rxBps: 1, txBps: 1 }),
      site: (siteId: string) => ({ kind: "probe", time, siteId, target: "matrix", latencyMs: 10, jitterMs: 1, lossPercent: 0 }),
    };
    const objects = [
      ...(await db.select({ id: paths.id, organizationId: paths.organizationId }).from(paths)).map((row) => ({ ...row, kind: "path" as const })),
      ...(await db.select({ id: connectors.id, organizationId: connectors.organizationId }).from(connectors)).map((row) => ({ ...row, kind: "connector" as const })),
      ...(await db.select({ id: sites.id, organizationId: sites.organizationId }).from(sites)).map((row) => ({ ...row, kind: "site" as const })),
    ];
    const parentOf = new Map((await db.select({ id: organizations.id, parentId: organizations.parentId }).from(organizations)).map((row) => [row.id, row.parentId]));
    const failures: string[] = [];
    let cells = 0;
    for (const msp of ORGS.filter((org) => TYPE[org] === "msp")) {
      const mspId = ids.get(msp)!;
      const onNodes = await db
        .select({ id: devices.id, serialNumber: devices.serialNumber })
        .from(devices)
        .innerJoin(nodes, eq(nodes.id, devices.nodeId))
        .where(and(eq(devices.mspOrganizationId, mspId), eq(nodes.organizationId, mspId)));
      const [unassigned] = await db
        .insert(devices)
        .values({ serialNumber: `MATRIX-${msp.slice(0, 4).toUpperCase()}`, claimCodeHash: "x", model: "E200", softwareVersion: "24.3.1", mspOrganizationId: mspId, claimedAt: new Date() })
        .returning({ id: devices.id, serialNumber: devices.serialNumber });
      let acceptedOnNodes = 0;
      for (const [device, onNode] of [...onNodes.map((row) => [row, true] as const), [unassigned, false] as const]) {
        const token = await issueDeviceToken(db, device.id);
        for (const object of objects) {
          cells++;
          const response = await call("POST", "/telemetry/ingest", { body: { samples: [samples[object.kind](object.id)] }, headers: { authorization: `Bearer ${token}` } });
          const missing = await call("POST", "/telemetry/ingest", { body: { samples: [samples[object.kind](MISSING_ID)] }, headers: { authorization: `Bearer ${token}` } });
          const cell = `${object.kind} ${object.id} as ${msp}'s device ${device.serialNumber}`;
          if (response.status === 200 && response.body.accepted === 1) {
            if (onNode) acceptedOnNodes++;
            else failures.push(`${cell}: accepted from a device on no node`);
            if (parentOf.get(object.organizationId) !== mspId) failures.push(`${cell}: accepted for another MSP's object`);
          } else if (response.status !== missing.status || JSON.stringify(response.body) !== JSON.stringify(missing.body)) {
            failures.push(`${cell}: ${response.status} ${JSON.stringify(response.body)} but a missing id gives ${missing.status} ${JSON.stringify(missing.body)}`);
          }
        }
      }
      // The MSP's devices on nodes serve its customers: the cells above are not all refusals.
      if (acceptedOnNodes === 0) failures.push(`${msp}'s devices on nodes were refused everything`);
    }
    expect(failures).toEqual([]);
    expect(cells).toBeGreaterThan(0);
  }, 600_000);
});
