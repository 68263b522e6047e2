import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { IDEMPOTENCY_KEY_TTL_MS } from "@/server/core/once";
import { getDb } from "@/server/db/client";
import { idempotencyKeys, invitations, lifecycleOperations, sites } from "@/server/db/schema";
import { IDEMPOTENT_CREATES } from "@/lib/api/idempotent-creates";
import { call, organizationId, signIn } from "./helpers";
import { insertDevice, insertNode, NW_ADMIN } from "./operations-fixtures";
import { PARIS } from "./site-fixtures";

// Idempotency keys on creates (issue 41, scope 2): a create sent again under its Idempotency-Key answers its first
// answer and creates nothing more; the key sent with another body is refused; a key is its caller's (another tenant's
// same key is another key); concurrent requests under one key create once; a failed create gives its key back.

const CONTOSO_ADMIN = "admin@contoso.example";
const FABRIKAM_ADMIN = "admin@fabrikam.example";
const org: Record<string, string> = {};

beforeAll(async () => {
  for (const name of ["Contoso", "Fabrikam", "Initech"]) org[name] = await organizationId(name);
});

const site = (name: string) => ({ name, location: PARIS, type: "standard" });
const createSite = async (email: string, organization: string, body: unknown, key?: string, language?: string) =>
  call("POST", `/config/organization/${org[organization]}/site`, { cookie: await signIn(email), body, headers: key ? { "idempotency-key": key } : {}, language });
const sitesNamed = async (name: string) => (await getDb()).select({ id: sites.id }).from(sites).where(eq(sites.name, name));

