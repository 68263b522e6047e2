import type { Page } from "@playwright/test";
import { as, expect, test } from "./fixtures";

// SPEC §8: a chart that fails to render says "Encountered an error when rendering chart: {error}." in its place,
// and the rest of the dashboard goes on. The site breakdown's "by path" answer is rewritten in the browser with a
// row the bar chart cannot draw (a name that is not a string), so the chart itself throws while rendering.

// What Chromium says when the chart reads the missing name's length.
const CHART_ERROR = "Cannot read properties of null (reading 'length')";

const MESSAGES = {
  en: `Encountered an error when rendering chart: ${CHART_ERROR}.`,
  fr: `Une erreur s’est produite lors de l’affichage du graphique : ${CHART_ERROR}.`,
} as const;

async function breakChartAnswers(page: Page) {
  await page.route(
    (url) => url.pathname.endsWith("/breakdown") && url.searchParams.get("by") === "path",
    async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      await route.fulfill({ response, json: { ...body, items: [{ id: "broken-row", name: null, rxBps: 1000, txBps: 500 }] } });
    },
  );
}

test.describe("a chart that fails to render", () => {
  as("admin@contoso.example");

  for (const language of ["en", "fr"] as const) {
    test(`shows SPEC §8's message in its place, the dashboard going on (${language})`, async ({ page }) => {
      if (language === "fr") await page.context().addCookies([{ name: "NEXT_LOCALE", value: "fr", url: test.info().project.use.baseURL! }]);
      await breakChartAnswers(page);
      await page.goto("/");
      await expect(page).toHaveURL(/\/customer\/dashboard$/);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      const breakdown = page.getByTestId("breakdown-card");
      // By connector (the server's answer, untouched), the chart draws.
      await expect(breakdown.getByTestId("stacked-bar-chart")).toBeVisible();
      // By path, the rewritten answer makes it throw.
      await breakdown.getByRole("tab").nth(1).click();
      await expect(breakdown.getByTestId("chart-error")).toHaveText(MESSAGES[language]);
      await expect(breakdown.getByTestId("stacked-bar-chart")).toHaveCount(0);
      // Only that chart: the other cards are still there.
      await expect(page.getByTestId("paths-card")).toBeVisible();
      await expect(page.getByTestId("bandwidth-card")).toBeVisible();
    });
  }
});
