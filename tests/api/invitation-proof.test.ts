import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { getApiApp } from "@/server/api/app";
import { hashPassword } from "@/server/auth/password";
import { serverOrigin } from "@/server/core/public-origin";
import { getDb } from "@/server/db/client";
import { invitations, memberships, users } from "@/server/db/schema";
import { call, DEMO_PASSWORD, organizationId, signIn } from "./helpers";
import { invitationTokenFor, latestMailTo, readOutbox } from "./outbox";
import { startFakeSmtp } from "./fake-smtp";
import { captureLogs } from "../fixtures/log-capture";

// Issue 13 finding 5: an invitation proves the address. The inviter never sees the link (it is mailed), the preview
// does not tell whether the address has an account, and an existing account joins only from its own session.

const NEW_PASSWORD = "correct horse battery";
const TOKEN = /[A-Za-z0-9_-]{43}/;

async function invite(organization: string, email: string, inviter = "admin@contoso.example") {
  const response = await call("POST", `/organization/${await organizationId(organization)}/invitation`, {
    cookie: await signIn(inviter),
    body: { email, role: "read-only" },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response;
}

async function addAccount(email: string, organization: string, language: "en" | "fr" = "en") {
  const db = await getDb();
  const [user] = await db
    .insert(users)
    .values({ email, firstName: "Ada", lastName: "Known", language, passwordHash: await hashPassword(DEMO_PASSWORD) })
    .returning();
  await db.insert(memberships).values({ userId: user.id, organizationId: await organizationId(organization), role: "customer-read-only" });
  return user;
}

const sessionCookie = (headers: Headers) =>
  headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith("maia_session="))
    ?.split(";")[0];

afterEach(() => {
  delete process.env.SMTP_URL;
  delete process.env.PUBLIC_ORIGIN;
  vi.restoreAllMocks();
});

describe("no account enumeration", () => {
  it("answers the same for an address with an account and one without, at creation and in the preview", async () => {
    await addAccount("known@fabrikam.example", "Fabrikam");
    const withAccount = await invite("Contoso", "known@fabrikam.example");
    const without = await invite("Contoso", "nobody@fabrikam.example");
    expect(Object.keys(withAccount.body).sort()).toEqual(Object.keys(without.body).sort());

    const previews = [];
    for (const email of ["known@fabrikam.example", "nobody@fabrikam.example"]) {
      const preview = await call("GET", `/invitation/preview?token=${await invitationTokenFor(email)}`);
      expect(preview.status).toBe(200);
      previews.push(preview.body);
    }
    expect(Object.keys(previews[0]).sort()).toEqual(["email", "expiresAt", "organizationName", "organizationType", "role", "roleName"]);
    expect(Object.keys(previews[1]).sort()).toEqual(Object.keys(previews[0]).sort());
    const { email: _a, expiresAt: _b, ...first } = previews[0];
    const { email: _c, expiresAt: _d, ...second } = previews[1];
    expect(first).toEqual(second);
  });
});

describe("no account squatting", () => {
  it("gives the inviter no way to the link: only the invitee's mail holds it", async () => {
    const contoso = await organizationId("Contoso");
    const created = await invite("Contoso", "alice@contoso.example");
    const admin = await signIn("admin@contoso.example");
    // Nothing the inviter can read carries a token: the answer, the list, the events.
    const list = await call("GET", `/organization/${contoso}/invitation`, { cookie: admin });
    const events = await call("GET", `/event?organizationId=${contoso}`, { cookie: admin });
    expect([list.status, events.status]).toEqual([200, 200]);
    expect(JSON.stringify(events.body)).toContain("alice@contoso.example");
    const token = await invitationTokenFor("alice@contoso.example");
    for (const answer of [created.body, list.body, events.body]) expect(JSON.stringify(answer)).not.toContain(token);
    expect(JSON.stringify(created.body)).not.toMatch(TOKEN);
    expect(created.body).not.toHaveProperty("acceptPath");

    // Without the token the admin cannot make her account (the invitation's id is no token)…
    const squat = await call("POST", "/invitation/accept", { body: { token: created.body.id, password: NEW_PASSWORD, firstName: "Not", lastName: "Alice" } });
    expect(squat.status).toBe(404);
    const db = await getDb();
    expect(await db.select().from(users).where(eq(users.email, "alice@contoso.example"))).toEqual([]);
    // …while the mailed link makes it.
    const accepted = await call("POST", "/invitation/accept", { body: { token, password: NEW_PASSWORD, firstName: "Alice", lastName: "Real" } });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ userEmail: "alice@contoso.example", organizationId: contoso });
  });

  it("lets an address that has an account join only from that account's session, or with that account's password", async () => {
    const alice = await addAccount("alice@fabrikam.example", "Fabrikam");
    await invite("Contoso", "alice@fabrikam.example");
    const token = await invitationTokenFor("alice@fabrikam.example");
    // Even holding the link, no one creates or takes over her account, with or without a session of theirs: a password
    // is checked against hers, never set.
    const anonymous = await call("POST", "/invitation/accept", { body: { token, password: NEW_PASSWORD, firstName: "Mallory", lastName: "M" } });
    expect(anonymous.status).toBe(401);
    expect(sessionCookie(anonymous.headers)).toBeUndefined();
    const inviter = await call("POST", "/invitation/accept", { body: { token, password: NEW_PASSWORD }, cookie: await signIn("admin@contoso.example") });
    expect(inviter.status).toBe(403);
    const db = await getDb();
    expect(await db.select({ userId: memberships.userId }).from(memberships).where(eq(memberships.userId, alice.id))).toHaveLength(1);
    const [unchanged] = await db.select().from(users).where(eq(users.id, alice.id));
    expect(unchanged.passwordHash).toBe(alice.passwordHash);

    const joined = await call("POST", "/invitation/accept", { body: { token }, cookie: await signIn("alice@fabrikam.example") });
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ userId: alice.id, organizationId: await organizationId("Contoso"), role: "customer-read-only" });
  });
});

