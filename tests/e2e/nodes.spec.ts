import type { Locator, Page } from "@playwright/test";
import { as, currentOrganizationId, expect, test } from "./fixtures";
import { chooseInSelect, pickLocation, unique } from "./steps";

// Edge and CPE nodes (SPEC §2, §3, §5, §6, §8), and the journey: an MSP engineer builds a With Switch edge
// node with its ports for Contoso's site, links it into the core fabric from the link editor, watches it on its pages
// and on the topology (blast radius, a link-down fault played by the simulator); a reporting node's live monitor; a
// SPEC §5 message in French; read-only users see no edit control.

/** A choice in a select of one part of the page (a row of the link editor). */
async function chooseIn(scope: Locator, trigger: string, option: string) {
  await scope.getByTestId(trigger).click();
  await scope.page().getByRole("option", { name: option, exact: true }).click();
}

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

  test("builds a With Switch edge node for Contoso, links it into the core fabric, and watches it on the topology", async ({ page }) => {
    // The journey, through a dozen dialogs and four pages, then a fault played by the simulator.
    test.slow();
    // Arnhem: the nearest Northwind edge node to Contoso's Azure West Europe site (Amsterdam) once it exists, so
    // Contoso's Paris ⇄ Azure path enters the network there — and farther than Paris from every other seeded site.
    const name = `nw-edge-arn-${unique()}`.toLowerCase();
    const site = "Azure West Europe";
    await openEdgeNodes(page);
    // The list shows the seeded nodes with their type, device and health.
    const seeded = page.getByTestId("node-row").filter({ hasText: "nw-edge-par-01" });
    await expect(seeded).toContainText("With Switch");
    await expect(seeded.getByTestId("node-health")).toBeVisible();

    await page.getByTestId("add-node").click();
    const dialog = page.getByTestId("node-dialog");
    await dialog.getByTestId("node-name").fill(name);
    await dialog.getByTestId("node-description").fill("Edge with switch, Arnhem");
    await pickLocation(page, "Arnhem", /^Arnhem/);
    await chooseInSelect(page, "node-edge-type", "With Switch");
    await dialog.getByTestId("node-create").click();
    await expect(page.getByText(`Node ${name} created`)).toBeVisible();
    await expect(page).toHaveURL(/\/msp\/edgeNode\/[^/]+\/configuration$/);
    const nodeUrl = page.url().replace(/\/configuration$/, "");
    await expect(page.getByTestId("node-title")).toHaveText(name);
    await expect(page.getByTestId("node-summary").getByTestId("node-type")).toContainText("With Switch");

    // An interface for Contoso's site (SPEC §5's MTU range first), and the fabric interface of the uplink.
    await page.getByTestId("interfaces-add").click();
    const interfaceDialog = page.getByTestId("interface-dialog");
    await interfaceDialog.getByTestId("interface-port-id").fill("ge-0/0/1");
    await interfaceDialog.getByTestId("interface-mtu").fill("100");
    await interfaceDialog.getByTestId("interface-dialog-save").click();
    await expect(interfaceDialog).toContainText("MTU must be between 576 and 9216");
    await interfaceDialog.getByTestId("interface-mtu").fill("9000");
    await chooseInSelect(page, "port-customer", "Contoso");
    await chooseInSelect(page, "port-site", site);
    await interfaceDialog.getByTestId("interface-dialog-save").click();
    await expect(page.getByText("ge-0/0/1 added")).toBeVisible();
    const interfaceRow = page.getByTestId("interfaces-row").filter({ hasText: "ge-0/0/1" });
    await expect(interfaceRow).toContainText("9000 bytes");
    await expect(interfaceRow).toContainText("Contoso");
    await expect(interfaceRow).toContainText(site);
    await page.getByTestId("interfaces-add").click();
    await interfaceDialog.getByTestId("interface-port-id").fill("xe-0/0/0");
    await chooseInSelect(page, "interface-type", /^Fabric$/);
    await interfaceDialog.getByTestId("interface-dialog-save").click();
    await expect(page.getByText("xe-0/0/0 added")).toBeVisible();

    // A subinterface on it: the gateway must be an IPv4 address (SPEC §5).
    await page.getByTestId("subinterfaces-add").click();
    const subDialog = page.getByTestId("subinterface-dialog");
    await chooseInSelect(page, "subinterface-interface", "ge-0/0/1");
    await subDialog.getByTestId("subinterface-bandwidth").fill("500");
    await subDialog.getByTestId("subinterface-vlan").fill("120");
    await subDialog.getByTestId("subinterface-gateway").fill("10.1.1");
    await subDialog.getByTestId("subinterface-prefix").fill("10.1.1.0/24");
    await chooseInSelect(page, "subinterface-ether-type", "802ad");
    await subDialog.getByTestId("subinterface-dialog-save").click();
    await expect(subDialog).toContainText("IP must be a valid IPv4 address");
    await subDialog.getByTestId("subinterface-gateway").fill("10.1.1.1");
    await chooseInSelect(page, "port-customer", "Contoso");
    await chooseInSelect(page, "port-site", site);
    await subDialog.getByTestId("subinterface-dialog-save").click();
    await expect(page.getByText("ge-0/0/1.120 added")).toBeVisible();
    await expect(page.getByTestId("subinterfaces-row")).toContainText("802ad");
    await expect(page.getByTestId("subinterfaces-row")).toContainText("500 Mbps");

    // An IPsec endpoint.
    await page.getByTestId("ipsec-endpoints-add").click();
    const endpointDialog = page.getByTestId("ipsec-endpoint-dialog");
    await endpointDialog.getByTestId("ipsec-public-ip").fill("203.0.113.77");
    await chooseInSelect(page, "port-customer", "Contoso");
    await chooseInSelect(page, "port-site", site);
    await endpointDialog.getByTestId("ipsec-endpoint-dialog-save").click();
    await expect(page.getByText("203.0.113.77 added")).toBeVisible();

    // A switch port, in Gbps; the same index twice fails with SPEC §8's text.
    await page.getByTestId("switch-ports-add").click();
    const portDialog = page.getByTestId("switch-port-dialog");
    await portDialog.getByTestId("switch-port-index").fill("1");
    await portDialog.getByTestId("switch-port-bandwidth").fill("10");
    await chooseInSelect(page, "port-customer", "Contoso");
    await chooseInSelect(page, "port-site", site);
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

    // Into the core fabric, from its link editor: reached from the dashboard.
    await page.goto("/");
    await page.getByTestId("msp-core-fabrics").getByRole("link", { name: "Northwind Global Core" }).click();
    await expect(page.getByRole("heading", { name: "Northwind Global Core" })).toBeVisible();
    await page.getByTestId("edit-links").click();
    const coreRows = page.locator('[data-testid="link-row"]:not([data-uplink])');
    await expect(coreRows).toHaveCount(6);
    // A missing pair: one core link removed.
    await coreRows.first().getByTestId("link-remove").click();
    // A bad row: the new node's uplink without its interface, with an MTU out of range.
    await page.getByTestId("add-uplink-row").click();
    const uplink = page.locator('[data-testid="link-row"][data-uplink]');
    await uplink.getByTestId("link-source-search").fill(name);
    await chooseIn(uplink, "link-source-node", name);
    await chooseIn(uplink, "link-destination-node", "nw-core-fra");
    await uplink.getByTestId("link-mtu").fill("100");
    await page.getByTestId("save-links").click();
    await expect(uplink).toHaveAttribute("data-invalid", "true");
    await expect(uplink.getByTestId("link-source")).toContainText("Interface is required");
    await expect(uplink.locator("[data-slot=form-message]")).toContainText(["MTU must be between 576 and 9216"]);
    const pair = page.getByTestId("mesh-pair");
    await expect(pair).toHaveText(/^nw-core-\w+ and nw-core-\w+ have no link$/);
    await expect(pair).toHaveClass(/text-destructive/);
    // Then right: the removed link left alone, the uplink complete.
    await page.getByTestId("cancel-links").click();
    await page.getByTestId("discard-changes").click();
    await page.getByTestId("edit-links").click();
    await page.getByTestId("add-uplink-row").click();
    await uplink.getByTestId("link-source-search").fill(name);
    await chooseIn(uplink, "link-source-node", name);
    await chooseIn(uplink, "link-source-port", "xe-0/0/0");
    await chooseIn(uplink, "link-destination-node", "nw-core-fra");
    await uplink.getByTestId("link-destination-port").click();
    await page.getByRole("option").first().click();
    const linkName = `${name} ⇄ nw-core-fra`;
    await expect(uplink.getByTestId("link-name")).toHaveValue(linkName);
    await expect(page.getByTestId("fabric-mesh")).toHaveAttribute("data-complete", "true");
    await page.getByTestId("save-links").click();
    await expect(page.getByText("Links of Northwind Global Core saved (6 links).")).toBeVisible();
    const uplinkRow = page.getByTestId("fabric-uplink-row").filter({ hasText: name });
    await expect(uplinkRow).toContainText("xe-0/0/0 · VLAN 100");
    await expect(uplinkRow).toContainText("nw-core-fra");

    // Its monitor draws its ports; its link page lists the uplink with its far end.
    await page.goto(`${nodeUrl}/monitor`);
    await expect(page.getByTestId("front-panel-port")).toHaveCount(3);
    await expect(page.locator('[data-testid="front-panel-port"][data-port="xe-0/0/0"]')).toHaveAttribute("data-state", "unknown");
    await expect(page.getByTestId("bandwidth-card")).toBeVisible();
    await expect(page.getByTestId("device-card")).toContainText("No device is assigned to this node.");
    await page.getByTestId("node-tab-overview").click();
    await expect(page.getByTestId("connected-sites")).toContainText(site);
    await page.getByTestId("node-tab-link").click();
    await expect(page.getByTestId("node-link-row").filter({ hasText: linkName })).toContainText("nw-core-fra");

    // On the topology: the link drawn, listed, and its blast radius names Contoso's path to Azure.
    await page.goto(`${new URL(nodeUrl).pathname.replace(/\/msp\/.*$/, "")}/msp/topology`);
    // The page's code and its graph arrive after the first paint (lazy), then /ws opens: a busy machine takes a while.
    await expect(page.getByTestId("realtime-status")).toHaveAttribute("data-state", "open", { timeout: 30_000 });
    await page.getByTestId("links-filter").fill(name);
    const row = page.getByTestId("topology-link-row").filter({ hasText: linkName });
    const linkId = await row.getAttribute("data-link-id");
    const graphLink = page.getByTestId("msp-topology-graph").locator(`[data-testid="graph-link"][data-link-id="${linkId}"]`);
    const mapLink = page.getByTestId("msp-topology-map").locator(`[data-testid="map-link"][data-link-id="${linkId}"]`);
    await expect(graphLink).toBeVisible({ timeout: 30_000 });
    await expect(mapLink).toBeVisible();
    await row.getByRole("button", { name: linkName }).click();
    const radius = page.getByTestId("blast-radius");
    await expect(radius.getByRole("heading", { name: `Blast radius of link ${linkName}` })).toBeVisible({ timeout: 30_000 });
    const azure = radius.getByTestId("blast-path").filter({ hasText: "Paris ⇄ Azure" });
    await expect(azure).toContainText("Contoso", { timeout: 30_000 });
    await expect(azure.getByTestId("sla-badge")).toBeVisible();

    // The simulator's link-down fault, played on this link: red in the graph, the map and the table, no reload.
    await expect(graphLink).not.toHaveAttribute("data-tone", "bad");
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    const origin = new URL(page.url()).origin;
    const fault = await page.request.post(`/api/v1/simulator/link/${linkId}/down`, { data: { durationSeconds: 300 }, headers: { origin } });
    expect(fault.status(), await fault.text()).toBe(202);
    await expect(graphLink).toHaveAttribute("data-tone", "bad", { timeout: 45_000 });
    await expect(mapLink).toHaveAttribute("data-tone", "bad");
    await expect(row.getByTestId("link-status")).toHaveAttribute("data-health", "unhealthy");
    await expect(row.getByTestId("link-status")).toContainText("Reported down");
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

    // Deleting the node says what goes with it (and gives Contoso's path back to the seeded network).
    await page.goto(`${nodeUrl}/configuration`);
    await page.getByTestId("node-properties-open").click();
    await page.getByTestId("node-properties").getByTestId("node-delete").click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("2 interfaces, 1 subinterface, 1 IPsec endpoint, 1 switch port");
    await expect(confirm).toContainText(`1 link goes with it: ${linkName} (to nw-core-fra).`);
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
