import { as, currentOrganizationId, expect, test } from "./fixtures";

// SPEC §6: a console URL the user may not open sends them silently to / (and so to their home), whichever check
// refuses it — every page and layout goes through the one page wrapper (server/pages/console-page.tsx).

test.describe("a customer's admin", () => {
  as("admin@contoso.example");

  test("opening another organization's pages, visible to others but not to them, lands home", async ({ page, browser }) => {
    // Six or seven page loads, each ending on the customer dashboard: more than 30 s on a loaded 2-core machine.
    test.slow();
    // Fabrikam's id, as Fabrikam's own admin sees it.
    const fabrikam = await browser.newContext({ storageState: "tests/e2e/.auth/admin@fabrikam.example.json" });
    const [fabrikamOrg] = await (await fabrikam.request.get("/api/v1/config/organization")).json();
    await fabrikam.close();
    await page.goto("/");
    const home = currentOrganizationId(page);
    for (const route of ["customer/dashboard", "customer/site", "alarms", "chat", "userSettings", ""]) {
      await page.goto(`/organization/${fabrikamOrg.id}/${route}`);
      await expect(page).toHaveURL(new RegExp(`/organization/${home}/customer/dashboard$`));
    }
  });

  test("an organization that does not exist, or a route of another type, lands home", async ({ page }) => {
    // Six or seven page loads, each ending on the customer dashboard: more than 30 s on a loaded 2-core machine.
    test.slow();
    await page.goto("/");
    const home = currentOrganizationId(page);
    for (const url of [
      "/organization/00000000-0000-0000-0000-000000000000/alarms",
      "/organization/not-an-organization/events",
      `/organization/${home}/msp/dashboard`,
      `/organization/${home}/core/inventory`,
    ]) {
      await page.goto(url);
      await expect(page).toHaveURL(new RegExp(`/organization/${home}/customer/dashboard$`));
    }
  });

  test("another customer's site under a visible organization is not found, not another page", async ({ page }) => {
    await page.goto("/");
    const home = currentOrganizationId(page);
    await page.goto(`/organization/${home}/customer/site/00000000-0000-0000-0000-000000000000/configuration`);
    await expect(page.getByRole("heading", { name: "Not Found" })).toBeVisible();
    await expect(page).toHaveURL(/\/customer\/site\/00000000-0000-0000-0000-000000000000\/configuration$/);
  });
});

test.describe("an MSP's admin", () => {
  as("admin@northwind.example");

  test("drilling into a customer that is not its own is not found; another MSP's organization lands home", async ({ page, browser }) => {
    const bluewave = await browser.newContext({ storageState: "tests/e2e/.auth/admin@bluewave.example.json" });
    const organizations: { id: string; name: string }[] = await (await bluewave.request.get("/api/v1/config/organization")).json();
    await bluewave.close();
    const initech = organizations.find((org) => org.name === "Initech");
    const bluewaveOrg = organizations.find((org) => org.name === "Bluewave Telecom");
    await page.goto("/");
    const home = currentOrganizationId(page);
    await page.goto(`/organization/${home}/msp/dashboard/${initech?.id}`);
    await expect(page.getByRole("heading", { name: "Not Found" })).toBeVisible();
    await page.goto(`/organization/${bluewaveOrg?.id}/msp/dashboard`);
    await expect(page).toHaveURL(new RegExp(`/organization/${home}/msp/dashboard$`));
  });
});
