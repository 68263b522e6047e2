import { describe, expect, it } from "vitest";
import { call, organizationId, signIn } from "./helpers";

describe("GET /config/organization", () => {
  it.each([
    ["admin@maia.example", ["Bluewave Telecom", "Contoso", "Fabrikam", "Initech", "Maia", "Northwind Networks"]],
    ["admin@northwind.example", ["Contoso", "Fabrikam", "Northwind Networks"]],
    ["admin@bluewave.example", ["Bluewave Telecom", "Initech"]],
    ["readonly@contoso.example", ["Contoso"]],
    ["admin@initech.example", ["Initech"]],
  ])("%s sees exactly its tenants", async (email, names) => {
    const response = await call("GET", "/config/organization", { cookie: await signIn(email) });
    expect(response.status).toBe(200);
    expect(response.body.map((org: { name: string }) => org.name).sort()).toEqual(names);
    for (const org of response.body) expect(Object.keys(org).sort()).toEqual(["id", "name", "organizationType", "parentId"]);
  });
});

describe("GET /config/user", () => {
  it("answers the SPEC §3 current user with the scopes of the role", async () => {
    const response = await call("GET", "/config/user", { cookie: await signIn("readonly@northwind.example") });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      userEmail: "readonly@northwind.example",
      userFirstName: "Rita",
      userLastName: "Okafor",
      organizationId: await organizationId("Northwind Networks"),
      role: "msp-read-only",
    });
    expect(response.body.scopes.sort()).toEqual(["common:config:read", "common:user:read", "msp:inventory:read", "msp:lifecycle:read"]);
    expect(response.headers.get("x-request-id")).toBeTruthy();
  });

  it("keeps the caller's request id", async () => {
    const response = await call("GET", "/config/user", { cookie: await signIn("admin@contoso.example"), headers: { "x-request-id": "support-1234" } });
    expect(response.headers.get("x-request-id")).toBe("support-1234");
  });
});

describe("PATCH /config/user", () => {
  it("saves the name and language and sets the locale cookie", async () => {
    const cookie = await signIn("admin@fabrikam.example");
    const response = await call("PATCH", "/config/user", {
      cookie,
      body: { userFirstName: "Félix", userLastName: "Braun", userLanguage: "fr" },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ userFirstName: "Félix", userLanguage: "fr" });
    expect(response.headers.getSetCookie().some((c) => c.startsWith("NEXT_LOCALE=fr"))).toBe(true);
    expect((await call("GET", "/config/user", { cookie })).body.userLanguage).toBe("fr");
    // Its event names the account by its address, not by a short id.
    const events = await call("GET", "/event?limit=5", { cookie });
    expect(events.body.items.find((event: { type: string }) => event.type === "user.updated")).toMatchObject({ entityName: "admin@fabrikam.example" });
  });

  it("refuses an email change (read-only) and an empty first name", async () => {
    const cookie = await signIn("admin@fabrikam.example");
    const email = await call("PATCH", "/config/user", {
      cookie,
      body: { userFirstName: "F", userLastName: "B", userLanguage: "en", userEmail: "x@y.example" },
    });
    expect(email.status).toBe(400);
    expect(email.body.error).toBe("Unknown field: userEmail");
    const empty = await call("PATCH", "/config/user", { cookie, body: { userFirstName: " ", userLastName: "B", userLanguage: "en" } });
    expect(empty.body.error).toBe("First name is required");
  });
});

describe("PATCH /config/organization/{id}", () => {
  it("renames the caller's own organization", async () => {
    const id = await organizationId("Initech");
    const response = await call("PATCH", `/config/organization/${id}`, { cookie: await signIn("admin@initech.example"), body: { name: "Initech Corp" } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id, name: "Initech Corp", organizationType: "customer", parentId: await organizationId("Bluewave Telecom") });
  });

  it("lets an MSP rename its customer", async () => {
    const id = await organizationId("Fabrikam");
    const response = await call("PATCH", `/config/organization/${id}`, { cookie: await signIn("configure@northwind.example"), body: { name: "Fabrikam Inc" } });
    expect(response.status).toBe(200);
    await call("PATCH", `/config/organization/${id}`, { cookie: await signIn("configure@northwind.example"), body: { name: "Fabrikam" } });
  });

  it.each([
    [{ name: "" }, "Name is required"],
    [{}, "Name is required"],
    [{ name: "A" }, "Name must be at least 2 characters"],
    [{ name: "  A  " }, "Name must be at least 2 characters"],
    [{ name: 42 }, "Name is required"],
  ])("validates %j → %s", async (body, message) => {
    const id = await organizationId("Contoso");
    const response = await call("PATCH", `/config/organization/${id}`, { cookie: await signIn("admin@contoso.example"), body });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
    expect(response.body.issues[0]).toMatchObject({ path: "name", message });
  });

  it("answers the messages in French", async () => {
    const id = await organizationId("Contoso");
    const response = await call("PATCH", `/config/organization/${id}`, { cookie: await signIn("admin@contoso.example"), body: { name: "A" }, language: "fr-FR,fr;q=0.9" });
    expect(response.body.error).toBe("Le nom doit comporter au moins 2 caractères");
  });
});

