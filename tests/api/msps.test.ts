import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { events, invitations, sites } from "@/server/db/schema";
import { call, organizationId, signIn } from "./helpers";
import { invitationTokenFor } from "./outbox";

// The operator's MSP list and Add MSP (SPEC §2 core/msp: ID, Name, Customers, Attachments; §3 MSP list entry),
// and an MSP's customer summaries (SPEC §2 Customers: Active Sites, Inactive Sites; §3 MSP customer summary).

const PARIS = { locationAddress: "Paris (PA), France", latitude: 48.8566, longitude: 2.3522 };

// Sites belong to the sites area: inserted directly. Contoso 2 active + 1 inactive, Initech 1 inactive.
beforeAll(async () => {
  const db = await getDb();
  const contoso = await organizationId("Contoso");
  const initech = await organizationId("Initech");
  await db.insert(sites).values([
    { organizationId: contoso, name: "Paris HQ", ...PARIS },
    { organizationId: contoso, name: "Lyon", ...PARIS },
    { organizationId: contoso, name: "Old depot", active: false, ...PARIS },
    { organizationId: initech, name: "Closed office", active: false, ...PARIS },
  ]);
});

async function eventsOf(entityId: string) {
  const db = await getDb();
  return db.select().from(events).where(eq(events.entityId, entityId)).orderBy(asc(events.id));
}

describe("GET /core/msp", () => {
  it("lists every MSP with its customers and attachments (sites of its customers), by name", async () => {
    const response = await call("GET", "/core/msp", { cookie: await signIn("readonly@maia.example") });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      items: [
        { id: await organizationId("Bluewave Telecom"), name: "Bluewave Telecom", customerCount: 1, attachmentCount: 1 },
        { id: await organizationId("Northwind Networks"), name: "Northwind Networks", customerCount: 2, attachmentCount: 3 },
      ],
      nextCursor: null,
    });
  });

  it("pages by name and searches", async () => {
    const cookie = await signIn("admin@maia.example");
    const first = await call("GET", "/core/msp?limit=1", { cookie });
    expect(first.body.items.map((msp: { name: string }) => msp.name)).toEqual(["Bluewave Telecom"]);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await call("GET", `/core/msp?limit=1&cursor=${first.body.nextCursor}`, { cookie });
    expect(second.body.items.map((msp: { name: string }) => msp.name)).toEqual(["Northwind Networks"]);
    const search = await call("GET", "/core/msp?search=NORTH", { cookie });
    expect(search.body.items.map((msp: { name: string }) => msp.name)).toEqual(["Northwind Networks"]);
    expect((await call("GET", "/core/msp?search=100%25", { cookie })).body.items).toEqual([]);
  });

  it("is the operator's only: MSP and customer users get 403", async () => {
    for (const email of ["admin@northwind.example", "readonly@northwind.example", "admin@contoso.example", "admin@bluewave.example"]) {
      const response = await call("GET", "/core/msp", { cookie: await signIn(email) });
      expect(response.status, email).toBe(403);
      expect(response.body.error).toBe("You do not have permission to do this.");
    }
    expect((await call("GET", "/core/msp")).status).toBe(401);
  });
});

