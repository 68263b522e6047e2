import type { Locator, Page } from "@playwright/test";
import { as, currentOrganizationId, expect, test } from "./fixtures";
import { unique } from "./steps";

// Core and external fabrics (SPEC §2, §3, §5, §6): a link saved from the link editor with its auto-assigned VLANs, a
// fabric renamed and deleted; the editor's row and full-mesh messages in French (in English: the journey in
// msp-network-journey.spec.ts); the external fabric's write-only secret; read-only MSP users see no edit control;
// customers are sent home.

const PARIS = { address: "Paris, Île-de-France, France", latitude: 48.8566, longitude: 2.3522 };

async function api(page: Page, method: "POST" | "PUT", path: string, body: unknown) {
  const origin = new URL(page.url()).origin;
  const response = await page.request.fetch(`/api/v1${path}`, { method, data: body, headers: { origin, "content-type": "application/json" } });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return response.json();
}

/** A new core fabric of two core nodes, each with one fabric interface and no link between them. */
async function fabricOfTwo(page: Page) {
  await page.goto("/");
  const mspId = currentOrganizationId(page);
  const fabric = await api(page, "POST", `/config/msp/${mspId}/core-fabric`, { name: `E2E core ${unique()}` });
  const nodes: { id: string; name: string }[] = [];
  for (const code of ["a", "b"]) {
    const node = await api(page, "POST", `/config/msp/${mspId}/node`, { name: `${fabric.name}-${code}`, location: PARIS, kind: "core", coreFabricId: fabric.id });
    await api(page, "POST", `/config/node/${node.id}/interface`, { portId: "et-0/0/1", type: "fabric", mtu: 9216 });
    nodes.push(node);
  }
  return { fabric, nodes };
}

async function choose(scope: Locator, testId: string, option: string) {
  await scope.getByTestId(testId).click();
  await scope.page().getByRole("option", { name: option, exact: true }).click();
}

/** The messages shown under a row's fields. */
const messagesOf = (row: Locator) => row.locator("[data-slot=form-message]");

