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
