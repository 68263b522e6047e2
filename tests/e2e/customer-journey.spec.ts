import type { Page } from "@playwright/test";
import { as, expect, test } from "./fixtures";
import { chooseInSelect, pickLocation, unique } from "./steps";

// Issue 6, end to end as a customer would go: a new site found by searching its city, a physical and an IPsec
// connector, a Layer 3 path with two prefixes to another site, the path on the dashboard with live SLA from the
// simulator, and its route drawn. Then a read-only user walks the same pages and finds no edit control.

// The simulator re-reads the network when it changes and pushes every 2 s (playwright.config.ts); the SLA needs a
// few samples.
const LIVE_SLA_MS = 60_000;

test.describe("a customer connecting a new site", () => {
  as("admin@contoso.example");

  test("creates a site, its connectors and a Layer 3 path, then follows it live on the dashboard and on its route", async ({ page }) => {
    test.setTimeout(LIVE_SLA_MS + 90_000);
    const siteName = `Bordeaux ${unique()}`;
    const pathName = `${siteName} ⇄ Frankfurt`;

    // The site, by searching its city.
    await page.goto("/");
    await page.locator("aside").getByTestId("nav-customer-sites").click();
    await page.getByTestId("add-site").click();
    await page.getByTestId("site-name").fill(siteName);
    await page.getByTestId("site-description").fill("Warehouse and logistics office");
    await pickLocation(page, "Bordea", /^Bordeaux/);
    await page.getByTestId("site-create").click();
    await expect(page.getByText(`${siteName} was created.`)).toBeVisible();
    await expect(page.getByTestId("site-title")).toHaveText(siteName);

    // A physical connector and an IPsec tunnel.
    const dialog = page.getByTestId("connector-dialog");
    await page.getByTestId("add-connector").click();
    await page.getByTestId("add-connector-physical").click();
    await dialog.getByTestId("connector-name").fill("Bordeaux fiber");
    await dialog.getByTestId("connector-bandwidth").fill("1000");
    await dialog.getByTestId("connector-customerIp").fill("10.80.0.2");
    await dialog.getByTestId("connector-providerEdgeIp").fill("10.80.0.1");
    await dialog.getByTestId("connector-vlan").fill("180");
    await dialog.getByTestId("connector-save").click();
    await expect(page.getByText("Connector Bordeaux fiber was created.")).toBeVisible();
    await page.getByTestId("add-connector").click();
    await page.getByTestId("add-connector-ipsec").click();
    await dialog.getByTestId("connector-name").fill("Bordeaux IPsec");
    await dialog.getByTestId("connector-bandwidth").fill("200");
    await dialog.getByTestId("connector-localSiteIp").fill("192.168.80.1");
    await dialog.getByTestId("connector-publicIp").fill("203.0.113.80");
    await dialog.getByTestId("connector-presharedKey").fill("bordeaux-tunnel-key");
    await dialog.getByTestId("connector-save").click();
    await expect(page.getByText("Connector Bordeaux IPsec was created.")).toBeVisible();
    await expect(page.getByTestId("connector-row")).toHaveCount(2);

    // A Layer 3 path with two prefixes to Frankfurt, from the Paths tab.
    await page.getByTestId("site-tab-path").click();
    await expect(page.getByTestId("site-paths")).toContainText(`Configure Paths from ${siteName} to other Sites`);
    await page.getByTestId("add-path").click();
    const form = page.getByTestId("path-dialog");
    await form.getByTestId("path-name").fill(pathName);
    await form.getByTestId("path-layer-layer3").click();
    await chooseInSelect(page, "path-source-connector", /^Bordeaux fiber/);
    await chooseInSelect(page, "path-destination-site", "Frankfurt DC");
    await chooseInSelect(page, "path-destination-connector", /^Frankfurt cross-connect/);
    await expect(form.getByTestId("headroom-max")).toHaveText("This path can use up to 1 Gbps.");
    await form.getByTestId("path-vlan-id").fill("3180");
    await form.getByTestId("path-prefix").fill("10.80.0.0/16, 10.81.0.0/16");
    await form.getByTestId("path-bandwidth").fill("300");
    await form.getByTestId("path-save").click();
    await expect(page.getByText(`Path ${pathName} was created.`)).toBeVisible();

    // On the site's dashboard, then the path's, where the SLA comes live from the simulator.
    await page.getByTestId("site-dashboard-open").click();
    const siteDashboard = page.getByTestId("site-dashboard");
    await expect(siteDashboard.getByRole("heading", { name: siteName, level: 1 })).toBeVisible();
    await page.getByTestId("realtime-status").waitFor();
    await siteDashboard.getByTestId("paths-card").getByRole("link", { name: pathName }).click();
    const pathDashboard = page.getByTestId("path-dashboard");
    await expect(pathDashboard.getByRole("heading", { name: pathName, level: 1 })).toBeVisible();
    await expect(pathDashboard.getByTestId("current-sla").getByTestId("sla-badge")).toHaveAttribute("data-health", /^(healthy|warning|bad)$/, {
      timeout: LIVE_SLA_MS,
    });
    await expect(pathDashboard.getByTestId("metric-latencyMs").getByTestId("chart-threshold")).toHaveCount(2, { timeout: 30_000 });

    // Its route: from the new site over its fiber, through Northwind's nodes, to Frankfurt.
    await pathDashboard.getByTestId("view-path-topology").click();
    await expect(page).toHaveURL(/\/customer\/site\/[^/]+\/path\/[^/#]+#topology$/);
    await expect(page.getByTestId("path-title")).toHaveText(pathName);
    await expect(page.getByTestId("path-prefixes")).toHaveText("10.80.0.0/1610.81.0.0/16");
    const route = page.getByTestId("path-route");
    await expect(route.getByTestId("path-topology")).toHaveAttribute("data-reachable", "true");
    const graph = route.getByTestId("topology-graph");
    await expect(graph.getByTestId("topology-element").first()).toContainText(siteName);
    await expect(graph.getByTestId("topology-element").last()).toContainText("Frankfurt DC");
    await expect(graph.getByTestId("topology-element").filter({ hasText: "Bordeaux fiber" })).toHaveCount(1);
    await expect(graph.getByTestId("topology-element").filter({ hasText: /nw-edge-/ })).not.toHaveCount(0);
    // The customer's summary has the path's SLA; the MSP's route cost is not shown.
    await expect(route.getByTestId("topology-summary")).toContainText("SLA health");
    await expect(route.getByTestId("topology-route-cost")).toHaveCount(0);
  });
});

test.describe("a customer's route that cannot be drawn end to end", () => {
  as("admin@contoso.example");

  const UNSERVED = {
    en: { title: "Route", message: "Your provider has not yet connected the source site to its network: contact your MSP." },
    fr: { title: "Itinéraire", message: "Votre fournisseur n’a pas encore raccordé le site source à son réseau : contactez votre MSP." },
  };

  for (const language of ["en", "fr"] as const) {
    test(`tells the customer what its MSP has to do, not what an MSP would (${language}, answer rewritten in the browser)`, async ({ page }) => {
      if (language === "fr") await page.context().addCookies([{ name: "NEXT_LOCALE", value: "fr", url: test.info().project.use.baseURL! }]);
      // The live refetch goes through the browser: its answer says no node serves the source connector.
      await page.route("**/api/v1/config/path/*/topology", async (route) => {
        const response = await route.fetch();
        const body = await response.json();
        const ends = body.elements.filter((element: { type: string }) => element.type === "site" || element.type === "connector");
        ends.forEach((element: { layer: number }, index: number) => (element.layer = index < 2 ? index : index + 2));
        Object.assign(body, {
          elements: ends,
          connections: body.connections.filter((connection: { type: string }) => connection.type === "attachment"),
          reachable: false,
          unreachableReason: "sourceUnserved",
        });
        await route.fulfill({ response, json: body });
      });
      await page.goto("/");
      await page.locator("aside").getByTestId("nav-common-paths").click();
      await page.getByTestId("paths-table").getByTestId("path-row").filter({ hasText: "Paris ⇄ Frankfurt" }).getByTestId("view-path-topology").click();
      await expect(page).toHaveURL(/\/customer\/site\/[^/]+\/path\/[^/#]+#topology$/);
      const route = page.getByTestId("path-route");
      await expect(route.getByRole("heading", { name: UNSERVED[language].title, level: 3 })).toBeVisible();
      await expect(page.getByTestId("topology-unreachable")).toHaveText(UNSERVED[language].message, { timeout: 30_000 });
      await expect(route.getByTestId("path-topology")).toHaveAttribute("data-reachable", "false");
    });
  }
});

/** Nothing on the page that changes the network: no add, edit, delete or save control, no form field but filters. */
async function expectNoEditControl(page: Page) {
  await expect(page.locator('[data-testid^="add-"], [data-testid$="-edit"], [data-testid$="-delete"], [data-testid$="-save"], [data-testid$="-create"]')).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Actions for/ })).toHaveCount(0);
  await expect(page.locator("main input:not([type=search]):not([data-testid$=-filter]), main textarea")).toHaveCount(0);
}

test.describe("a read-only customer user", () => {
  as("readonly@contoso.example");

  test("walks the dashboard, sites, paths and a path's route and finds no edit control anywhere", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("customer-dashboard")).toBeVisible();
    await expectNoEditControl(page);
    await page.getByTestId("sites-card").getByTestId("dashboard-site").filter({ hasText: "Paris HQ" }).click();
    await expect(page.getByTestId("site-dashboard")).toBeVisible();
    await expectNoEditControl(page);

    await page.locator("aside").getByTestId("nav-customer-sites").click();
    await expect(page.getByTestId("sites-table")).toContainText("Paris HQ");
    await expectNoEditControl(page);
    await page.getByTestId("sites-table").getByRole("link", { name: "Paris HQ", exact: true }).click();
    await expect(page.getByTestId("connectors-table")).toContainText("Paris fiber A");
    await expectNoEditControl(page);
    await page.getByTestId("site-tab-path").click();
    await expect(page.getByTestId("site-paths-table")).toContainText("Paris ⇄ Frankfurt");
    await expectNoEditControl(page);
    await page.getByTestId("site-paths-table").getByRole("link", { name: "Paris ⇄ Frankfurt" }).click();
    await expect(page.getByTestId("path-title")).toHaveText("Paris ⇄ Frankfurt");
    await expect(page.getByTestId("path-route").getByTestId("topology-graph")).toBeVisible();
    await expectNoEditControl(page);

    await page.locator("aside").getByTestId("nav-common-paths").click();
    await expect(page.getByTestId("paths-table")).toContainText("Paris ⇄ Frankfurt");
    await expectNoEditControl(page);
  });
});
