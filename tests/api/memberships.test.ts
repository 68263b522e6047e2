import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "@/server/auth/password";
import { forgetUserSessions } from "@/server/auth/sessions";
import { getDb } from "@/server/db/client";
import { memberships, sessions, sites, users } from "@/server/db/schema";
import { call, DEMO_PASSWORD, organizationId, signIn } from "./helpers";

// Issue 13 finding 5: a second membership is usable. A user of several organizations chooses the one their session
// acts in; sessions follow the choice at once; no one switches into an organization they are not a member of.

const EMAIL = "two-hats@example.com";
let userId: string;
let contoso: string;
let initech: string;

async function freshSession(): Promise<string> {
  const response = await call("POST", "/auth/login", { body: { email: EMAIL, password: DEMO_PASSWORD } });
  expect(response.status).toBe(200);
  return response.headers.getSetCookie().find((cookie) => cookie.startsWith("maia_session="))!.split(";")[0];
}

const switchTo = (cookie: string, organization: string) => call("POST", `/config/user/membership/${organization}/switch`, { cookie });

beforeAll(async () => {
  const db = await getDb();
  contoso = await organizationId("Contoso");
  initech = await organizationId("Initech");
  const [user] = await db.insert(users).values({ email: EMAIL, firstName: "Two", lastName: "Hats", passwordHash: await hashPassword(DEMO_PASSWORD) }).returning();
  userId = user.id;
  // Contoso first: the oldest membership, where a new session starts.
  await db.insert(memberships).values({ userId, organizationId: contoso, role: "customer-admin", createdAt: new Date(Date.now() - 60_000) });
  await db.insert(memberships).values({ userId, organizationId: initech, role: "customer-read-only" });
  await db.insert(sites).values({ organizationId: initech, name: "Initech HQ", locationAddress: "Austin, TX", latitude: 30.27, longitude: -97.74 });
});

describe("several organizations", () => {
  it("lists the user's own memberships", async () => {
    const cookie = await freshSession();
    const response = await call("GET", "/config/user/membership", { cookie });
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      { organizationId: contoso, name: "Contoso", organizationType: "customer", role: "admin", roleName: "customer-admin" },
      { organizationId: initech, name: "Initech", organizationType: "customer", role: "read-only", roleName: "customer-read-only" },
    ]);
    expect((await call("GET", "/config/user/membership")).status).toBe(401);
  });

  it("switches the session to the second one, which then acts there alone", async () => {
    const cookie = await freshSession();
    const other = await freshSession();
    expect((await call("GET", "/config/user", { cookie })).body).toMatchObject({ organizationId: contoso, role: "customer-admin" });
    // Read once so that the session is cached: the switch must not wait for the cache to expire.
    expect((await call("GET", "/config/organization", { cookie })).body.map((org: { name: string }) => org.name)).toEqual(["Contoso"]);

    const switched = await switchTo(cookie, initech);
    expect(switched.status, JSON.stringify(switched.body)).toBe(200);
    expect(switched.body).toMatchObject({ userEmail: EMAIL, organizationId: initech, role: "customer-read-only", scopes: ["common:config:read", "common:user:read"] });
    expect((await call("GET", "/config/user", { cookie })).body).toMatchObject({ organizationId: initech, role: "customer-read-only" });
    expect((await call("GET", "/config/organization", { cookie })).body.map((org: { name: string }) => org.name)).toEqual(["Initech"]);
    const initechSites = await call("GET", `/config/organization/${initech}/site`, { cookie });
    expect(initechSites.status).toBe(200);
    expect(initechSites.body.items.map((site: { name: string }) => site.name)).toContain("Initech HQ");
    // Acting in Initech with Initech's role: read-only there, and Contoso is out of sight.
    expect((await call("POST", `/organization/${initech}/invitation`, { cookie, body: { email: "x@initech.example", role: "admin" } })).status).toBe(403);
    expect((await call("GET", `/config/organization/${contoso}/site`, { cookie })).status).toBe(404);

    // The user's other session did not move; switching back works.
    expect((await call("GET", "/config/user", { cookie: other })).body.organizationId).toBe(contoso);
    expect((await switchTo(cookie, contoso)).body).toMatchObject({ organizationId: contoso, role: "customer-admin" });
    expect((await call("POST", `/organization/${contoso}/invitation`, { cookie, body: { email: "back@contoso.example", role: "read-only" } })).status).toBe(201);
  });

  it("answers an organization without the user's membership like a missing one, visible or not, and stays put", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    const cookie = await freshSession();
    const expected = await switchTo(cookie, missing);
    expect(expected.status).toBe(404);
    expect(expected.body.error).toBe("Not found");
    for (const organization of ["Fabrikam", "Northwind Networks", "Maia"]) {
      const response = await switchTo(cookie, await organizationId(organization));
      expect(response.status, organization).toBe(404);
      expect(response.body.error).toBe(expected.body.error);
    }
    // An MSP admin sees its customer Contoso but is no member there.
    const msp = await signIn("admin@northwind.example");
    expect((await switchTo(msp, contoso)).status).toBe(404);
    expect((await call("GET", "/config/user", { cookie: msp })).body.organizationId).toBe(await organizationId("Northwind Networks"));
    expect((await call("GET", "/config/user", { cookie })).body.organizationId).toBe(contoso);
    expect((await call("POST", `/config/user/membership/${initech}/switch`)).status).toBe(401);
  });

  it("falls back to the oldest membership when the chosen one is gone", async () => {
    const cookie = await freshSession();
    expect((await switchTo(cookie, initech)).status).toBe(200);
    const db = await getDb();
    const chosen = await db.select({ organizationId: sessions.organizationId }).from(sessions).where(eq(sessions.userId, userId));
    expect(chosen.map((session) => session.organizationId)).toContain(initech);
    // (Removing a member through the API signs them out everywhere; a membership can still go from under a session.)
    await db.delete(memberships).where(and(eq(memberships.userId, userId), eq(memberships.organizationId, initech)));
    forgetUserSessions(userId);
    expect((await call("GET", "/config/user", { cookie })).body).toMatchObject({ organizationId: contoso, role: "customer-admin" });
    expect((await switchTo(cookie, initech)).status).toBe(404);
  });
});
