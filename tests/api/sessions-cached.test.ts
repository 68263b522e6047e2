import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { hashPassword } from "@/server/auth/password";
import { SESSION_CACHE_TTL_MS } from "@/server/auth/session-cache";
import { createSession, hashToken } from "@/server/auth/sessions";
import { getDb } from "@/server/db/client";
import { memberships, sessions, users } from "@/server/db/schema";
import { call, DEMO_PASSWORD, organizationId, signIn } from "./helpers";

// A process keeps what it read of a session for SESSION_CACHE_TTL_MS. What changes through this process takes effect
// on the next call; only what another process changes in the database waits for the entry to age out.

async function freshLogin(email: string): Promise<string> {
  const response = await call("POST", "/auth/login", { body: { email, password: DEMO_PASSWORD } });
  expect(response.status).toBe(200);
  return response.headers.getSetCookie().find((c) => c.startsWith("maia_session="))!.split(";")[0];
}

const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf("=") + 1);

async function addMember(organization: string, email: string, role: string): Promise<string> {
  const db = await getDb();
  const [user] = await db
    .insert(users)
    .values({ email, firstName: "Cached", lastName: "Member", passwordHash: await hashPassword(DEMO_PASSWORD) })
    .returning();
  await db.insert(memberships).values({ userId: user.id, organizationId: await organizationId(organization), role });
  return user.id;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("sessions read once per TTL", () => {
  it("refuses a session revoked by another process once the TTL has passed", async () => {
    const cookie = await freshLogin("readonly@maia.example");
    expect((await call("GET", "/config/user", { cookie })).status).toBe(200);
    // Another console process revokes it: this one learns of it from the database only.
    const db = await getDb();
    await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.tokenHash, hashToken(tokenOf(cookie))));
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    vi.setSystemTime(Date.now() + SESSION_CACHE_TTL_MS);
    const after = await call("GET", "/config/user", { cookie });
    expect(after.status).toBe(401);
  });

  it("refuses a session at its expiry even when it was read a moment before", async () => {
    const db = await getDb();
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, "readonly@contoso.example"));
    const token = await createSession(db, user.id, {});
    await db.update(sessions).set({ expiresAt: new Date(Date.now() + 500) }).where(eq(sessions.tokenHash, hashToken(token)));
    const cookie = `maia_session=${token}`;
    expect((await call("GET", "/config/user", { cookie })).status).toBe(200);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    vi.setSystemTime(Date.now() + 600);
    expect((await call("GET", "/config/user", { cookie })).status).toBe(401);
  });

  it("signs out at once: the old cookie is refused on the very next call", async () => {
    const cookie = await freshLogin("configure@northwind.example");
    expect((await call("GET", "/health", { cookie })).status).toBe(200);
    expect((await call("GET", "/config/user", { cookie })).status).toBe(200);
    expect((await call("POST", "/auth/logout", { cookie })).status).toBe(204);
    expect((await call("GET", "/config/user", { cookie })).status).toBe(401);
  });

  it("applies a role change made by an admin on the member's next call", async () => {
    const member = await addMember("Fabrikam", "cached-role@fabrikam.example", "customer-admin");
    const cookie = await freshLogin("cached-role@fabrikam.example");
    expect((await call("GET", "/config/user", { cookie })).body.role).toBe("customer-admin");
    const changed = await call("PATCH", `/organization/${await organizationId("Fabrikam")}/user/${member}`, {
      cookie: await signIn("admin@fabrikam.example"),
      body: { role: "read-only" },
    });
    expect(changed.status).toBe(200);
    expect((await call("GET", "/config/user", { cookie })).body.role).toBe("customer-read-only");
  });

  it("signs a removed member out on their next call", async () => {
    const member = await addMember("Fabrikam", "cached-removed@fabrikam.example", "customer-read-only");
    const cookie = await freshLogin("cached-removed@fabrikam.example");
    expect((await call("GET", "/config/user", { cookie })).status).toBe(200);
    const removed = await call("DELETE", `/organization/${await organizationId("Fabrikam")}/user/${member}`, {
      cookie: await signIn("admin@fabrikam.example"),
    });
    expect(removed.status).toBe(204);
    expect((await call("GET", "/config/user", { cookie })).status).toBe(401);
    const db = await getDb();
    const open = await db.select().from(memberships).where(and(eq(memberships.userId, member)));
    expect(open).toHaveLength(0);
  });

  it("answers the user's new name and language right after they change them", async () => {
    const cookie = await freshLogin("readonly@northwind.example");
    expect((await call("GET", "/config/user", { cookie })).status).toBe(200);
    const body = { userFirstName: "Renée", userLastName: "Cached", userLanguage: "fr" };
    expect((await call("PATCH", "/config/user", { cookie, body })).status).toBe(200);
    expect((await call("GET", "/config/user", { cookie })).body).toMatchObject(body);
  });
});
