import type { Page } from "@playwright/test";
import { as, currentOrganizationId, DEMO_PASSWORD, expect, test } from "./fixtures";
import { unique } from "./steps";

// The operator's console (SPEC §2 core/msp: MSP list with ID, Name, Customers, Attachments; Add MSP; an MSP dashboard
// with Customers) as its home, and an MSP's Customers list with Active Sites and Inactive Sites (SPEC §2, §3).

async function setLanguage(page: Page, language: "en" | "fr") {
  await page.context().addCookies([{ name: "NEXT_LOCALE", value: language, url: test.info().project.use.baseURL! }]);
}

const mspRow = (page: Page, name: string) => page.getByTestId("msp-row").filter({ has: page.getByTestId("msp-row-name").getByText(name, { exact: true }) });

test.describe("the operator", () => {
  // Signed in through the sign-in page, to see where it lands.
  test.use({ storageState: { cookies: [], origins: [] } });

  test("lands on the MSP list, adds an MSP and sees it with its counts, and opens an MSP on its customers", async ({ page }) => {
    test.slow();
    await page.goto("/login");
    await page.getByLabel("Email").fill("admin@maia.example");
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    // The first render of a cold production server can take a while on a busy machine.
    await expect(page).toHaveURL(/\/organization\/[^/]+\/core\/msp$/, { timeout: 30_000 });
    await expect(page.getByRole("heading", { level: 1, name: "MSPs" })).toBeVisible();
    for (const column of ["ID", "Name", "Customers", "Attachments"]) {
      await expect(page.getByTestId("msps-table").getByRole("columnheader", { name: column, exact: true })).toBeVisible();
    }
    // The seeded MSP, with the customers and sites the API counts (others may add to them meanwhile: at least these).
    const northwind = mspRow(page, "Northwind Networks");
    await expect(northwind).toBeVisible();
    expect(Number(await northwind.getByTestId("msp-customers").textContent())).toBeGreaterThanOrEqual(2);
    expect(Number(await northwind.getByTestId("msp-attachments").textContent())).toBeGreaterThanOrEqual(1);

    // The SPEC §5 messages of Add MSP, in French, then in English with the email format error.
    await setLanguage(page, "fr");
    await page.reload();
    await page.getByTestId("msp-add").click();
    await page.getByTestId("msp-create").click();
    await expect(page.getByTestId("msp-dialog")).toContainText("Le nom est obligatoire");
    await expect(page.getByTestId("msp-dialog")).toContainText("L’e-mail de l’utilisateur est obligatoire");
    await setLanguage(page, "en");
    await page.reload();
    await page.getByTestId("msp-add").click();
    await page.getByTestId("msp-name").fill("T");
    await page.getByTestId("msp-email").fill("not-an-email");
    await page.getByTestId("msp-create").click();
    await expect(page.getByTestId("msp-dialog")).toContainText("Name must be at least 2 characters");
    await expect(page.getByTestId("msp-dialog")).toContainText("Enter a valid email address");
    await page.getByTestId("msp-name").fill("");
    await page.getByTestId("msp-email").fill("");
    await page.getByTestId("msp-create").click();
    await expect(page.getByTestId("msp-dialog")).toContainText("Name is required");
    await expect(page.getByTestId("msp-dialog")).toContainText("User Email is required");

    const name = `Tailwind ${unique()}`;
    const email = `ops-${unique()}@tailwind.example`;
    await page.getByTestId("msp-name").fill(name);
    await page.getByTestId("msp-email").fill(email);
    await page.getByTestId("msp-create").click();
    await expect(page.getByTestId("msp-dialog")).toBeHidden();
    await expect(page.getByText(`${name} was created and ${email} was invited.`)).toBeVisible();
    const added = mspRow(page, name);
    await expect(added.getByTestId("msp-customers")).toHaveText("0");
    await expect(added.getByTestId("msp-attachments")).toHaveText("0");
    // Its first admin's invitation went out; the filter finds it.
    await page.getByTestId("msps-filter").fill(name);
    await expect(page.getByTestId("msp-row")).toHaveCount(1);
    await page.getByTestId("msps-filter").fill("");

    // Opening Northwind: its dashboard, with its customers.
    await mspRow(page, "Northwind Networks").getByTestId("msp-open").click();
    await expect(page).toHaveURL(/\/organization\/[^/]+\/msp\/dashboard$/);
    await expect(page.getByTestId("current-organization")).toContainText("Northwind Networks");
    const customers = page.getByTestId("msp-customers").getByTestId("msp-customer");
    await expect(customers.filter({ hasText: "Contoso" })).toBeVisible();
    await expect(customers.filter({ hasText: "Fabrikam" })).toBeVisible();
  });
});

test.describe("an MSP", () => {
  as("admin@northwind.example");

  test("sees the Active Sites and Inactive Sites of each customer", async ({ page }) => {
    await page.goto("/");
    const mspId = currentOrganizationId(page);
    // A customer of its own with two active sites and one inactive one.
    const customerName = `Wingtip Sites ${unique()}`; // shell.spec.ts allows Wingtip customers beside the demo ones
    const created = await page.request.post(`/api/v1/config/msp/${mspId}/organization`, { data: { name: customerName, userEmail: `it-${unique()}@example.com` } });
    expect(created.status()).toBe(201);
    const { id: customerId } = (await created.json()) as { id: string };
    const siteIds: string[] = [];
    for (const [index, active] of [true, true, false].entries()) {
      const site = await page.request.post(`/api/v1/config/organization/${customerId}/site`, {
        data: { name: `${customerName} ${index}`, type: "standard", location: { address: "Nice, France", latitude: 43.7031, longitude: 7.2661 } },
      });
      expect(site.status()).toBe(201);
      const { id } = (await site.json()) as { id: string };
      siteIds.push(id);
      if (!active) expect((await page.request.patch(`/api/v1/config/site/${id}`, { data: { active: false } })).status()).toBe(200);
    }

    await page.locator("aside").getByTestId("nav-msp-customers").click();
    await expect(page).toHaveURL(/\/msp\/customerOrganization$/);
    const table = page.getByTestId("customers-table");
    await expect(table.getByRole("columnheader", { name: "Active Sites", exact: true })).toBeVisible();
    await expect(table.getByRole("columnheader", { name: "Inactive Sites", exact: true })).toBeVisible();
    const row = page.getByTestId("customer-row").filter({ hasText: customerName });
    await expect(row.getByTestId("customer-active-sites")).toHaveText("2");
    await expect(row.getByTestId("customer-inactive-sites")).toHaveText("1");
    // No raw identifier in the list any more.
    await expect(row).not.toContainText(customerId);
    // Live: a site turned inactive elsewhere moves between the columns with no reload.
    expect((await page.request.patch(`/api/v1/config/site/${siteIds[0]}`, { data: { active: false } })).status()).toBe(200);
    await expect(row.getByTestId("customer-active-sites")).toHaveText("1");
    await expect(row.getByTestId("customer-inactive-sites")).toHaveText("2");
  });
});
