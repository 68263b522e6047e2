import type { APIRequestContext } from "@playwright/test";
import { DEMO_PASSWORD, expect, test } from "./fixtures";
import { unique } from "./steps";

// Pages are rendered on render threads beside the main thread, which answers the API (server/render-threads): what
// one thread changes, the others know before the next request — a page never shows what the API has just changed
// away, and a session ended on one thread is ended on all.

async function signInFresh(request: APIRequestContext, baseURL: string, email: string) {
  const login = await request.post("/api/v1/auth/login", { data: { email, password: DEMO_PASSWORD }, headers: { origin: baseURL } });
  expect(login.status()).toBe(200);
  const cookie = login.headers()["set-cookie"].split(";")[0];
  return { cookie, origin: baseURL };
}

test("a page rendered right after a change through the API shows the change", async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  const headers = await signInFresh(request, baseURL!, "admin@contoso.example");
  const organizations = await (await request.get("/api/v1/config/organization", { headers })).json();
  const organizationId = organizations[0].id as string;
  const sites = await (await request.get(`/api/v1/config/organization/${organizationId}/site?limit=1`, { headers })).json();
  const site = sites.items[0] as { id: string; name: string };
  const page = `/organization/${organizationId}/customer/site/${site.id}/configuration`;
  try {
    for (let round = 0; round < 4; round++) {
      // Rendered first, so the render thread keeps the site's read; then renamed through the API.
      expect((await request.get(page, { headers })).status()).toBe(200);
      const name = `Renamed ${unique()}`;
      expect((await request.patch(`/api/v1/config/site/${site.id}`, { data: { name }, headers })).status()).toBe(200);
      const html = await (await request.get(page, { headers })).text();
      expect(html).toContain(name);
    }
  } finally {
    await request.patch(`/api/v1/config/site/${site.id}`, { data: { name: site.name }, headers });
    await request.dispose();
  }
});

test("signing out on a page ends the session for the API at once", async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  for (let round = 0; round < 3; round++) {
    const headers = await signInFresh(request, baseURL!, "readonly@contoso.example");
    // The API's thread has just read the session (and keeps it two seconds); the sign-out page ends it on another.
    expect((await request.get("/api/v1/config/user", { headers })).status()).toBe(200);
    const signedOut = await request.get("/logout", { headers });
    expect(signedOut.status()).toBe(200);
    expect((await request.get("/api/v1/config/user", { headers })).status()).toBe(401);
  }
  await request.dispose();
});
