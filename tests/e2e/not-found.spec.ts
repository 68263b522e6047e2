import { expectAxeClean } from "./axe";
import { as, currentOrganizationId, expect, test } from "./fixtures";

// Issue 42: an object that is not there (a site that never was, another tenant's) answers Not Found inside the
// console, its navigation and header kept, so the user goes on from where they are.

test.describe("Not Found inside the console", () => {
  as("admin@contoso.example");
  for (const width of [1440, 390]) {
    test(`keeps the shell around the message, at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/");
      const organizationId = currentOrganizationId(page);
      await page.goto(`/organization/${organizationId}/customer/dashboard/00000000-0000-4000-8000-000000000000`);
      await expect(page.getByRole("heading", { name: "Not Found", level: 1 })).toBeVisible();
      await expect(page.getByTestId("customer-dashboard")).toHaveCount(0);
      await expect(page.getByTestId("current-organization")).toContainText("Contoso");
      await expect(page.getByTestId("user-menu")).toBeVisible();
      if (width >= 1024) await expect(page.locator("aside").getByTestId("nav-common-events")).toBeVisible();
      // The way on: a sidebar link to another page of the console.
      await expect(page.locator("aside a[href$='/events']")).toHaveCount(1);
      await expectAxeClean(page);
    });
  }
});