test.describe("core fabrics as an MSP admin", () => {
  as("admin@northwind.example");

  test("links two core nodes in the link editor, then renames the fabric and deletes it, saying what goes with it", async ({ page }) => {
    // The link editor's row and pair messages are the journey's (msp-network-journey.spec.ts) and the French test's below.
    test.slow();
    const { fabric, nodes } = await fabricOfTwo(page);
    const [a, b] = nodes;
    await page.goto("/");
    await page.getByTestId("msp-core-fabrics").getByTestId("all-core-fabrics").click();
    await expect(page.getByRole("heading", { name: "Core fabrics" })).toBeVisible();
    await page.getByTestId("core-fabrics-filter").fill(fabric.name);
    const listed = page.getByTestId("core-fabric-row").filter({ hasText: fabric.name });
    await expect(listed).toContainText("2");
    await listed.getByRole("link", { name: fabric.name }).click();
    await expect(page.getByRole("heading", { name: fabric.name })).toBeVisible();
    await expect(page.getByTestId("fabric-links")).toContainText("No links yet.");
    await expect(page.getByTestId("fabric-uplinks")).toContainText("No edge node is linked to this fabric.");

    await page.getByTestId("edit-links").click();
    await page.getByTestId("add-link-row").click();
    const row = page.getByTestId("link-row");
    await choose(row, "link-source-node", a.name);
    await choose(row, "link-source-port", "et-0/0/1");
    await choose(row, "link-destination-node", b.name);
    await choose(row, "link-destination-port", "et-0/0/1");
    await expect(row.getByTestId("link-name")).toHaveValue(`${a.name} ⇄ ${b.name}`);
    await page.getByTestId("save-links").click();
    await expect(page.getByText(`Links of ${fabric.name} saved (1 link).`)).toBeVisible();
    // Listed, with the VLANs assigned on each node (lowest free from 100).
    const link = page.getByTestId("fabric-link-row");
    await expect(link).toContainText("et-0/0/1 · VLAN 100");
    await expect(link).toContainText("10 Gbps");

    // Renamed: SPEC §5's name rule first.
    await page.getByTestId("rename-core-fabric").click();
    const rename = page.getByTestId("rename-core-fabric-dialog");
    await rename.getByTestId("core-fabric-name").fill("");
    await rename.getByTestId("core-fabric-save").click();
    await expect(rename).toContainText("Name is required");
    const renamed = `${fabric.name} renamed`;
    await rename.getByTestId("core-fabric-name").fill(renamed);
    await rename.getByTestId("core-fabric-save").click();
    await expect(page.getByText(`Core fabric ${renamed} was saved.`)).toBeVisible();
    await expect(page.getByRole("heading", { name: renamed })).toBeVisible();

    // Deleted: its link goes, its core nodes stay.
    await page.getByTestId("delete-core-fabric").click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("Its 1 core link is deleted. Its 2 core nodes stay, outside any fabric");
    await page.getByTestId("delete-core-fabric-confirm").click();
    await expect(page.getByText(`Core fabric ${renamed} was deleted.`)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Core fabrics" })).toBeVisible();
    await page.getByTestId("core-fabrics-filter").fill(fabric.name);
    await expect(page.getByTestId("core-fabric-row").filter({ hasText: fabric.name })).toHaveCount(0);
  });

  test("another person's link change and a link's health reach the open fabric page without a reload", async ({ page }) => {
    const { fabric } = await fabricOfTwo(page);
    await page.goto(`/organization/${fabric.organizationId}/msp/coreFabric/${fabric.id}`);
    await expect(page.getByTestId("mesh-pair")).toHaveCount(1);
    // Live: the server has the page's subscriptions, so the change below reaches it.
    await expect(page.getByText("Live", { exact: true })).toBeVisible();
    const detail = await (await page.request.get(`/api/v1/config/core-fabric/${fabric.id}`)).json();
    const [a, b] = detail.nodes;
    await api(page, "PUT", `/config/core-fabric/${fabric.id}/links`, {
      links: [
        {
          name: "made elsewhere",
          type: "fiber",
          bandwidth: 40000,
          sourceNodeId: a.id,
          sourceInterfaceId: a.interfaces[0].id,
          destinationNodeId: b.id,
          destinationInterfaceId: b.interfaces[0].id,
        },
      ],
    });
    const row = page.getByTestId("fabric-link-row");
    await expect(row).toContainText("made elsewhere");
    await expect(row).toContainText("40 Gbps");
    await expect(page.getByTestId("fabric-mesh")).toHaveAttribute("data-complete", "true");
    // Nothing reports on a new link yet: its health is unknown, not healthy.
    await expect(row.getByTestId("health")).toHaveAttribute("data-health", "unknown");
  });

  test("the link editor's row messages in French, and leaving unsaved rows asks first", async ({ page }) => {
    const { fabric, nodes } = await fabricOfTwo(page);
    await page.context().addCookies([{ name: "NEXT_LOCALE", value: "fr", url: test.info().project.use.baseURL! }]);
    await page.goto(`/organization/${fabric.organizationId}/msp/coreFabric/${fabric.id}`);
    await expect(page.getByTestId("mesh-pair")).toHaveText(`${nodes[0].name} et ${nodes[1].name} n’ont aucun lien`);
    await page.getByTestId("edit-links").click();
    await page.getByTestId("add-link-row").click();
    const row = page.getByTestId("link-row");
    await choose(row, "link-source-node", nodes[0].name);
    await choose(row, "link-source-port", "et-0/0/1");
    await row.getByTestId("link-mtu").fill("100");
    await row.getByTestId("link-source-vlan").fill("5000");
    await page.getByRole("button", { name: "Enregistrer les liens" }).click();
    await expect(row.getByTestId("link-destination")).toContainText("Un nœud de destination est obligatoire");
    await expect(row.getByTestId("link-destination")).toContainText("L’interface est obligatoire");
    await expect(messagesOf(row)).toContainText(["Le MTU doit être compris entre 576 et 9216"]);
    await expect(row.getByTestId("link-source")).toContainText("Le VLAN doit être compris entre 0 et 4094");
    await expect(page.getByTestId("mesh-pair")).toHaveText(`${nodes[0].name} et ${nodes[1].name} n’ont aucun lien`);

    // Cancel with unsaved rows: the leave confirmation first.
    await page.getByTestId("cancel-links").click();
    await expect(page.getByRole("alertdialog")).toContainText("Quitter sans enregistrer ?");
    await page.getByTestId("discard-changes").click();
    await expect(page.getByTestId("edit-links")).toBeVisible();
    await expect(page.getByTestId("fabric-link-row")).toHaveCount(0);
  });
});

test.describe("external fabrics as an MSP admin", () => {
  as("admin@northwind.example");

  test("creates an Equinix fabric whose secret is never shown back, and replaces the secret", async ({ page }) => {
    const name = `Equinix ${unique()}`;
    const secret = `secret-${unique()}-value`;
    await page.goto("/");
    await page.locator("aside").getByTestId("nav-msp-externalFabrics").click();
    await expect(page.getByRole("heading", { name: "External fabrics" })).toBeVisible();
    await page.getByTestId("add-external-fabric").click();
    const dialog = page.getByTestId("external-fabric-dialog");
    await dialog.getByTestId("external-fabric-save").click();
    await expect(dialog).toContainText("Name is required");
    await expect(dialog).toContainText("Client ID is required");
    await expect(dialog).toContainText("Client secret is required");
    await expect(dialog.getByTestId("external-fabric-type")).toHaveText("Equinix");
    await dialog.getByTestId("external-fabric-name").fill(name);
    await dialog.getByTestId("external-fabric-clientId").fill("e2e-client-id");
    await dialog.getByTestId("external-fabric-clientSecret").fill(secret);
    await dialog.getByTestId("external-fabric-save").click();
    await expect(page.getByText(`External fabric ${name} was created.`)).toBeVisible();

    // Its page: the client ID, and of the secret only that one is set.
    await expect(page.getByRole("heading", { name })).toBeVisible();
    const account = page.getByTestId("external-fabric-account");
    await expect(account).toContainText("e2e-client-id");
    await expect(account).toContainText("Set · never shown");
    await expect(page.locator("body")).not.toContainText(secret);
    await page.getByTestId("edit-external-fabric").click();
    await expect(dialog.getByTestId("external-fabric-clientSecret")).toHaveValue("");
    await expect(dialog).toContainText("A secret is set and is never shown.");
    expect(await page.content()).not.toContain(secret);

    // Saved without a secret keeps it; a new one replaces it, and is not shown either.
    await dialog.getByTestId("external-fabric-clientSecret").fill(`${secret}-2`);
    await dialog.getByTestId("external-fabric-save").click();
    await expect(page.getByText(`External fabric ${name} was saved.`)).toBeVisible();
    await expect(page.locator("body")).not.toContainText(secret);

    // Listed; deleted from its page.
    await page.getByTestId("delete-external-fabric").click();
    await page.getByTestId("delete-external-fabric-confirm").click();
    await expect(page.getByText(`External fabric ${name} was deleted.`)).toBeVisible();
    await expect(page.getByRole("heading", { name: "External fabrics" })).toBeVisible();
    await expect(page.getByTestId("external-fabric-row").filter({ hasText: name })).toHaveCount(0);
    await expect(page.getByTestId("external-fabric-row").filter({ hasText: "Equinix Fabric" })).toBeVisible();
  });
});

test.describe("a read-only MSP user", () => {
  as("readonly@northwind.example");

  test("sees the fabrics and no edit control", async ({ page }) => {
    await page.goto("/");
    await page.getByTestId("msp-core-fabrics").getByRole("link", { name: "Northwind Global Core" }).click();
    await expect(page.getByRole("heading", { name: "Northwind Global Core" })).toBeVisible();
    await expect(page.getByTestId("fabric-link-row")).toHaveCount(6);
    await expect(page.getByTestId("fabric-link-row").first().getByTestId("health")).toBeVisible();
    await expect(page.getByTestId("fabric-mesh")).toHaveAttribute("data-complete", "true");
    await expect(page.getByTestId("edit-links")).toHaveCount(0);
    await expect(page.getByTestId("rename-core-fabric")).toHaveCount(0);
    await expect(page.getByTestId("delete-core-fabric")).toHaveCount(0);
    await expect(page.getByTestId("fabric-uplink-row").filter({ hasText: "nw-edge-par-01" })).toContainText("nw-core-lon");
    await page.getByRole("link", { name: "Core fabrics" }).first().click();
    await expect(page.getByTestId("core-fabric-row").filter({ hasText: "Northwind Global Core" })).toContainText("6");
    await expect(page.getByTestId("add-core-fabric")).toHaveCount(0);

    await page.locator("aside").getByTestId("nav-msp-externalFabrics").click();
    await expect(page.getByTestId("add-external-fabric")).toHaveCount(0);
    await page.getByTestId("external-fabric-row").getByRole("link", { name: "Equinix Fabric" }).click();
    await expect(page.getByTestId("external-fabric-account")).toContainText("nw-equinix-client");
    await expect(page.getByTestId("edit-external-fabric")).toHaveCount(0);
    await expect(page.getByTestId("delete-external-fabric")).toHaveCount(0);
  });
});

test.describe("a customer", () => {
  as("admin@contoso.example");

  test("is sent home from the fabric pages", async ({ page }) => {
    await page.goto("/");
    const organizationId = currentOrganizationId(page);
    for (const route of ["msp/coreFabric", "msp/externalFabric"]) {
      await page.goto(`/organization/${organizationId}/${route}`);
      await expect(page).toHaveURL(/\/customer\/dashboard$/);
    }
  });
});
