import { expect, test } from "@playwright/test";

// A page's answer no longer carries the whole message catalogue (it was 40 % of a dashboard's HTML): the browser
// fetches its language's catalogue script once, at an address that names its content, and keeps it; Next's runtime
// runs it before hydrating the page, which then speaks that language.

test("a page's answer leaves the messages to its language's script, and the hydrated page speaks French", async ({ page }) => {
  await page.context().addCookies([{ name: "NEXT_LOCALE", value: "fr", url: test.info().project.use.baseURL! }]);
  const html = await (await page.request.get("/login")).text();
  expect(html).toContain("Se connecter");
  // A message no sign-in page shows: before, every page carried it.
  expect(html).not.toContain("encore planifiées ou en cours");

  const scripts: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/catalogue/")) scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/login");
  // Hydrated, with the French catalogue: the client-side validation answers in French.
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByText("L’e-mail est obligatoire")).toBeVisible();
  expect(scripts).toHaveLength(1);
  expect(scripts[0]).toMatch(/^\/catalogue\/fr\.[0-9a-f]{16}\.js$/);

  // The script: kept for good, French, without the namespace only the server speaks.
  const script = await page.request.get(scripts[0]);
  expect(script.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(script.headers()["content-type"]).toContain("javascript");
  const body = await script.text();
  expect(body).toContain("encore planifiées ou en cours");
  expect(body).not.toContain("still scheduled or running");
  expect(body).not.toContain('"assistant":{"');
  // Another version of it (a page from before a deployment) gets today's catalogue, not kept; a made-up name is 404.
  const stale = await page.request.get("/catalogue/fr.0000000000000000.js");
  expect(stale.status()).toBe(200);
  expect(stale.headers()["cache-control"]).toBe("no-cache");
  expect((await page.request.get("/catalogue/de.0000000000000000.js")).status()).toBe(404);
  expect((await page.request.get("/catalogue/fr.js")).status()).toBe(404);
});
