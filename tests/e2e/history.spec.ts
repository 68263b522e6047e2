import type { Locator, Page } from "@playwright/test";
import { as, expect, test } from "./fixtures";

// Issue 42, history that draws: on the customer dashboard's bandwidth card, each of 1 day, 1 week and 1 month
// earlier draws its dashed overlay on every range (more than a few points), or says the earlier period holds no data
// (this server runs without history), and never changes the current series' step. The probes card shows latency,
// jitter and loss at 1440 and 1024 px, with no column out of sight.

const RANGES = [
  { label: "Last 6 hours", step: "300 s" },
  { label: "Last 24 hours", step: "300 s" },
  { label: "Last 7 days", step: /^3[,\s\u202f]?600 s$/ },
  { label: "Last hour", step: "60 s" },
] as const;
const OPTIONS = [
  { label: "1 day earlier", empty: "No data a day earlier to compare with." },
  { label: "1 week earlier", empty: "No data a week earlier to compare with." },
  { label: "1 month earlier", empty: "No data a month earlier to compare with." },
] as const;

async function choose(page: Page, trigger: Locator, option: string) {
  await trigger.click();
  await page.getByRole("option", { name: option, exact: true }).click();
  await expect(trigger).toContainText(option);
}

/** The number of points a drawn line joins (a monotone curve: one "C" segment between two points). */
async function pointsOf(line: Locator): Promise<number> {
  const d = (await line.getAttribute("d")) ?? "";
  return d.startsWith("M") ? (d.match(/[CL]/g)?.length ?? 0) + 1 : 0;
}

test.describe("bandwidth history", () => {
  as("admin@contoso.example");

  test("every range against 1 day, 1 week and 1 month earlier: an overlay on the current step, or a plain no-data sentence", async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto("/");
    const card = page.getByTestId("bandwidth-card");
    const step = card.getByTestId("chart-step");
    const legend = card.getByTestId("chart-legend");
    const empty = card.getByTestId("backcast-empty");
    await expect(step).toBeVisible();
    for (const range of RANGES) {
      await choose(page, card.getByTestId("chart-backcast"), "No comparison");
      await choose(page, card.getByTestId("chart-range"), range.label);
      await expect(step).toHaveText(range.step);
      for (const option of OPTIONS) {
        await choose(page, card.getByTestId("chart-backcast"), option.label);
        const overlay = card.locator('path[data-series="rx-backcast"]');
        // This option's answer (not the one before it, still shown while this one loads).
        const emptyHere = empty.filter({ hasText: option.empty });
        await expect(legend.filter({ hasText: `RX, ${option.label}` }).or(emptyHere)).toBeVisible();
        // The comparison never changes the current series: the same step as without it.
        await expect(step).toHaveText(range.step);
        if (await emptyHere.isVisible()) {
          await expect(legend).not.toContainText(option.label);
          await expect(overlay).toHaveCount(0);
        } else {
          await expect(legend).toContainText(`TX, ${option.label}`);
          await expect.poll(() => pointsOf(overlay), { message: `${range.label}, ${option.label}` }).toBeGreaterThan(4);
        }
      }
    }
  });
});

test.describe("probes card", () => {
  as("admin@contoso.example");

  for (const width of [1440, 1024]) {
    test(`at ${width} px, latency, jitter and loss are in sight, none clipped`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/");
      const probes = page.getByTestId("probes-card");
      await expect(probes.getByTestId("probe-row").first()).toBeVisible();
      const scroller = probes.getByTestId("card-scroller");
      // The table fits its card: nothing to scroll to.
      expect(await scroller.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(1);
      const box = await scroller.boundingBox();
      if (!box) throw new Error("probes table not laid out");
      for (const name of ["Latency (ms)", "Jitter (ms)", "Loss (%)"]) {
        const header = probes.getByRole("columnheader", { name });
        await expect(header).toBeVisible();
        const cell = await header.boundingBox();
        if (!cell) throw new Error(`${name} not laid out`);
        expect(cell.x).toBeGreaterThanOrEqual(box.x - 1);
        expect(cell.x + cell.width).toBeLessThanOrEqual(box.x + box.width + 1);
      }
      // The figures of the first probe, each in its column.
      await expect(probes.getByTestId("probe-row").first().getByRole("cell")).toHaveCount(4);
    });
  }

  test("on a phone, a table still too wide scrolls in a named region the keyboard reaches, with a cue", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    const probes = page.getByTestId("probes-card");
    await expect(probes.getByTestId("probe-row").first()).toBeVisible();
    const scroller = probes.getByTestId("card-scroller");
    const overflow = await scroller.evaluate((element) => element.scrollWidth - element.clientWidth);
    if (overflow > 1) {
      await expect(scroller).toHaveAttribute("tabindex", "0");
      await expect(scroller).toHaveAttribute("role", "region");
      await expect(scroller).toHaveAccessibleName("Probes table, scrolls sideways");
      await expect(probes.getByTestId("scroll-cue")).toBeVisible();
      await scroller.focus();
      await page.keyboard.press("End");
      await scroller.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
      await expect(probes.getByTestId("scroll-cue")).toHaveCount(0);
    } else {
      await expect(scroller).not.toHaveAttribute("tabindex", "0");
      await expect(probes.getByRole("columnheader", { name: "Loss (%)" })).toBeVisible();
    }
  });
});
