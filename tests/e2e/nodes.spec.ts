import type { Page } from "@playwright/test";
import { as, currentOrganizationId, expect, test } from "./fixtures";
import { chooseInSelect, pickLocation, unique } from "./steps";

// Edge and CPE nodes (SPEC §2, §3, §5, §6, §8): an MSP engineer builds a With Switch edge node and configures its
// ports for Contoso's site, watches a node's monitor; a SPEC §5 message in French; read-only users see no edit control.

async function openEdgeNodes(page: Page) {
  await page.goto("/");
  await page.locator("aside").getByTestId("nav-msp-edgeNodes").click();
  await expect(page.getByTestId("nodes-table")).toBeVisible();
}

async function openNode(page: Page, name: string) {
  await openEdgeNodes(page);
  await page.getByTestId("nodes-filter").fill(name);
  await page.getByTestId("nodes-table").getByRole("link", { name, exact: true }).click();
  await expect(page.getByTestId("node-title")).toHaveText(name);
}

test.describe("an MSP's edge nodes", () => {
  as("admin@northwind.example");

  test("creates a With Switch edge node and configures an interface, a subinterface, an IPsec endpoint and a switch port for Contoso's site", async ({ page }) => {
    // A long journey through five dialogs.
    test.setTimeout(120_000);
    const name = `nw-edge-lyo-${unique()}`.toLowerCase();
    await openEdgeNodes(page);
    // The list shows the seeded nodes with their type, device and health.
    const seeded = page.getByTestId("node-row").filter({ hasText: "nw-edge-par-01" });
    await expect(seeded).toContainText("With Switch");
    await expect(seeded.getByTestId("node-health")).toBeVisible();

    await page.getByTestId("add-node").click();
    const dialog = page.getByTestId("node-dialog");
    await dialog.getByTestId("node-name").fill(name);
    await dialog.getByTestId("node-description").fill("Edge with switch, Lyon");
    await pickLocation(page, "Lyon", /^Lyon/);
    await chooseInSelect(page, "node-edge-type", "With Switch");
    await dialog.getByTestId("node-create").click();
    await expect(page.getByText(`Node ${name} created`)).toBeVisible();
    await expect(page).toHaveURL(/\/msp\/edgeNode\/[^/]+\/configuration$/);
    await expect(page.getByTestId("node-title")).toHaveText(name);
    await expect(page.getByTestId("node-summary").getByTestId("node-type")).toContainText("With Switch");

    // An interface for Contoso's Paris HQ.
    await page.getByTestId("interfaces-add").click();
    const interfaceDialog = page.getByTestId("interface-dialog");
    await interfaceDialog.getByTestId("interface-port-id").fill("ge-0/0/1");
    await interfaceDialog.getByTestId("interface-mtu").fill("100");
    await interfaceDialog.getByTestId("interface-dialog-save").click();
    await expect(interfaceDialog).toContainText("MTU must be between 576 and 9216");
    await interfaceDialog.getByTestId("interface-mtu").fill("9000");
    await chooseInSelect(page, "port-customer", "Contoso");
    await chooseInSelect(page, "port-site", "Paris HQ");
    await interfaceDialog.getByTestId("interface-dialog-save").click();
    await expect(page.getByText("ge-0/0/1 added")).toBeVisible();
    const interfaceRow = page.getByTestId("interfaces-row").filter({ hasText: "ge-0/0/1" });
    await expect(interfaceRow).toContainText("9000 bytes");
    await expect(interfaceRow).toContainText("Contoso");
    await expect(interfaceRow).toContainText("Paris HQ");

    // A subinterface on it: the gateway must be an IPv4 address (SPEC §5).
    await page.getByTestId("subinterfaces-add").click();
    const subDialog = page.getByTestId("subinterface-dialog");
    await subDialog.getByTestId("subinterface-bandwidth").fill("500");
    await subDialog.getByTestId("subinterface-vlan").fill("120");
    await subDialog.getByTestId("subinterface-gateway").fill("10.1.1");
    await subDialog.getByTestId("subinterface-prefix").fill("10.1.1.0/24");
    await chooseInSelect(page, "subinterface-ether-type", "802ad");
    await subDialog.getByTestId("subinterface-dialog-save").click();
    await expect(subDialog).toContainText("IP must be a valid IPv4 address");
    await subDialog.getByTestId("subinterface-gateway").fill("10.1.1.1");
    await chooseInSelect(page, "port-customer", "Contoso");
    await chooseInSelect(page, "port-site", "Paris HQ");
    await subDialog.getByTestId("subinterface-dialog-save").click();
    await expect(page.getByText("ge-0/0/1.120 added")).toBeVisible();
    await expect(page.getByTestId("subinterfaces-row")).toContainText("802ad");
    await expect(page.getByTestId("subinterfaces-row")).toContainText("500 Mbps");

    // An IPsec endpoint.
    await page.getByTestId("ipsec-endpoints-add").click();
    const endpointDialog = page.getByTestId("ipsec-endpoint-dialog");
    await endpointDialog.getByTestId("ipsec-public-ip").fill("203.0.113.77");
    await chooseInSelect(page, "port-customer", "Contoso");
    await chooseInSelect(page, "port-site", "Paris HQ");
    await endpointDialog.getByTestId("ipsec-endpoint-dialog-save").click();
    await expect(page.getByText("203.0.113.77 added")).toBeVisible();

    // A switch port, in Gbps; the same index twice fails with SPEC §8's text.
    await page.getByTestId("switch-ports-add").click();
    const portDialog = page.getByTestId("switch-port-dialog");
    await portDialog.getByTestId("switch-port-index").fill("1");
    await portDialog.getByTestId("switch-port-bandwidth").fill("10");
    await chooseInSelect(page, "port-customer", "Contoso");
    await chooseInSelect(page, "port-site", "Paris HQ");
    await portDialog.getByTestId("switch-port-dialog-save").click();
    await expect(page.getByText("Switch port 1 added")).toBeVisible();
    await expect(page.getByTestId("switch-ports-row")).toContainText("10 Gbps");
    await page.getByTestId("switch-ports-add").click();
    await portDialog.getByTestId("switch-port-index").fill("1");
    await portDialog.getByTestId("switch-port-bandwidth").fill("1");
    await portDialog.getByTestId("switch-port-dialog-save").click();
    await expect(portDialog.getByRole("alert").first()).toContainText("Failed to save port configuration");
    await portDialog.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("button", { name: "Leave" }).click();

    // The monitor draws the new ports (never reported yet) and the chosen port's traffic card.
    await page.getByTestId("node-tab-monitor").click();
    await expect(page.getByTestId("front-panel-port")).toHaveCount(2);
    await expect(page.locator('[data-testid="front-panel-port"][data-port="ge-0/0/1"]')).toHaveAttribute("data-state", "unknown");
    await expect(page.getByTestId("bandwidth-card")).toBeVisible();
    await expect(page.getByTestId("device-card")).toContainText("No device is assigned to this node.");

    // The overview says whom it serves.
    await page.getByTestId("node-tab-overview").click();
    await expect(page.getByTestId("connected-sites")).toContainText("Contoso");
    await expect(page.getByTestId("connected-sites")).toContainText("Paris HQ");
    await expect(page.getByTestId("node-status")).toContainText("Unknown");

    // Deleting says what goes with it.
    await page.getByTestId("node-properties-open").click();
    await page.getByTestId("node-properties").getByTestId("node-delete").click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("1 interface, 1 subinterface, 1 IPsec endpoint, 1 switch port");
    await expect(confirm).toContainText("No link uses it.");
    await confirm.getByTestId("node-delete-dialog-confirm").click();
    await expect(page.getByText(`Node ${name} deleted`)).toBeVisible();
    await expect(page).toHaveURL(/\/msp\/edgeNode$/);
  });

  test("watches a reporting node's front panel and traffic live", async ({ page }) => {
    await openNode(page, "nw-edge-par-01");
    await page.getByTestId("node-tab-monitor").click();
    await expect(page.getByTestId("front-panel-port").first()).toBeVisible();
    // The simulator reports the device: ports come up and the chosen port's RX/TX is drawn with its unit.
    await expect(page.locator('[data-testid="front-panel-port"][data-state="up"]').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("device-reachable")).toHaveAttribute("data-reachable", "true", { timeout: 30_000 });
    await expect(page.getByTestId("device-version")).not.toBeEmpty();
    const traffic = page.getByTestId("bandwidth-card");
    await expect(traffic.locator("svg").first()).toBeVisible({ timeout: 30_000 });
    await expect(traffic.getByTestId("rx-now")).toContainText(/bps/);
    await expect(page.getByTestId("connected-sites")).toContainText("Paris HQ");
  });

  test("says SPEC §5's name rule in French", async ({ page }) => {
    await page.context().addCookies([{ name: "NEXT_LOCALE", value: "fr", url: test.info().project.use.baseURL! }]);
    await openEdgeNodes(page);
    await page.getByTestId("add-node").click();
    const dialog = page.getByTestId("node-dialog");
    await dialog.getByTestId("node-name").fill("a");
    await dialog.getByTestId("node-create").click();
    await expect(dialog).toContainText("Le nom doit comporter au moins 2 caractères");
    await expect(dialog).toContainText("L'emplacement est obligatoire et doit être sélectionné dans la liste déroulante");
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