describe("PATCH /config/msp/{id}", () => {
  it("renames the MSP for its admin and for the operator", async () => {
    const id = await organizationId("Bluewave Telecom");
    const own = await call("PATCH", `/config/msp/${id}`, { cookie: await signIn("admin@bluewave.example"), body: { name: "Bluewave" } });
    expect(own.status).toBe(200);
    expect(own.body.name).toBe("Bluewave");
    const operator = await call("PATCH", `/config/msp/${id}`, { cookie: await signIn("admin@maia.example"), body: { name: "Bluewave Telecom" } });
    expect(operator.body.name).toBe("Bluewave Telecom");
  });

  it("answers 404 for an organization that is not an MSP", async () => {
    const id = await organizationId("Contoso");
    const response = await call("PATCH", `/config/msp/${id}`, { cookie: await signIn("admin@northwind.example"), body: { name: "Nope" } });
    expect(response.status).toBe(404);
  });
});

describe("GET and POST /config/msp/{id}/organization", () => {
  it("lists the MSP's customers", async () => {
    const id = await organizationId("Northwind Networks");
    const response = await call("GET", `/config/msp/${id}/organization`, { cookie: await signIn("readonly@northwind.example") });
    expect(response.status).toBe(200);
    expect(response.body.map((org: { name: string }) => org.name)).toEqual(["Contoso", "Fabrikam"]);
  });

  it("creates a customer and invites its first admin", async () => {
    const mspId = await organizationId("Northwind Networks");
    const cookie = await signIn("configure@northwind.example");
    const response = await call("POST", `/config/msp/${mspId}/organization`, {
      cookie,
      body: { name: "  Tailspin Toys ", userEmail: " IT@Tailspin.example " },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      name: "Tailspin Toys",
      organizationType: "customer",
      parentId: mspId,
      invitation: { email: "it@tailspin.example", role: "customer-admin" },
    });
    const list = await call("GET", `/config/msp/${mspId}/organization`, { cookie });
    expect(list.body.map((org: { name: string }) => org.name)).toContain("Tailspin Toys");
    const visible = await call("GET", "/config/organization", { cookie });
    expect(visible.body.map((org: { name: string }) => org.name)).toContain("Tailspin Toys");
  });

  it.each([
    [{ name: "", userEmail: "a@b.example" }, "Name is required"],
    [{ name: "Ok name", userEmail: "" }, "User Email is required"],
    [{ name: "Ok name" }, "User Email is required"],
    [{ name: "X", userEmail: "a@b.example" }, "Name must be at least 2 characters"],
    [{ name: "Ok name", userEmail: "not-an-email" }, "Enter a valid email address"],
  ])("validates %j → %s", async (body, message) => {
    const mspId = await organizationId("Northwind Networks");
    const response = await call("POST", `/config/msp/${mspId}/organization`, { cookie: await signIn("admin@northwind.example"), body });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
  });
});

describe("events of the config calls", () => {
  it("records renames, new customers with their invitation, and user settings, with before and after", async () => {
    const { getDb } = await import("@/server/db/client");
    const { events } = await import("@/server/db/schema");
    const { eq } = await import("drizzle-orm");
    const db = await getDb();
    const ofEntity = (id: string) => db.select().from(events).where(eq(events.entityId, id));
    const id = await organizationId("Fabrikam");
    await call("PATCH", `/config/organization/${id}`, { cookie: await signIn("admin@fabrikam.example"), body: { name: "Fabrikam Ltd" }, headers: { "x-request-id": "rename-1" } });
    const [rename] = (await ofEntity(id)).filter((event) => event.requestId === "rename-1");
    expect(rename).toMatchObject({ type: "organization.updated", before: { name: "Fabrikam" }, after: { name: "Fabrikam Ltd" } });
    const mspId = await organizationId("Northwind Networks");
    const created = await call("POST", `/config/msp/${mspId}/organization`, { cookie: await signIn("admin@northwind.example"), body: { name: "Event Customer", userEmail: "first@event.example" } });
    expect((await ofEntity(created.body.id))[0]).toMatchObject({ type: "organization.created", organizationId: mspId });
    expect((await ofEntity(created.body.invitation.id))[0]).toMatchObject({ type: "invitation.created", after: { email: "first@event.example" } });
    const user = await call("GET", "/config/user", { cookie: await signIn("readonly@contoso.example") });
    await call("PATCH", "/config/user", { cookie: await signIn("readonly@contoso.example"), body: { userFirstName: "Ravi", userLastName: "Shah-Patel", userLanguage: "en" } });
    const [settings] = await ofEntity(user.body.userId);
    expect(settings).toMatchObject({ type: "user.updated", before: { lastName: "Shah" }, after: { lastName: "Shah-Patel" } });
  });
});

describe("POST /support/ticket", () => {
  it("stores the ticket in the caller's organization and records that it was opened, without the message", async () => {
    const { getDb } = await import("@/server/db/client");
    const { events } = await import("@/server/db/schema");
    const { eq } = await import("drizzle-orm");
    const contoso = await organizationId("Contoso");
    const response = await call("POST", "/support/ticket", {
      cookie: await signIn("readonly@contoso.example"),
      body: { organizationId: contoso, message: "Paris has no traffic" },
    });
    expect(response.status).toBe(201);
    const [event] = await (await getDb()).select().from(events).where(eq(events.entityId, response.body.id));
    expect(event).toMatchObject({ type: "supportTicket.created", organizationId: contoso });
    expect(JSON.stringify(event.after)).not.toContain("Paris");
    const other = await call("POST", "/support/ticket", {
      cookie: await signIn("readonly@contoso.example"),
      body: { organizationId: await organizationId("Bluewave Telecom"), message: "x" },
    });
    expect(other.status).toBe(404);
  });
});
