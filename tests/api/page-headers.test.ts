import { NextRequest } from "next/server";
import { describe, expect, it, vi } from "vitest";
import { proxy } from "@/proxy";
import { contentSecurityPolicy, newNonce } from "@/server/pages/security-headers";

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
