import { expect, signIn, test } from "./fixtures";
import { openUserMenu } from "./steps";

// Issue 13: the open redirect after sign-in (finding 3), pages that kept a session alive after sign-out (finding 11),
// page answers' headers (finding 8) and page paths that answered 500 (finding 6), in Chromium against the build.

for (const next of ["/%5Cevil.example/", "/%09/evil.example/", "/%5C/evil.example/", "//evil.example/", "https://evil.example/"]) {
  test(`signing in from /login?next=${next} stays inside the console`, async ({ page }) => {
    const foreign: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).hostname !== "localhost") foreign.push(request.url());
    });
    await page.goto(`/login?next=${next}`);
    await page.getByLabel("Email").fill("admin@contoso.example");
    await page.getByLabel("Password").fill("maia-demo");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/organization\/[^/]+\//);
    expect(foreign).toEqual([]);
  });
}

test("signing in follows a console next", async ({ page }) => {
  const navigations: string[] = [];
  page.on("request", (request) => {
    if (request.isNavigationRequest()) navigations.push(new URL(request.url()).pathname);
  });
  await page.goto("/login?next=%2Forganization%2Fanything%2Fevents");
  await page.getByLabel("Email").fill("admin@contoso.example");
  await page.getByLabel("Password").fill("maia-demo");
  await page.getByRole("button", { name: "Sign in" }).click();
  // Not Contoso's organization: the guards send the user home, inside the console.
  await expect(page).toHaveURL(/\/organization\/[^/]+\/customer\/dashboard$/);
  expect(navigations).toContain("/organization/anything/events");
});

test("sign-out ends the session even when the browser's revoke call fails", async ({ page }) => {
  await signIn(page, "readonly@contoso.example");
  const consolePage = page.url();
  const cookie = (await page.context().cookies()).find((c) => c.name === "maia_session");
  expect(cookie).toBeDefined();
  let aborted = 0;
  await page.route("**/api/v1/auth/logout", async (route) => {
    aborted++;
    await route.abort("failed");
  });
  await openUserMenu(page);
  await page.getByTestId("menu-logout").click();
  await expect(page).toHaveURL(/\/logout$/);
  await expect(page.getByText("You have been signed out.")).toBeVisible();
  expect(aborted).toBe(1);
  expect((await page.context().cookies()).find((c) => c.name === "maia_session")).toBeUndefined();
  await page.goto(consolePage);
  await expect(page).toHaveURL(/\/login\?next=/);
  const replay = await page.request.get("/api/v1/config/user", { headers: { cookie: `maia_session=${cookie!.value}` } });
  expect(replay.status()).toBe(401);
});

test("pages carry a nonce policy that Next's scripts follow, and refuse framing and sniffing", async ({ page }) => {
  const response = await page.goto("/login");
  const headers = response!.headers();
  const nonce = /'nonce-([^']+)'/.exec(headers["content-security-policy"])?.[1];
  expect(nonce).toBeTruthy();
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
  // Every script of the answer carries this answer's nonce.
  const tags = (await response!.text()).match(/<script\b[^>]*>/g) ?? [];
  expect(tags.length).toBeGreaterThan(0);
  for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
  // The browser hides nonce attributes from the DOM; their property still reads. A script without one was added by
  // Next's runtime (a chunk it loads): 'strict-dynamic' trusts what trusted code loads.
  const scripts = await page.locator("script").evaluateAll((found) => found.map((script) => ({ nonce: (script as HTMLScriptElement).nonce, src: (script as HTMLScriptElement).src })));
  for (const script of scripts) if (script.nonce !== nonce) expect(script.src).toMatch(/\/_next\/static\/chunks\/[^/]+\.js$/);
  // The form is hydrated: client-side validation answers.
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Email is required")).toBeVisible();
  const again = await page.request.get("/login");
  expect(/'nonce-([^']+)'/.exec(again.headers()["content-security-policy"])?.[1]).not.toBe(nonce);
});

test("a page path with broken percent-encoding is Not Found, and a page refuses other methods", async ({ page }) => {
  for (const path of ["/%ZZ", "/organization/%ZZ/alarms", "/login/%E0%A4%A"]) {
    const response = await page.request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
    expect(await response.text()).toContain("Not Found");
  }
  const api = await page.request.get("/api/v1/%ZZ");
  expect(api.status()).toBe(400);
  expect(await api.json()).toMatchObject({ error: "URL is not valid" });
  const put = await page.request.fetch("/login", { method: "PUT", maxRedirects: 0 });
  expect(put.status()).toBe(405);
  expect(put.headers()["allow"]).toBe("GET, HEAD");
});
