import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { events, memberships, sessions, users } from "@/server/db/schema";
import { hashPassword } from "@/server/auth/password";
import { call, DEMO_PASSWORD, organizationId, signIn } from "./helpers";
import { invitationTokenFor } from "./outbox";

// Users of an organization (SPEC §2 Users tab, §6 user management for admins only): list, role change, removal.

async function usersPath(organization: string) {
  return `/organization/${await organizationId(organization)}/user`;
}

async function userId(email: string): Promise<string> {
  const db = await getDb();
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** A member added straight into the tables (the demo seed's way), signed in once. */
async function addMember(organization: string, email: string, role: string) {
  const db = await getDb();
  const [user] = await db
    .insert(users)
    .values({ email, firstName: "Test", lastName: "Member", passwordHash: await hashPassword(DEMO_PASSWORD) })
    .returning();
  await db.insert(memberships).values({ userId: user.id, organizationId: await organizationId(organization), role });
  return user.id;
}

async function eventsOf(entityId: string) {
  const db = await getDb();
  return db.select().from(events).where(eq(events.entityId, entityId)).orderBy(asc(events.id));
}

describe("GET /organization/{organizationId}/user", () => {
  it("lists the members with email, names, language and role (level and name), never a password hash", async () => {
    const response = await call("GET", await usersPath("Contoso"), { cookie: await signIn("readonly@contoso.example") });
    expect(response.status).toBe(200);
    expect(response.body.nextCursor).toBeNull();
    expect(response.body.items).toEqual([
      {
        id: await userId("admin@contoso.example"),
        organizationId: await organizationId("Contoso"),
        email: "admin@contoso.example",
        firstName: "Carla",
        lastName: "Diaz",
        language: "en",
        role: "admin",
        roleName: "customer-admin",
        joinedAt: expect.any(String),
        // Never signed in in this test file; the caller has (their newest session is their last sign-in).
        lastSignInAt: null,
      },
      expect.objectContaining({ email: "readonly@contoso.example", role: "read-only", roleName: "customer-read-only", lastSignInAt: expect.any(String) }),
    ]);
    expect(JSON.stringify(response.body)).not.toMatch(/scrypt|password/i);
  });

  it("gives each organization's role names: MSP, operator", async () => {
    const msp = await call("GET", await usersPath("Northwind Networks"), { cookie: await signIn("admin@northwind.example") });
    expect(msp.body.items.map((user: { email: string; role: string; roleName: string }) => [user.email, user.role, user.roleName])).toEqual([
      ["admin@northwind.example", "admin", "msp-admin"],
      ["configure@northwind.example", "configure", "msp-configure"],
      ["readonly@northwind.example", "read-only", "msp-read-only"],
    ]);
    const operator = await call("GET", await usersPath("Maia"), { cookie: await signIn("readonly@maia.example") });
    expect(operator.body.items.map((user: { roleName: string }) => user.roleName)).toEqual(["internal-admin", "internal-read-only"]);
  });

  it("pages by email with a cursor and filters by search", async () => {
    const cookie = await signIn("admin@northwind.example");
    const path = await usersPath("Northwind Networks");
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { status: number; body: { items: { email: string }[]; nextCursor: string | null } } = await call(
        "GET",
        `${path}?limit=1${cursor ? `&cursor=${cursor}` : ""}`,
        { cookie },
      );
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(1);
      seen.push(...page.body.items.map((user) => user.email));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(["admin@northwind.example", "configure@northwind.example", "readonly@northwind.example"]);
    const search = await call("GET", `${path}?search=conor%20byrne`, { cookie });
    expect(search.body.items.map((user: { email: string }) => user.email)).toEqual(["configure@northwind.example"]);
  });

  it("lets the MSP and the operator see a customer's users, and nobody else", async () => {
    const path = await usersPath("Contoso");
    expect((await call("GET", path, { cookie: await signIn("admin@northwind.example") })).status).toBe(200);
    expect((await call("GET", path, { cookie: await signIn("admin@maia.example") })).status).toBe(200);
    for (const email of ["admin@bluewave.example", "admin@fabrikam.example", "admin@initech.example"]) {
      const response = await call("GET", path, { cookie: await signIn(email) });
      expect(response.status, email).toBe(404);
      expect(response.body.error).toBe("Not found");
    }
  });

  it("needs a session", async () => {
    expect((await call("GET", await usersPath("Contoso"))).status).toBe(401);
  });
});

describe("PATCH /organization/{organizationId}/user/{userId}", () => {
  it("changes the role, effective on the user's very next call, and records the event", async () => {
    const target = await addMember("Contoso", "promoted@contoso.example", "customer-read-only");
    const theirs = await signIn("promoted@contoso.example");
    const before = await call("GET", "/config/user", { cookie: theirs });
    expect(before.body.scopes.sort()).toEqual(["common:config:read", "common:user:read"]);

    const response = await call("PATCH", `${await usersPath("Contoso")}/${target}`, {
      cookie: await signIn("admin@contoso.example"),
      body: { role: "configure" },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: target, email: "promoted@contoso.example", role: "configure", roleName: "customer-configure" });

    const after = await call("GET", "/config/user", { cookie: theirs });
    expect(after.body.role).toBe("customer-configure");
    expect(after.body.scopes.sort()).toEqual(["common:config:read", "common:config:write", "common:user:read"]);

    const [event] = await eventsOf(target);
    expect(event).toMatchObject({
      organizationId: await organizationId("Contoso"),
      type: "user.updated",
      entityType: "user",
      source: "admin@contoso.example",
      actorUserId: await userId("admin@contoso.example"),
      before: expect.objectContaining({ role: "read-only", roleName: "customer-read-only" }),
      after: response.body,
    });

    // The same role again changes nothing and records nothing.
    const same = await call("PATCH", `${await usersPath("Contoso")}/${target}`, { cookie: await signIn("admin@contoso.example"), body: { role: "configure" } });
    expect(same.status).toBe(200);
    expect(await eventsOf(target)).toHaveLength(1);
  });

  it("lets the MSP's admin manage its customer's users, and the operator's admin anyone's", async () => {
    const target = await addMember("Contoso", "managed@contoso.example", "customer-read-only");
    const byMsp = await call("PATCH", `${await usersPath("Contoso")}/${target}`, { cookie: await signIn("admin@northwind.example"), body: { role: "admin" } });
    expect(byMsp.status).toBe(200);
    expect(byMsp.body.roleName).toBe("customer-admin");
    const byOperator = await call("PATCH", `${await usersPath("Contoso")}/${target}`, { cookie: await signIn("admin@maia.example"), body: { role: "read-only" } });
    expect(byOperator.status).toBe(200);
    expect(byOperator.body.roleName).toBe("customer-read-only");
  });

  it("never demotes the last admin", async () => {
    const fabrikamAdmin = await userId("admin@fabrikam.example");
    const response = await call("PATCH", `${await usersPath("Fabrikam")}/${fabrikamAdmin}`, {
      cookie: await signIn("admin@northwind.example"),
      body: { role: "configure" },
    });
    expect(response.status).toBe(409);
    expect(response.body.error).toBe("Fabrikam needs at least one admin: make someone else an admin first.");
    const french = await call("PATCH", `${await usersPath("Fabrikam")}/${fabrikamAdmin}`, {
      cookie: await signIn("admin@fabrikam.example"),
      body: { role: "read-only" },
      language: "fr",
    });
    expect(french.status).toBe(409);
    expect(french.body.error).toBe("Fabrikam doit garder au moins un administrateur : nommez d’abord quelqu’un d’autre administrateur.");
    expect(await eventsOf(fabrikamAdmin)).toHaveLength(0);
  });

  it("keeps one admin when two admins demote each other at the same time", async () => {
    const first = await addMember("Initech", "race-a@initech.example", "customer-admin");
    const second = await addMember("Initech", "race-b@initech.example", "customer-admin");
    const db = await getDb();
    // Only these two are admins of Initech for this test.
    const initech = await organizationId("Initech");
    await db.update(memberships).set({ role: "customer-read-only" }).where(and(eq(memberships.organizationId, initech), eq(memberships.userId, await userId("admin@initech.example"))));
    const path = await usersPath("Initech");
    const [a, b] = [await signIn("race-a@initech.example"), await signIn("race-b@initech.example")];
    const results = await Promise.all([
      call("PATCH", `${path}/${second}`, { cookie: a, body: { role: "read-only" } }),
      call("PATCH", `${path}/${first}`, { cookie: b, body: { role: "read-only" } }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    const admins = await db.select().from(memberships).where(and(eq(memberships.organizationId, initech), eq(memberships.role, "customer-admin")));
    expect(admins).toHaveLength(1);
    // Back as it was for the other tests.
    await db.update(memberships).set({ role: "customer-admin" }).where(and(eq(memberships.organizationId, initech), eq(memberships.userId, await userId("admin@initech.example"))));
    await db.delete(memberships).where(and(eq(memberships.organizationId, initech), eq(memberships.userId, first)));
    await db.delete(memberships).where(and(eq(memberships.organizationId, initech), eq(memberships.userId, second)));
  });

  it("lets an admin step down once another admin exists", async () => {
    const second = await addMember("Initech", "second-admin@initech.example", "customer-admin");
    const cookie = await signIn("second-admin@initech.example");
    const response = await call("PATCH", `${await usersPath("Initech")}/${second}`, { cookie, body: { role: "read-only" } });
    expect(response.status).toBe(200);
    expect((await call("GET", "/config/user", { cookie })).body.role).toBe("customer-read-only");
  });

  it.each([
    [{ role: "owner" }, "Role must be Admin, Configure Only or Read Only"],
    [{}, "Role must be Admin, Configure Only or Read Only"],
    [{ role: "customer-admin" }, "Role must be Admin, Configure Only or Read Only"],
    [{ role: "admin", email: "x@y.example" }, "Unknown field: email"],
  ])("validates %j → %s", async (body, message) => {
    const response = await call("PATCH", `${await usersPath("Contoso")}/${await userId("readonly@contoso.example")}`, {
      cookie: await signIn("admin@contoso.example"),
      body,
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
  });

  it("answers the role message in French", async () => {
    const response = await call("PATCH", `${await usersPath("Contoso")}/${await userId("readonly@contoso.example")}`, {
      cookie: await signIn("admin@contoso.example"),
      body: { role: "owner" },
      language: "fr-FR,fr;q=0.9",
    });
    expect(response.body.error).toBe("Le rôle doit être Administrateur, Configuration uniquement ou Lecture seule");
  });

  it("is for admins only: read-only and configure get 403", async () => {
    const target = await userId("readonly@contoso.example");
    for (const email of ["readonly@contoso.example", "configure@northwind.example", "readonly@northwind.example", "readonly@maia.example"]) {
      const response = await call("PATCH", `${await usersPath("Contoso")}/${target}`, { cookie: await signIn(email), body: { role: "admin" } });
      expect(response.status, email).toBe(403);
      expect(response.body.error).toBe("You do not have permission to do this.");
    }
  });

  it("answers 404 for another tenant's user, and for a user of another organization", async () => {
    const fabrikamAdmin = await userId("admin@fabrikam.example");
    const otherTenant = await call("PATCH", `${await usersPath("Fabrikam")}/${fabrikamAdmin}`, { cookie: await signIn("admin@contoso.example"), body: { role: "admin" } });
    expect(otherTenant.status).toBe(404);
    const otherMsp = await call("PATCH", `${await usersPath("Contoso")}/${await userId("readonly@contoso.example")}`, {
      cookie: await signIn("admin@bluewave.example"),
      body: { role: "admin" },
    });
    expect(otherMsp.status).toBe(404);
    // Fabrikam's admin is not a member of Contoso: not found there either.
    const wrongOrganization = await call("PATCH", `${await usersPath("Contoso")}/${fabrikamAdmin}`, { cookie: await signIn("admin@contoso.example"), body: { role: "admin" } });
    expect(wrongOrganization.status).toBe(404);
    expect(await eventsOf(fabrikamAdmin)).toHaveLength(0);
  });
});

describe("DELETE /organization/{organizationId}/user/{userId}", () => {
  it("removes the membership, revokes every session of the user and records the event", async () => {
    const target = await addMember("Contoso", "leaver@contoso.example", "customer-configure");
    const cookie = await signIn("leaver@contoso.example");
    expect((await call("GET", "/config/user", { cookie })).status).toBe(200);

    const response = await call("DELETE", `${await usersPath("Contoso")}/${target}`, { cookie: await signIn("admin@contoso.example") });
    expect(response.status).toBe(204);

    expect((await call("GET", "/config/user", { cookie })).status).toBe(401);
    const db = await getDb();
    const open = await db.select().from(sessions).where(eq(sessions.userId, target));
    expect(open.length).toBeGreaterThan(0);
    expect(open.every((session) => session.revokedAt !== null)).toBe(true);
    expect(await db.select().from(memberships).where(eq(memberships.userId, target))).toEqual([]);
    const list = await call("GET", await usersPath("Contoso"), { cookie: await signIn("admin@contoso.example") });
    expect(list.body.items.map((user: { email: string }) => user.email)).not.toContain("leaver@contoso.example");

    const [event] = await eventsOf(target);
    expect(event).toMatchObject({
      organizationId: await organizationId("Contoso"),
      type: "user.deleted",
      source: "admin@contoso.example",
      before: expect.objectContaining({ email: "leaver@contoso.example", roleName: "customer-configure" }),
      after: null,
    });
    // Gone: a second delete finds nothing.
    expect((await call("DELETE", `${await usersPath("Contoso")}/${target}`, { cookie: await signIn("admin@contoso.example") })).status).toBe(404);
  });

  it("lets a removed person be invited back: their old session stays dead, their password brings them back", async () => {
    const target = await addMember("Contoso", "returner@contoso.example", "customer-configure");
    const old = await signIn("returner@contoso.example");
    const admin = await signIn("admin@contoso.example");
    expect((await call("DELETE", `${await usersPath("Contoso")}/${target}`, { cookie: admin })).status).toBe(204);
    expect((await call("GET", "/config/user", { cookie: old })).status).toBe(401);

    // In no organization now: signing in says so (SPEC §8), in their language, and opens no session.
    const db = await getDb();
    const sessionsBefore = (await db.select().from(sessions).where(eq(sessions.userId, target))).length;
    const signInAgain = await call("POST", "/auth/login", { body: { email: "returner@contoso.example", password: DEMO_PASSWORD } });
    expect(signInAgain.status).toBe(403);
    expect(signInAgain.body.error).toBe(
      "You are not a member of any organizations. To join an organization, ask the administrator to invite you or accept any pending invitations you have received.",
    );
    expect(signInAgain.headers.getSetCookie().some((cookie) => cookie.startsWith("maia_session="))).toBe(false);
    const french = await call("POST", "/auth/login", { body: { email: "returner@contoso.example", password: DEMO_PASSWORD }, language: "fr" });
    expect(french.body.error).toContain("Vous n’êtes membre d’aucune organisation.");
    expect(await db.select().from(sessions).where(eq(sessions.userId, target))).toHaveLength(sessionsBefore);
    // A wrong password is still just a wrong password.
    expect((await call("POST", "/auth/login", { body: { email: "returner@contoso.example", password: "not the password" } })).status).toBe(401);

    // Invited back (a removed member is not a member), they join with their own password: a new session in Contoso.
    const invited = await call("POST", `/organization/${await organizationId("Contoso")}/invitation`, {
      cookie: admin,
      body: { email: "returner@contoso.example", role: "read-only" },
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const token = await invitationTokenFor("returner@contoso.example");
    expect((await call("POST", "/invitation/accept", { body: { token } })).status).toBe(401);
    expect((await call("POST", "/invitation/accept", { body: { token, password: "not the password" } })).status).toBe(401);
    const accepted = await call("POST", "/invitation/accept", { body: { token, password: DEMO_PASSWORD } });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toMatchObject({ userEmail: "returner@contoso.example", role: "customer-read-only", organizationId: await organizationId("Contoso") });
    const cookie = accepted.headers.getSetCookie().find((each) => each.startsWith("maia_session="))!.split(";")[0];
    expect((await call("GET", "/config/user", { cookie })).body).toMatchObject({ role: "customer-read-only" });
    // The session from before the removal is not revived by the new membership.
    expect((await call("GET", "/config/user", { cookie: old })).status).toBe(401);
    const list = await call("GET", await usersPath("Contoso"), { cookie: admin });
    expect(list.body.items.find((user: { email: string }) => user.email === "returner@contoso.example")).toMatchObject({ role: "read-only" });
    // And they sign in again as anyone does.
    expect((await call("POST", "/auth/login", { body: { email: "returner@contoso.example", password: DEMO_PASSWORD } })).status).toBe(200);
  });

  it("refuses to remove oneself", async () => {
    const self = await userId("admin@northwind.example");
    const response = await call("DELETE", `${await usersPath("Northwind Networks")}/${self}`, { cookie: await signIn("admin@northwind.example") });
    expect(response.status).toBe(409);
    expect(response.body.error).toBe("You cannot remove yourself from Northwind Networks. Ask another admin to do it.");
    expect((await call("GET", "/config/user", { cookie: await signIn("admin@northwind.example") })).status).toBe(200);
  });

  it("never removes the last admin", async () => {
    const response = await call("DELETE", `${await usersPath("Fabrikam")}/${await userId("admin@fabrikam.example")}`, {
      cookie: await signIn("admin@maia.example"),
    });
    expect(response.status).toBe(409);
    expect(response.body.error).toBe("Fabrikam needs at least one admin: make someone else an admin first.");
    expect((await call("GET", "/config/user", { cookie: await signIn("admin@fabrikam.example") })).status).toBe(200);
  });

  it("does not count a disabled admin as the other admin", async () => {
    const db = await getDb();
    const disabled = await addMember("Fabrikam", "disabled-admin@fabrikam.example", "customer-admin");
    await db.update(users).set({ disabled: true }).where(eq(users.id, disabled));
    const response = await call("DELETE", `${await usersPath("Fabrikam")}/${await userId("admin@fabrikam.example")}`, {
      cookie: await signIn("admin@northwind.example"),
    });
    expect(response.status).toBe(409);
  });

  it("is for admins only, and another tenant's user is not found", async () => {
    const target = await addMember("Contoso", "kept@contoso.example", "customer-read-only");
    const path = `${await usersPath("Contoso")}/${target}`;
    for (const email of ["readonly@contoso.example", "configure@northwind.example"]) {
      expect((await call("DELETE", path, { cookie: await signIn(email) })).status, email).toBe(403);
    }
    for (const email of ["admin@fabrikam.example", "admin@bluewave.example", "admin@initech.example"]) {
      const response = await call("DELETE", path, { cookie: await signIn(email) });
      expect(response.status, email).toBe(404);
      expect(response.body.error).toBe("Not found");
    }
    const db = await getDb();
    expect(await db.select().from(memberships).where(and(eq(memberships.userId, target)))).toHaveLength(1);
  });
});
