import type { Page } from "@playwright/test";
import { as, currentOrganizationId, expect, test } from "./fixtures";
import { chooseInSelect, unique } from "./steps";

// Paths (SPEC §2, §3, §5): Add Path from a site with the connectors' headroom shown before submit, the paths list with
// "Filter paths..." and View Path Topology, path detail, the bandwidth rule and the other SPEC messages in English and
// French, the read-only view of AWS paths, and read-only users.

interface Created {
  organizationId: string;
  siteId: string;
  siteName: string;
}

/** A site with DIA connectors of the given bandwidths (Mbps), made through the API: the setting of a path test. */
async function siteWithConnectors(page: Page, prefix: string, connectors: { name: string; bandwidth: number }[]): Promise<Created> {
  await page.goto("/");
  const organizationId = currentOrganizationId(page);
  const siteName = `${prefix} ${unique()}`;
  const site = await page.request.post(`/api/v1/config/organization/${organizationId}/site`, {
    data: { name: siteName, type: "standard", location: { address: "Nice, France", latitude: 43.7031, longitude: 7.2661 } },
  });
  expect(site.status()).toBe(201);
  const { id: siteId } = await site.json();
  for (const connector of connectors) {
    const created = await page.request.post(`/api/v1/config/site/${siteId}/connector`, { data: { kind: "internet", description: "", ...connector } });
    expect(created.status()).toBe(201);
  }
  return { organizationId, siteId, siteName };
}

async function openAddPath(page: Page, created: Created) {
  await page.goto(`/organization/${created.organizationId}/customer/site/${created.siteId}/path`);
  await expect(page.getByTestId("site-paths")).toContainText(`Configure Paths from ${created.siteName} to other Sites`);
  await page.getByTestId("add-path").click();
  return page.getByTestId("path-dialog");
}

