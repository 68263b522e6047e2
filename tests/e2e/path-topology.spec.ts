import fs from "node:fs";
import { as, currentOrganizationId, expect, test } from "./fixtures";
import { chooseLanguage, chooseTheme } from "./steps";

// The path topology as an MSP sees it: from the paths list to a drawn route of Contoso's Paris ⇄ Frankfurt path,
// every element coloured by health, details on selection; a deep link renders on first load; light and dark,
// English and French screenshots in /tmp/shots-topo/.

const SHOTS = "/tmp/shots-topo";
const TONES = /^(healthy|warning|bad|unknown)$/;

test.describe("path topology", () => {
  as("admin@northwind.example");

  test("draws Contoso's Paris ⇄ Frankfurt route through the core, coloured by health, in both themes and languages", async ({ page }) => {
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/");
    const organizationId = currentOrganizationId(page);
    await page.locator("aside").getByTestId("nav-common-paths").click();
    const row = page.getByTestId("paths-table").getByTestId("path-row").filter({ hasText: "Paris ⇄ Frankfurt" });
    await row.getByTestId("view-path-topology").click();
    await expect(page).toHaveURL(new RegExp(`/organization/${organizationId}/paths/[^/]+/pathTopology$`));

    const graph = page.getByTestId("topology-graph");
    await expect(graph).toBeVisible();
    await expect(page.getByTestId("topology-title")).toHaveText("Paris ⇄ Frankfurt");
    const elements = graph.getByTestId("topology-element");
    await expect(elements.first()).toHaveAttribute("data-name", "Paris HQ");
    await expect(elements.last()).toHaveAttribute("data-name", "Frankfurt DC");
    await expect(graph.locator('[data-testid="topology-element"][data-type="edge"]')).toHaveCount(2);
    const cores = graph.locator('[data-testid="topology-element"][data-type="core"]');
    expect(await cores.count()).toBeGreaterThanOrEqual(1);
    await expect(cores.first()).toHaveAttribute("data-name", /^nw-core-/);
    // Every element and line carries a health tone, painted in a real colour.
    for (const element of await elements.all()) await expect(element).toHaveAttribute("data-tone", TONES);
    const links = graph.locator('[data-testid="topology-connection"][data-type="link"]');
    expect(await links.count()).toBeGreaterThanOrEqual(2);
    for (const link of await links.all()) await expect(link).toHaveAttribute("data-tone", TONES);
    // The painted stroke is the theme's status colour of the element's tone.
    const paint = await cores.first().evaluate((group) => {
      const probe = document.createElement("span");
      probe.style.color = `var(--status-${group.getAttribute("data-tone")})`;
      document.body.append(probe);
      const expected = getComputedStyle(probe).color;
      probe.remove();
      const shape = group.querySelectorAll("circle")[1];
      return { expected, stroke: getComputedStyle(shape).stroke };
    });
    expect(paint.stroke).toBe(paint.expected);
    expect(paint.stroke).not.toBe("none");
    await expect(page.getByTestId("topology-legend")).toContainText("Healthy");
    await expect(page.getByTestId("topology-unreachable")).toHaveCount(0);

    // Details of a core node, then of a link, on click.
    await cores.first().click();
    await expect(page.getByTestId("topology-details")).toContainText("Core node");
    await links.first().click();
    await expect(page.getByTestId("topology-details")).toContainText("Latency");
    await expect(page.getByTestId("topology-details")).toContainText(/Gbps|Mbps/);
    await page.screenshot({ path: `${SHOTS}/topology-en-light.png`, fullPage: true });

    await chooseTheme(page, "dark");
    await expect(page.locator("html")).toHaveClass(/dark/);
    await cores.first().click();
    await page.screenshot({ path: `${SHOTS}/topology-en-dark.png`, fullPage: true });

    await chooseLanguage(page, "fr");
    await expect(page.getByTestId("topology-legend")).toContainText("Sain");
    await cores.first().click();
    await expect(page.getByTestId("topology-details")).toContainText("Nœud de cœur");
    await page.screenshot({ path: `${SHOTS}/topology-fr-dark.png`, fullPage: true });

    await chooseTheme(page, "light");
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    await page.screenshot({ path: `${SHOTS}/topology-fr-light.png`, fullPage: true });

    // Back to English for the other tests of this user.
    await chooseLanguage(page, "en");
  });

  test("a deep link renders the drawn route in the first response", async ({ page }) => {
    await page.goto("/");
    const organizationId = currentOrganizationId(page);
    await page.locator("aside").getByTestId("nav-common-paths").click();
    const href = await page
      .getByTestId("paths-table")
      .getByTestId("path-row")
      .filter({ hasText: "Paris ⇄ Frankfurt" })
      .getByTestId("view-path-topology")
      .getAttribute("href");
    expect(href).toMatch(new RegExp(`^/organization/${organizationId}/paths/[^/]+/pathTopology$`));
    const response = await page.request.get(href!);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('data-testid="topology-graph"');
    expect(html).toContain("Frankfurt DC");
  });

  test("opens from a path's detail, and a Fabrikam route over the US edge is drawn the same way", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/");
    await page.locator("aside").getByTestId("nav-common-paths").click();
    await page.getByTestId("paths-table").getByTestId("path-row").filter({ hasText: "Seattle ⇄ Dublin" }).getByRole("link", { name: "Seattle ⇄ Dublin" }).click();
    await expect(page.getByTestId("path-title")).toHaveText("Seattle ⇄ Dublin");
    await page.getByTestId("path-detail").getByTestId("view-path-topology").click();
    const graph = page.getByTestId("topology-graph");
    await expect(page.getByTestId("topology-title")).toHaveText("Seattle ⇄ Dublin");
    await expect(graph.getByTestId("topology-element").first()).toHaveAttribute("data-type", "site");
    await expect(graph.getByTestId("topology-element").last()).toHaveAttribute("data-type", "site");
    await expect(graph.locator('[data-testid="topology-element"][data-type="edge"]').first()).toBeVisible();
    for (const connection of await graph.getByTestId("topology-connection").all()) await expect(connection).toHaveAttribute("data-tone", TONES);
    // Keyboard: Tab reaches the elements, Enter shows the details.
    await graph.locator('[data-testid="topology-element"][data-type="edge"]').first().focus();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("topology-details")).toContainText("Edge node");
    await page.screenshot({ path: `${SHOTS}/topology-seattle-en-light.png`, fullPage: true });
  });

  test("paints warning, bad and unknown elements and an unreachable destination (answers rewritten in the browser)", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    let variant: "degraded" | "unreachable" = "degraded";
    // The live refetch goes through the browser: its answer is rewritten so every state is drawn once.
    await page.route("**/api/v1/config/path/*/topology", async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      const links = body.connections.filter((connection: { type: string }) => connection.type === "link");
      if (variant === "degraded") {
        Object.assign(links[0], { tone: "bad", state: "unhealthy", status: "down" });
        Object.assign(links[1], { tone: "warning", state: "warning", latencyMs: 92.4 });
        const core = body.elements.find((element: { type: string }) => element.type === "core");
        Object.assign(core, { tone: "unknown", state: "unknown" });
        Object.assign(body.elements[0], { tone: "warning", state: "warning" });
        Object.assign(body.connections.find((connection: { type: string }) => connection.type === "access"), { tone: "bad", state: "down", status: "down" });
      } else {
        // The serving edges stand apart with an empty column where the route would be.
        const kept = body.elements.filter((element: { type: string }) => element.type !== "core");
        kept.forEach((element: { layer: number }, index: number) => (element.layer = index < 3 ? index : index + 1));
        Object.assign(body, {
          elements: kept,
          connections: body.connections.filter((connection: { type: string }) => connection.type !== "link"),
          reachable: false,
          unreachableReason: "noRoute",
          routeCost: null,
        });
      }
      await route.fulfill({ response, json: body });
    });
    await page.goto("/");
    await page.locator("aside").getByTestId("nav-common-paths").click();
    await page.getByTestId("paths-table").getByTestId("path-row").filter({ hasText: "Paris ⇄ Frankfurt" }).getByTestId("view-path-topology").click();
    const graph = page.getByTestId("topology-graph");
    await expect(graph).toBeVisible();
    // Live: the next telemetry message refetches.
    await expect(graph.locator('[data-testid="topology-connection"][data-tone="bad"]').first()).toBeVisible({ timeout: 30_000 });
    await expect(graph.locator('[data-testid="topology-connection"][data-tone="warning"]')).toHaveCount(1);
    await expect(graph.locator('[data-testid="topology-element"][data-tone="unknown"]').first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/topology-degraded-en-light.png`, fullPage: true });
    await chooseTheme(page, "dark");
    await page.screenshot({ path: `${SHOTS}/topology-degraded-en-dark.png`, fullPage: true });

    variant = "unreachable";
    await expect(page.getByTestId("topology-unreachable")).toContainText("unreachable", { timeout: 30_000 });
    await expect(graph.getByTestId("topology-no-route")).toBeVisible();
    await expect(page.getByTestId("topology-route-cost")).toHaveText("—");
    await page.screenshot({ path: `${SHOTS}/topology-unreachable-en-dark.png`, fullPage: true });
    await chooseTheme(page, "light");
  });
});