describe("the invitation mail", () => {
  it("is written to the outbox with the absolute link, in the inviter's language for a new address", async () => {
    const before = (await readOutbox()).length;
    const logs = captureLogs();
    onTestFinished(logs.restore);
    const french = await signIn("admin@fabrikam.example");
    await call("PATCH", "/config/user", { cookie: french, body: { userFirstName: "Fa", userLastName: "Brik", userLanguage: "fr" } });
    await invite("Fabrikam", "new@fabrikam.example", "admin@fabrikam.example");
    const outbox = await readOutbox();
    expect(outbox).toHaveLength(before + 1);
    const mail = await latestMailTo("new@fabrikam.example");
    expect(mail).toMatchObject({ to: "new@fabrikam.example", subject: "Vous êtes invité à rejoindre Fabrikam sur Maia Console" });
    expect(mail.link).toMatch(new RegExp(`^${serverOrigin()}/invite/${TOKEN.source}$`));
    expect(mail.text).toContain("Fa Brik (admin@fabrikam.example) chez Fabrikam vous a invité à rejoindre Fabrikam sur Maia Console avec le rôle Lecture seule.");
    expect(mail.text).toContain(mail.link);
    expect(mail.text).toContain("expire dans 7 jours");
    expect(logs.lines).toContainEqual(expect.objectContaining({ level: "info", area: "mail", to: "new@fabrikam.example", link: mail.link }));
  });

  it("speaks the invitee's language when the address has an account", async () => {
    await addAccount("francoise@initech.example", "Initech", "fr");
    await invite("Contoso", "francoise@initech.example");
    const mail = await latestMailTo("francoise@initech.example");
    expect(mail.subject).toBe("Vous êtes invité à rejoindre Contoso sur Maia Console");
    await invite("Contoso", "english@initech.example");
    expect((await latestMailTo("english@initech.example")).subject).toBe("You are invited to join Contoso on Maia Console");
  });

  it("points at PUBLIC_ORIGIN when it is set, else at the server's own address", async () => {
    process.env.PUBLIC_ORIGIN = "https://console.example.com:8443/ignored/path";
    await invite("Contoso", "origin@contoso.example");
    expect((await latestMailTo("origin@contoso.example")).link).toMatch(new RegExp(`^https://console\\.example\\.com:8443/invite/${TOKEN.source}$`));
    process.env.PUBLIC_ORIGIN = "not an origin";
    const logs = captureLogs();
    onTestFinished(logs.restore);
    await invite("Contoso", "fallback@contoso.example");
    expect((await latestMailTo("fallback@contoso.example")).link.startsWith(`${serverOrigin()}/invite/`)).toBe(true);
    expect(logs.lines).toContainEqual(expect.objectContaining({ level: "warn", area: "config", PUBLIC_ORIGIN: "not an origin" }));
  });

  it("never takes the link's origin from the request, whose Host the caller writes", async () => {
    const cookie = await signIn("admin@contoso.example");
    const forged = new Request(`http://evil.example/api/v1/organization/${await organizationId("Contoso")}/invitation`, {
      method: "POST",
      headers: { host: "evil.example", cookie, "content-type": "application/json" },
      body: JSON.stringify({ email: "forged-host@contoso.example", role: "read-only" }),
    });
    expect((await getApiApp().fetch(forged)).status).toBe(201);
    const { link } = await latestMailTo("forged-host@contoso.example");
    expect(link.startsWith(`${serverOrigin()}/invite/`)).toBe(true);
    expect(link).not.toContain("evil.example");
  });

  it("goes to the new customer's first admin and to a new MSP's, never into the answer", async () => {
    const customer = await call("POST", `/config/msp/${await organizationId("Northwind Networks")}/organization`, {
      cookie: await signIn("admin@northwind.example"),
      body: { name: "Wingtip Toys", userEmail: "it@wingtip.example" },
    });
    expect(customer.status).toBe(201);
    const mail = await latestMailTo("it@wingtip.example");
    expect(mail.subject).toBe("You are invited to join Wingtip Toys on Maia Console");
    expect(JSON.stringify(customer.body)).not.toMatch(TOKEN);
    const msp = await call("POST", "/core/msp", { cookie: await signIn("admin@maia.example"), body: { name: "Litware", userEmail: "noc@litware.example" } });
    expect(msp.status).toBe(201);
    expect((await latestMailTo("noc@litware.example")).text).toContain("Litware");
    expect(JSON.stringify(msp.body)).not.toMatch(TOKEN);
  });

  it("is sent through SMTP_URL when it is set", async () => {
    const smtp = await startFakeSmtp();
    try {
      process.env.SMTP_URL = smtp.url;
      const before = (await readOutbox()).length;
      await invite("Contoso", "smtp@contoso.example");
      expect(smtp.messages).toHaveLength(1);
      const [message] = smtp.messages;
      expect(message.recipients).toEqual(["smtp@contoso.example"]);
      expect(message.data).toMatch(/^Subject: You are invited to join Contoso on Maia Console$/m);
      expect(message.data).toMatch(/^From: Maia Console <no-reply@localhost>$/m);
      expect(message.data).toMatch(new RegExp(`${serverOrigin()}/invite/${TOKEN.source}`));
      expect(await readOutbox()).toHaveLength(before);
    } finally {
      await smtp.close();
    }
  });

  it("keeps the invitation when the mail cannot be sent, and logs why", async () => {
    const smtp = await startFakeSmtp();
    await smtp.close();
    process.env.SMTP_URL = smtp.url;
    const logs = captureLogs();
    onTestFinished(logs.restore);
    const created = await invite("Contoso", "unlucky@contoso.example");
    expect(logs.lines).toContainEqual(expect.objectContaining({ level: "error", area: "mail", msg: "mail not sent", to: "unlucky@contoso.example" }));
    const db = await getDb();
    const [stored] = await db.select().from(invitations).where(eq(invitations.id, created.body.id));
    expect(stored).toMatchObject({ email: "unlucky@contoso.example", acceptedAt: null });
  });
});