describe("a create retried under its Idempotency-Key", () => {
  it("answers the first answer again (same status and body) and creates once", async () => {
    const key = randomUUID();
    const name = `Idem ${key.slice(0, 6)}`;
    const first = await createSite(CONTOSO_ADMIN, "Contoso", site(name), key);
    expect(first.status).toBe(201);
    const retry = await createSite(CONTOSO_ADMIN, "Contoso", site(name), key);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(await sitesNamed(name)).toHaveLength(1);
    // Without a key, the same body is another create.
    expect((await createSite(CONTOSO_ADMIN, "Contoso", site(name))).status).toBe(201);
    expect(await sitesNamed(name)).toHaveLength(2);
  });

  it("works for other creates too: an invitation retried is one invitation", async () => {
    const key = randomUUID();
    const email = `idem-${key.slice(0, 8)}@example.com`;
    const send = async () =>
      call("POST", `/organization/${org.Contoso}/invitation`, { cookie: await signIn(CONTOSO_ADMIN), body: { email, role: "read-only" }, headers: { "idempotency-key": key } });
    const first = await send();
    expect(first.status).toBe(201);
    const retry = await send();
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(await (await getDb()).select().from(invitations).where(eq(invitations.email, email))).toHaveLength(1);
  });

  it("answers a retried reboot with the operation it scheduled, not with the device's one-at-a-time refusal", async () => {
    const node = await insertNode("Northwind Networks");
    const device = await insertDevice({ msp: "Northwind Networks", nodeId: node.id });
    const key = randomUUID();
    const send = async () =>
      call("POST", "/lifecycle/operation", { cookie: await signIn(NW_ADMIN), body: { deviceIds: [device.id], operation: "reboot", start: "now" }, headers: { "idempotency-key": key } });
    const first = await send();
    expect(first.status).toBe(201);
    const retry = await send();
    expect([retry.status, retry.body]).toEqual([201, first.body]);
    expect(await (await getDb()).select().from(lifecycleOperations).where(eq(lifecycleOperations.deviceId, device.id))).toHaveLength(1);
    // Under a new key it is a new request, refused by the rule.
    const fresh = await call("POST", "/lifecycle/operation", { cookie: await signIn(NW_ADMIN), body: { deviceIds: [device.id], operation: "reboot", start: "now" }, headers: { "idempotency-key": randomUUID() } });
    expect(fresh.status).toBe(409);
  });

  it("refuses the key sent with another body, in the caller's language, and creates nothing", async () => {
    const key = randomUUID();
    const name = `Idem ${key.slice(0, 6)}`;
    expect((await createSite(CONTOSO_ADMIN, "Contoso", site(name), key)).status).toBe(201);
    const other = await createSite(CONTOSO_ADMIN, "Contoso", site(`${name} bis`), key);
    expect(other.status).toBe(422);
    expect(other.body.error).toBe("This Idempotency-Key was already used for another request: send a new key with a new request.");
    const french = await createSite(CONTOSO_ADMIN, "Contoso", site(`${name} ter`), key, "fr");
    expect(french.status).toBe(422);
    expect(french.body.error).toBe("Cette clé Idempotency-Key a déjà servi pour une autre requête : envoyez une nouvelle clé avec une nouvelle requête.");
    // Another route under the same key is another request too.
    const invitation = await call("POST", `/organization/${org.Contoso}/invitation`, {
      cookie: await signIn(CONTOSO_ADMIN),
      body: { email: `idem-${key.slice(0, 8)}@example.com`, role: "read-only" },
      headers: { "idempotency-key": key },
    });
    expect(invitation.status).toBe(422);
    expect(await sitesNamed(`${name} bis`)).toHaveLength(0);
    expect(await sitesNamed(`${name} ter`)).toHaveLength(0);
  });

  it("keeps keys apart per caller: two tenants using one key create each their own", async () => {
    const key = `shared-${randomUUID()}`;
    const name = `Idem ${key.slice(7, 13)}`;
    const contoso = await createSite(CONTOSO_ADMIN, "Contoso", site(name), key);
    const fabrikam = await createSite(FABRIKAM_ADMIN, "Fabrikam", site(name), key);
    expect([contoso.status, fabrikam.status]).toEqual([201, 201]);
    expect(fabrikam.body.id).not.toBe(contoso.body.id);
    expect(fabrikam.body.organizationId).toBe(org.Fabrikam);
    expect(fabrikam.headers.get("idempotent-replayed")).toBeNull();
    expect(await sitesNamed(name)).toHaveLength(2);
    // Each one's retry answers its own first answer.
    expect((await createSite(CONTOSO_ADMIN, "Contoso", site(name), key)).body).toEqual(contoso.body);
    expect((await createSite(FABRIKAM_ADMIN, "Fabrikam", site(name), key)).body).toEqual(fabrikam.body);
    expect(await sitesNamed(name)).toHaveLength(2);
  });

  it("creates once when requests under one key arrive at once: the others answer the first answer or 409", async () => {
    const key = randomUUID();
    const name = `Idem ${key.slice(0, 6)}`;
    const answers = await Promise.all(Array.from({ length: 4 }, () => createSite(CONTOSO_ADMIN, "Contoso", site(name), key)));
    expect(await sitesNamed(name)).toHaveLength(1);
    const created = answers.filter((answer) => answer.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((answer) => answer.body.id)).size).toBe(1);
    for (const answer of answers.filter((answer) => answer.status !== 201)) {
      expect(answer.status).toBe(409);
      expect(answer.body.error).toBe("A request with this Idempotency-Key is still being processed: try again in a moment.");
    }
  });

  it("gives the key back when the create fails, so a corrected retry under it creates", async () => {
    const key = randomUUID();
    const name = `Idem ${key.slice(0, 6)}`;
    // Initech is out of Contoso's sight: 404, like a missing organization, and nothing kept.
    expect((await createSite(CONTOSO_ADMIN, "Initech", site(name), key)).status).toBe(404);
    const db = await getDb();
    expect(await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, `http:${key}`))).toHaveLength(0);
    const retry = await createSite(CONTOSO_ADMIN, "Contoso", site(name), key);
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBeNull();
    // That create now holds the key.
    expect((await createSite(CONTOSO_ADMIN, "Contoso", site(name), key)).headers.get("idempotent-replayed")).toBe("true");
    expect(await sitesNamed(name)).toHaveLength(1);
  });

  it("forgets a key after a day: the same key is then a new request", async () => {
    const key = randomUUID();
    const name = `Idem ${key.slice(0, 6)}`;
    expect((await createSite(CONTOSO_ADMIN, "Contoso", site(name), key)).status).toBe(201);
    expect((await createSite(CONTOSO_ADMIN, "Contoso", site(name), key)).headers.get("idempotent-replayed")).toBe("true");
    const db = await getDb();
    await db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - IDEMPOTENCY_KEY_TTL_MS - 60_000) })
      .where(and(eq(idempotencyKeys.key, `http:${key}`)));
    const later = await createSite(CONTOSO_ADMIN, "Contoso", site(name), key);
    expect(later.status).toBe(201);
    expect(later.headers.get("idempotent-replayed")).toBeNull();
    expect(await sitesNamed(name)).toHaveLength(2);
  });

  it("refuses a malformed key with 400 before anything runs", async () => {
    const name = `Idem ${randomUUID().slice(0, 6)}`;
    for (const key of ["k".repeat(256), "has space", "é"]) {
      const response = await createSite(CONTOSO_ADMIN, "Contoso", site(name), key);
      expect(response.status, key).toBe(400);
      expect(response.body.error).toBe("Idempotency-Key must be 1 to 255 visible ASCII characters");
    }
    expect(await sitesNamed(name)).toHaveLength(0);
  });
});

describe("the OpenAPI document", () => {
  it("lists the Idempotency-Key header on exactly the creates the typed client sends a key with", async () => {
    const document = (await call("GET", "/openapi.json")).body as { paths: Record<string, Record<string, { parameters?: { in: string; name: string }[]; responses: Record<string, unknown> }>> };
    const declared = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.parameters?.some((parameter) => parameter.in === "header" && parameter.name === "idempotency-key"))
        .map(([method, operation]) => {
          expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(["409", "422"]));
          return `${method.toUpperCase()} ${path}`;
        }),
    );
    expect(declared.sort()).toEqual([...IDEMPOTENT_CREATES].map((path) => `POST ${path}`).sort());
  });
});
