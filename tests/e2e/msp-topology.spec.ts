import type { Page } from "@playwright/test";
import { as, currentOrganizationId, expect, test } from "./fixtures";

// msp/topology as an MSP engineer uses it: the network drawn as a graph and on a world map, the links table, a node's
// blast radius naming the customers' paths that cross it with their SLA (a link's blast radius, and a link going down
// turning red live in every view: the journey in msp-network-journey.spec.ts). A customer is sent home.

const PARIS_UPLINK = "nw-edge-par-01 ⇄ nw-core-lon";

async function openTopology(page: Page) {
  await page.goto("/");
  const organizationId = currentOrganizationId(page);
  await page.goto(`/organization/${organizationId}/msp/topology`);
  return organizationId;
}

test.describe("an MSP's admin", () => {
  as("admin@northwind.example");

  test("sees the network drawn and listed, and a node's blast radius names Contoso's paths with their SLA", async ({ page }) => {
    test.setTimeout(120_000);
    await openTopology(page);
    await expect(page.getByRole("heading", { name: "Topology", level: 1 })).toBeVisible();
    const graph = page.getByTestId("msp-topology-graph");
    const map = page.getByTestId("msp-topology-map");
    // Drawn in the browser once their code and the graph's data arrive.
    await expect(graph).toBeVisible({ timeout: 30_000 });
    await expect(map).toBeVisible({ timeout: 30_000 });
    // Every node and link of Northwind's demo network (and any other spec's, on this shared server), coloured by health.
    await expect(graph.getByRole("button", { name: "nw-core-sin" })).toBeVisible();
    expect(await graph.getByTestId("graph-node").count()).toBeGreaterThanOrEqual(8);
    expect(await graph.getByTestId("graph-link").count()).toBeGreaterThanOrEqual(10);
    expect(await map.getByTestId("map-node").count()).toBeGreaterThanOrEqual(8);
    for (const element of await graph.locator("[data-tone]").all()) await expect(element).toHaveAttribute("data-tone", /^(healthy|warning|bad|unknown)$/);
    await expect(graph.getByRole("button", { name: "nw-core-sin" })).toBeVisible();
    // Pan and zoom from the keyboard: + zooms in, the arrows pan; the reset button shows the whole network again.
    // Another spec on this server may add a node meanwhile: a new shape shows the whole network again (zoom 1), where
    // nothing pans, so the zoom is taken again until a pan at 1.5 is seen.
    const core = graph.getByRole("button", { name: "nw-core-sin" });
    await expect(async () => {
      await graph.focus();
      if ((await graph.getAttribute("data-zoom")) === "1.00") await page.keyboard.press("+");
      await expect(graph).toHaveAttribute("data-zoom", "1.50", { timeout: 2_000 });
      const before = await core.getAttribute("transform");
      await page.keyboard.press("ArrowLeft");
      await expect(core).not.toHaveAttribute("transform", before!, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await page.getByTestId("graph-zoom-reset").click();
    await expect(graph).toHaveAttribute("data-zoom", "1.00");

    // The SPEC's links table: endpoints, priority, status.
    const table = page.getByTestId("topology-links");
    await expect(table.getByRole("columnheader")).toHaveText(["Link", "Endpoints", "Type", "Priority", "Bandwidth", "Status", "Latency", "Loss"]);
    const row = table.getByTestId("topology-link-row").filter({ hasText: PARIS_UPLINK });
    await expect(row).toBeVisible();
    expect(await table.getByTestId("topology-link-row").count()).toBeGreaterThanOrEqual(10);
    await expect(row).toContainText("nw-edge-par-01");
    await expect(row).toContainText("Edge node");
    await expect(row.getByTestId("link-priority")).toHaveText("20");
    await expect(row.getByTestId("link-status")).toHaveAttribute("data-health", /^(healthy|warning|unhealthy|unknown)$/);

    // Filters: by type, then by name.
    await page.getByTestId("links-type-filter").click();
    await page.getByRole("option", { name: "Internet" }).click();
    await expect(page).toHaveURL(/type=internet/);
    await expect(table.getByTestId("topology-link-row").filter({ hasText: "nw-cpe-contoso-lyon ⇄ nw-edge-fra-01" })).toBeVisible();
    await expect(table.getByTestId("topology-link-row").filter({ hasNotText: "Internet" })).toHaveCount(0);
    await page.getByTestId("links-type-filter").click();
    await page.getByRole("option", { name: "All types" }).click();
    await page.getByTestId("links-filter").fill("par-01");
    await expect(table.getByTestId("topology-link-row").filter({ hasNotText: "par-01" })).toHaveCount(0);
    await expect(row).toBeVisible();

    // A node from the graph shows who is hit: Contoso's paths from Paris, each with its SLA (a link's blast radius:
    // the journey in msp-network-journey.spec.ts).
    await page.getByTestId("links-filter").fill("");
    await graph.getByRole("button", { name: "nw-edge-par-01" }).click();
    const radius = page.getByTestId("blast-radius");
    await expect(radius.getByRole("heading", { name: "Blast radius of node nw-edge-par-01" })).toBeVisible();
    await expect(page).toHaveURL(/selected=node%3A|selected=node:/);
    const contosoPath = radius.getByTestId("blast-path").filter({ hasText: "Paris ⇄ Frankfurt" });
    await expect(contosoPath).toContainText("Contoso");
    await expect(contosoPath).toContainText("Paris HQ");
    await expect(contosoPath.getByTestId("sla-badge")).toHaveAttribute("data-health", /^(healthy|warning|bad|unknown)$/);
    await expect(radius.getByTestId("blast-customer").filter({ hasText: "Contoso" })).toBeVisible();
    await expect(radius.getByTestId("blast-summary")).toContainText(/\d+ paths? of \d+ customers? cross/);

    // A deep link to the selection renders the blast radius in the first response.
    const response = await page.request.get(page.url());
    expect(await response.text()).toContain("Paris ⇄ Frankfurt");

    // Its links in the table.
    await radius.getByTestId("show-node-links").click();
    await expect(page.getByTestId("links-node-filter")).toContainText("nw-edge-par-01");
    await expect(table.getByTestId("topology-link-row").filter({ hasNotText: "nw-edge-par-01" })).toHaveCount(0);
    await expect(row).toBeVisible();
  });
});

test.describe("a read-only MSP user", () => {
  as("readonly@northwind.example");

  test("sees the topology and a blast radius, with no edit control", async ({ page }) => {
    test.setTimeout(90_000);
    await openTopology(page);
    await expect(page.getByTestId("msp-topology-graph")).toBeVisible({ timeout: 30_000 });
    await page.getByTestId("topology-link-row").filter({ hasText: PARIS_UPLINK }).getByRole("button", { name: PARIS_UPLINK }).click();
    await expect(page.getByTestId("blast-path").first()).toBeVisible();
    await expect(page.getByRole("button", { name: /^(Add|Create|Edit|Delete|Save)\b/ })).toHaveCount(0);
  });
});

test.describe("a customer's admin", () => {
  as("admin@contoso.example");

  test("is sent home from msp/topology", async ({ page }) => {
    await page.goto("/");
    const home = currentOrganizationId(page);
    await page.goto(`/organization/${home}/msp/topology`);
    await expect(page).toHaveURL(new RegExp(`/organization/${home}/customer/dashboard$`));
  });
});