test.describe("a customer's paths", () => {
  as("admin@contoso.example");

  test("creates a Layer 3 path with two prefixes to another site, seeing the headroom first, then finds it in the list and its detail", async ({ page }) => {
    const created = await siteWithConnectors(page, "Nice", [{ name: "Nice DIA", bandwidth: 1000 }]);
    const name = `Nice ⇄ Frankfurt ${unique()}`;
    const dialog = await openAddPath(page, created);
    await expect(dialog.getByTestId("path-source-site")).toHaveText(created.siteName);
    await dialog.getByTestId("path-name").fill(name);
    await dialog.getByTestId("path-layer-layer3").click();
    await expect(dialog.getByTestId("headroom")).toContainText("Choose both connectors to see how much bandwidth is left.");
    await chooseInSelect(page, "path-source-connector", /^Nice DIA/);
    await chooseInSelect(page, "path-destination-site", "Frankfurt DC");
    await chooseInSelect(page, "path-destination-connector", /^Frankfurt cross-connect/);
    // Before submit: what each connector has left, and what this path may use.
    const ends = dialog.getByTestId("headroom-connector");
    await expect(ends).toHaveCount(2);
    await expect(ends.first()).toContainText("Nice DIA · 1 Gbps");
    await expect(ends.first()).toContainText("1 Gbps free");
    await expect(ends.first()).toContainText("No other path");
    await expect(ends.last()).toContainText("Frankfurt cross-connect · 10 Gbps");
    await expect(ends.last()).toContainText(/used by \d+ paths/);
    await expect(dialog.getByTestId("headroom-max")).toHaveText("This path can use up to 1 Gbps.");
    await dialog.getByTestId("path-vlan-id").fill("3101");
    await dialog.getByTestId("path-prefix").fill("10.70.0.0/16, 10.71.0.0/16");
    await dialog.getByTestId("path-bandwidth").fill("250");
    await dialog.getByTestId("path-save").click();
    await expect(page.getByText(`Path ${name} was created.`)).toBeVisible();
    const row = page.getByTestId("site-paths-table").getByTestId("path-row").filter({ hasText: name });
    await expect(row).toContainText("Layer 3");
    await expect(row).toContainText("VLAN 3101");
    await expect(row).toContainText("250 Mbps");
    // No sample yet: insufficient data.
    await expect(row.getByTestId("sla-badge")).toHaveText("Unknown");

    // The paths list, filtered on the server.
    await page.locator("aside").getByTestId("nav-common-paths").click();
    await expect(page.getByTestId("paths-table")).toContainText("Paris ⇄ Frankfurt");
    await page.getByTestId("paths-filter").fill(created.siteName);
    await expect(page).toHaveURL(/\?search=/);
    const rows = page.getByTestId("paths-table").getByTestId("path-row");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(name);
    await expect(rows.first()).toContainText(`${created.siteName}Nice DIA`);
    await expect(rows.first()).toContainText("Frankfurt DCFrankfurt cross-connect");

    // Its detail, under the site it starts from.
    await rows.first().getByRole("link", { name }).click();
    await expect(page).toHaveURL(new RegExp(`/customer/site/${created.siteId}/path/[^/]+$`));
    await expect(page.getByTestId("path-title")).toHaveText(name);
    const properties = page.getByTestId("path-properties");
    await expect(properties.getByTestId("path-prefixes")).toHaveText("10.70.0.0/1610.71.0.0/16");
    await expect(properties).toContainText("Layer 3");
    await expect(properties).toContainText("VLAN 3101");
    await expect(properties.getByTestId("path-bandwidth-value")).toHaveText("250 Mbps");
    // A deep link renders complete on first load.
    await page.reload();
    await expect(page.getByTestId("path-title")).toHaveText(name);
    await expect(page.getByTestId("site-title")).toHaveText(created.siteName);

    // Edit, then delete.
    await page.getByTestId("path-edit").click();
    const edit = page.getByTestId("path-dialog");
    await expect(edit.getByTestId("path-prefix")).toHaveValue("10.70.0.0/16, 10.71.0.0/16");
    await edit.getByTestId("path-bandwidth").fill("300");
    await edit.getByTestId("path-save").click();
    await expect(page.getByText(`Path ${name} was saved.`)).toBeVisible();
    await expect(page.getByTestId("path-bandwidth-value")).toHaveText("300 Mbps");
    await page.getByTestId("path-delete").click();
    await page.getByTestId("path-delete-confirm").click();
    await expect(page.getByText(`Path ${name} was deleted.`)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/customer/site/${created.siteId}/path$`));
    await expect(page.getByTestId("site-paths-table")).not.toContainText(name);
  });

  const MESSAGES = {
    en: {
      nameMin: "Name must be at least 2 characters",
      prefix: (prefix: string) => `Invalid prefix: ${prefix}`,
      vlan: "VLAN must be between 0 and 4094",
      mustBeOne: "Bandwidth must be 1",
      range: (max: number) => `Bandwidth must be between 1 and ${max}`,
      headroom: (connector: string, available: number, bandwidth: number) => `Connector ${connector} has ${available} Mbps left of ${bandwidth} Mbps`,
    },
    fr: {
      nameMin: "Le nom doit comporter au moins 2 caractères",
      prefix: (prefix: string) => `Préfixe invalide : ${prefix}`,
      vlan: "Le VLAN doit être compris entre 0 et 4094",
      mustBeOne: "La bande passante doit être de 1",
      range: (max: number) => `La bande passante doit être comprise entre 1 et ${max}`,
      headroom: (connector: string, available: number, bandwidth: number) =>
        `Il reste ${available} Mbit/s sur ${bandwidth} Mbit/s au connecteur ${connector}`,
    },
  };

  for (const language of ["en", "fr"] as const) {
    test(`SPEC §5 messages for a bad path, before it is sent (${language})`, async ({ page }) => {
      const text = MESSAGES[language];
      const created = await siteWithConnectors(page, "Antibes", [
        { name: "Antibes lab", bandwidth: 1 },
        { name: "Antibes DIA", bandwidth: 5000 },
      ]);
      if (language === "fr") {
        await page.context().addCookies([{ name: "NEXT_LOCALE", value: "fr", url: test.info().project.use.baseURL! }]);
      }
      let posted = false;
      await page.route("**/api/v1/config/organization/*/path", (route) => {
        if (route.request().method() === "POST") posted = true;
        return route.continue();
      });
      await page.goto(`/organization/${created.organizationId}/customer/site/${created.siteId}/path`);
      await page.getByTestId("add-path").click();
      const dialog = page.getByTestId("path-dialog");
      await dialog.getByTestId("path-name").fill("N");
      await dialog.getByTestId("path-prefix").fill("10.0.0.0/8, 10.1.2/33, nope");
      await dialog.getByTestId("path-vlan-id").fill("5000");
      await dialog.getByTestId("path-save").click();
      await expect(dialog.getByText(text.nameMin)).toBeVisible();
      const prefixErrors = dialog.getByTestId("path-prefix-errors");
      await expect(prefixErrors.getByRole("listitem")).toHaveText([text.prefix("10.1.2/33"), text.prefix("nope")]);
      await expect(dialog.getByText(text.vlan)).toBeVisible();

      // The bandwidth rule: 1 to the smaller connector; "must be 1" when that is 1.
      await dialog.getByTestId("path-vlan-id").fill("3200");
      await chooseInSelect(page, "path-source-connector", /^Antibes lab/);
      await chooseInSelect(page, "path-destination-site", "Frankfurt DC");
      await chooseInSelect(page, "path-destination-connector", /^Frankfurt cross-connect/);
      await dialog.getByTestId("path-bandwidth").fill("2");
      await dialog.getByTestId("path-bandwidth").blur();
      await expect(dialog.getByText(text.mustBeOne, { exact: true })).toBeVisible();
      await chooseInSelect(page, "path-source-connector", /^Antibes DIA/);
      await chooseInSelect(page, "path-destination-site", "Paris HQ");
      await chooseInSelect(page, "path-destination-connector", /^Paris DIA/);
      await dialog.getByTestId("path-bandwidth").fill("1001");
      await expect(dialog.getByText(text.range(1000), { exact: true })).toBeVisible();
      await dialog.getByTestId("path-bandwidth").fill("0");
      await expect(dialog.getByText(text.range(1000), { exact: true })).toBeVisible();
      // Within the connector but beyond what its paths leave: said before submit.
      await dialog.getByTestId("path-bandwidth").fill("900");
      await expect(dialog.getByText(text.headroom("Paris DIA", 800, 1000), { exact: true })).toBeVisible();
      await dialog.getByTestId("path-bandwidth").fill("800");
      await expect(dialog.getByText(text.headroom("Paris DIA", 800, 1000), { exact: true })).toHaveCount(0);
      await dialog.getByTestId("path-save").click();
      await expect(dialog.getByText(text.nameMin)).toBeVisible();
      expect(posted).toBe(false);
    });
  }

  test("a path to an AWS site is shown read-only", async ({ page }) => {
    await page.goto("/");
    await page.locator("aside").getByTestId("nav-customer-sites").click();
    await page.getByTestId("sites-table").getByRole("link", { name: "Frankfurt DC", exact: true }).click();
    await page.getByTestId("site-tab-path").click();
    const row = page.getByTestId("site-paths-table").getByTestId("path-row").filter({ hasText: "Frankfurt ⇄ AWS" });
    await expect(row).toContainText("AWS · read-only");
    await row.getByRole("link", { name: "Frankfurt ⇄ AWS" }).click();
    await expect(page.getByTestId("aws-read-only")).toBeVisible();
    await expect(page.getByTestId("path-properties")).toContainText("172.31.0.0/16");
    await expect(page.getByTestId("path-edit")).toHaveCount(0);
    await expect(page.getByTestId("path-delete")).toHaveCount(0);
  });
});

test.describe("an MSP's paths", () => {
  as("admin@northwind.example");

  test("lists its customers' paths with their SLA health and View Path Topology, filtered on the server", async ({ page }) => {
    await page.goto("/");
    const organizationId = currentOrganizationId(page);
    await page.locator("aside").getByTestId("nav-common-paths").click();
    const rows = page.getByTestId("paths-table").getByTestId("path-row");
    await expect(rows.filter({ hasText: "Seattle ⇄ Dublin" })).toContainText("Fabrikam");
    // The simulator moves SLA health along: any of the four states, in words.
    await expect(rows.filter({ hasText: "Lyon ⇄ Paris" }).getByTestId("sla-badge")).toHaveText(/^(Healthy|Warning|Bad|Unknown)$/);
    await page.getByTestId("paths-filter").fill("Seattle");
    await expect(rows).toHaveCount(2);
    const seattle = rows.filter({ hasText: "Seattle ⇄ Dublin" });
    await expect(seattle.getByTestId("view-path-topology")).toHaveAttribute(
      "href",
      new RegExp(`^/organization/${organizationId}/paths/[^/]+/pathTopology$`),
    );
    await seattle.getByRole("link", { name: "Seattle ⇄ Dublin" }).click();
    await expect(page).toHaveURL(new RegExp(`/organization/${organizationId}/paths/[^/]+$`));
    await expect(page.getByTestId("path-title")).toHaveText("Seattle ⇄ Dublin");
    await expect(page.getByTestId("path-properties")).toContainText("All");
    await expect(page.getByTestId("path-properties")).toContainText("Fabrikam");
    // A shared, filtered link renders the same list on first load.
    await page.goto(`/organization/${organizationId}/paths?search=Seattle`);
    await expect(page.getByTestId("paths-filter")).toHaveValue("Seattle");
    await expect(rows).toHaveCount(2);
  });

  test("filters by layer and SLA health, kept in the URL, and a path's page shows the customer's performance cards", async ({ page }) => {
    await page.goto("/");
    const organizationId = currentOrganizationId(page);
    await page.locator("aside").getByTestId("nav-common-paths").click();
    const rows = page.getByTestId("paths-table").getByTestId("path-row");
    await expect(rows.filter({ hasText: "Seattle ⇄ Dublin" }).first()).toBeVisible();
    await chooseInSelect(page, "paths-layer-filter", "Layer 3");
    await expect(page).toHaveURL(/[?&]layer=layer3(&|$)/);
    // Seattle ⇄ Dublin is a Layer 2 path; Lyon ⇄ Paris a Layer 3 one.
    await expect(rows.filter({ hasText: "Seattle ⇄ Dublin" })).toHaveCount(0);
    await expect(rows.filter({ hasText: "Lyon ⇄ Paris" }).first()).toBeVisible();
    await expect(rows.filter({ hasText: "Layer 2" })).toHaveCount(0);
    await chooseInSelect(page, "paths-sla-filter", "Healthy");
    await expect(page).toHaveURL(/[?&]sla=healthy(&|$)/);
    // The simulator moves SLA health along: whatever is listed is healthy, or nothing is and the list says so.
    await expect
      .poll(async () => {
        const badges = await rows.getByTestId("sla-badge").allTextContents();
        return badges.length > 0 ? badges.every((badge) => badge === "Healthy") : await page.getByText("No path matches these filters.").isVisible();
      })
      .toBe(true);
    // A shared link renders the same filters on first load.
    await page.goto(`/organization/${organizationId}/paths?layer=layer2&search=Seattle`);
    await expect(page.getByTestId("paths-layer-filter")).toHaveText("Layer 2");
    await rows.filter({ hasText: "Seattle ⇄ Dublin" }).getByRole("link", { name: "Seattle ⇄ Dublin" }).click();
    await expect(page.getByTestId("path-title")).toHaveText("Seattle ⇄ Dublin");
    // The MSP's path page: the same cards as the customer's path dashboard.
    const performance = page.getByTestId("path-performance");
    await expect(performance.getByTestId("current-sla")).toBeVisible();
    await expect(performance.getByTestId("performance-card")).toBeVisible();
    await expect(performance.getByTestId("metric-latencyMs").or(performance.getByText(/^No samples in this range yet\./))).toBeVisible();
  });
});

test.describe("the operator inside an MSP's console", () => {
  as("admin@maia.example");

  test("lists the paths the MSP's users see: its customers', and no other MSP's", async ({ page }) => {
    await page.goto("/");
    const organizations = (await (await page.request.get("/api/v1/config/organization")).json()) as { id: string; name: string }[];
    const northwind = organizations.find((organization) => organization.name === "Northwind Networks");
    if (!northwind) throw new Error("Northwind is not seeded");
    await page.goto(`/organization/${northwind.id}/paths`);
    const rows = page.getByTestId("paths-table").getByTestId("path-row");
    // Contoso's and Fabrikam's (Northwind's customers); before, the operator saw every tenant's paths here.
    await expect(rows.filter({ hasText: "Lyon ⇄ Paris" })).toContainText("Contoso");
    await expect(rows.filter({ hasText: "Seattle ⇄ Dublin" })).toContainText("Fabrikam");
    await expect(rows.filter({ hasText: "Madrid ⇄ Milan" })).toHaveCount(0);
  });
});

test.describe("read-only paths", () => {
  as("readonly@contoso.example");

  test("sees paths and their detail without an edit control", async ({ page }) => {
    await page.goto("/");
    await page.locator("aside").getByTestId("nav-common-paths").click();
    const row = page.getByTestId("paths-table").getByTestId("path-row").filter({ hasText: "Paris ⇄ Azure" });
    await expect(row.getByTestId("sla-badge")).toHaveText(/^(Healthy|Warning|Bad|Unknown)$/);
    await row.getByRole("link", { name: "Paris ⇄ Azure" }).click();
    await expect(page.getByTestId("path-title")).toHaveText("Paris ⇄ Azure");
    await expect(page.getByTestId("path-edit")).toHaveCount(0);
    await expect(page.getByTestId("path-delete")).toHaveCount(0);
    await page.getByTestId("site-tab-path").click();
    await expect(page.getByTestId("site-paths-table")).toContainText("Paris ⇄ Frankfurt");
    await expect(page.getByTestId("add-path")).toHaveCount(0);
  });
});
