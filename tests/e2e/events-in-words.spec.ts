import type { Page } from "@playwright/test";
import { as, currentOrganizationId, expect, test } from "./fixtures";
import { chooseInSelect, unique } from "./steps";

// Issue 42: events in people's words — a type from the list (labels grouped by area, in the reader's language), a node
// by its name with suggestions, each event's object by name.

/** The shell's live indicator renders in the browser only: once it shows, the page is hydrated and interactive. */
const hydrated = (page: Page) => page.getByTestId("realtime-status").waitFor();

test.describe("MSP admin", () => {
  as("admin@northwind.example");

  test("filters the events by a node's name, chosen from the suggestions, and a type chosen from the list", async ({ page }) => {
    await page.goto("/");
    const organizationId = currentOrganizationId(page);
    // A change of the node's own: an event on that node, written now.
    const found = (await (await page.request.get(`/api/v1/config/msp/${organizationId}/node?kind=edge&search=nw-edge-par-01`)).json()) as {
      items: { id: string; name: string; description: string }[];
    };
    const node = found.items.find((item) => item.name === "nw-edge-par-01")!;
    const headers = { origin: new URL(page.url()).origin, "content-type": "application/json" };
    const changed = await page.request.patch(`/api/v1/config/node/${node.id}`, { headers, data: { description: `Events check ${unique()}` } });
    expect(changed.status(), await changed.text()).toBe(200);
    try {
      await page.goto(`/organization/${organizationId}/events`);
      await hydrated(page);
      await page.getByTestId("event-node").fill("nw-edge-par");
      await page.getByTestId("event-node-options").getByRole("option", { name: "nw-edge-par-01", exact: true }).click();
      await expect(page.getByTestId("event-node")).toHaveValue("nw-edge-par-01");
      await chooseInSelect(page, "event-type", "Node updated");
      await page.getByTestId("event-search-apply").click();
      await expect(page).toHaveURL(/nodeId=nw-edge-par-01/);
      await expect(page).toHaveURL(/type=node.updated/);
      const rows = page.getByTestId("event-row");
      await expect(rows.first()).toBeVisible();
      // Once the filtered list is in, every row is a change of that node's.
      await expect.poll(async () => [...new Set(await page.getByTestId("event-type-label").allTextContents())]).toEqual(["Node updated"]);
      // The object by name, a link to its page; the node it happened on, by name.
      const first = rows.first();
      await expect(first.getByTestId("event-entity")).toContainText("Node nw-edge-par-01");
      await expect(first.getByTestId("event-entity").getByRole("link", { name: "nw-edge-par-01" })).toHaveAttribute("href", `/organization/${organizationId}/msp/edgeNode/${node.id}`);
      await expect(first.getByTestId("event-node-filter")).toHaveText("On node nw-edge-par-01");
      // The change's fields by their names, not their codes.
      await first.getByTestId("event-expand").click();
      await expect(page.getByTestId("event-diff").locator('[data-testid=diff-row][data-path="description"]')).toContainText("Description");
      // The node's own page: its recent events in the same words (what, to what, who), not bare codes.
      await page.goto(`/organization/${organizationId}/msp/edgeNode/${node.id}`);
      const recent = page.getByTestId("node-events").locator('[data-testid=node-event][data-type="node.updated"]').first();
      await expect(recent).toContainText("Node updated");
      await expect(recent).toContainText("Node nw-edge-par-01");
    } finally {
      await page.request.patch(`/api/v1/config/node/${node.id}`, { headers, data: { description: node.description } });
    }
  });
});

test.describe("in French", () => {
  as("admin@bluewave.example");

  test("types read in French, and a type chosen from the French list filters the events", async ({ page }) => {
    await page.goto("/");
    await page.goto(`/organization/${currentOrganizationId(page)}/events`);
    await hydrated(page);
    await expect(page.getByTestId("event-row").first()).toBeVisible();
    // No row shows a bare code as its type: each has its French label.
    const labels = await page.getByTestId("event-type-label").evaluateAll((spans) => spans.map((span) => [span.getAttribute("data-type"), span.textContent]));
    for (const [code, label] of labels) expect(label, String(code)).not.toBe(code);
    await chooseInSelect(page, "event-type", "Chemin modifié");
    await page.getByTestId("event-search-apply").click();
    await expect(page).toHaveURL(/type=path.updated/);
    await expect.poll(async () => [...new Set(await page.getByTestId("event-type-label").allTextContents())]).toEqual(["Chemin modifié"]);
    await expect(page.getByTestId("event-entity").first()).toContainText("Chemin");
    await page.getByTestId("event-expand").first().click();
    await expect(page.getByTestId("event-diff").locator('[data-testid=diff-row][data-path="bandwidthMbps"]')).toContainText("Bande passante (Mbit/s)");
  });
});
