import type { APIRequestContext, Locator, PlaywrightWorkerArgs } from "@playwright/test";
import { as, currentOrganizationId, expect, storageStateOf, test } from "./fixtures";
import { chooseInSelect, pickLocation, unique } from "./steps";

// Issue 14's journey, as an MSP engineer runs it (SPEC §2, §3, §5, §8): a With Switch edge node built for Contoso's
// site (an interface, a subinterface, an IPsec endpoint, a switch port, each with its SPEC message first), linked
// into the core fabric from the link editor (a bad row and a missing pair first), given a device the simulator plays
// (front panel and traffic on monitor), found on the topology with the blast radius of its uplink, and the
// simulator's link-down fault turning the uplink red live on the topology, the link page and the front panel. Then
// everything it made is removed, so the other specs see the demo network as it was.
// French: the same SPEC §5 rules are said in French by nodes.spec (name, location), fabrics.spec (the link editor's
// row rules, MTU, VLAN, the full mesh) and sites.spec (IPv4).

/** A choice in a select of one part of the page (a row of the link editor). */
async function chooseIn(scope: Locator, trigger: string, option: string) {
  await scope.getByTestId(trigger).click();
  await scope.page().getByRole("option", { name: option, exact: true }).click();
}

/** A call to the API, sent as JSON from the console's own origin as the browser's calls are (the CSRF rule). */
async function api(request: APIRequestContext, method: "GET" | "POST" | "DELETE", path: string, data?: unknown) {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const response = await request.fetch(`/api/v1${path}`, { method, data, headers: { origin, "content-type": "application/json" } });
  return { status: response.status(), body: response.status() === 204 ? null : await response.json().catch(() => null) };
}

async function ok(request: APIRequestContext, method: "GET" | "POST" | "DELETE", path: string, data?: unknown) {
  const { status, body } = await api(request, method, path, data);
  expect(status, `${method} ${path}: ${JSON.stringify(body)}`).toBeLessThan(300);
  return body;
}

/** The operator's API session (no page to load). */
const operatorApi = (playwright: PlaywrightWorkerArgs["playwright"]) =>
  playwright.request.newContext({ baseURL: test.info().project.use.baseURL, storageState: storageStateOf("admin@maia.example") });

