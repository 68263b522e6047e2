import type { Locator, Page } from "@playwright/test";
import { as, expect, test } from "./fixtures";
import { englishDateTimeText } from "./steps";

// msp/lifecycle (SPEC §2 tabs Scheduled, Running, Finished; §4 Now or Later, edit, cancel, summaries; §5 node and
// version required) as Northwind's admin in Paris: a reboot scheduled Later and moved, then cancelled; an install Now
// on two devices whose bars fill and whose summary reaches Finished over /ws, without a reload. The e2e server runs
// installs in 12 s (playwright.config.ts). Devices used here and nowhere else: MX-C9000-0002, MX-C9000-0003, -0004.

const ZONE = "Europe/Paris";

/** A wall-clock time in Paris, `days` from now, as the date and time box takes it. */
function parisInput(days: number, time: string): string {
  const date = new Date(Date.now() + days * 86_400_000);
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(date);
  return `${day}T${time}`;
}

/** The Paris wall-clock time (HH:MM) of the instant a cell's <time> carries; the instant itself is in UTC. */
async function parisTimeOf(cell: Locator): Promise<string> {
  const instant = await cell.locator("time").getAttribute("datetime");
  expect(instant).toMatch(/Z$/);
  return new Intl.DateTimeFormat("en-GB", { timeZone: ZONE, hour: "2-digit", minute: "2-digit" }).format(new Date(instant!));
}

const row = (page: Page, serial: string) => page.getByTestId("lifecycle-row").and(page.locator(`[data-serial="${serial}"]`));

async function openLifecycle(page: Page) {
  await page.goto("/");
  await page.locator("aside").getByTestId("nav-common-lifecycle").click();
  await expect(page).toHaveURL(/\/msp\/lifecycle\/scheduled$/);
  await expect(page.getByTestId("lifecycle-table")).toBeVisible();
}

async function pickDevice(page: Page, serial: string) {
  await page.getByTestId("lifecycle-device-search").fill(serial);
  // The search is answered by the server: click once the list holds its answer, not the list it replaces.
  await expect(page.getByTestId("lifecycle-device-option")).toHaveCount(1);
  await page.getByTestId("lifecycle-device-option").and(page.locator(`[data-serial="${serial}"]`)).click();
}

