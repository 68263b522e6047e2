import type { Page } from "@playwright/test";
import { as, currentOrganizationId, expect, test } from "./fixtures";

// Edge and CPE nodes (SPEC §2, §3, §5, §6, §8): a SPEC §5 message in French; read-only users see no edit control;
// customers are sent home. Building a node, its ports, its uplink, its live monitor and link page: the journey in
// msp-network-journey.spec.ts.

async function openEdgeNodes(page: Page) {
  await page.goto("/");
  await page.locator("aside").getByTestId("nav-msp-edgeNodes").click();
  await expect(page.getByTestId("nodes-table")).toBeVisible();
}

test.describe("an MSP's edge nodes", () => {
  as("admin@northwind.example");

  test("says SPEC §5's name rule in French", async ({ page }) => {
    await page.context().addCookies([{ name: "NEXT_LOCALE", value: "fr", url: test.info().project.use.baseURL! }]);
    await openEdgeNodes(page);
    await page.getByTestId("add-node").click();
    const dialog = page.getByTestId("node-dialog");
    await dialog.getByTestId("node-name").fill("a");
    await dialog.getByTestId("node-create").click();
    await expect(dialog).toContainText("Le nom doit comporter au moins 2 caractères");
    await expect(dialog).toContainText("L’emplacement est obligatoire et doit être sélectionné dans la liste déroulante");
  });

  test("adds and edits links from a node's link page", async ({ page }) => {
    await openEdgeNodes(page);
    await page.getByTestId("nodes-table").getByRole("link", { name: "nw-edge-sea-01", exact: true }).click();
    await page.getByTestId("node-tab-link").click();
    const uplink = page.getByTestId("node-link-row").filter({ hasText: "nw-core-ash" });
    await expect(uplink).toBeVisible();

    // Add link: the dialog's source is this node; nothing is saved without a far end.
    await page.getByTestId("link-add").click();
    const dialog = page.getByTestId("link-dialog");
    await expect(dialog.getByTestId("link-source-node")).toHaveText("nw-edge-sea-01");
    await dialog.getByTestId("link-save").click();
    await expect(dialog).toContainText("A destination node is required");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();

    // Edit the uplink's cost (a single uplink: no route moves), see it in the row, and put it back. A new cost is
    // confirmed first, in a question naming the paths over the link (issue 42, scope 2).
    const editCost = async (cost: string) => {
      await uplink.getByRole("button", { name: /^Edit / }).click();
      await dialog.getByTestId("link-cost").fill(cost);
      await dialog.getByTestId("link-save").click();
      const question = page.getByRole("alertdialog");
      await expect(question).toContainText(/customer paths? cross|No customer path crosses it/);
      await question.getByTestId("link-change-confirm").click();
      await expect(dialog).toBeHidden();
    };
    await uplink.getByRole("button", { name: /^Edit / }).click();
    const before = await dialog.getByTestId("link-cost").inputValue();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await editCost("43217");
    await expect(uplink).toContainText("43217");
    await editCost(before);
    await expect(uplink).not.toContainText("43217");
  });
});

test.describe("a read-only MSP user", () => {
  as("readonly@northwind.example");

  test("sees the node pages and no edit control", async ({ page }) => {
    await openEdgeNodes(page);
    await expect(page.getByTestId("add-node")).toHaveCount(0);
    await expect(page.getByTestId("node-delete")).toHaveCount(0);
    await page.getByTestId("nodes-table").getByRole("link", { name: "nw-edge-par-01", exact: true }).click();
    await expect(page.getByTestId("node-title")).toHaveText("nw-edge-par-01");
    await page.getByTestId("node-tab-configuration").click();
    await expect(page.getByTestId("switch-ports-row").first()).toBeVisible();
    for (const control of ["interfaces-add", "subinterfaces-add", "ipsec-endpoints-add", "switch-ports-add", "node-edit"]) {
      await expect(page.getByTestId(control)).toHaveCount(0);
    }
    await expect(page.getByRole("button", { name: /^Edit / })).toHaveCount(0);
    await page.getByTestId("node-properties-view").click();
    await expect(page.getByTestId("node-properties")).toContainText("Your role lets you read the node's properties, not change them.");
    await expect(page.getByTestId("node-save")).toHaveCount(0);
    await page.keyboard.press("Escape");
    await page.getByTestId("node-tab-link").click();
    await expect(page.getByTestId("node-link-row").first()).toBeVisible();
    await expect(page.getByTestId("link-add")).toHaveCount(0);
  });
});

test.describe("a customer", () => {
  as("admin@contoso.example");

  test("is sent to / from the MSP's node pages", async ({ page }) => {
    await page.goto("/");
    const organizationId = currentOrganizationId(page);
    for (const route of ["msp/edgeNode", "msp/cpeNode"]) {
      await page.goto(`/organization/${organizationId}/${route}`);
      await expect(page).not.toHaveURL(new RegExp(route));
    }
  });
});