describe("POST /core/msp", () => {
  it("creates the MSP, invites its first admin with an accept link, and records both events", async () => {
    const response = await call("POST", "/core/msp", {
      cookie: await signIn("admin@maia.example"),
      body: { name: "  Tailwind Transit ", userEmail: " Ops@Tailwind.example " },
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      name: "Tailwind Transit",
      organizationType: "msp",
      parentId: null,
      invitation: {
        id: expect.any(String),
        organizationId: response.body.id,
        email: "ops@tailwind.example",
        role: "admin",
        roleName: "msp-admin",
        invitedBy: "admin@maia.example",
        createdAt: expect.any(String),
        expiresAt: expect.any(String),
        acceptedAt: null,
        status: "pending",
      },
    });
    // The link is mailed to the invitee, never answered to the operator.
    const token = await invitationTokenFor("ops@tailwind.example");
    expect(JSON.stringify(response.body)).not.toContain(token);

    const list = await call("GET", "/core/msp?search=tailwind", { cookie: await signIn("admin@maia.example") });
    expect(list.body.items).toEqual([{ id: response.body.id, name: "Tailwind Transit", customerCount: 0, attachmentCount: 0 }]);

    const [created] = await eventsOf(response.body.id);
    expect(created).toMatchObject({
      organizationId: response.body.id,
      type: "organization.created",
      source: "admin@maia.example",
      after: { id: response.body.id, name: "Tailwind Transit", organizationType: "msp", parentId: null },
    });
    const [invited] = await eventsOf(response.body.invitation.id);
    const invitation = response.body.invitation;
    expect(invited).toMatchObject({ organizationId: response.body.id, type: "invitation.created", after: invitation });
    const db = await getDb();
    const [stored] = await db.select().from(invitations).where(eq(invitations.id, invitation.id));
    const text = JSON.stringify(await db.select().from(events));
    expect(text).not.toContain(token);
    expect(text).not.toContain(stored.tokenHash);

    // The invitee accepts and is the MSP's admin.
    const accepted = await call("POST", "/invitation/accept", { body: { token, password: "tailwind-admin-1", firstName: "Olu", lastName: "Ade" } });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ organizationId: response.body.id, role: "msp-admin" });
  });

  it.each([
    [{ name: "", userEmail: "a@b.example" }, "Name is required"],
    [{ userEmail: "a@b.example" }, "Name is required"],
    [{ name: "X", userEmail: "a@b.example" }, "Name must be at least 2 characters"],
    [{ name: "Ok name", userEmail: "" }, "User Email is required"],
    [{ name: "Ok name" }, "User Email is required"],
    [{ name: "Ok name", userEmail: "nope" }, "Enter a valid email address"],
  ])("validates %j → %s", async (body, message) => {
    const response = await call("POST", "/core/msp", { cookie: await signIn("admin@maia.example"), body });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
  });

  it("answers in French", async () => {
    const cookie = await signIn("admin@maia.example");
    expect((await call("POST", "/core/msp", { cookie, body: { name: "Ok name" }, language: "fr" })).body.error).toBe(
      "L’e-mail de l’utilisateur est obligatoire",
    );
    expect((await call("POST", "/core/msp", { cookie, body: { name: "", userEmail: "a@b.example" }, language: "fr" })).body.error).toBe(
      "Le nom est obligatoire",
    );
  });

  it("needs the operator and a write scope", async () => {
    const db = await getDb();
    const before = (await db.select().from(events)).length;
    for (const email of ["readonly@maia.example", "admin@northwind.example", "admin@contoso.example"]) {
      const response = await call("POST", "/core/msp", { cookie: await signIn(email), body: { name: "Rogue MSP", userEmail: "x@rogue.example" } });
      expect(response.status, email).toBe(403);
    }
    expect((await db.select().from(events)).length).toBe(before);
  });
});

describe("GET /config/msp/{mspId}/customer-summary", () => {
  it("counts each customer's active and inactive sites", async () => {
    const path = `/config/msp/${await organizationId("Northwind Networks")}/customer-summary`;
    const expected = [
      { customerOrgId: await organizationId("Contoso"), customerName: "Contoso", activeSites: 2, inactiveSites: 1 },
      { customerOrgId: await organizationId("Fabrikam"), customerName: "Fabrikam", activeSites: 0, inactiveSites: 0 },
    ];
    for (const email of ["readonly@northwind.example", "admin@maia.example"]) {
      const response = await call("GET", path, { cookie: await signIn(email) });
      expect(response.status, email).toBe(200);
      expect(response.body).toEqual(expected);
    }
    const bluewave = await call("GET", `/config/msp/${await organizationId("Bluewave Telecom")}/customer-summary`, { cookie: await signIn("admin@bluewave.example") });
    expect(bluewave.body).toEqual([{ customerOrgId: await organizationId("Initech"), customerName: "Initech", activeSites: 0, inactiveSites: 1 }]);
  });

  it("answers 404 to other tenants and for an organization that is not an MSP", async () => {
    const northwind = `/config/msp/${await organizationId("Northwind Networks")}/customer-summary`;
    for (const email of ["admin@bluewave.example", "admin@contoso.example", "admin@initech.example"]) {
      const response = await call("GET", northwind, { cookie: await signIn(email) });
      expect(response.status, email).toBe(404);
      expect(response.body.error).toBe("Not found");
    }
    const customer = await call("GET", `/config/msp/${await organizationId("Contoso")}/customer-summary`, { cookie: await signIn("admin@maia.example") });
    expect(customer.status).toBe(404);
  });
});
