import type { Page } from "@playwright/test";
import { as, currentOrganizationId, expect, test } from "./fixtures";

// Staged rollouts (issue 15 item 7): admin@northwind.example sees a busy device unavailable in the dialog, starts a
// rollout Later and cancels it before its start; then installs the demo's faulty version in waves; the
// simulator degrades the paths the first wave's devices serve, the SLA gate halts the rollout by itself (the panel
// shows why, path by path), and the MSP cancels it. The dialog's messages in French and English. The devices are
// put back on their version at the end, so the other specs see the demo network as it was.

const FAULTY = "26.0.0-faulty";
// Devices no other spec uses (MX-E400-0101 and MX-E200-0102 have a scheduled upgrade in the demo; lifecycle.spec.ts
// works on MX-C9000-0002, -0003 and -0004). The first wave holds the Seattle edge, which measures customer paths (the
// simulator's faulty version degrades those), and a core node; Contoso's Lyon CPE measures none of the demo's paths
// (Lyon ⇄ Paris has no port yet), so it waits in the second wave, which never starts: the gate halts the rollout first.
const FIRST_WAVE = ["MX-E200-0103", "MX-C9000-0001"];
const SECOND_WAVE = "MX-C100-0104";

async function openLifecycle(page: Page) {
  await page.goto("/");
  await page.goto(`/organization/${currentOrganizationId(page)}/msp/lifecycle`);
  await expect(page.getByTestId("rollouts-panel")).toBeVisible();
}

