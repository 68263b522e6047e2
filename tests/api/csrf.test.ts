import { afterEach, describe, expect, it, vi } from "vitest";
import { call, organizationId, signIn } from "./helpers";

// Issue 13 finding 7: the CSRF check compares the whole origin (scheme, host, port) with the configured public
// origin or the request's own, and believes X-Forwarded-Host/-Proto only behind a proxy TRUST_PROXY=1 declares.

async function rename(headers: Record<string, string>) {
  const id = await organizationId("Contoso");
  return call("PATCH", `/config/organization/${id}`, { cookie: await signIn("admin@contoso.example"), body: { name: "Contoso" }, headers });
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("the CSRF origin check", () => {
  it.each([
    ["a foreign Origin named by X-Forwarded-Host", { origin: "https://evil.example", "x-forwarded-host": "evil.example" }],
    ["a foreign Origin named by X-Forwarded-Host and -Proto", { origin: "http://evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "http" }],
    ["an https Origin against an http host", { origin: "https://localhost" }],
    ["an https Origin with X-Forwarded-Proto but no trusted proxy", { origin: "https://localhost", "x-forwarded-proto": "https" }],
    ["another port", { origin: "http://localhost:8080" }],
    ["a sibling host", { origin: "http://localhost.evil.example" }],
    ["Origin null", { origin: "null" }],
    ["an empty Origin", { origin: "" }],
    ["a non-http Origin", { origin: "file://localhost" }],
    ["an Origin that is no URL", { origin: "localhost" }],
  ])("refuses %s", async (_label, headers) => {
    const response = await rename(headers);
    expect(response.status).toBe(403);
    expect(response.body.error).toBe("Cross-site requests are not allowed.");
  });

  it.each([
    ["its own Origin", { origin: "http://localhost" }],
    ["its own Origin with the default port written out", { origin: "http://localhost:80" }],
    ["no Origin (a non-browser client)", {}],
  ])("accepts %s", async (_label, headers) => {
    expect((await rename(headers)).status).toBe(200);
  });

  it("behind a trusted proxy, compares with the forwarded scheme and host", async () => {
    vi.stubEnv("TRUST_PROXY", "1");
    const forwarded = { "x-forwarded-host": "console.example", "x-forwarded-proto": "https" };
    expect((await rename({ ...forwarded, origin: "https://console.example" })).status).toBe(200);
    expect((await rename({ "x-forwarded-host": "console.example, proxy.internal", "x-forwarded-proto": "https, http", origin: "https://console.example" })).status).toBe(200);
    expect((await rename({ ...forwarded, origin: "http://console.example" })).status).toBe(403);
    expect((await rename({ ...forwarded, origin: "https://console.example:8443" })).status).toBe(403);
    expect((await rename({ ...forwarded, origin: "http://localhost" })).status).toBe(403);
  });

  it("accepts the configured public origin, whatever the Host", async () => {
    vi.stubEnv("PUBLIC_ORIGIN", "https://Console.Example:443/");
    expect((await rename({ origin: "https://console.example" })).status).toBe(200);
    expect((await rename({ origin: "http://console.example" })).status).toBe(403);
    expect((await rename({ origin: "http://localhost" })).status).toBe(200);
  });
});
