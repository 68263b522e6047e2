import { NextRequest } from "next/server";
import { describe, expect, it, vi } from "vitest";
import { proxy } from "@/proxy";
import { contentSecurityPolicy, newNonce } from "@/server/pages/security-headers";
import { call, DEMO_PASSWORD, signIn } from "./helpers";

// Issue 13 finding 8: every page answer carries a Content-Security-Policy whose nonce is its own and reaches Next
// (through the request's headers), nothing may frame the console, and the browser neither sniffs types nor leaks paths.

const policyOf = (response: Response) => response.headers.get("content-security-policy") ?? "";
const nonceOf = (policy: string) => /'nonce-([^']+)'/.exec(policy)?.[1];
const directive = (policy: string, name: string) => policy.split("; ").find((part) => part.startsWith(`${name} `));

describe("the page answers' security headers", () => {
  it("gives a page a policy with a fresh nonce, and hands Next the same policy and nonce on the request", async () => {
    const first = await proxy(new NextRequest("http://localhost/login"));
    const second = await proxy(new NextRequest("http://localhost/login"));
    const policy = policyOf(first);
    const nonce = nonceOf(policy);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonceOf(policyOf(second))).not.toBe(nonce);
    // NextResponse.next({ request: { headers } }) carries the overridden request headers this way.
    expect(first.headers.get("x-middleware-request-content-security-policy")).toBe(policy);
    expect(first.headers.get("x-middleware-request-x-nonce")).toBe(nonce);
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(first.headers.get("x-frame-options")).toBe("DENY");
  });

  it("sends the headers with the guards' redirects too", async () => {
    const response = await proxy(new NextRequest("http://localhost/organization/org-1/dashboard"));
    expect(response.status).toBe(307);
    expect(response.headers.get("location")).toBe("http://localhost/login?next=%2Forganization%2Forg-1%2Fdashboard");
    expect(directive(policyOf(response), "frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("allows scripts only by nonce: no inline script, no eval outside development", () => {
    const nonce = newNonce();
    const production = contentSecurityPolicy(nonce, { dev: false });
    expect(directive(production, "script-src")).toBe(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`);
    expect(directive(production, "object-src")).toBe("object-src 'none'");
    expect(directive(production, "base-uri")).toBe("base-uri 'self'");
    expect(directive(production, "default-src")).toBe("default-src 'self'");
    expect(directive(contentSecurityPolicy(nonce, { dev: true }), "script-src")).toBe(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic' 'unsafe-eval'`);
  });

  it("reads development from NODE_ENV", async () => {
    vi.stubEnv("NODE_ENV", "development");
    try {
      expect(directive(policyOf(await proxy(new NextRequest("http://localhost/login"))), "script-src")).toContain("'unsafe-eval'");
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

// Issue 13 finding 11: /logout itself ends the session, so sign-out does not hang on the browser's POST /auth/logout.
describe("/logout", () => {
  const visit = (cookie: string, headers: Record<string, string> = {}) => proxy(new NextRequest("http://localhost/logout", { headers: { cookie, ...headers } }));

  it("revokes the session it carries and expires its cookie on the answer", async () => {
    const cookie = await signIn("readonly@contoso.example");
    expect((await call("GET", "/config/user", { cookie })).status).toBe(200);
    const response = await visit(cookie);
    expect(response.status).toBe(200);
    const expired = response.headers.getSetCookie().find((line) => line.startsWith("maia_session="));
    expect(expired).toMatch(/^maia_session=; Path=\/; Max-Age=0; HttpOnly; SameSite=lax$/i);
    expect((await call("GET", "/config/user", { cookie })).status).toBe(401);
    expect(policyOf(response)).toContain("'nonce-");
  });

  it("expires a __Host- cookie with Secure, and changes nothing for a prefetch or another page", async () => {
    const login = await call("POST", "/auth/login", { body: { email: "admin@fabrikam.example", password: DEMO_PASSWORD } });
    const token = login.headers.getSetCookie().find((line) => line.startsWith("maia_session="))!.split(";")[0].split("=")[1];
    const hostCookie = `__Host-maia_session=${token}`;
    const prefetch = await visit(hostCookie, { "next-router-prefetch": "1" });
    expect(prefetch.headers.getSetCookie()).toEqual([]);
    const other = await proxy(new NextRequest("http://localhost/login", { headers: { cookie: hostCookie } }));
    expect(other.headers.getSetCookie()).toEqual([]);
    expect((await call("GET", "/config/user", { cookie: hostCookie })).status).toBe(200);
    const response = await visit(hostCookie);
    expect(response.headers.getSetCookie().find((line) => line.startsWith("__Host-maia_session="))).toMatch(/Max-Age=0;.*Secure/);
    expect((await call("GET", "/config/user", { cookie: hostCookie })).status).toBe(401);
  });

  it("leaves the session alone when another site sends the browser to /logout", async () => {
    const cookie = await signIn("admin@initech.example");
    const response = await visit(cookie, { "sec-fetch-site": "cross-site" });
    expect(response.headers.getSetCookie()).toEqual([]);
    expect((await call("GET", "/config/user", { cookie })).status).toBe(200);
    expect((await visit(cookie, { "sec-fetch-site": "same-origin" })).headers.getSetCookie()).toHaveLength(1);
    expect((await call("GET", "/config/user", { cookie })).status).toBe(401);
  });

  it("shows the page to a visitor without a session", async () => {
    const response = await proxy(new NextRequest("http://localhost/logout"));
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});
