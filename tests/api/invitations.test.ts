import { serverOrigin } from "@/server/core/public-origin";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { hashPassword } from "@/server/auth/password";
import { hashToken } from "@/server/auth/sessions";
import { getDb } from "@/server/db/client";
import { events, invitations, memberships, users } from "@/server/db/schema";
import { call, DEMO_PASSWORD, organizationId, signIn } from "./helpers";
import { invitationTokenFor, latestMailTo } from "./outbox";

// Invitations (SPEC §2 Invitations tab, §3 Invitation, §5 invite email required, §6 invitation roles): create with
// a one-time accept link mailed to the invitee, list, revoke, preview and accept (public), which signs the invitee in.

async function invitationsPath(organization: string) {
  return `/organization/${await organizationId(organization)}/invitation`;
}

async function invite(organization: string, body: Record<string, unknown>, email = "admin@contoso.example") {
  const response = await call("POST", await invitationsPath(organization), { cookie: await signIn(email), body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

function sessionCookie(headers: Headers): string | undefined {
  return headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith("maia_session="))
    ?.split(";")[0];
}

async function eventsOf(entityId: string) {
  const db = await getDb();
  return db.select().from(events).where(eq(events.entityId, entityId)).orderBy(asc(events.id));
}

async function allEventsText(): Promise<string> {
  const db = await getDb();
  return JSON.stringify(await db.select().from(events));
}

const NEW_PASSWORD = "correct horse battery";

describe("invite → preview → accept → sign in", () => {
  it("runs the whole journey of a new person, and keeps every secret out of the events", async () => {
    const created = await invite("Contoso", { email: " New.Hire@Contoso.example ", role: "configure" });
    expect(created).toEqual({
      id: expect.any(String),
      organizationId: await organizationId("Contoso"),
      email: "new.hire@contoso.example",
      role: "configure",
      roleName: "customer-configure",
      invitedBy: "admin@contoso.example",
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
      acceptedAt: null,
      status: "pending",
    });
    expect(new Date(created.expiresAt).getTime() - new Date(created.createdAt).getTime()).toBe(7 * 24 * 3600_000);
    // The link goes to the invitee's address only, absolute, at the origin the inviter reached the console at.
    const mail = await latestMailTo("new.hire@contoso.example");
    const token = await invitationTokenFor("new.hire@contoso.example");
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.link).toBe(`${serverOrigin()}/invite/${token}`);
    expect(mail.text).toContain(mail.link);
    expect(JSON.stringify(created)).not.toContain(token);

    // Listed as pending, without any link or token.
    const list = await call("GET", await invitationsPath("Contoso"), { cookie: await signIn("readonly@contoso.example") });
    expect(list.status).toBe(200);
    const listed = created;
    expect(list.body.items).toEqual([listed]);
    expect(JSON.stringify(list.body)).not.toContain(token);

    // Preview: public.
    const preview = await call("GET", `/invitation/preview?token=${encodeURIComponent(token)}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      organizationName: "Contoso",
      organizationType: "customer",
      email: "new.hire@contoso.example",
      role: "configure",
      roleName: "customer-configure",
      expiresAt: created.expiresAt,
    });

    // Accept: public, no session needed; the new account needs a 10-character password and a name.
    const short = await call("POST", "/invitation/accept", { body: { token, password: "too-short", firstName: "Nia", lastName: "Hale" } });
    expect(short.status).toBe(400);
    expect(short.body.error).toBe("Password must be at least 10 characters");
    expect(short.body.issues[0].path).toBe("password");
    const nameless = await call("POST", "/invitation/accept", { body: { token, password: NEW_PASSWORD, lastName: "Hale" } });
    expect(nameless.body.error).toBe("First name is required");
    const noLastName = await call("POST", "/invitation/accept", { body: { token, password: NEW_PASSWORD, firstName: "Nia", lastName: " " } });
    expect(noLastName.body.error).toBe("Last name is required");

    const accepted = await call("POST", "/invitation/accept", { body: { token, password: NEW_PASSWORD, firstName: " Nia ", lastName: "Hale" } });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toMatchObject({
      userEmail: "new.hire@contoso.example",
      userFirstName: "Nia",
      userLastName: "Hale",
      organizationId: await organizationId("Contoso"),
      role: "customer-configure",
    });
    const setCookie = accepted.headers.getSetCookie().find((cookie) => cookie.startsWith("maia_session="));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    const cookie = sessionCookie(accepted.headers)!;

    // Signed in by the accept's cookie.
    const me = await call("GET", "/config/user", { cookie });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ userEmail: "new.hire@contoso.example", role: "customer-configure" });
    expect(me.body.scopes.sort()).toEqual(["common:config:read", "common:config:write", "common:user:read"]);

    // And with the new password, through the ordinary sign-in.
    const login = await call("POST", "/auth/login", { body: { email: "New.Hire@contoso.example", password: NEW_PASSWORD } });
    expect(login.status).toBe(200);
    expect((await call("GET", "/config/user", { cookie: sessionCookie(login.headers) })).body.organizationId).toBe(await organizationId("Contoso"));

    // The link is spent.
    expect((await call("GET", `/invitation/preview?token=${encodeURIComponent(token)}`)).status).toBe(404);
    const again = await call("POST", "/invitation/accept", { body: { token, password: NEW_PASSWORD, firstName: "Nia", lastName: "Hale" } });
    expect(again.status).toBe(404);
    expect(again.body.error).toBe("This invitation is unknown, has already been used or has expired. Ask for a new one.");
    // Listed as accepted from now on.
    const afterAccept = await call("GET", await invitationsPath("Contoso"), { cookie: await signIn("admin@contoso.example") });
    expect(afterAccept.body.items).toEqual([{ ...listed, status: "accepted", acceptedAt: expect.any(String) }]);
    const members = await call("GET", `/organization/${await organizationId("Contoso")}/user`, { cookie: await signIn("admin@contoso.example") });
    expect(members.body.items.map((user: { email: string }) => user.email)).toContain("new.hire@contoso.example");

    // Events: created, accepted, and the user joining, with before/after.
    const [createdEvent, acceptedEvent] = await eventsOf(created.id);
    expect(createdEvent).toMatchObject({ type: "invitation.created", source: "admin@contoso.example", before: null, after: listed });
    expect(acceptedEvent).toMatchObject({
      type: "invitation.accepted",
      source: "new.hire@contoso.example",
      before: listed,
      after: { ...listed, status: "accepted", acceptedAt: expect.any(String) },
    });
    const [joined] = await eventsOf(me.body.userId);
    expect(joined).toMatchObject({
      organizationId: await organizationId("Contoso"),
      type: "user.created",
      actorUserId: me.body.userId,
      before: null,
      after: expect.objectContaining({ email: "new.hire@contoso.example", role: "configure", roleName: "customer-configure" }),
    });

    // No event anywhere holds the token, its hash, the password or the password's hash.
    const db = await getDb();
    const [stored] = await db.select().from(invitations).where(eq(invitations.id, created.id));
    const [account] = await db.select().from(users).where(eq(users.email, "new.hire@contoso.example"));
    expect(stored.tokenHash).toBe(hashToken(token));
    const text = await allEventsText();
    for (const secret of [token, stored.tokenHash, NEW_PASSWORD, account.passwordHash!]) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/scrypt\$/);
  });

  it("accepts the invitation an MSP's new customer organization sends its first admin", async () => {
    const created = await call("POST", `/config/msp/${await organizationId("Northwind Networks")}/organization`, {
      cookie: await signIn("admin@northwind.example"),
      body: { name: "Tailspin Toys", userEmail: "it@tailspin.example" },
    });
    expect(created.status).toBe(201);
    expect(created.body.invitation).toEqual({ id: expect.any(String), email: "it@tailspin.example", role: "customer-admin" });
    const token = await invitationTokenFor("it@tailspin.example");
    expect(JSON.stringify(created.body)).not.toContain(token);
    const preview = await call("GET", `/invitation/preview?token=${token}`);
    expect(preview.body).toMatchObject({ organizationName: "Tailspin Toys", role: "admin", roleName: "customer-admin" });
    const accepted = await call("POST", "/invitation/accept", { body: { token, password: NEW_PASSWORD, firstName: "Ivy", lastName: "Tan" } });
    expect(accepted.status).toBe(200);
    const me = await call("GET", "/config/user", { cookie: sessionCookie(accepted.headers) });
    expect(me.body).toMatchObject({ organizationId: created.body.id, role: "customer-admin" });
    const organizations = await call("GET", "/config/organization", { cookie: sessionCookie(accepted.headers) });
    expect(organizations.body.map((org: { name: string }) => org.name)).toEqual(["Tailspin Toys"]);
  });

  it("lets an existing account join from its own session, or with its own password — never setting one", async () => {
    const db = await getDb();
    // Someone of another organization (Fabrikam): the account exists.
    const [account] = await db
      .insert(users)
      .values({ email: "returning@example.com", firstName: "Rae", lastName: "Stone", passwordHash: await hashPassword(DEMO_PASSWORD) })
      .returning();
    await db.insert(memberships).values({ userId: account.id, organizationId: await organizationId("Fabrikam"), role: "customer-admin" });
    await invite("Contoso", { email: "returning@example.com", role: "read-only" });
    const token = await invitationTokenFor("returning@example.com");
    const [before] = await db.select().from(users).where(eq(users.email, "returning@example.com"));

    // Without a session or a password: the answer says to sign in as that address, or to give its password.
    const refused = await call("POST", "/invitation/accept", { body: { token } });
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe(
      "This invitation is for returning@example.com, which already has an account. Sign in as returning@example.com, or enter its password, to accept it.",
    );
    expect(sessionCookie(refused.headers)).toBeUndefined();
    const french = await call("POST", "/invitation/accept", { body: { token }, language: "fr" });
    expect(french.body.error).toBe(
      "Cette invitation est destinée à returning@example.com, qui a déjà un compte. Connectez-vous en tant que returning@example.com, ou saisissez son mot de passe, pour l’accepter.",
    );
    // A new password and a name for it (the new-account form) are not its password: refused, nothing set.
    const wrong = await call("POST", "/invitation/accept", { body: { token, password: NEW_PASSWORD, firstName: "Mal", lastName: "Lory" } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toContain("This is not the password of returning@example.com. Sign in as returning@example.com");
    expect(sessionCookie(wrong.headers)).toBeUndefined();
    // Signed in as someone else, without the password: refused too.
    const other = await call("POST", "/invitation/accept", { body: { token }, cookie: await signIn("admin@initech.example") });
    expect(other.status).toBe(403);
    expect(other.body.error).toContain("Sign in as returning@example.com");
    expect((await db.select().from(users).where(eq(users.email, "returning@example.com")))[0]).toEqual(before);

    // Signed in as the account: joins, names and password untouched, and the same session now acts in Contoso.
    const login = await call("POST", "/auth/login", { body: { email: "returning@example.com", password: DEMO_PASSWORD } });
    const cookie = sessionCookie(login.headers)!;
    const accepted = await call("POST", "/invitation/accept", { body: { token, password: "ignored-password", firstName: "Other", lastName: "Name" }, cookie });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toMatchObject({ userEmail: "returning@example.com", userFirstName: "Rae", role: "customer-read-only", organizationId: await organizationId("Contoso") });
    expect(sessionCookie(accepted.headers)).toBeUndefined();
    expect((await call("GET", "/config/user", { cookie })).body).toMatchObject({ organizationId: await organizationId("Contoso"), role: "customer-read-only" });
    const [after] = await db.select().from(users).where(eq(users.email, "returning@example.com"));
    expect(after).toEqual(before);
    expect((await call("GET", `/invitation/preview?token=${token}`)).status).toBe(404);

  });

  it("lets one link be accepted once, even twice at the same time", async () => {
    await invite("Contoso", { email: "double@contoso.example", role: "read-only" });
    const body = { token: await invitationTokenFor("double@contoso.example"), password: NEW_PASSWORD, firstName: "Dee", lastName: "Bull" };
    const results = await Promise.all([call("POST", "/invitation/accept", { body }), call("POST", "/invitation/accept", { body })]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 404]);
    const db = await getDb();
    expect(await db.select().from(users).where(eq(users.email, "double@contoso.example"))).toHaveLength(1);
  });

  it("refuses an expired invitation, a made-up token and a missing one", async () => {
    const db = await getDb();
    const token = "expired-token-of-eight-days-ago-0000000000";
    await db.insert(invitations).values({
      organizationId: await organizationId("Contoso"),
      email: "late@contoso.example",
      role: "customer-read-only",
      tokenHash: hashToken(token),
      createdAt: new Date(Date.now() - 8 * 24 * 3600_000),
    });
    for (const candidate of [token, "made-up", "x".repeat(5000)]) {
      const preview = await call("GET", `/invitation/preview?token=${encodeURIComponent(candidate)}`);
      expect(preview.status).toBe(404);
      expect(preview.body.error).toBe("This invitation is unknown, has already been used or has expired. Ask for a new one.");
      const accept = await call("POST", "/invitation/accept", { body: { token: candidate, password: NEW_PASSWORD, firstName: "L", lastName: "T" } });
      expect(accept.status).toBe(404);
    }
    const french = await call("GET", `/invitation/preview?token=${token}`, { language: "fr" });
    expect(french.body.error).toBe("Cette invitation est inconnue, a déjà été utilisée ou a expiré. Demandez-en une nouvelle.");
    expect((await call("GET", "/invitation/preview")).body.error).toBe("Invitation token is required");
    expect((await call("POST", "/invitation/accept", { body: { password: NEW_PASSWORD } })).body.error).toBe("Invitation token is required");
    // Expired invitations are listed as expired and do not block a new one.
    const list = await call("GET", await invitationsPath("Contoso"), { cookie: await signIn("admin@contoso.example") });
    expect(list.body.items.find((item: { email: string }) => item.email === "late@contoso.example")).toMatchObject({ status: "expired", acceptedAt: null });
    await invite("Contoso", { email: "late@contoso.example", role: "read-only" });
    // A new account needs its password.
    const passwordless = await call("POST", "/invitation/accept", { body: { token: await invitationTokenFor("late@contoso.example") } });
    expect(passwordless.status).toBe(400);
    expect(passwordless.body.error).toBe("Password is required");
  });
});

describe("POST /organization/{organizationId}/invitation", () => {
  it.each([
    [{ role: "admin" }, "Email is required"],
    [{ email: "", role: "admin" }, "Email is required"],
    [{ email: "   ", role: "admin" }, "Email is required"],
    [{ email: "not-an-email", role: "admin" }, "Enter a valid email address"],
    [{ email: "ok@contoso.example" }, "Role must be Admin, Configure Only or Read Only"],
    [{ email: "ok@contoso.example", role: "customer-admin" }, "Role must be Admin, Configure Only or Read Only"],
    [{ email: "ok@contoso.example", role: "admin", token: "mine" }, "Unknown field: token"],
  ])("validates %j → %s", async (body, message) => {
    const response = await call("POST", await invitationsPath("Contoso"), { cookie: await signIn("admin@contoso.example"), body });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
  });

  it("answers the invite email message in French", async () => {
    const response = await call("POST", await invitationsPath("Contoso"), { cookie: await signIn("admin@contoso.example"), body: { role: "admin" }, language: "fr" });
    expect(response.body.error).toBe("L’e-mail est obligatoire");
  });

  it("gives the role name of the organization's type for each SPEC §6 role", async () => {
    const msp = await invite("Northwind Networks", { email: "ops@northwind.example", role: "read-only" }, "admin@northwind.example");
    expect(msp.roleName).toBe("msp-read-only");
    const operator = await invite("Maia", { email: "staff@maia.example", role: "configure" }, "admin@maia.example");
    expect(operator.roleName).toBe("internal-configure");
    const customer = await invite("Contoso", { email: "boss@contoso.example", role: "admin" });
    expect(customer.roleName).toBe("customer-admin");
  });

  it("refuses a second pending invitation for one email, and a member's email", async () => {
    await invite("Contoso", { email: "twice@contoso.example", role: "read-only" });
    const second = await call("POST", await invitationsPath("Contoso"), {
      cookie: await signIn("admin@northwind.example"),
      body: { email: "TWICE@contoso.example", role: "admin" },
    });
    expect(second.status).toBe(409);
    expect(second.body.error).toBe("twice@contoso.example already has a pending invitation to Contoso.");
    // On the email field, where the invite form shows it (issue 42: errors the user can fix).
    expect(second.body.issues).toEqual([{ path: "email", message: "twice@contoso.example already has a pending invitation to Contoso." }]);
    // Another organization may invite the same email.
    await invite("Fabrikam", { email: "twice@contoso.example", role: "read-only" }, "admin@fabrikam.example");

    const member = await call("POST", await invitationsPath("Contoso"), {
      cookie: await signIn("admin@contoso.example"),
      body: { email: "ReadOnly@Contoso.example", role: "admin" },
    });
    expect(member.status).toBe(409);
    expect(member.body.error).toBe("readonly@contoso.example is already a member of Contoso.");
    expect(member.body.issues).toEqual([{ path: "email", message: "readonly@contoso.example is already a member of Contoso." }]);
    const french = await call("POST", await invitationsPath("Contoso"), {
      cookie: await signIn("admin@contoso.example"),
      body: { email: "readonly@contoso.example", role: "admin" },
      language: "fr",
    });
    expect(french.body.error).toBe("readonly@contoso.example est déjà membre de Contoso.");
  });

  it("is for admins only", async () => {
    for (const email of ["readonly@contoso.example", "configure@northwind.example", "readonly@maia.example"]) {
      const response = await call("POST", await invitationsPath("Contoso"), { cookie: await signIn(email), body: { email: "x@contoso.example", role: "admin" } });
      expect(response.status, email).toBe(403);
    }
  });

  it("keeps tenants apart: the MSP may invite into its customer, other tenants get 404", async () => {
    await invite("Contoso", { email: "from-msp@contoso.example", role: "read-only" }, "admin@northwind.example");
    for (const [email, organization] of [
      ["admin@contoso.example", "Fabrikam"],
      ["admin@bluewave.example", "Contoso"],
      ["admin@contoso.example", "Northwind Networks"],
      ["admin@northwind.example", "Maia"],
    ]) {
      const create = await call("POST", await invitationsPath(organization), { cookie: await signIn(email), body: { email: "x@example.com", role: "admin" } });
      expect(create.status, `${email} → ${organization}`).toBe(404);
      const list = await call("GET", await invitationsPath(organization), { cookie: await signIn(email) });
      expect(list.status, `${email} → ${organization}`).toBe(404);
    }
  });
});

describe("GET /organization/{organizationId}/invitation", () => {
  it("pages the invitations by email", async () => {
    const cookie = await signIn("admin@initech.example");
    for (const email of ["c@initech.example", "a@initech.example", "b@initech.example"]) await invite("Initech", { email, role: "read-only" }, "admin@initech.example");
    const path = await invitationsPath("Initech");
    const first = await call("GET", `${path}?limit=2`, { cookie });
    expect(first.body.items.map((item: { email: string }) => item.email)).toEqual(["a@initech.example", "b@initech.example"]);
    const second = await call("GET", `${path}?limit=2&cursor=${first.body.nextCursor}`, { cookie });
    expect(second.body.items.map((item: { email: string }) => item.email)).toEqual(["c@initech.example"]);
    expect(second.body.nextCursor).toBeNull();
    // Bluewave (Initech's MSP) sees them; Northwind does not.
    expect((await call("GET", path, { cookie: await signIn("admin@bluewave.example") })).body.items).toHaveLength(3);
    expect((await call("GET", path, { cookie: await signIn("admin@northwind.example") })).status).toBe(404);
  });
});

describe("DELETE /invitation/{invitationId}", () => {
  it("revokes a pending invitation: its link stops working, the event keeps what it was", async () => {
    const created = await invite("Contoso", { email: "revoked@contoso.example", role: "admin" });
    const token = await invitationTokenFor("revoked@contoso.example");
    for (const email of ["readonly@contoso.example", "configure@northwind.example"]) {
      expect((await call("DELETE", `/invitation/${created.id}`, { cookie: await signIn(email) })).status, email).toBe(403);
    }
    for (const email of ["admin@fabrikam.example", "admin@bluewave.example"]) {
      const response = await call("DELETE", `/invitation/${created.id}`, { cookie: await signIn(email) });
      expect(response.status, email).toBe(404);
      expect(response.body.error).toBe("Not found");
    }
    const response = await call("DELETE", `/invitation/${created.id}`, { cookie: await signIn("admin@northwind.example") });
    expect(response.status).toBe(204);
    expect((await call("GET", `/invitation/preview?token=${token}`)).status).toBe(404);
    expect((await call("POST", "/invitation/accept", { body: { token, password: NEW_PASSWORD, firstName: "R", lastName: "V" } })).status).toBe(404);
    expect((await call("DELETE", `/invitation/${created.id}`, { cookie: await signIn("admin@contoso.example") })).status).toBe(404);
    const [, revoked] = await eventsOf(created.id);
    expect(revoked).toMatchObject({ type: "invitation.deleted", source: "admin@northwind.example", before: created, after: null });
    expect(await allEventsText()).not.toContain(token);
  });

  it("cannot revoke an accepted invitation", async () => {
    const created = await invite("Contoso", { email: "joined@contoso.example", role: "read-only" });
    const accepted = await call("POST", "/invitation/accept", {
      body: { token: await invitationTokenFor("joined@contoso.example"), password: NEW_PASSWORD, firstName: "J", lastName: "D" },
    });
    expect(accepted.status).toBe(200);
    expect((await call("DELETE", `/invitation/${created.id}`, { cookie: await signIn("admin@contoso.example") })).status).toBe(404);
    const db = await getDb();
    const [joined] = await db.select().from(users).where(eq(users.email, "joined@contoso.example"));
    expect(await db.select().from(memberships).where(eq(memberships.userId, joined.id))).toHaveLength(1);
  });
});

describe("POST /invitation/{invitationId}/resend", () => {
  it("mails a fresh link valid seven days from now: the old link stops working, the new one works", async () => {
    const db = await getDb();
    const created = await invite("Contoso", { email: "again@contoso.example", role: "read-only" });
    const oldToken = await invitationTokenFor("again@contoso.example");
    // Sent eight days ago: expired.
    await db.update(invitations).set({ createdAt: new Date(Date.now() - 8 * 24 * 3600_000) }).where(eq(invitations.id, created.id));
    const cookie = await signIn("admin@contoso.example");
    const listed = (await call("GET", await invitationsPath("Contoso"), { cookie })).body.items.find((item: { id: string }) => item.id === created.id);
    expect(listed.status).toBe("expired");

    const response = await call("POST", `/invitation/${created.id}/resend`, { cookie });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ id: created.id, email: "again@contoso.example", status: "pending", acceptedAt: null });
    expect(new Date(response.body.expiresAt).getTime() - Date.now()).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);
    const newToken = await invitationTokenFor("again@contoso.example");
    expect(newToken).not.toBe(oldToken);
    expect((await latestMailTo("again@contoso.example")).link).toBe(`${serverOrigin()}/invite/${newToken}`);
    expect(JSON.stringify(response.body)).not.toContain(newToken);
    expect((await call("GET", `/invitation/preview?token=${oldToken}`)).status).toBe(404);
    expect((await call("GET", `/invitation/preview?token=${newToken}`)).status).toBe(200);

    const [, resent] = await eventsOf(created.id);
    expect(resent).toMatchObject({ type: "invitation.updated", source: "admin@contoso.example", before: listed, after: response.body });
    expect(await allEventsText()).not.toContain(newToken);
  });

  it("is for admins of the organization or its MSP; other tenants get 404; an accepted one is not sent again", async () => {
    const created = await invite("Contoso", { email: "resend-rules@contoso.example", role: "admin" });
    for (const email of ["readonly@contoso.example", "configure@northwind.example"]) {
      expect((await call("POST", `/invitation/${created.id}/resend`, { cookie: await signIn(email) })).status, email).toBe(403);
    }
    for (const email of ["admin@fabrikam.example", "admin@bluewave.example"]) {
      expect((await call("POST", `/invitation/${created.id}/resend`, { cookie: await signIn(email) })).status, email).toBe(404);
    }
    expect((await call("POST", `/invitation/${created.id}/resend`, { cookie: await signIn("admin@northwind.example") })).status).toBe(200);
    const accepted = await call("POST", "/invitation/accept", {
      body: { token: await invitationTokenFor("resend-rules@contoso.example"), password: NEW_PASSWORD, firstName: "R", lastName: "S" },
    });
    expect(accepted.status).toBe(200);
    expect((await call("POST", `/invitation/${created.id}/resend`, { cookie: await signIn("admin@contoso.example") })).status).toBe(404);
  });
});
