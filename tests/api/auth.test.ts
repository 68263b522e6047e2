import { describe, expect, it, vi } from "vitest";
import { call, DEMO_PASSWORD, signIn } from "./helpers";

describe("sign-in and sessions", () => {
  it("signs in with the demo password and answers the current user", async () => {
    const response = await call("POST", "/auth/login", { body: { email: "Admin@Contoso.example", password: DEMO_PASSWORD } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ userEmail: "admin@contoso.example", role: "customer-admin" });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("maia_session="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/);
  });

  it("sets a __Host- Secure cookie over https (behind a trusted proxy)", async () => {
    vi.stubEnv("TRUST_PROXY", "1");
    try {
      const response = await call("POST", "/auth/login", {
        body: { email: "admin@fabrikam.example", password: DEMO_PASSWORD },
        headers: { "x-forwarded-proto": "https" },
      });
      const cookie = response.headers.getSetCookie().find((c) => c.startsWith("__Host-maia_session="))!;
      expect(cookie).toMatch(/Secure/);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("ignores X-Forwarded-Proto without a trusted proxy", async () => {
    const response = await call("POST", "/auth/login", {
      body: { email: "admin@fabrikam.example", password: DEMO_PASSWORD },
      headers: { "x-forwarded-proto": "https" },
    });
    expect(response.headers.getSetCookie().find((c) => c.startsWith("maia_session="))).not.toMatch(/Secure/);
  });

  it("refuses a wrong password with the same message as an unknown account", async () => {
    const wrong = await call("POST", "/auth/login", { body: { email: "admin@initech.example", password: "nope" } });
    const unknown = await call("POST", "/auth/login", { body: { email: "nobody@initech.example", password: "nope" } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.error).toBe("Invalid email or password.");
    expect(unknown.body.error).toBe(wrong.body.error);
  });

  it("rate-limits repeated failures per account, in the caller's language", async () => {
    const email = "readonly@maia.example";
    for (let i = 0; i < 5; i++) {
      expect((await call("POST", "/auth/login", { body: { email, password: "bad" } })).status).toBe(401);
    }
    const limited = await call("POST", "/auth/login", { body: { email, password: DEMO_PASSWORD }, language: "fr" });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe("Trop de tentatives de connexion. Réessayez dans 15 minutes.");
  });

  it("rate-limits per address across accounts", async () => {
    const headers = { "x-maia-client-address": "203.0.113.9" };
    for (let i = 0; i < 20; i++) {
      await call("POST", "/auth/login", { body: { email: `x${i}@nowhere.example`, password: "bad" }, headers });
    }
    const limited = await call("POST", "/auth/login", { body: { email: "admin@bluewave.example", password: DEMO_PASSWORD }, headers });
    expect(limited.status).toBe(429);
  });

  it("revokes the session on logout so the old cookie no longer works", async () => {
    const response = await call("POST", "/auth/login", { body: { email: "configure@northwind.example", password: DEMO_PASSWORD } });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("maia_session="))!.split(";")[0];
    expect((await call("GET", "/config/user", { cookie })).status).toBe(200);
    expect((await call("POST", "/auth/logout", { cookie })).status).toBe(204);
    const after = await call("GET", "/config/user", { cookie });
    expect(after.status).toBe(401);
    expect(after.body.error).toBe("Your session has ended. Please sign in again.");
  });

  it("answers 401 without a session", async () => {
    const response = await call("GET", "/config/organization");
    expect(response.status).toBe(401);
    expect(response.body.requestId).toBeTruthy();
  });

  it("validates the login body with the catalogue messages", async () => {
    const response = await call("POST", "/auth/login", { body: { email: "", password: "" } });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("Email is required");
    await signIn("admin@northwind.example");
  });
});
