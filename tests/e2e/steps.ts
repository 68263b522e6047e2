import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

// Steps a person takes in many specs: a name no other run uses, a choice in a select, a location from the search.

export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

export async function chooseInSelect(page: Page, trigger: string, option: string | RegExp) {
  await page.getByTestId(trigger).click();
  await page.getByRole("option", { name: option }).click();
}

/** A location chosen from the search dropdown. */
export async function pickLocation(page: Page, search: string, option: RegExp) {
  await page.getByTestId("location-search").fill(search);
  await page.getByRole("option", { name: option }).first().click();
  await expect(page.getByTestId("location-selected")).toBeVisible();
}

/**
 * The user menu opened: a click on its button before the shell has hydrated does nothing (the page came from the
 * server a moment ago), so it clicks again until the menu shows.
 */
export async function openUserMenu(page: Page) {
  const menu = page.getByRole("menu");
  await expect(async () => {
    if (!(await menu.isVisible())) await page.getByTestId("user-menu").click();
    await expect(menu).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * A theme chosen from the user menu with the keyboard: a pointer crossing the menu on its way into the submenu can
 * close it under the click (Radix submenus follow the pointer), which a spec about something else should not race.
 */
export async function chooseTheme(page: Page, theme: "light" | "dark" | "system") {
  await openUserMenu(page);
  await page.getByTestId("menu-theme").focus();
  await page.keyboard.press("ArrowRight");
  await page.getByTestId(`menu-theme-${theme}`).press("Enter");
  await expect(page.locator("html")).toHaveClass(new RegExp(theme === "system" ? "light|dark" : theme));
}

/** A language chosen from the user menu with the keyboard (as chooseTheme, for the same reason). */
export async function chooseLanguage(page: Page, locale: "en" | "fr") {
  await openUserMenu(page);
  await page.getByTestId("menu-language").focus();
  await page.keyboard.press("ArrowRight");
  await page.getByTestId(`menu-language-${locale}`).press("Enter");
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
}

/** A wall clock ("2026-12-07T09:30") as the console's date and time fields show it in English: "12/07/2026 09:30". */
export function englishDateTimeText(wall: string): string {
  const [, year, month, day, time] = /^(\d+)-(\d{2})-(\d{2})T(\d{2}:\d{2})$/.exec(wall)!;
  return `${month}/${day}/${year} ${time}`;
}
