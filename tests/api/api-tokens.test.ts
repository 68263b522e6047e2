import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import WebSocket from "ws";
import { proxy } from "@/proxy";
import { API_TOKEN_RATE } from "@/lib/tokens/constants";
import { hashPassword } from "@/server/auth/password";
import { CLIENT_ADDRESS_HEADER } from "@/server/core/client-address";
import { getDb } from "@/server/db/client";
import { apiTokens, events, memberships, users } from "@/server/db/schema";
import { RealtimeHub } from "@/server/realtime/hub";
import { tokenRateBudget } from "@/server/tokens/rate-budget";
import { call, DEMO_PASSWORD, organizationId, signIn } from "./helpers";

// Issue 43, scope 1: personal API tokens. A token acts as its owner, within its scopes and the owner's current ones;
// it expires, is revoked, is bound to addresses when asked, has its own rate budget, and is refused on /ws and pages.

const CONTOSO_ADMIN = "admin@contoso.example";
const CONTOSO_READONLY = "readonly@contoso.example";
const NW_ADMIN = "admin@northwind.example";
const INITECH_ADMIN = "admin@initech.example";
const MISSING = "00000000-0000-4000-8000-000000000000";
const SITE = { location: { address: "Paris (PA), France", latitude: 48.8566, longitude: 2.3522 }, type: "standard" };

let contoso: string;

const bearer = (secret: string, address?: string) => ({
  authorization: `Bearer ${secret}`,
  ...(address ? { [CLIENT_ADDRESS_HEADER]: address } : {}),
});