test.describe("an MSP engineer", () => {
  as("admin@northwind.example");

  test("builds a With Switch edge node for Contoso, links it into the core fabric, watches it live and cuts its uplink", async ({ page, playwright }) => {
    test.slow();
    // Arnhem: the nearest Northwind edge node to Contoso's Azure West Europe site (Amsterdam) once it exists — and
    // farther than Paris from every other seeded site. Creating it moves no connector (issue 42): Contoso's Azure
    // connector is re-homed onto it explicitly, so that Contoso's Paris ⇄ Azure path enters the network there.
    const name = `nw-edge-arn-${unique()}`.toLowerCase();
    const site = "Azure West Europe";
    // The operator stocks a device for Northwind, which claims it.
    const operator = await operatorApi(playwright);
    const serial = `E2E-${unique().toUpperCase()}-J`;
    const claimCode = "JRNY2026";
    await ok(operator, "POST", "/inventory/device", { serialNumber: serial, claimCode, model: "E200", softwareVersion: "24.3.1" });
    let nodeId: string | undefined;
    let deviceId: string | undefined;
    let rehomed: { connectorId: string; nodeId: string } | undefined;
    try {
      const device = await ok(page.request, "POST", "/inventory/device/claim", { serialNumber: serial, claimCode });
      deviceId = device.id as string;

      // The edge node list, then a new With Switch node.
      await page.goto("/");
      await page.locator("aside").getByTestId("nav-msp-edgeNodes").click();
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
      nodeId = /\/edgeNode\/([^/]+)$/.exec(nodeUrl)![1];
      await expect(page.getByTestId("node-title")).toHaveText(name);
      await expect(page.getByTestId("node-summary").getByTestId("node-type")).toContainText("With Switch");
      // Its device, claimed and put on it now: the simulator reads the change and plays it while the node is built.
      await ok(page.request, "POST", `/inventory/device/${deviceId}/assign`, { nodeId });

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
      await chooseInSelect(page, "subinterface-ether-type", "802.1ad");
      await subDialog.getByTestId("subinterface-dialog-save").click();
      await expect(subDialog).toContainText("IP must be a valid IPv4 address");
      await subDialog.getByTestId("subinterface-gateway").fill("10.1.1.1");
      await chooseInSelect(page, "port-customer", "Contoso");
      await chooseInSelect(page, "port-site", site);
      await subDialog.getByTestId("subinterface-dialog-save").click();
      await expect(page.getByText("ge-0/0/1.120 added")).toBeVisible();
      await expect(page.getByTestId("subinterfaces-row")).toContainText("802.1ad");
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

      // Its monitor, in a tab of its own that stays open: the device's ports drawn and lit as the simulator reports
      // them, the chosen port's traffic with its unit, the device reachable with its version.
      const monitorPage = await page.context().newPage();
      await monitorPage.goto(`${nodeUrl}/monitor`);
      const port = (portId: string) => monitorPage.getByTestId("front-panel").locator(`[data-testid="front-panel-port"][data-port="${portId}"]`);
      await expect(monitorPage.getByTestId("front-panel-port")).toHaveCount(3);
      for (const portId of ["ge-0/0/1", "xe-0/0/0", "1"]) await expect(port(portId)).toHaveAttribute("data-state", "up", { timeout: 30_000 });
      await expect(monitorPage.getByTestId("device-reachable")).toHaveAttribute("data-reachable", "true", { timeout: 30_000 });
      await expect(monitorPage.getByTestId("device-version")).toHaveText("24.3.1");
      await port("xe-0/0/0").click();
      const traffic = monitorPage.getByTestId("bandwidth-card");
      await expect(traffic).toContainText("xe-0/0/0");
      await expect(traffic.locator("svg path").first()).toBeVisible({ timeout: 30_000 });
      await expect(traffic.getByTestId("rx-now")).toContainText(/\d.*bps/);
      await expect(monitorPage.getByTestId("connected-sites")).toContainText(site);
      // Its link page, in another tab: the uplink with its far end, up.
      const linkPage = await page.context().newPage();
      await linkPage.goto(`${nodeUrl}/link`);
      const nodeLink = linkPage.getByTestId("node-link-row").filter({ hasText: linkName });
      await expect(nodeLink).toContainText("nw-core-fra");
      const linkStatus = nodeLink.getByTestId("link-status");
      await expect(linkStatus).toHaveAttribute("data-status", "up", { timeout: 30_000 });

      // Contoso's Azure connector re-homed onto the node: asked first (the path that moves), then done.
      const contoso = ((await ok(page.request, "GET", "/config/organization")) as { id: string; name: string }[]).find((org) => org.name === "Contoso")!;
      const sites = await ok(page.request, "GET", `/config/organization/${contoso.id}/site?search=${encodeURIComponent(site)}`);
      const azureSite = (sites.items as { id: string; name: string }[]).find((item) => item.name === site)!;
      const connectors = await ok(page.request, "GET", `/config/site/${azureSite.id}/connector`);
      const azureConnector = (connectors.items as { id: string; name: string }[]).find((item) => item.name === "Azure ExpressRoute")!;
      const homedOn = ((await ok(page.request, "GET", `/config/connector/${azureConnector.id}/homing`)).node as { id: string }).id;
      const preview = await ok(page.request, "POST", `/config/connector/${azureConnector.id}/homing`, { nodeId });
      expect((preview.paths as { name: string }[]).map((path) => path.name)).toContain("Paris ⇄ Azure");
      await ok(page.request, "POST", `/config/connector/${azureConnector.id}/homing`, { nodeId, apply: true });
      rehomed = { connectorId: azureConnector.id, nodeId: homedOn };

      // On the topology: the link drawn, listed, and its blast radius names Contoso's path to Azure.
      const organizationId = currentOrganizationId(page);
      await page.goto(`/organization/${organizationId}/msp/topology`);
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
      await expect(graphLink).not.toHaveAttribute("data-tone", "bad");
      const uplinkPort = port("xe-0/0/0");
      await expect(uplinkPort).toHaveAttribute("data-state", "up");
      for (const open of [page, linkPage, monitorPage]) {
        await expect(open.getByTestId("realtime-status")).toHaveAttribute("data-state", "open", { timeout: 30_000 });
        await open.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
      }

      // The simulator's link-down fault, played on this link: red everywhere at its next report, no reload.
      await ok(page.request, "POST", `/simulator/link/${linkId}/down`, { durationSeconds: 120 });
      await expect(graphLink).toHaveAttribute("data-tone", "bad", { timeout: 45_000 });
      await expect(mapLink).toHaveAttribute("data-tone", "bad");
      await expect(row.getByTestId("link-status")).toHaveAttribute("data-health", "unhealthy");
      await expect(row.getByTestId("link-status")).toContainText("Reported down");
      await expect(linkStatus).toHaveAttribute("data-status", "down", { timeout: 30_000 });
      await expect(linkStatus.locator(".text-status-bad")).toBeVisible();
      await expect(uplinkPort).toHaveAttribute("data-state", "down", { timeout: 30_000 });
      await expect(port("ge-0/0/1")).toHaveAttribute("data-state", "up");
      for (const open of [page, linkPage, monitorPage]) {
        expect(await open.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
      }
      await linkPage.close();
      await monitorPage.close();

      // Deleting the node is refused while it serves Contoso's connector, which goes back to its node first. Then the
      // deletion says what goes with it, its device back to the spares.
      await page.goto(`${nodeUrl}/configuration`);
      await page.getByTestId("node-properties-open").click();
      await page.getByTestId("node-properties").getByTestId("node-delete").click();
      await expect(page.getByRole("alertdialog")).toContainText(/It serves \d+ customer connectors?: .*Azure ExpressRoute \(Contoso, Azure West Europe\)/);
      await expect(page.getByRole("alertdialog").getByTestId("node-delete-dialog-confirm")).toBeDisabled();
      await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();
      await ok(page.request, "POST", `/config/connector/${rehomed.connectorId}/homing`, { nodeId: rehomed.nodeId, apply: true });
      rehomed = undefined;
      await page.goto(`${nodeUrl}/configuration`);
      await page.getByTestId("node-properties-open").click();
      await page.getByTestId("node-properties").getByTestId("node-delete").click();
      const confirm = page.getByRole("alertdialog");
      await expect(confirm).toContainText("2 interfaces, 1 subinterface, 1 IPsec endpoint, 1 switch port");
      await expect(confirm).toContainText(`1 link goes with it: ${linkName} (to nw-core-fra).`);
      await expect(confirm).toContainText(`Device ${serial} goes back to the spares, unconfigured.`);
      await confirm.getByTestId("node-delete-dialog-confirm").click();
      await expect(page.getByText(`Node ${name} deleted`)).toBeVisible();
      await expect(page).toHaveURL(/\/msp\/edgeNode$/);
      nodeId = undefined;
    } finally {
      // Whatever happened above, the demo network as the other specs know it.
      if (rehomed) await api(page.request, "POST", `/config/connector/${rehomed.connectorId}/homing`, { nodeId: rehomed.nodeId, apply: true });
      if (nodeId) await api(page.request, "DELETE", `/config/node/${nodeId}`);
      // The spare back into stock, unclaimed: the inventory as it was, but for one stocked device.
      if (deviceId) await ok(operator, "POST", `/inventory/device/${deviceId}/release`);
      await operator.dispose();
    }
  });
});
