import { as, currentOrganizationId, expect, test } from "./fixtures";
import { openUserMenu } from "./steps";

const groupsOf = async (page: import("@playwright/test").Page) =>
  page.locator("aside [data-testid^=nav-group-]").evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-testid")));

test.describe("operator", () => {
  as("admin@maia.example");
  test("lands on the MSP list with the operator and common groups", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/organization\/[^/]+\/core\/msp$/);
    await expect(page).toHaveTitle("Maia Console - Maia");
    expect(await groupsOf(page)).toEqual(["nav-group-operator", "nav-group-common"]);
    const aside = page.locator("aside");
    await expect(aside.getByTestId("nav-operator-msps")).toBeVisible();
    await expect(aside.getByTestId("nav-operator-inventory")).toBeVisible();
    await expect(aside.getByTestId("nav-operator-users")).toBeVisible();
    await expect(aside.getByTestId("nav-common-alarms")).toBeVisible();
    await expect(aside.getByTestId("nav-common-lifecycle")).toHaveCount(0);
  });

  test("switches into an MSP and a customer with the organization selector", async ({ page }) => {
    await page.goto("/");
    await page.locator("aside").getByTestId("organization-selector").click();
    const listbox = page.getByRole("listbox");
    await expect(listbox.getByRole("group", { name: "Maia" })).toBeVisible();
    await expect(listbox.getByRole("group", { name: "MSPs" })).toContainText("Bluewave Telecom");
    await expect(listbox.getByRole("group", { name: "Customers" })).toContainText("Initech");
    await page.getByPlaceholder("Search organizations...").fill("north");
    await expect(listbox.getByRole("option")).toHaveCount(1);
    await listbox.getByRole("option", { name: "Northwind Networks" }).click();
    await expect(page).toHaveURL(/\/msp\/dashboard$/);
    await expect(page).toHaveTitle("Maia Console - Northwind Networks");
    expect(await groupsOf(page)).toEqual(["nav-group-msp", "nav-group-common"]);
  });
});

test.describe("operator on a phone", () => {
  as("admin@maia.example");
  test("in French, every page's heading and actions fit the screen", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.context().addCookies([{ name: "NEXT_LOCALE", value: "fr", url: test.info().project.use.baseURL! }]);
    await page.goto("/");
    const organizationId = currentOrganizationId(page);
    for (const route of ["core/msp", "core/inventory", "user/users", "alarms", "events"]) {
      await page.goto(`/organization/${organizationId}/${route}`);
      await expect(page.locator("main h1")).toBeVisible();
      // Before, the inventory's two actions stayed on one line and "Ajouter un équipement" ran off the screen.
      const header = page.locator("main h1").locator("xpath=../..");
      const overflow = await header.evaluate((element) => element.scrollWidth - element.clientWidth);
      expect(overflow, route).toBeLessThanOrEqual(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), route).toBeLessThanOrEqual(390);
    }
  });
});

test.describe("MSP admin", () => {
  as("admin@northwind.example");
  test("lands on the MSP dashboard with the MSP and common groups", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/msp\/dashboard$/);
    await expect(page).toHaveTitle("Maia Console - Northwind Networks");
    expect(await groupsOf(page)).toEqual(["nav-group-msp", "nav-group-common"]);
    for (const item of ["dashboard", "customers", "edgeNodes", "cpeNodes", "externalFabrics", "topology", "inventory"]) {
      await expect(page.locator("aside").getByTestId(`nav-msp-${item}`)).toBeVisible();
    }
    for (const item of ["alarms", "events", "lifecycle", "paths", "users"]) {
      await expect(page.locator("aside").getByTestId(`nav-common-${item}`)).toBeVisible();
    }
  });

  test("sees only its own customers in the selector and works on Contoso's pages", async ({ page }) => {
    await page.goto("/");
    await page.locator("aside").getByTestId("organization-selector").click();
    const options = page.getByRole("listbox").getByRole("option");
    // Other tests add customers to Northwind while this one runs: the demo ones lead, no other tenant shows.
    await expect(options.first()).toHaveText("Northwind Networks");
    const names = await options.allTextContents();
    expect(names).toEqual(expect.arrayContaining(["Contoso", "Fabrikam"]));
    for (const other of ["Maia", "Bluewave Telecom", "Initech"]) expect(names).not.toContain(other);
    for (const name of names.slice(1)) expect(["Contoso", "Fabrikam"].includes(name) || /^Wingtip /.test(name), name).toBe(true);
    await page.getByRole("option", { name: "Contoso" }).click();
    await expect(page).toHaveURL(/\/customer\/dashboard$/);
    expect(await groupsOf(page)).toEqual(["nav-group-customer", "nav-group-common"]);
    await expect(page.getByTestId("current-organization")).toContainText("Contoso");
  });
});

test.describe("customer admin", () => {
  as("admin@contoso.example");
  test("lands on the customer dashboard with the customer and common groups", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/customer\/dashboard$/);
    await expect(page).toHaveTitle("Maia Console - Contoso");
    expect(await groupsOf(page)).toEqual(["nav-group-customer", "nav-group-common"]);
    await expect(page.locator("aside").getByTestId("nav-common-lifecycle")).toHaveCount(0);
    await expect(page.getByTestId("customer-dashboard")).toBeVisible();
  });

  test("is sent to / (and so home) when opening an MSP-only route", async ({ page }) => {
    await page.goto("/");
    const organizationId = currentOrganizationId(page);
    for (const route of ["msp/edgeNode", "msp/lifecycle/running", "core/msp", "paths/p1"]) {
      await page.goto(`/organization/${organizationId}/${route}`);
      await expect(page).toHaveURL(new RegExp(`/organization/${organizationId}/customer/dashboard$`));
    }
  });

  test("cannot open another tenant's organization: sent silently to / (SPEC §2, §6)", async ({ page, request }) => {
    const organizations = await (await request.get("/api/v1/config/organization")).json();
    expect(organizations.map((org: { name: string }) => org.name)).toEqual(["Contoso"]);
    await page.goto("/organization/00000000-0000-0000-0000-000000000000/customer/dashboard");
    await expect(page).toHaveURL(new RegExp(`/organization/${organizations[0].id}/customer/dashboard$`));
    await expect(page.getByTestId("customer-dashboard")).toBeVisible();
  });

  test("an unknown route redirects to /", async ({ page }) => {
    await page.goto("/no/such/page");
    await expect(page).toHaveURL(/\/customer\/dashboard$/);
  });
});

test.describe("read-only users", () => {
  as("readonly@northwind.example");
  test("see the customers but no Add Customer, and organization settings without Save", async ({ page }) => {
    await page.goto("/");
    await page.locator("aside").getByTestId("nav-msp-customers").click();
    await expect(page.getByTestId("customers-table")).toContainText("Contoso");
    await expect(page.getByTestId("add-customer")).toHaveCount(0);
    await openUserMenu(page);
    await page.getByTestId("menu-organization-settings").click();
    await expect(page.getByText("You can view these settings but not change them.")).toBeVisible();
    await expect(page.getByTestId("organization-save")).toHaveCount(0);
  });
});
