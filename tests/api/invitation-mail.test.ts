import { randomUUID } from "node:crypto";
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { INVITATION_MAIL_BUDGET } from "@/lib/people/constants";
import { getDb } from "@/server/db/client";
import { events, invitations, organizations, users } from "@/server/db/schema";
import { invitationMailsQuery } from "@/server/people/invitation-budget";
import { call, DEMO_PASSWORD, organizationId, signIn } from "./helpers";
import { latestMailTo, readOutbox } from "./outbox";

// Issue 41, scope 4: invitation mails nobody can abuse. Invitations and resends spend hourly and daily budgets per
// inviter and per organization, counted from the stored events (a restart forgets nothing); the names people chose
// reach the mail as plain text with no link or address in them; the mail names the inviter by their account's address.

const { perInviter, perOrganization } = INVITATION_MAIL_BUDGET;
const MISSING_ID = "00000000-0000-4000-8000-000000000000";

async function invite(organization: string, email: string, inviter: string, language?: string) {
  return call("POST", `/organization/${await organizationId(organization)}/invitation`, {
    cookie: await signIn(inviter),
    body: { email, role: "read-only" },
    language,
  });
}

async function userId(email: string): Promise<string> {
  const db = await getDb();
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row.id;
}

/** Invitation mails sent earlier, as the events they leave: `count` of them, `ageMs` old and older by `stepMs` each. */
async function earlierMails(count: number, sender: { organization: string; inviter: string | null }, ageMs: number, stepMs = 60_000) {
  const db = await getDb();
  const organization = await organizationId(sender.organization);
  const actor = sender.inviter ? await userId(sender.inviter) : null;
  const now = Date.now();
  const batch = randomUUID();
  const rows = Array.from({ length: count }, (_, i) => ({
    organizationId: organization,
    source: "earlier",
    type: i % 2 ? "invitation.updated" : "invitation.created",
    entityType: "invitation",
    entityId: `earlier-${batch}-${i}`,
    actorUserId: actor,
    timestamp: new Date(now - ageMs - i * stepMs),
  }));
  await db.insert(events).values(rows);
  return () => db.delete(events).where(inArray(events.entityId, rows.map((row) => row.entityId)));
}