async function createToken(email: string, body: Record<string, unknown> = {}) {
  const response = await call("POST", "/config/user/token", { cookie: await signIn(email), body: { name: "Script", ...body } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { token: { id: string; scopes: string[]; expiresAt: string; prefix: string; status: string }; secret: string };
}

const tokenEvents = async (tokenId: string) => {
  const db = await getDb();
  return db.select().from(events).where(eq(events.entityId, tokenId)).orderBy(events.id);
};

beforeAll(async () => {
  contoso = await organizationId("Contoso");
});

beforeEach(() => tokenRateBudget().clear());

describe("POST /config/user/token", () => {
  it("creates a read-only token for 90 days by default, shows its secret once and keeps only its hash", async () => {
    const before = Date.now();
    const { token, secret } = await createToken(CONTOSO_ADMIN);
    expect(secret).toMatch(/^mat_[\w-]{43}$/);
    expect(token.scopes).toEqual(["common:config:read", "common:user:read"]);
    expect(token.prefix).toBe(secret.slice(0, token.prefix.length));
    expect(secret.length - token.prefix.length).toBeGreaterThanOrEqual(36);
    expect(token.status).toBe("active");
    const days = (Date.parse(token.expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(89.99);
    expect(days).toBeLessThan(90.01);
    const db = await getDb();
    const [row] = await db.select().from(apiTokens).where(eq(apiTokens.id, token.id));
    expect(JSON.stringify(row)).not.toContain(secret.slice(token.prefix.length));
    // Listed afterwards, never with the secret.
    const list = await call("GET", "/config/user/token", { cookie: await signIn(CONTOSO_ADMIN) });
    expect(list.body.items.map((item: { id: string }) => item.id)).toContain(token.id);
    expect(JSON.stringify(list.body)).not.toContain(secret);
    const [created] = await tokenEvents(token.id);
    expect(created).toMatchObject({ type: "apiToken.created", organizationId: contoso, entityName: "Script" });
    expect(JSON.stringify(created.after)).not.toContain(secret);
  });

  it.each([
    ["a scope the caller does not have", CONTOSO_READONLY, { scopes: ["common:config:write"] }, "scopes", "You do not have the scope common:config:write: a token can only have scopes you have"],
    ["no scope", CONTOSO_ADMIN, { scopes: [] }, "scopes", "Choose at least one scope"],
    ["an unknown scope", CONTOSO_ADMIN, { scopes: ["root"] }, "scopes", "Unknown scope"],
    ["an expiry over a year", CONTOSO_ADMIN, { expiresInDays: 366 }, "expiresInDays", "Expiry must be a whole number of days from 1 to 365"],
    ["no expiry at all", CONTOSO_ADMIN, { expiresInDays: 0 }, "expiresInDays", "Expiry must be a whole number of days from 1 to 365"],
    ["a fraction of a day", CONTOSO_ADMIN, { expiresInDays: 1.5 }, "expiresInDays", "Expiry must be a whole number of days from 1 to 365"],
    ["an expiry that is not a number", CONTOSO_ADMIN, { expiresInDays: "90" }, "expiresInDays", "Expiry must be a whole number of days from 1 to 365"],
    ["a bad address", CONTOSO_ADMIN, { allowedAddresses: ["10.0.0.300"] }, "allowedAddresses", "“10.0.0.300” is not an IPv4 or IPv6 address or network (for example 192.0.2.10 or 2001:db8::/48)"],
    ["no name", CONTOSO_ADMIN, { name: "" }, "name", "Name is required"],
  ])("refuses %s with a 400 that names the field", async (_label, email, body, field, message) => {
    const response = await call("POST", "/config/user/token", { cookie: await signIn(email), body: { name: "Script", ...body } });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
    expect(JSON.stringify(response.body)).toContain(field);
  });

  it("says so in French", async () => {
    const response = await call("POST", "/config/user/token", {
      cookie: await signIn(CONTOSO_READONLY),
      body: { name: "Script", scopes: ["common:config:write"] },
      language: "fr",
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("Vous n’avez pas la portée common:config:write\u202f: un jeton ne peut avoir que des portées que vous avez");
  });

  it("does not move to another organization (it has no session)", async () => {
    const { secret } = await createToken(NW_ADMIN);
    const northwind = await organizationId("Northwind Networks");
    const response = await call("POST", `/config/user/membership/${northwind}/switch`, { headers: bearer(secret) });
    expect([response.status, response.body.error]).toEqual([403, "An API token acts in the organization it was created in: it cannot switch to another."]);
  });

  it("is not made with a token", async () => {
    const { secret } = await createToken(CONTOSO_ADMIN, { scopes: ["common:config:read", "common:user:read", "common:user:write"] });
    const response = await call("POST", "/config/user/token", { headers: bearer(secret), body: { name: "Child" } });
    expect(response.status).toBe(403);
    expect(response.body.error).toBe("API tokens are created from a signed-in session, not with another token.");
  });
});

describe("Authorization: Bearer", () => {
  it("acts as its owner within its scopes and no further, and its changes name it", async () => {
    const { token: readOnly, secret: readSecret } = await createToken(CONTOSO_ADMIN);
    const read = await call("GET", `/config/organization/${contoso}/site`, { headers: bearer(readSecret) });
    expect(read.status).toBe(200);
    expect(Array.isArray(read.body.items)).toBe(true);
    const write = await call("POST", `/config/organization/${contoso}/site`, { headers: bearer(readSecret), body: { name: "Token site", ...SITE } });
    expect(write.status).toBe(403);
    expect(write.body).toMatchObject({ error: "You do not have permission to do this.", requestId: expect.any(String) });
    expect((await tokenEvents(readOnly.id)).filter((event) => event.type === "apiToken.refused").map((event) => event.after)).toEqual([
      { reason: "scope", address: "unknown" },
    ]);

    const { token: writer, secret } = await createToken(CONTOSO_ADMIN, { scopes: ["common:config:read", "common:config:write"] });
    const created = await call("POST", `/config/organization/${contoso}/site`, { headers: bearer(secret), body: { name: "Token site", ...SITE } });
    expect(created.status).toBe(201);
    const db = await getDb();
    const [event] = await db.select().from(events).where(and(eq(events.entityId, created.body.id), eq(events.type, "site.created")));
    const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, CONTOSO_ADMIN));
    expect(event).toMatchObject({ actorTokenId: writer.id, actorUserId: owner.id });
    // The same admin's session writes no token.
    const bySession = await call("POST", `/config/organization/${contoso}/site`, { cookie: await signIn(CONTOSO_ADMIN), body: { name: "Session site", ...SITE } });
    const [sessionEvent] = await db.select().from(events).where(and(eq(events.entityId, bySession.body.id), eq(events.type, "site.created")));
    expect(sessionEvent.actorTokenId).toBeNull();
    // Managing users is not among its scopes either.
    expect((await call("GET", `/organization/${contoso}/token`, { headers: bearer(secret) })).status).toBe(403);
  });

  it("narrows at once when its owner's role narrows, and stops when the owner is removed or disabled", async () => {
    const db = await getDb();
    const [user] = await db
      .insert(users)
      .values({ email: "scripter@contoso.example", firstName: "Sam", lastName: "Script", passwordHash: await hashPassword(DEMO_PASSWORD) })
      .returning();
    await db.insert(memberships).values({ userId: user.id, organizationId: contoso, role: "customer-configure" });
    const { secret } = await createToken(user.email, { scopes: ["common:config:read", "common:config:write"] });
    const post = () => call("POST", `/config/organization/${contoso}/site`, { headers: bearer(secret), body: { name: `Narrowed ${Math.random()}`, ...SITE } });
    expect((await post()).status).toBe(201);
    const admin = await signIn(CONTOSO_ADMIN);
    expect((await call("PATCH", `/organization/${contoso}/user/${user.id}`, { cookie: admin, body: { role: "read-only" } })).status).toBe(200);
    expect((await post()).status).toBe(403);
    expect((await call("GET", `/config/organization/${contoso}/site`, { headers: bearer(secret) })).status).toBe(200);
    // Back to configure: the token's own scopes come back, never more than it was given.
    await call("PATCH", `/organization/${contoso}/user/${user.id}`, { cookie: admin, body: { role: "admin" } });
    expect((await post()).status).toBe(201);
    expect((await call("GET", `/organization/${contoso}/token`, { headers: bearer(secret) })).status).toBe(403);
    await db.update(users).set({ disabled: true }).where(eq(users.id, user.id));
    const disabled = await call("GET", `/config/organization/${contoso}/site`, { headers: bearer(secret) });
    expect([disabled.status, disabled.body.error]).toEqual([401, "This API token is not valid."]);
    await db.update(users).set({ disabled: false }).where(eq(users.id, user.id));
    expect((await call("GET", `/config/organization/${contoso}/site`, { headers: bearer(secret) })).status).toBe(200);
    expect((await call("DELETE", `/organization/${contoso}/user/${user.id}`, { cookie: admin })).status).toBe(204);
    expect((await call("GET", `/config/organization/${contoso}/site`, { headers: bearer(secret) })).status).toBe(401);
  });

  it("is refused once expired, with an event", async () => {
    const { token, secret } = await createToken(CONTOSO_ADMIN, { expiresInDays: 1 });
    expect((await call("GET", "/config/user", { headers: bearer(secret) })).status).toBe(200);
    const db = await getDb();
    await db.update(apiTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(apiTokens.id, token.id));
    const response = await call("GET", "/config/user", { headers: bearer(secret) });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ error: "This API token has expired.", requestId: expect.any(String) });
    const french = await call("GET", "/config/user", { headers: bearer(secret), language: "fr" });
    expect(french.body.error).toBe("Ce jeton d’API a expiré.");
    // Refused twice within the minute: one event, not one per call.
    expect((await tokenEvents(token.id)).filter((event) => event.type === "apiToken.refused").map((event) => event.after)).toEqual([
      { reason: "expired", address: "unknown" },
    ]);
    const list = await call("GET", "/config/user/token", { cookie: await signIn(CONTOSO_ADMIN) });
    expect(list.body.items.find((item: { id: string }) => item.id === token.id).status).toBe("expired");
  });

  it("is refused from an address it is not allowed from (IPv4 and IPv6 networks)", async () => {
    const { token, secret } = await createToken(CONTOSO_ADMIN, { allowedAddresses: ["192.0.2.0/24", "2001:db8::/32", "198.51.100.7"] });
    const from = (address: string) => call("GET", "/config/user", { headers: bearer(secret, address) });
    expect((await from("192.0.2.44")).status).toBe(200);
    expect((await from("::ffff:192.0.2.45")).status).toBe(200);
    expect((await from("2001:db8:1::5")).status).toBe(200);
    expect((await from("198.51.100.7")).status).toBe(200);
    const refused = await from("198.51.100.8");
    expect([refused.status, refused.body.error]).toEqual([401, "This API token may not be used from 198.51.100.8."]);
    expect((await from("2001:db9::1")).status).toBe(401);
    expect((await from("unknown")).status).toBe(401);
    const reasons = (await tokenEvents(token.id)).filter((event) => event.type === "apiToken.refused").map((event) => event.after);
    expect(reasons).toContainEqual({ reason: "address", address: "198.51.100.8" });
  });

  it("records its first use and its first use from each new address, not every call", async () => {
    const { token, secret } = await createToken(CONTOSO_ADMIN);
    for (let i = 0; i < 3; i++) expect((await call("GET", "/config/user", { headers: bearer(secret, "203.0.113.10") })).status).toBe(200);
    await call("GET", "/config/user", { headers: bearer(secret, "2001:db8:5:6::1") });
    // The same IPv6 /64: not a new address.
    await call("GET", "/config/user", { headers: bearer(secret, "2001:db8:5:6::2") });
    const used = (await tokenEvents(token.id)).filter((event) => event.type === "apiToken.used").map((event) => event.after);
    expect(used).toEqual([
      { address: "203.0.113.10", first: true },
      { address: "2001:db8:5:6::1", first: false },
    ]);
    const list = await call("GET", "/config/user/token", { cookie: await signIn(CONTOSO_ADMIN) });
    const listed = list.body.items.find((item: { id: string }) => item.id === token.id);
    expect(listed.lastUsedFrom).toBe("2001:db8:5:6::1");
    expect(Date.now() - Date.parse(listed.lastUsedAt)).toBeLessThan(60_000);
  });

  it("has its own rate budget: 429 with Retry-After for it, none for another token or a session", async () => {
    const { secret: busy } = await createToken(CONTOSO_ADMIN);
    const { secret: other } = await createToken(CONTOSO_ADMIN);
    // The clock stands still, so the burst is exactly the burst.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    onTestFinished(() => void vi.useRealTimers());
    for (let i = 0; i < API_TOKEN_RATE.burst; i++) expect((await call("GET", "/config/user", { headers: bearer(busy) })).status).toBe(200);
    const limited = await call("GET", "/config/user", { headers: bearer(busy) });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(limited.body).toMatchObject({ error: "This API token's rate budget is spent. Try again in 1 second.", requestId: expect.any(String) });
    expect((await call("GET", "/config/user", { headers: bearer(other) })).status).toBe(200);
    expect((await call("GET", "/config/user", { cookie: await signIn(CONTOSO_ADMIN) })).status).toBe(200);
    // The budget refills at its rate: one call after 1/rate seconds, and only one.
    vi.setSystemTime(Date.now() + 1000 / API_TOKEN_RATE.perSecond);
    expect((await call("GET", "/config/user", { headers: bearer(busy) })).status).toBe(200);
    expect((await call("GET", "/config/user", { headers: bearer(busy) })).status).toBe(429);
    vi.setSystemTime(Date.now() + 1000);
    expect((await call("GET", "/config/user", { headers: bearer(busy) })).status).toBe(200);
  });

  it("refuses unknown and malformed bearers cheaply, and throttles an address that keeps guessing", async () => {
    const garbage = await call("GET", "/config/user", { headers: bearer("not-a-token", "192.0.2.200") });
    expect([garbage.status, garbage.body.error]).toEqual([401, "This API token is not valid."]);
    const unknown = await call("GET", "/config/user", { headers: bearer(`mat_${"x".repeat(43)}`, "192.0.2.200") });
    expect(unknown.status).toBe(401);
    expect((await call("GET", "/config/user", { headers: { authorization: "Bearer", [CLIENT_ADDRESS_HEADER]: "192.0.2.200" } })).status).toBe(401);
    let last = unknown;
    for (let i = 0; i < 40 && last.status !== 429; i++) last = await call("GET", "/config/user", { headers: bearer(`mat_guess${i}`, "192.0.2.200") });
    expect(last.status).toBe(429);
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(60);
    expect(last.body.error).toMatch(/^Too many invalid API tokens from this address/);
    // Even a right token from there waits; another address is not slowed.
    const { secret } = await createToken(CONTOSO_ADMIN);
    expect((await call("GET", "/config/user", { headers: bearer(secret, "192.0.2.200") })).status).toBe(429);
    expect((await call("GET", "/config/user", { headers: bearer(secret, "198.51.100.20") })).status).toBe(200);
  });

  it("with a session cookie beside it, counts the bearer alone (never the union, never a fallback)", async () => {
    const admin = await signIn(CONTOSO_ADMIN);
    const { secret } = await createToken(CONTOSO_READONLY);
    const both = await call("POST", `/config/organization/${contoso}/site`, { cookie: admin, headers: bearer(secret), body: { name: "Both", ...SITE } });
    expect(both.status).toBe(403);
    const me = await call("GET", "/config/user", { cookie: admin, headers: bearer(secret) });
    expect(me.body).toMatchObject({ userEmail: CONTOSO_READONLY, scopes: ["common:config:read", "common:user:read"] });
    const wrong = await call("GET", "/config/user", { cookie: admin, headers: bearer(`mat_${"y".repeat(43)}`, "203.0.113.99") });
    expect(wrong.status).toBe(401);
    // A cross-origin write is refused whatever the credentials.
    const crossOrigin = await call("POST", `/config/organization/${contoso}/site`, { headers: { ...bearer(secret), origin: "https://evil.example" }, body: { name: "X", ...SITE } });
    expect(crossOrigin.status).toBe(403);
  });
});

describe("revoking and listing", () => {
  it("is revoked by its owner and stops at once", async () => {
    const { token, secret } = await createToken(CONTOSO_READONLY);
    expect((await call("GET", "/config/user", { headers: bearer(secret) })).status).toBe(200);
    const revoked = await call("DELETE", `/token/${token.id}`, { cookie: await signIn(CONTOSO_READONLY) });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ id: token.id, status: "revoked" });
    const refused = await call("GET", "/config/user", { headers: bearer(secret) });
    expect([refused.status, refused.body.error]).toEqual([401, "This API token has been revoked."]);
    const types = (await tokenEvents(token.id)).map((event) => event.type);
    expect(types).toEqual(["apiToken.created", "apiToken.used", "apiToken.revoked", "apiToken.refused"]);
  });

  it("is listed and revoked by an admin of its organization; another tenant's admin gets what a missing one gets", async () => {
    const { token, secret } = await createToken(CONTOSO_READONLY);
    const admin = await signIn(CONTOSO_ADMIN);
    const listed = await call("GET", `/organization/${contoso}/token?limit=500`, { cookie: admin });
    expect(listed.status).toBe(200);
    expect(listed.body.items.find((item: { id: string }) => item.id === token.id)).toMatchObject({ userEmail: CONTOSO_READONLY, status: "active" });
    // Not an admin: no organization list, and no revoking someone else's token.
    expect((await call("GET", `/organization/${contoso}/token`, { cookie: await signIn(CONTOSO_READONLY) })).status).toBe(403);
    const { token: adminToken } = await createToken(CONTOSO_ADMIN);
    const notTheirs = await call("DELETE", `/token/${adminToken.id}`, { cookie: await signIn(CONTOSO_READONLY) });
    const missing = await call("DELETE", `/token/${MISSING}`, { cookie: await signIn(CONTOSO_READONLY) });
    expect([notTheirs.status, notTheirs.body.error]).toEqual([missing.status, missing.body.error]);
    expect(missing.status).toBe(404);
    // Another MSP's customer's admin.
    const initech = await signIn(INITECH_ADMIN);
    const outside = await call("DELETE", `/token/${token.id}`, { cookie: initech });
    const outsideMissing = await call("DELETE", `/token/${MISSING}`, { cookie: initech });
    expect([outside.status, outside.body.error]).toEqual([outsideMissing.status, outsideMissing.body.error]);
    expect((await call("GET", `/organization/${contoso}/token`, { cookie: initech })).status).toBe(404);
    expect((await call("GET", "/config/user", { headers: bearer(secret) })).status).toBe(200);
    // The MSP's admin sees its customer and may revoke there.
    expect((await call("DELETE", `/token/${token.id}`, { cookie: await signIn(NW_ADMIN) })).status).toBe(200);
    expect((await call("GET", "/config/user", { headers: bearer(secret) })).status).toBe(401);
  });

  it("pages the lists, newest first", async () => {
    for (let i = 0; i < 3; i++) await createToken(CONTOSO_ADMIN, { name: `Paged ${i}` });
    const cookie = await signIn(CONTOSO_ADMIN);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=2&cursor=${cursor}` : "?limit=2";
      const page = await call("GET", `/config/user/token${query}`, { cookie });
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.items.map((item: { id: string }) => item.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    const all = await call("GET", "/config/user/token?limit=500", { cookie });
    expect(seen).toEqual(all.body.items.map((item: { id: string }) => item.id));
    expect(all.body.items.slice(0, 3).map((item: { name: string }) => item.name)).toEqual(["Paged 2", "Paged 1", "Paged 0"]);
  });
});

describe("where a token is no one", () => {
  it("is not signed in on a console page", async () => {
    const { secret } = await createToken(CONTOSO_ADMIN);
    const url = `/organization/${contoso}/customer/dashboard`;
    const response = await proxy(new NextRequest(`http://localhost${url}`, { headers: { authorization: `Bearer ${secret}` } }));
    expect(response.status).toBe(307);
    expect(response.headers.get("location")).toBe(`http://localhost/login?next=${encodeURIComponent(url)}`);
    // The tokens page itself is every member's (a read-only user's too), signed in with a session.
    const tokensPage = await proxy(new NextRequest(`http://localhost/organization/${contoso}/user/apiTokens`, { headers: { cookie: await signIn(CONTOSO_READONLY) } }));
    expect(tokensPage.headers.get("x-middleware-next")).toBe("1");
  });

  describe("/ws", () => {
    let server: http.Server;
    let hub: RealtimeHub;
    let url: string;
    beforeAll(async () => {
      hub = new RealtimeHub(getDb);
      server = http.createServer();
      server.on("upgrade", (request, socket, head) => void hub.handleUpgrade(request, socket, head));
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`;
    });
    afterAll(async () => {
      await hub.close();
      await new Promise((resolve) => server.close(resolve));
    });

    const upgrade = (headers: Record<string, string>) =>
      new Promise<number>((resolve) => {
        const socket = new WebSocket(url, { headers });
        socket.once("open", () => {
          socket.close();
          resolve(101);
        });
        socket.once("unexpected-response", (_request, response) => resolve(response.statusCode ?? 0));
        socket.once("error", () => resolve(0));
      });

    it("refuses an upgrade that carries only a bearer token", async () => {
      const { secret } = await createToken(CONTOSO_ADMIN);
      expect(await upgrade({ authorization: `Bearer ${secret}` })).toBe(401);
      // The same user's session is let in (the refusal is the token's).
      expect(await upgrade({ cookie: await signIn(CONTOSO_ADMIN) })).toBe(101);
    });
  });
});
