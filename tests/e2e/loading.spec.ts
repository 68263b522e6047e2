import { expect, test } from "./fixtures";

test("the loading page shows the slow banner after 10 s with Go Home and Logout", async ({ page }) => {
  // The clock stands still before the page loads, so a slow machine cannot bring the 10 s forward. The pause is a
  // minute ahead of the installed time: the installed clock runs until then, and a pause in its past throws.
  const start = new Date("2026-01-05T09:00:00Z");
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 60_000));
  await page.goto("/loading");
  await expect(page.getByRole("status")).toBeVisible();
  await page.clock.fastForward(9_000);
  await expect(page.getByTestId("slow-loading-banner")).toHaveCount(0);
  await page.clock.fastForward(1_500);
  const banner = page.getByTestId("slow-loading-banner");
  await expect(banner).toContainText(
    "Operation is taking longer than expected. Please wait or try one of the options to the right.",
  );
  await expect(banner.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
  await expect(banner.getByRole("link", { name: "Logout" })).toHaveAttribute("href", "/logout");
});