async function api(page: Page, method: "GET" | "POST", path: string, body?: unknown) {
  const origin = new URL(page.url()).origin;
  const response = await page.request.fetch(`/api/v1${path}`, { method, data: body, headers: { origin, "content-type": "application/json" } });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

test.describe("staged rollouts", () => {
  as("admin@northwind.example");

  test("the dialog's messages in French and English", async ({ page }) => {
    test.slow();
    await page.context().addCookies([{ name: "NEXT_LOCALE", value: "fr", url: test.info().project.use.baseURL! }]);
    await openLifecycle(page);
    await page.getByTestId("staged-rollout").click();
    const dialog = page.getByTestId("rollout-dialog");
    await dialog.getByTestId("rollout-observation").fill("10");
    await dialog.getByTestId("rollout-start").click();
    await expect(dialog.getByText("Sélectionnez au moins 2 équipements")).toBeVisible();
    await expect(dialog.getByText("La version est obligatoire")).toBeVisible();
    await expect(dialog.getByText("La fenêtre d’observation doit être comprise entre 30 et 3600 secondes")).toBeVisible();

    await page.context().addCookies([{ name: "NEXT_LOCALE", value: "en", url: test.info().project.use.baseURL! }]);
    await openLifecycle(page);
    await page.getByTestId("staged-rollout").click();
    await dialog.getByRole("checkbox", { name: FIRST_WAVE[0] }).click();
    await dialog.getByTestId("rollout-wave-size").fill("");
    await dialog.getByTestId("rollout-start").click();
    await expect(dialog.getByText("Select at least 2 devices")).toBeVisible();
    await expect(dialog.getByText("Version is required")).toBeVisible();
    await expect(dialog.getByText("Wave size is required")).toBeVisible();

    // A device with an install scheduled in the demo is unavailable, and says why.
    const busy = dialog.getByTestId("rollout-device-option").and(page.locator('[data-serial="MX-E400-0101"]'));
    await expect(busy.getByTestId("lifecycle-device-busy")).toContainText(/Unavailable\s*Scheduled install 24\.3\.2 on /);
    await expect(dialog.getByRole("checkbox", { name: "MX-E400-0101" })).toBeDisabled();

    // Started Later (in two days): the panel says when it starts; cancelled before, nothing of it is left to run.
    await dialog.getByRole("checkbox", { name: SECOND_WAVE }).click();
    await dialog.getByTestId("rollout-version").fill("25.9.0");
    await dialog.getByTestId("rollout-wave-size").fill("1");
    await dialog.getByTestId("lifecycle-start-later").click();
    await dialog.getByTestId("lifecycle-start-at").fill("2020-01-01T09:30");
    await dialog.getByTestId("rollout-start").click();
    await expect(dialog.getByText("Start time must be in the future")).toBeVisible();
    const later = await page.evaluate(() => {
      const date = new Date(Date.now() + 2 * 86_400_000);
      return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}T09:30`;
    });
    await dialog.getByTestId("lifecycle-start-at").fill(later);
    await dialog.getByTestId("rollout-start").click();
    await expect(page.getByText(/Rollout of 25\.9\.0 scheduled for /)).toBeVisible();
    await expect(dialog).toBeHidden();
    const rollout = page.getByTestId("rollout").filter({ hasText: "25.9.0" }).first();
    await expect(rollout.getByTestId("rollout-status")).toHaveText("Scheduled");
    await expect(rollout.getByTestId("rollout-starts")).toHaveText(/^Starts .*09:30/);
    await rollout.getByTestId("rollout-cancel").click();
    await page.getByTestId("rollout-cancel-confirm").click();
    await expect(rollout.getByTestId("rollout-status")).toHaveText("Cancelled");
    await expect(rollout.getByTestId("rollout-starts")).toHaveCount(0);
    await expect(rollout.getByTestId("rollout-wave-item").first()).toContainText("Cancelled");
  });

  test("a staged install of a faulty version halts on degraded SLA, then is cancelled", async ({ page }) => {
    test.slow();
    await openLifecycle(page);
    await page.getByTestId("staged-rollout").click();
    const dialog = page.getByTestId("rollout-dialog");
    for (const serial of [...FIRST_WAVE, SECOND_WAVE]) await dialog.getByRole("checkbox", { name: serial }).click();
    await dialog.getByTestId("rollout-version").fill(FAULTY);
    await dialog.getByTestId("rollout-wave-size").fill("2");
    await dialog.getByTestId("rollout-observation").fill("30");
    await dialog.getByTestId("rollout-start").click();
    await expect(page.getByText(`Rollout of ${FAULTY} started`)).toBeVisible();
    await expect(dialog).toBeHidden();

    const rollout = page.getByTestId("rollout").filter({ hasText: FAULTY }).first();
    await expect(rollout.getByTestId("rollout-status")).toHaveText("Running");
    await expect(rollout.getByTestId("rollout-wave")).toHaveText("Wave 1 of 2");
    await expect(rollout.getByTestId("rollout-wave-item").first()).toContainText("2 devices");

    // The install (seconds on the test server), then the observation window: the gate halts the rollout, live.
    await expect(rollout.getByTestId("rollout-status")).toHaveText("Halted", { timeout: 90_000 });
    await expect(rollout.getByTestId("rollout-halt-reason")).toContainText(/Halted after wave 1: the SLA of .+ degraded\./);
    const degraded = rollout.getByTestId("rollout-degraded-path");
    await expect(degraded.first()).toBeVisible();
    // Worse figures (the end-to-end server leaves out the device-silence fault, which would hold the Seattle edge).
    await expect(rollout.getByTestId("rollout-verdict")).toContainText(/Latency|Loss/);
    await expect(rollout.getByTestId("rollout-wave-item").nth(1)).toContainText("Pending");

    await rollout.getByTestId("rollout-cancel").click();
    await page.getByTestId("rollout-cancel-confirm").click();
    await expect(rollout.getByTestId("rollout-status")).toHaveText("Cancelled");
    await expect(rollout.getByTestId("rollout-resume")).toHaveCount(0);

    // Back on a good version, for the specs that come after.
    const devices = await api(page, "GET", "/inventory/device?status=assigned&limit=200");
    const ids = devices.items.filter((device: { serialNumber: string }) => FIRST_WAVE.includes(device.serialNumber)).map((device: { id: string }) => device.id);
    await api(page, "POST", "/lifecycle/operation", { deviceIds: ids, operation: "install-version", version: "24.3.1", start: "now" });
  });
});

test.describe("staged rollouts, read-only", () => {
  as("readonly@northwind.example");

  test("shows the rollouts without a Staged rollout button nor Resume or Cancel", async ({ page }) => {
    await openLifecycle(page);
    await expect(page.getByTestId("staged-rollout")).toHaveCount(0);
    await expect(page.getByTestId("rollout-cancel")).toHaveCount(0);
    await expect(page.getByTestId("rollout-resume")).toHaveCount(0);
  });
});
