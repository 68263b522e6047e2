import type { Locator, Page } from "@playwright/test";
import { as, currentOrganizationId, expect, test } from "./fixtures";

// The dashboards (SPEC §2 routes, "Screen content: Dashboard"): a customer's overview with its sites, paths with
// their SLA, live bandwidth chart, drill-down into a site and a path; an MSP drilling from its customers into one
// customer's site and connector; deep links rendered complete by the server.

// The e2e server's simulator reports every 2 s without history: a chart has live points only, one per minute.
const LIVE_DATA_MS = 150_000;
const NOT_FOUND = "Not Found";

/** Waits until the chart's RX line joins at least two points (a path drawn, not a single dot). */
async function expectLineDrawn(chart: Locator) {
  await expect(chart.locator('path[data-series="rx"]')).toHaveAttribute("d", /^M[^MZ]*[CL]/, { timeout: LIVE_DATA_MS });
}

async function expectNotFound(page: Page) {
  await expect(page.getByRole("heading", { name: NOT_FOUND })).toBeVisible();
  await expect(page.getByTestId("customer-dashboard")).toHaveCount(0);
}

async function json<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`/api/v1${path}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

test.describe("customer dashboard", () => {
  as("admin@contoso.example");

  test("shows the sites, the paths with their SLA worst first, and a live bandwidth chart", async ({ page }) => {
    test.setTimeout(LIVE_DATA_MS + 30_000);
    await page.goto("/");
    await expect(page).toHaveURL(/\/customer\/dashboard$/);
    await page.getByTestId("realtime-status").waitFor();
    const dashboard = page.getByTestId("customer-dashboard");
    await expect(dashboard.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    const sites = page.getByTestId("sites-card");
    await expect(sites.getByTestId("dashboard-site").filter({ hasText: "Paris HQ" })).toBeVisible();
    await expect(sites.getByTestId("dashboard-site").filter({ hasText: "Lyon Branch" })).toContainText("Inactive");
    const paths = page.getByTestId("paths-card").getByTestId("dashboard-path");
    await expect(paths.filter({ hasText: "Paris ⇄ Frankfurt" }).getByTestId("sla-badge")).toBeVisible();
    // Worst first: no row is healthier than the one after it.
    const order = { bad: 0, warning: 1, unknown: 2, healthy: 3 } as const;
    const healths = await paths.getByTestId("sla-badge").evaluateAll((badges) => badges.map((badge) => badge.getAttribute("data-health")));
    const ranks = healths.map((health) => order[health as keyof typeof order]);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    // The panels SPEC §2 lists, each there.
    for (const panel of ["alarms-card", "breakdown-card", "top-talkers-card", "probes-card", "connector-health-card"]) {
      await expect(page.getByTestId(panel)).toBeVisible();
    }
    const alarms = page.getByTestId("alarms-card");
    await expect(alarms.getByTestId("all-alarms")).toHaveAttribute("href", /\/alarms$/);
    // Alarm messages in the reader's language, never as stored catalogue keys.
    await expect(alarms.getByTestId("dashboard-alarm").filter({ hasText: "Path Lyon ⇄ Paris: loss 6.2 % above 5 %" })).toBeVisible();
    await expect(alarms).not.toContainText("alarms.message.");
    // Bandwidth with units on the axis and RX/TX in the legend, drawn from live samples.
    const chart = page.getByTestId("bandwidth-card");
    await expectLineDrawn(chart);
    await expect(chart.getByTestId("chart-legend")).toContainText("RX");
    await expect(chart.getByTestId("chart-legend")).toContainText("TX");
    await expect(chart.locator("svg text").filter({ hasText: /^(bps|Kbps|Mbps|Gbps)$/ })).toHaveCount(1);
    await expect(chart.getByTestId("rx-now")).toHaveText(/^[\d.,]+ (bps|Kbps|Mbps|Gbps)$/);
    // The backcast comparison adds dashed series, or says the week before holds no data (this server has no history).
    await chart.getByTestId("chart-backcast").click();
    await page.getByRole("option", { name: "1 week earlier" }).click();
    await expect(chart.getByTestId("chart-legend").filter({ hasText: "RX, 1 week earlier" }).or(chart.getByTestId("backcast-empty"))).toBeVisible();
    // Hovering the chart shows the values at that time.
    // (Retried: the select's closing overlay can swallow the first pointer move.)
    const plot = chart.getByTestId("time-series-chart");
    await expect(async () => {
      const box = await plot.boundingBox();
      if (!box) throw new Error("chart not laid out");
      await plot.hover({ position: { x: box.width - 30, y: box.height / 2 } });
      await expect(chart.getByTestId("chart-tooltip")).toContainText(/RX\s*[\d.,]+ (bps|Kbps|Mbps|Gbps)/, { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
  });

  test("drills into a site, then a path with its SLA thresholds drawn", async ({ page }) => {
    await page.goto("/");
    await page.getByTestId("realtime-status").waitFor();
    await page.getByTestId("sites-card").getByTestId("dashboard-site").filter({ hasText: "Paris HQ" }).click();
    await expect(page).toHaveURL(/\/customer\/dashboard\/[^/]+$/);
    const site = page.getByTestId("site-dashboard");
    await expect(site.getByRole("heading", { name: "Paris HQ", level: 1 })).toBeVisible();
    await expect(site.getByTestId("connector-health-card").getByTestId("dashboard-connector").filter({ hasText: "Paris fiber A" })).toBeVisible();
    await site.getByTestId("paths-card").getByRole("link", { name: "Paris ⇄ Frankfurt" }).click();
    await expect(page).toHaveURL(/\/customer\/dashboard\/[^/]+\/path\/[^/]+$/);
    const path = page.getByTestId("path-dashboard");
    await expect(path.getByRole("heading", { name: "Paris ⇄ Frankfurt", level: 1 })).toBeVisible();
    await expect(path.getByTestId("dashboard-breadcrumb")).toContainText("Paris HQ");
    await expect(path.getByTestId("current-sla").getByTestId("sla-badge")).toBeVisible();
    await expect(path.getByTestId("current-sla")).toContainText("warning > 80 ms, bad > 100 ms");
    // Once samples are in, each metric chart has its warning and bad thresholds drawn.
    for (const metric of ["latencyMs", "jitterMs", "lossPercent"]) {
      await expect(path.getByTestId(`metric-${metric}`).getByTestId("chart-threshold")).toHaveCount(2, { timeout: 30_000 });
    }
    await expect(path.getByTestId("metric-latencyMs")).toContainText("Warning 80 ms");
    await expect(path.getByTestId("metric-lossPercent")).toContainText("Bad 5 %");
  });

  test("a deep link to a path renders complete on first load", async ({ page }) => {
    await page.goto("/");
    const organizationId = currentOrganizationId(page);
    const list = await json<{ items: { id: string; name: string; sourceSiteId: string; destinationSiteId: string }[] }>(page, `/config/organization/${organizationId}/path?limit=500`);
    const path = list.items.find((item) => item.name === "Paris ⇄ Frankfurt");
    if (!path) throw new Error("seeded path missing");
    const response = await page.goto(`/organization/${organizationId}/customer/dashboard/${path.sourceSiteId}/path/${path.id}`);
    const html = (await response?.text()) ?? "";
    expect(html).toContain("Paris ⇄ Frankfurt");
    expect(html).toContain("SLA now");
    expect(html).toContain('data-testid="sla-badge"');
    // A path with neither end at that site is not found.
    const other = list.items.find((item) => item.sourceSiteId !== path.sourceSiteId && item.destinationSiteId !== path.sourceSiteId);
    if (other) {
      await page.goto(`/organization/${organizationId}/customer/dashboard/${path.sourceSiteId}/path/${other.id}`);
      await expectNotFound(page);
    }
  });

  test("lists the worst eight probes, and all of them on demand", async ({ page }) => {
    await page.goto("/");
    const probes = page.getByTestId("probes-card");
    await expect(probes.getByTestId("probe-row")).toHaveCount(8);
    const more = probes.getByTestId("more-rows");
    const hidden = Number((await more.textContent())?.match(/Show (\d+) more probes?/)?.[1]);
    expect(hidden).toBeGreaterThan(0);
    // All of them: every probe the expanded query answers (the simulator may have added one since the first count).
    const expanded = page.waitForResponse((response) => /\/telemetry\/organization\/[^/]+\/probes(\?|$)/.test(response.url()) && !new URL(response.url()).searchParams.has("limit"));
    await more.click();
    const all = (await (await expanded).json()).items.length;
    expect(all).toBeGreaterThan(8);
    await expect(probes.getByTestId("probe-row")).toHaveCount(all);
    await expect(more).toHaveText("Show the worst only");
    await more.click();
    await expect(probes.getByTestId("probe-row")).toHaveCount(8);
  });

  test("says how many probes an expanded card still leaves out, beyond the most it lists", async ({ page }) => {
    // A customer with more probes than a card lists at most (500): the API's total is raised to stand for them.
    await page.route(/\/api\/v1\/telemetry\/organization\/[^/]+\/probes(\?|$)/, async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      const expanded = !new URL(route.request().url()).searchParams.has("limit");
      await route.fulfill({ response, json: expanded ? { ...body, total: body.items.length + 400 } : body });
    });
    await page.goto("/");
    const probes = page.getByTestId("probes-card");
    await probes.getByTestId("more-rows").click();
    await expect(probes.getByTestId("more-rows")).toHaveText("Show the worst only");
    await expect.poll(() => probes.getByTestId("probe-row").count()).toBeGreaterThan(8);
    const shown = await probes.getByTestId("probe-row").count();
    await expect(probes.getByTestId("rows-left-out")).toHaveText(`Showing the worst ${shown} of ${shown + 400}`);
    await probes.getByTestId("more-rows").click();
    await expect(probes.getByTestId("rows-left-out")).toBeHidden();
  });

  test("another customer's site is not found", async ({ page }) => {
    await page.goto("/");
    const organizationId = currentOrganizationId(page);
    await page.goto(`/organization/${organizationId}/customer/dashboard/00000000-0000-0000-0000-000000000000`);
    await expectNotFound(page);
  });

  test("on a phone, the dashboard fits the screen and its wide tables scroll inside their cards", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const locale of ["en", "fr"]) {
      await page.context().addCookies([{ name: "NEXT_LOCALE", value: locale, url: test.info().project.use.baseURL! }]);
      await page.goto("/");
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page.getByTestId("probes-card").getByTestId("more-rows")).toBeVisible();
      // Before, the cards' grid took its one column from the widest table: the page was 876 px wide on a 390 px phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // And a card's controls wrap inside its header (the bandwidth card's third filter ran out of it in French).
      const overflowing = () =>
        page.evaluate(() => [...document.querySelectorAll("section[data-testid] > header")].filter((h) => h.scrollWidth > h.clientWidth).map((h) => h.parentElement!.dataset.testid));
      expect(await overflowing()).toEqual([]);
    }
  });
});

test.describe("MSP dashboard", () => {
  as("admin@northwind.example");

  test("drills from the customers into Contoso's site and connector", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/msp\/dashboard$/);
    const mspId = currentOrganizationId(page);
    const summaries = await json<{ customerOrgId: string; customerName: string; activeSites: number; inactiveSites: number }[]>(page, `/config/msp/${mspId}/customer-summary`);
    const contoso = summaries.find((summary) => summary.customerName === "Contoso");
    if (!contoso) throw new Error("Contoso is not a Northwind customer");
    const row = page.getByTestId("msp-customer").filter({ hasText: "Contoso" });
    await expect(row.getByTestId("active-sites")).toHaveText(String(contoso.activeSites));
    await expect(row.getByTestId("inactive-sites")).toHaveText(String(contoso.inactiveSites));
    await page.getByTestId("realtime-status").waitFor();
    await row.getByRole("link", { name: "Contoso" }).click();
    await expect(page).toHaveURL(new RegExp(`/msp/dashboard/${contoso.customerOrgId}$`));
    await expect(page.getByRole("heading", { name: "Contoso", level: 1 })).toBeVisible();
    await page.getByTestId("sites-card").getByTestId("dashboard-site").filter({ hasText: "Paris HQ" }).click();
    await expect(page).toHaveURL(new RegExp(`/msp/dashboard/${contoso.customerOrgId}/[^/]+$`));
    await expect(page.getByRole("heading", { name: "Paris HQ", level: 1 })).toBeVisible();
    await page.getByTestId("connector-health-card").getByRole("link", { name: "Paris fiber A" }).click();
    await expect(page).toHaveURL(new RegExp(`/msp/dashboard/${contoso.customerOrgId}/[^/]+/connector/[^/]+$`));
    const connector = page.getByTestId("connector-dashboard");
    await expect(connector.getByRole("heading", { name: "Paris fiber A", level: 1 })).toBeVisible();
    await expect(connector.getByTestId("connector-facts").getByTestId("connector-health")).toBeVisible();
    await expect(connector.getByTestId("dashboard-breadcrumb")).toContainText("Contoso");
    await expect(connector.getByTestId("bandwidth-card")).toBeVisible();
  });

  test("a deep link to a customer's connector renders complete on first load", async ({ page }) => {
    await page.goto("/");
    const mspId = currentOrganizationId(page);
    const summaries = await json<{ customerOrgId: string; customerName: string }[]>(page, `/config/msp/${mspId}/customer-summary`);
    const contoso = summaries.find((summary) => summary.customerName === "Contoso")!;
    const sites = await json<{ items: { id: string; name: string }[] }>(page, `/config/organization/${contoso.customerOrgId}/site?limit=500`);
    const paris = sites.items.find((site) => site.name === "Paris HQ")!;
    const health = await json<{ items: { connectorId: string; name: string }[] }>(page, `/telemetry/site/${paris.id}/connector-health`);
    const fiber = health.items.find((item) => item.name === "Paris fiber A")!;
    const response = await page.goto(`/organization/${mspId}/msp/dashboard/${contoso.customerOrgId}/${paris.id}/connector/${fiber.connectorId}`);
    const html = (await response?.text()) ?? "";
    expect(html).toContain("Paris fiber A");
    expect(html).toContain('data-testid="connector-health"');
    await expect(page.getByTestId("dashboard-breadcrumb")).toContainText("Contoso");
    // A customer that is not this MSP's is not found.
    await page.goto(`/organization/${mspId}/msp/dashboard/00000000-0000-0000-0000-000000000000`);
    await expectNotFound(page);
  });
});
