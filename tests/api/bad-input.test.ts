import { describe, expect, it } from "vitest";
import { call, organizationId, signIn } from "./helpers";

// Bad input anywhere gets a 4xx with a clear message and loses nothing; never a 500.
describe("bad input", () => {
  it("answers malformed JSON with a clear 400", async () => {
    const id = await organizationId("Contoso");
    const response = await call("PATCH", `/config/organization/${id}`, { cookie: await signIn("admin@contoso.example"), rawBody: "{name:" });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("The request body is not valid JSON");
    expect(response.body.requestId).toBeTruthy();
  });

  it("refuses a non-JSON content type (CSRF: only non-simple requests mutate)", async () => {
    const id = await organizationId("Contoso");
    const response = await call("PATCH", `/config/organization/${id}`, {
      cookie: await signIn("admin@contoso.example"),
      rawBody: "name=Evil",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(415);
    expect(response.body.error).toBe("Send the request body as application/json");
  });

  it("refuses a cross-site Origin", async () => {
    const id = await organizationId("Contoso");
    const response = await call("PATCH", `/config/organization/${id}`, {
      cookie: await signIn("admin@contoso.example"),
      body: { name: "Evil Corp" },
      headers: { origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    expect(response.body.error).toBe("Cross-site requests are not allowed.");
  });

  it("accepts its own Origin", async () => {
    const id = await organizationId("Contoso");
    const response = await call("PATCH", `/config/organization/${id}`, {
      cookie: await signIn("admin@contoso.example"),
      body: { name: "Contoso" },
      headers: { origin: "http://localhost" },
    });
    expect(response.status).toBe(200);
  });

  it("refuses an oversize body with 413", async () => {
    const id = await organizationId("Contoso");
    const response = await call("PATCH", `/config/organization/${id}`, {
      cookie: await signIn("admin@contoso.example"),
      rawBody: JSON.stringify({ name: "x".repeat(1_100_000) }),
    });
    expect(response.status).toBe(413);
    expect(response.body.error).toBe("The request body is too large");
  });

  const hostile: [string, string][] = [
    ["array", "[]"],
    ["null", "null"],
    ["string", '"name"'],
    ["number", "12"],
    ["nested", '{"name":{"$gt":""}}'],
    ["unknown field", '{"name":"Contoso","organizationType":"maia"}'],
    ["prototype pollution", '{"name":"Contoso","__proto__":{"admin":true}}'],
    ["very long name", JSON.stringify({ name: "n".repeat(5000) })],
    ["empty", ""],
  ];

  it.each(hostile)("answers a %s body with a 4xx and a message", async (_label, rawBody) => {
    const id = await organizationId("Contoso");
    const cookie = await signIn("admin@contoso.example");
    const response = await call("PATCH", `/config/organization/${id}`, { cookie, rawBody });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(typeof response.body.error).toBe("string");
    expect(response.body.error.length).toBeGreaterThan(3);
    const after = await call("GET", "/config/organization", { cookie });
    expect(after.body[0]).toMatchObject({ name: "Contoso", organizationType: "customer" });
  });

  it("names the unknown field", async () => {
    const id = await organizationId("Contoso");
    const response = await call("PATCH", `/config/organization/${id}`, {
      cookie: await signIn("admin@contoso.example"),
      body: { name: "Contoso", organizationType: "maia" },
    });
    expect(response.body.error).toBe("Unknown field: organizationType");
  });

  it("answers an unknown route and an overlong id in the error format", async () => {
    const cookie = await signIn("admin@contoso.example");
    const unknown = await call("GET", "/config/nothing-here", { cookie });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: "Not found", requestId: expect.any(String) });
    const long = await call("GET", `/config/msp/${"x".repeat(300)}/organization`, { cookie });
    expect(long.status).toBe(400);
  });

  it("never exposes a stack trace", async () => {
    const response = await call("POST", "/auth/login", { rawBody: '{"email": 1, "password": []}' });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).not.toMatch(/at .*\.ts:\d+/);
  });
});

describe("text the database cannot store", () => {
  it("answers a NUL byte in a text with a 400", async () => {
    const id = await organizationId("Contoso");
    const cookie = await signIn("admin@contoso.example");
    const response = await call("POST", "/support/ticket", { cookie, body: { organizationId: id, message: "ab\u0000cd" } });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("body is not valid");
    // A name is one line of visible characters: refused before it reaches the database.
    const name = await call("PATCH", `/config/organization/${id}`, { cookie, body: { name: "ab\u0000cd" } });
    expect(name.status).toBe(400);
    expect(name.body.error).toBe("Use one line of visible characters");
  });
});

describe("dates the database cannot store", () => {
  // Issue 13 finding 6: these years reached PostgreSQL and came back as 500s.
  it.each([["-000001-01-01T00:00:00Z"], ["0000-01-01T00:00:00Z"], ["+275760-09-13T00:00:00Z"]])(
    "answers startTime=%s with a 400 that names the range, in the caller's language",
    async (value) => {
      const cookie = await signIn("admin@contoso.example");
      const query = `/event?startTime=${encodeURIComponent(value)}`;
      const english = await call("GET", query, { cookie });
      expect(english.status).toBe(400);
      expect(english.body.error).toBe("Dates must fall between the years 1 and 9999");
      const french = await call("GET", query.replace("startTime", "endTime"), { cookie, language: "fr" });
      expect(french.status).toBe(400);
      expect(french.body.error).toBe("Les dates doivent être comprises entre l’an 1 et l’an 9999");
    },
  );

  it("still answers a range at the edges of the years", async () => {
    const cookie = await signIn("admin@contoso.example");
    const response = await call("GET", `/event?startTime=0001-01-01T00:00:00Z&endTime=${encodeURIComponent("9999-12-31T23:59:59.999Z")}`, { cookie });
    expect(response.status).toBe(200);
  });
});