describe("invitation budgets", () => {
  it("refuses the inviter's mail past the hourly budget — resends count — with when to try again, and nothing sent", async () => {
    const sent: string[] = [];
    for (let i = 0; i < perInviter.hour - 1; i++) {
      const response = await invite("Contoso", `hourly-${i}@outside.example`, "admin@contoso.example");
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      sent.push(response.body.id);
    }
    // A resend is a mail too: the budget's last one.
    const cookie = await signIn("admin@contoso.example");
    expect((await call("POST", `/invitation/${sent[0]}/resend`, { cookie })).status).toBe(200);
    const mailsBefore = (await readOutbox()).length;

    const refused = await invite("Contoso", "one-too-many@outside.example", "admin@contoso.example");
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^You have sent too many invitations\. Try again in (59|60) minutes\.$/);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(3_500);
    expect(retryAfter).toBeLessThanOrEqual(3_600);
    const resend = await call("POST", `/invitation/${sent[1]}/resend`, { cookie, language: "fr" });
    expect(resend.status).toBe(429);
    expect(resend.body.error).toMatch(/^Vous avez envoyé trop d’invitations\. Réessayez dans (59|60) minutes\.$/);
    expect(resend.headers.get("retry-after")).toMatch(/^\d+$/);

    // Refused: no invitation, no new link, no mail, no event.
    const db = await getDb();
    expect(await db.select().from(invitations).where(eq(invitations.email, "one-too-many@outside.example"))).toEqual([]);
    expect(await readOutbox()).toHaveLength(mailsBefore);
    expect(await db.select().from(events).where(and(eq(events.entityId, sent[1]), eq(events.type, "invitation.updated")))).toEqual([]);

    // The inviter's budget is theirs: another admin of the organization, and another organization, still invite.
    expect((await invite("Contoso", "from-the-msp@outside.example", "admin@northwind.example")).status).toBe(201);
    expect((await invite("Fabrikam", "elsewhere@outside.example", "admin@fabrikam.example")).status).toBe(201);
    // So does a new customer's first invitation, which is a mail of the inviter's too.
    const customer = await call("POST", `/config/msp/${await organizationId("Northwind Networks")}/organization`, {
      cookie: await signIn("admin@northwind.example"),
      body: { name: "Budgeted Customer", userEmail: "first@budgeted.example" },
    });
    expect(customer.status).toBe(201);
  });

  it("counts the day from the stored mails, so a restart forgets nothing, and lets the inviter go on once they are a day old", async () => {
    const forget = await earlierMails(perInviter.day, { organization: "Fabrikam", inviter: "admin@initech.example" }, 2 * 3600_000);
    const refused = await invite("Initech", "day-over@outside.example", "admin@initech.example");
    expect(refused.status).toBe(429);
    // The oldest of the day's last 100 mails is 2 h + 99 min old: it leaves the day in 20 h 21 min.
    expect(refused.body.error).toBe("You have sent too many invitations. Try again in 21 hours.");
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(Math.abs(retryAfter - (24 * 3600 - 2 * 3600 - 99 * 60))).toBeLessThan(60);
    await forget();
    await earlierMails(perInviter.day, { organization: "Fabrikam", inviter: "admin@initech.example" }, 24 * 3600_000 + 60_000);
    expect((await invite("Initech", "day-over@outside.example", "admin@initech.example")).status).toBe(201);
  });

  it("refuses an organization's mails past its budget, whoever sends them, and no other organization's", async () => {
    // Sent by people no longer in the organization (no actor): they still count for it.
    const forget = await earlierMails(perOrganization.hour, { organization: "Fabrikam", inviter: null }, 0, 100);
    const refused = await invite("Fabrikam", "org-over@outside.example", "admin@fabrikam.example", "fr");
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^Trop d’invitations ont été envoyées dans cette organisation\. Réessayez dans (59|60) minutes\.$/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3_500);
    // An English caller reads it in English.
    const english = await invite("Fabrikam", "org-over@outside.example", "admin@fabrikam.example");
    expect(english.body.error).toMatch(/^Too many invitations have been sent in this organization\. Try again in (59|60) minutes\.$/);
    expect((await invite("Initech", "other-org@outside.example", "admin@initech.example")).status).toBe(201);
    await forget();
    expect((await invite("Fabrikam", "org-over@outside.example", "admin@fabrikam.example")).status).toBe(201);
  });

  it("refuses a new customer past its inviter's budget: its first admin's invitation is a mail, and nothing is created", async () => {
    const forget = await earlierMails(perInviter.hour, { organization: "Northwind Networks", inviter: "admin@northwind.example" }, 0, 100);
    const northwind = await organizationId("Northwind Networks");
    const body = { name: "Prize Winners Inc", userEmail: "winner@outside.example" };
    const refused = await call("POST", `/config/msp/${northwind}/organization`, { cookie: await signIn("admin@northwind.example"), body });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^You have sent too many invitations\. Try again in (59|60) minutes\.$/);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    const db = await getDb();
    expect(await db.select().from(organizations).where(eq(organizations.name, body.name))).toEqual([]);
    await forget();
    expect((await call("POST", `/config/msp/${northwind}/organization`, { cookie: await signIn("admin@northwind.example"), body })).status).toBe(201);
  });

  it("answers another tenant's invitation like a missing one, budget spent or not", async () => {
    const forget = await earlierMails(perOrganization.hour, { organization: "Fabrikam", inviter: null }, 0);
    const db = await getDb();
    const [fabrikamInvitation] = await db.select({ id: invitations.id }).from(invitations).where(eq(invitations.organizationId, await organizationId("Fabrikam"))).limit(1);
    const [contosoInvitation] = await db.select({ id: invitations.id }).from(invitations).where(eq(invitations.organizationId, await organizationId("Contoso"))).limit(1);
    // Contoso's admin has spent their hour (first test); Fabrikam has spent its hour.
    for (const [caller, target] of [
      ["admin@contoso.example", fabrikamInvitation.id],
      ["admin@initech.example", fabrikamInvitation.id],
      ["admin@fabrikam.example", contosoInvitation.id],
    ]) {
      const cookie = await signIn(caller);
      const response = await call("POST", `/invitation/${target}/resend`, { cookie });
      const missing = await call("POST", `/invitation/${MISSING_ID}/resend`, { cookie });
      expect([response.status, response.body.error], `${caller} → ${target}`).toEqual([missing.status, missing.body.error]);
      expect(response.status).toBe(404);
    }
    await forget();
  });

  it("sends no more than the budget when an inviter's invitations arrive all at once", async () => {
    const cookie = await signIn("admin@northwind.example");
    const db = await getDb();
    const inviter = await userId("admin@northwind.example");
    const mails = and(eq(events.actorUserId, inviter), inArray(events.type, ["invitation.created", "invitation.updated"]), gt(events.timestamp, new Date(Date.now() - 3_000_000)));
    const sentThisHour = async () => (await db.select().from(events).where(mails)).length;
    const before = await sentThisHour();
    expect(before).toBeGreaterThan(0);
    const targets = [await organizationId("Contoso"), await organizationId("Northwind Networks")];
    const responses = await Promise.all(
      Array.from({ length: perInviter.hour + 5 }, (_, i) =>
        call("POST", `/organization/${targets[i % targets.length]}/invitation`, { cookie, body: { email: `burst-${i}@outside.example`, role: "read-only" } }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(perInviter.hour - before);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5 + before);
    expect(await sentThisHour()).toBe(perInviter.hour);
  });
});

describe("the budgets' queries", () => {
  it("find an inviter's and an organization's latest mails through the partial indexes on invitation events", async () => {
    const db = await getDb();
    const plans = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const found: string[] = [];
      for (const sender of [eq(events.actorUserId, "someone"), eq(events.organizationId, "somewhere")]) {
        const { sql: text, params } = invitationMailsQuery(tx, sender, 100, new Date()).toSQL();
        const inlined = text.replace(/\$(\d+)/g, (_all, n: string) => `'${String(params[Number(n) - 1]).replace(/'/g, "''")}'`);
        const rows = (await tx.execute(sql.raw(`explain ${inlined}`))) as unknown as { rows: { "QUERY PLAN": string }[] };
        found.push(rows.rows.map((row) => row["QUERY PLAN"]).join("\n"));
      }
      return found;
    });
    expect(plans[0]).toContain("events_invitation_actor_idx");
    expect(plans[1]).toContain("events_invitation_org_idx");
  });
});