test.describe("lifecycle as an MSP admin", () => {
  as("admin@northwind.example");
  test.use({ timezoneId: ZONE });

  test("schedules a reboot Later, moves and cancels it; an install Now on two devices fills its bars and is summarised live", async ({ page }) => {
    test.slow();
    await openLifecycle(page);
    await expect(page.getByTestId("lifecycle-tab-scheduled")).toHaveAttribute("aria-current", "page");

    // SPEC §5: the devices' node and the version are required.
    await page.getByTestId("lifecycle-schedule-open").click();
    const dialog = page.getByTestId("lifecycle-schedule-dialog");
    await dialog.getByTestId("lifecycle-schedule-submit").click();
    await expect(dialog.getByText("Node is required")).toBeVisible();
    await expect(dialog.getByText("Version is required")).toBeVisible();

    // A device with an install already scheduled (the demo's) is shown unavailable, with why, and cannot be chosen.
    await page.getByTestId("lifecycle-device-search").fill("MX-E400-0101");
    const busy = dialog.getByTestId("lifecycle-device-option");
    await expect(busy).toHaveCount(1);
    await expect(busy).toHaveAttribute("data-serial", "MX-E400-0101");
    await expect(busy.getByTestId("lifecycle-device-busy")).toContainText(/Unavailable\s*Scheduled install 24\.3\.2 on /);
    await expect(busy.getByRole("checkbox")).toBeDisabled();

    // A reboot Later, at 09:30 Paris time in two days.
    await pickDevice(page, "MX-C9000-0002");
    await expect(dialog.getByText("Node is required")).toBeHidden();
    await expect(dialog.getByTestId("lifecycle-device-count")).toHaveText("1 device selected");
    await dialog.getByTestId("lifecycle-operation").click();
    await page.getByRole("option", { name: "Reboot" }).click();
    await dialog.getByTestId("lifecycle-start-later").click();
    await expect(dialog.getByText(`In your time zone (${ZONE}); stored in UTC.`)).toBeVisible();
    await dialog.getByTestId("lifecycle-schedule-submit").click();
    await expect(dialog.getByText("Start time is required")).toBeVisible();
    await dialog.getByTestId("lifecycle-start-at").fill(parisInput(2, "09:30"));
    await dialog.getByTestId("lifecycle-schedule-submit").click();
    await expect(dialog).toBeHidden();
    const reboot = row(page, "MX-C9000-0002");
    await expect(reboot.getByTestId("lifecycle-operation")).toHaveText("Reboot");
    await expect(reboot.getByTestId("lifecycle-scheduled-at")).toContainText(/09:30\sAM GMT\+[12]/);
    expect(await parisTimeOf(reboot.getByTestId("lifecycle-scheduled-at"))).toBe("09:30");

    // Its start moves to 14:15 the day after.
    await reboot.getByTestId("lifecycle-edit").click();
    const edit = page.getByTestId("lifecycle-reschedule-dialog");
    await expect(edit.getByTestId("lifecycle-reschedule-at")).toHaveValue(englishDateTimeText(parisInput(2, "09:30")));
    await edit.getByTestId("lifecycle-reschedule-at").fill(parisInput(3, "14:15"));
    await edit.getByTestId("lifecycle-reschedule-submit").click();
    await expect(edit).toBeHidden();
    await expect(reboot.getByTestId("lifecycle-scheduled-at")).toContainText(/02:15\sPM GMT\+[12]/);
    expect(await parisTimeOf(reboot.getByTestId("lifecycle-scheduled-at"))).toBe("14:15");

    // An install Now on two devices.
    const version = `25.1.${Date.now() % 100_000}`;
    await page.getByTestId("lifecycle-schedule-open").click();
    await pickDevice(page, "MX-C9000-0003");
    await pickDevice(page, "MX-C9000-0004");
    await expect(dialog.getByTestId("lifecycle-device-count")).toHaveText("2 devices selected");
    await dialog.getByTestId("lifecycle-version").fill(version);
    await dialog.getByTestId("lifecycle-schedule-submit").click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("2 operations scheduled")).toBeVisible();

    // The reboot is cancelled from the selection, with a confirmation.
    await reboot.getByTestId("lifecycle-select").click();
    await page.getByTestId("lifecycle-cancel-selected").click();
    await expect(page.getByRole("alertdialog")).toContainText("Cancel this operation?");
    await page.getByTestId("lifecycle-cancel-confirm-confirm").click();
    await expect(reboot).toHaveCount(0);

    // Running: both bars fill, over /ws.
    await page.getByTestId("lifecycle-tab-running").click();
    await expect(page).toHaveURL(/\/msp\/lifecycle\/running$/);
    const bars = ["MX-C9000-0003", "MX-C9000-0004"].map((serial) => row(page, serial).getByTestId("lifecycle-progress"));
    for (const bar of bars) {
      await expect(bar).toBeVisible({ timeout: 15_000 });
      await expect.poll(async () => Number(await bar.getAttribute("aria-valuenow")), { timeout: 15_000 }).toBeGreaterThanOrEqual(25);
    }
    const reached = Number(await bars[0].getAttribute("aria-valuenow"));
    await expect.poll(async () => Number(await bars[0].getAttribute("aria-valuenow")), { timeout: 10_000 }).toBeGreaterThan(reached);

    // Finished, opened while they still run: the summary arrives without a reload.
    await page.getByTestId("lifecycle-tab-finished").click();
    await expect(page).toHaveURL(/\/msp\/lifecycle\/finished$/);
    const batch = page.getByTestId("lifecycle-batch").filter({ hasText: `Install version ${version} on 2 devices` });
    await expect(batch.getByTestId("lifecycle-batch-summary")).toHaveText("All operations succeeded", { timeout: 20_000 });
    for (const serial of ["MX-C9000-0003", "MX-C9000-0004"]) {
      await expect(row(page, serial).first().getByTestId("lifecycle-summary")).toHaveText(`Installed ${version}`);
    }
    await expect(row(page, "MX-C9000-0002").first().getByTestId("lifecycle-status")).toHaveText("Cancelled");

    // The details of one of them.
    await row(page, "MX-C9000-0003").first().getByTestId("lifecycle-details-open").click();
    const details = page.getByTestId("lifecycle-details");
    await expect(details).toContainText("Operation on MX-C9000-0003");
    await expect(details.getByTestId("lifecycle-details-summary")).toHaveText(`Installed ${version}`);
    await expect(details).toContainText("Nora Walsh");
  });

  test("says in French that the node and the version are required", async ({ page }) => {
    await page.context().addCookies([{ name: "NEXT_LOCALE", value: "fr", url: test.info().project.use.baseURL! }]);
    await openLifecycle(page);
    await expect(page.getByTestId("lifecycle-tab-running")).toHaveText("En cours");
    await page.getByTestId("lifecycle-schedule-open").click();
    const dialog = page.getByTestId("lifecycle-schedule-dialog");
    await expect(dialog).toContainText("Planifier une opération");
    await dialog.getByTestId("lifecycle-schedule-submit").click();
    await expect(dialog.getByText("Le nœud est obligatoire")).toBeVisible();
    await expect(dialog.getByText("La version est obligatoire")).toBeVisible();
  });
});

test.describe("lifecycle as a read-only MSP user", () => {
  as("readonly@northwind.example");

  test("sees every tab and no control that changes anything", async ({ page }) => {
    await openLifecycle(page);
    await expect(row(page, "MX-E400-0101")).toBeVisible();
    await expect(page.getByTestId("lifecycle-details-open").first()).toBeVisible();
    await expect(page.getByTestId("lifecycle-schedule-open")).toHaveCount(0);
    await expect(page.getByTestId("lifecycle-edit")).toHaveCount(0);
    await expect(page.getByTestId("lifecycle-cancel")).toHaveCount(0);
    await expect(page.getByTestId("lifecycle-select")).toHaveCount(0);
    await page.getByTestId("lifecycle-tab-finished").click();
    // The demo's failed install (rollouts.spec.ts may add later operations on the same device).
    await expect(row(page, "MX-E200-0103").filter({ has: page.getByTestId("lifecycle-status").getByText("Failed", { exact: true }) }).first()).toBeVisible();
    await expect(page.getByTestId("lifecycle-details-open").first()).toBeVisible();
  });
});
