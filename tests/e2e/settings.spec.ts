import { as, currentOrganizationId, expect, test } from "./fixtures";

test.describe("user settings", () => {
  as("admin@initech.example");
  test("validates, saves the name, and asks before leaving with unsaved changes", async ({ page }) => {
    await page.goto("/");
    await page.goto(`/organization/${currentOrganizationId(page)}/userSettings`);
    await expect(page.getByLabel("Email")).toHaveValue("admin@initech.example");
    await expect(page.getByLabel("Email")).toBeDisabled();
    const firstName = page.getByLabel("First name");
    await firstName.fill("");
    await firstName.blur();
    await expect(page.getByText("First name is required")).toBeVisible();
    await firstName.fill("Inès");
    // Leaving with unsaved changes asks first; Stay keeps the edit.
    await page.locator("aside").getByTestId("nav-common-alarms").click();
    await expect(page.getByRole("alertdialog")).toContainText("Leave without saving?");
    await page.getByRole("button", { name: "Stay" }).click();
    await expect(firstName).toHaveValue("Inès");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Your settings were saved.")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("First name")).toHaveValue("Inès");
    // Saved: leaving no longer asks.
    await page.locator("aside").getByTestId("nav-common-alarms").click();
    await expect(page).toHaveURL(/\/alarms$/);
  });

  test("Leave discards the edit and navigates", async ({ page }) => {
    await page.goto("/");
    await page.goto(`/organization/${currentOrganizationId(page)}/userSettings`);
    await page.getByLabel("Last name").fill("Changed");
    await page.locator("aside").getByTestId("nav-common-events").click();
    await page.getByRole("button", { name: "Leave" }).click();
    await expect(page).toHaveURL(/\/events$/);
  });
});

test.describe("organization settings", () => {
  as("admin@bluewave.example");
  test("shows the SPEC messages in French and renames the MSP", async ({ page }) => {
    await page.goto("/");
    await page.goto(`/organization/${currentOrganizationId(page)}/organizationSettings`);
    const name = page.getByTestId("organization-name");
    await name.fill("");
    await name.blur();
    await expect(page.getByText("Le nom est obligatoire")).toBeVisible();
    await name.fill("B");
    await expect(page.getByText("Le nom doit comporter au moins 2 caractères")).toBeVisible();
    await name.fill("Bluewave Telecom SA");
    await page.getByTestId("organization-save").click();
    await expect(page.getByText("L’organisation a été enregistrée.")).toBeVisible();
    // Organization queries are refreshed: the shell shows the new name at once.
    await expect(page.getByTestId("current-organization")).toContainText("Bluewave Telecom SA");
    await expect(page.locator("aside").getByTestId("organization-selector")).toContainText("Bluewave Telecom SA");
    await name.fill("Bluewave Telecom");
    await page.getByTestId("organization-save").click();
    await expect(page.getByTestId("current-organization")).toContainText(/Bluewave Telecom(?! SA)/);
  });
});

test.describe("customers", () => {
  as("configure@northwind.example");
  test("Add Customer validates with the SPEC messages and creates the customer", async ({ page }) => {
    await page.goto("/");
    await page.locator("aside").getByTestId("nav-msp-customers").click();
    await page.getByTestId("add-customer").click();
    await page.getByTestId("customer-create").click();
    await expect(page.getByText("Name is required")).toBeVisible();
    await expect(page.getByText("User Email is required")).toBeVisible();
    await page.getByTestId("customer-name").fill("W");
    await page.getByTestId("customer-email").fill("it@wingtip.example");
    await page.getByTestId("customer-create").click();
    await expect(page.getByText("Name must be at least 2 characters")).toBeVisible();
    const name = `Wingtip Toys ${Date.now()}`;
    await page.getByTestId("customer-name").fill(name);
    await page.getByTestId("customer-create").click();
    await expect(page.getByText(`${name} was created and it@wingtip.example was invited.`)).toBeVisible();
    await expect(page.getByTestId("customers-table")).toContainText(name);
    // The organization list was refreshed: the new customer is in the selector.
    await page.locator("aside").getByTestId("organization-selector").click();
    await expect(page.getByRole("option", { name })).toBeVisible();
  });
});

test.describe("support", () => {
  as("readonly@contoso.example");
  test("a support ticket is stored and acknowledged with its reference", async ({ page }) => {
    await page.goto("/");
    await page.getByTestId("support-button").click();
    await page.getByTestId("support-send").click();
    await expect(page.getByText("Message is required")).toBeVisible();
    await page.getByTestId("support-message").fill("The Paris site shows no traffic since 9:00.");
    await page.getByTestId("support-send").click();
    await expect(page.getByText(/Your support ticket was sent\. Reference: [0-9a-f]{8}/)).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});
