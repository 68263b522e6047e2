import { expect, test } from "@playwright/test";

// A page's answer no longer carries the whole message catalogue (it was 40 % of a dashboard's HTML): the browser
// fetches its language's catalogue once as a chunk, and the page still speaks that language once hydrated.

test("a page's answer leaves the messages to its language's chunk, and the hydrated page speaks French", async ({ page }) => {
  await page.context().addCookies([{ name: "NEXT_LOCALE", value: "fr", url: test.info().project.use.baseURL! }]);
  const html = await (await page.request.get("/login")).text();
  expect(html).toContain("Se connecter");
  // A message no sign-in page shows: before, every page carried it.
  expect(html).not.toContain("encore planifiées ou en cours");

  const chunks: string[] = [];
  page.on("response", async (response) => {
    if (response.url().includes("/_next/static/") && response.url().endsWith(".js")) chunks.push(await response.text());
  });
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Se connecter" })).toBeEnabled();
  // Hydrated, with the French catalogue: the client-side validation answers in French.
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByText("L'e-mail est obligatoire")).toBeVisible();
  await expect.poll(() => chunks.some((chunk) => chunk.includes("encore planifiées ou en cours"))).toBe(true);
  expect(chunks.some((chunk) => chunk.includes("still scheduled or running"))).toBe(false);
});