describe("the invitation mail's names", () => {
  it("quotes chosen names as plain text with no link or address, cut to length, and names the inviter by their account's address", async () => {
    const cookie = await signIn("admin@fabrikam.example");
    const fabrikam = await organizationId("Fabrikam");
    const renamed = await call("PATCH", `/config/organization/${fabrikam}`, { cookie, body: { name: "WIN A PRIZE at http://evil.example now" } });
    expect(renamed.status).toBe(200);
    const profile = await call("PATCH", "/config/user", {
      cookie,
      body: { userFirstName: "Fiona admin@contoso.example", userLastName: "<b>Boss</b>", userLanguage: "en" },
    });
    expect(profile.status, JSON.stringify(profile.body)).toBe(200);
    expect(renamed.body.name).toBe("WIN A PRIZE at http://evil.example now");

    const response = await call("POST", `/organization/${fabrikam}/invitation`, { cookie, body: { email: "victim@outside.example", role: "read-only" } });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const mail = await latestMailTo("victim@outside.example");
    expect(mail.subject).toBe("You are invited to join WIN A PRIZE at http[:]//evil[.]example now on Maia Console");
    expect(mail.text).toContain(
      "Fiona admin[@]contoso[.]example <b>Boss</b> (admin@fabrikam.example) at WIN A PRIZE at http[:]//evil[.]example now " +
        "invited you to join WIN A PRIZE at http[:]//evil[.]example now on Maia Console as Read Only.",
    );
    for (const part of [mail.subject, mail.text, mail.html!]) {
      expect(part).not.toContain("http://evil");
      expect(part).not.toContain("evil.example");
      expect(part).not.toContain("admin@contoso.example");
    }
    // The HTML part: everything escaped; its one link is the invitation's.
    expect(mail.html).toContain("Fiona admin[@]contoso[.]example &lt;b&gt;Boss&lt;/b&gt; (admin@fabrikam.example)");
    expect(mail.html).not.toContain("<b>");
    expect(mail.html!.match(/<a /g)).toHaveLength(1);
    expect(mail.html).toContain(`<a href="${mail.link}">${mail.link}</a>`);
    expect(mail.html!.match(/<[a-z!/]+/g)!.every((tag) => ["<!doctype", "<html", "<body", "<p", "</p", "<br", "<a", "</a", "</body", "</html"].includes(tag))).toBe(true);
  });

  it("refuses line breaks and hidden characters in names, and quotes names stored before as one line, cut with an ellipsis", async () => {
    const cookie = await signIn("admin@initech.example");
    const initech = await organizationId("Initech");
    for (const names of [{ userFirstName: "Ira\u202e" }, { userLastName: "Tech\nDear customer" }, { userFirstName: "I\u200bra" }]) {
      const body = { userFirstName: "Ira", userLastName: "Tech", userLanguage: "en", ...names };
      const refused = await call("PATCH", "/config/user", { cookie, body });
      expect([refused.status, refused.body.error], JSON.stringify(body)).toEqual([400, "Use one line of visible characters"]);
    }
    const renamed = await call("PATCH", `/config/organization/${initech}`, { cookie, body: { name: "Initech\nWIN" }, language: "fr" });
    expect([renamed.status, renamed.body.error]).toEqual([400, "Utilisez une seule ligne de caractères visibles"]);

    // Names written before the rule: quoted on one line, without their hidden characters.
    const long = `Initech ${"Very Long Name ".repeat(6)}www.evil.example`;
    const db = await getDb();
    await db.update(organizations).set({ name: long }).where(eq(organizations.id, initech));
    await db.update(users).set({ firstName: "Ira\u202e\u200b", lastName: "Tech\r\nDear customer, pay at evil dot example" }).where(eq(users.email, "admin@initech.example"));
    const login = await call("POST", "/auth/login", { body: { email: "admin@initech.example", password: DEMO_PASSWORD } });
    const fresh = login.headers.getSetCookie().find((c) => c.startsWith("maia_session="))!.split(";")[0];
    const invited = await call("POST", `/organization/${initech}/invitation`, { cookie: fresh, body: { email: "long@outside.example", role: "read-only" } });
    expect(invited.status).toBe(201);
    const mail = await latestMailTo("long@outside.example");
    const quoted = `${long.slice(0, 59).trimEnd()}…`;
    expect(quoted).toHaveLength(60);
    expect(mail.subject).toBe(`You are invited to join ${quoted} on Maia Console`);
    expect(mail.text.split("\n")[0]).toBe(
      `Ira Tech Dear customer, pay at evil dot example (admin@initech.example) at ${quoted} invited you to join ${quoted} on Maia Console as Read Only.`,
    );
  });
});
