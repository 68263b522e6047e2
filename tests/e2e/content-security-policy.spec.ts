import { as, expect, test } from "./fixtures";

// Issue 42 scope 8: no page breaks its Content-Security-Policy. The noPolicyViolations fixture (fixtures.ts) fails any
// test on a refusal; here, that it sees one the page's script catches, and that a console page — whose live messages
// zod parses in the browser, and whose probe for `new Function` the policy refused — causes none.

test.describe("the Content-Security-Policy fixture", () => {
  test.fail();
  test("fails a test whose page had an eval refused, even one nobody sees", async ({ page }) => {
    await page.goto("/login");
    await page.locator("h1").first().waitFor();
    // A string to run later is compiled by the page, under its policy (what the test itself evaluates is not).
    const refused = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          document.addEventListener("securitypolicyviolation", (event) => resolve(event.effectiveDirective), { once: true });
          (setTimeout as (code: string) => number)("void 0");
        }),
    );
    expect(refused).toBe("script-src");
    // One more round trip, so that the report has reached the fixture before the test ends.
    await page.evaluate(() => document.title);
  });
});

test.describe("a customer's dashboards", () => {
  as("admin@contoso.example");
  test("parse their data and live news in the browser with no eval the policy refuses", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/customer\/dashboard$/);
    // The live connection's messages are parsed with zod as they come.
    await expect(page.getByTestId("realtime-status")).toHaveAttribute("data-state", "open", { timeout: 30_000 });
    await expect(page.getByTestId("sites-card").getByTestId("dashboard-site").first()).toBeVisible();
    await expect(page.getByTestId("breakdown-card").getByTestId("stacked-bar-chart")).toBeVisible();
    await page.evaluate(() => document.title);
  });
});
