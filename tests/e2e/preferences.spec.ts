import { as, expect, test } from "./fixtures";
import { chooseTheme } from "./steps";

test.describe("language", () => {
  as("admin@fabrikam.example");
  test("switching to French changes the whole shell at once and persists", async ({ page }) => {
    await page.goto("/");
    const aside = page.locator("aside");
    await expect(aside.getByTestId("nav-common-alarms")).toHaveText("Alarms");
    await page.getByTestId("user-menu").click();
    await page.getByTestId("menu-language").click();
    await page.getByTestId("menu-language-fr").click();
    await expect(aside.getByTestId("nav-common-alarms")).toHaveText("Alarmes");
    await expect(aside.getByTestId("nav-customer-dashboard")).toHaveText("Tableau de bord");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByTestId("customer-dashboard").getByRole("heading", { level: 1 })).toHaveText("Tableau de bord");
    await page.reload();
    await expect(aside.getByTestId("nav-common-events")).toHaveText("Événements");
    // Back to English through user settings.
    await page.getByTestId("user-menu").click();
    await page.getByTestId("menu-user-settings").click();
    await expect(page.getByRole("heading", { name: "Paramètres utilisateur" })).toBeVisible();
    await page.getByTestId("language-select").click();
    await page.getByRole("option", { name: "English" }).click();
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByRole("heading", { name: "User settings" })).toBeVisible();
    await expect(aside.getByTestId("nav-common-alarms")).toHaveText("Alarms");
  });
});

test.describe("theme", () => {
  as("admin@initech.example");
  test("is light by default, and dark persists under ui-theme across reloads", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveClass(/light/);
    // From the user menu, by keyboard (a pointer on its way into a Radix submenu can close it under a busy machine).
    await chooseTheme(page, "dark");
    expect(await page.evaluate(() => localStorage.getItem("ui-theme"))).toBe("dark");
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await chooseTheme(page, "system");
    expect(await page.evaluate(() => localStorage.getItem("ui-theme"))).toBe("system");
  });
});
