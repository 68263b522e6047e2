import type { Page } from "@playwright/test";
import { as, currentOrganizationId, expect, test } from "./fixtures";
import { chooseInSelect, pickLocation, unique } from "./steps";

// Sites and connectors (SPEC §2, §3, §5, §6, §8): the customer's journey, the SPEC messages in English and French,
// the location search's fallback, what an MSP may not do in its customer, and read-only users.

async function openSites(page: Page) {
  await page.goto("/");
  await page.locator("aside").getByTestId("nav-customer-sites").click();
  await expect(page.getByTestId("sites-table")).toBeVisible();
}

async function openSite(page: Page, name: string) {
  await openSites(page);
  await page.getByTestId("sites-table").getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(/\/customer\/site\/[^/]+\/configuration$/);
  await expect(page.getByTestId("site-title")).toHaveText(name);
}

async function useFrench(page: Page) {
  await page.context().addCookies([{ name: "NEXT_LOCALE", value: "fr", url: test.info().project.use.baseURL! }]);
}

test.describe("a customer's sites", () => {
  as("admin@contoso.example");

  test("creates a standard site by searching a city, then adds a physical and an IPsec connector", async ({ page }) => {
    // A long journey (a site, two connectors, an edit): on a loaded 2-core CI machine it needs more than 30 s.
    test.slow();
    const name = `Marseille ${unique()}`;
    await openSites(page);
    await page.getByTestId("add-site").click();
    await page.getByTestId("site-name").fill(name);
    await page.getByTestId("site-description").fill("Sales office on the Vieux-Port");
    await pickLocation(page, "Marseil", /^Marseille \(MR\), France/);
    await expect(page.getByTestId("site-type")).toHaveText("Standard");
    await page.getByTestId("site-create").click();
    await expect(page.getByText(`${name} was created.`)).toBeVisible();
    await expect(page).toHaveURL(/\/customer\/site\/[^/]+\/configuration$/);
    await expect(page.getByTestId("site-title")).toHaveText(name);
    await expect(page.getByTestId("site-summary")).toContainText("Marseille (MR), France");
    await expect(page.getByTestId("connectors-table")).toContainText("No connectors yet.");

    // Cancel pressed while the empty name has the focus closes the dialog at once; opened again, the dialog keeps the
    // focus on its name while the kinds' menu closes, and says nothing is wrong before anything was typed.
    await page.getByTestId("add-connector").click();
    await page.getByTestId("add-connector-physical").click();
    const dialog = page.getByTestId("connector-dialog");
    await dialog.getByTestId("connector-name").click();
    await dialog.getByTestId("form-cancel").click();
    await expect(dialog).toBeHidden();
    await page.getByTestId("add-connector").click();
    await page.getByTestId("add-connector-physical").click();
    await expect(page.getByRole("menu")).toBeHidden();
    await expect(dialog.getByTestId("connector-name")).toBeFocused();
    await expect(dialog.getByText("Name is required")).toHaveCount(0);

    await dialog.getByTestId("connector-name").fill("Marseille fiber");
    await dialog.getByTestId("connector-bandwidth").fill("1000");
    await dialog.getByTestId("connector-customerIp").fill("10.60.0.2");
    await dialog.getByTestId("connector-providerEdgeIp").fill("10.60.0.1");
    await dialog.getByTestId("connector-vlan").fill("160");
    await dialog.getByTestId("connector-save").click();
    await expect(page.getByText("Connector Marseille fiber was created.")).toBeVisible();
    const rows = page.getByTestId("connector-row");
    await expect(rows.filter({ hasText: "Marseille fiber" })).toContainText("10.60.0.2 ↔ 10.60.0.1 · VLAN 160");
    await expect(rows.filter({ hasText: "Marseille fiber" })).toContainText("1 Gbps");

    await page.getByTestId("add-connector").click();
    await page.getByTestId("add-connector-ipsec").click();
    await dialog.getByTestId("connector-name").fill("Marseille IPsec");
    await dialog.getByTestId("connector-bandwidth").fill("500");
    await dialog.getByTestId("connector-localSiteIp").fill("192.168.60.1");
    await dialog.getByTestId("connector-publicIp").fill("203.0.113.61");
    // The usual IPsec settings are offered.
    await expect(dialog.getByTestId("connector-mtu")).toHaveValue("1400");
    await expect(dialog.getByTestId("connector-phase1SaLifetimeHours")).toHaveValue("8");
    await dialog.getByTestId("connector-presharedKey").fill("marseille-tunnel-key");
    await dialog.getByTestId("connector-save").click();
    await expect(page.getByText("Connector Marseille IPsec was created.")).toBeVisible();
    await expect(rows.filter({ hasText: "Marseille IPsec" })).toContainText("192.168.60.1 → 203.0.113.61 · MTU 1400");

    // The preshared key is write-only: never shown back, kept when left empty.
    await page.getByRole("button", { name: "Marseille IPsec", exact: true }).click();
    await expect(dialog.getByTestId("connector-presharedKey")).toHaveValue("");
    await expect(dialog).toContainText("A key is set. Leave empty to keep it.");
    await dialog.getByTestId("connector-mss").fill("1300");
    await dialog.getByTestId("connector-save").click();
    await expect(page.getByText("Connector Marseille IPsec was saved.")).toBeVisible();

    // The list counts them.
    await openSites(page);
    await expect(page.getByTestId("site-row").filter({ hasText: name })).toContainText("2 connectors");
  });

  test("edits a site in its properties panel (?properties=true) and asks before losing changes", async ({ page }) => {
    const name = `Nantes ${unique()}`;
    await openSites(page);
    await page.getByTestId("add-site").click();
    await page.getByTestId("site-name").fill(name);
    await pickLocation(page, "Nantes", /^Nantes, France/);
    await page.getByTestId("site-create").click();
    await expect(page.getByTestId("site-title")).toHaveText(name);
    const url = page.url();
    await page.goto(`${url}?properties=true`);
    const panel = page.getByTestId("site-properties");
    await expect(panel).toBeVisible();
    await panel.getByTestId("site-name").fill(`${name} HQ`);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("alertdialog")).toContainText("Leave without saving?");
    await page.getByRole("button", { name: "Stay" }).click();
    await panel.getByTestId("site-save").click();
    await expect(page.getByText(`${name} HQ was saved.`)).toBeVisible();
    await expect(page.getByTestId("site-title")).toHaveText(`${name} HQ`);
    // The customer deletes its own site.
    await panel.getByTestId("site-delete").click();
    await page.getByTestId("site-delete-confirm").click();
    await expect(page.getByText(`${name} HQ was deleted.`)).toBeVisible();
    await expect(page).toHaveURL(/\/customer\/site$/);
    await expect(page.getByTestId("sites-table")).not.toContainText(name);
  });

  test("when location search fails, says so and offers the closest location from a list", async ({ page }) => {
    await page.route("**/api/v1/config/location?**", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ error: "Location search is unavailable right now.", requestId: "e2e" }) }),
    );
    const name = `Fallback ${unique()}`;
    await openSites(page);
    await page.getByTestId("add-site").click();
    await page.getByTestId("site-name").fill(name);
    await page.getByTestId("location-search").fill("Toulouse");
    await expect(page.getByTestId("location-search-error")).toHaveText(
      "We encountered an error fetching locations, please select the closest location from the dropdown below until the error is resolved.",
    );
    await chooseInSelect(page, "location-fallback", /^Paris \(PA\), France$/);
    await expect(page.getByTestId("location-selected")).toBeVisible();
    await page.getByTestId("site-create").click();
    await expect(page.getByTestId("site-title")).toHaveText(name);
    await expect(page.getByTestId("site-summary")).toContainText("Paris (PA), France");
  });

  const MESSAGES = {
    en: {
      nameMin: "Name must be at least 2 characters",
      location: "Location is required and must be selected from the dropdown",
      awsConfig: "Error reading config from file, please upload a different file and try again.",
      ipv4: "IP must be a valid IPv4 address",
      vlan: "VLAN must be between 0 and 4094",
      mtu: "MTU must be between 576 and 9216",
      aws: /^AWS$/,
    },
    fr: {
      nameMin: "Le nom doit comporter au moins 2 caractères",
      location: "L’emplacement est obligatoire et doit être sélectionné dans la liste déroulante",
      awsConfig: "Erreur de lecture de la configuration du fichier, veuillez téléverser un autre fichier et réessayer.",
      ipv4: "L’IP doit être une adresse IPv4 valide",
      vlan: "Le VLAN doit être compris entre 0 et 4094",
      mtu: "Le MTU doit être compris entre 576 et 9216",
      aws: /^AWS$/,
    },
  } as const;

  for (const language of ["en", "fr"] as const) {
    test(`SPEC §5 and §8 messages for bad site and connector input (${language})`, async ({ page }) => {
      const text = MESSAGES[language];
      if (language === "fr") await useFrench(page);
      await openSites(page);
      await page.getByTestId("add-site").click();
      const siteDialog = page.getByTestId("site-dialog");
      await page.getByTestId("site-name").fill("M");
      await page.getByTestId("site-create").click();
      await expect(siteDialog.getByText(text.nameMin)).toBeVisible();
      await expect(siteDialog.getByText(text.location)).toBeVisible();
      // Typing without choosing from the dropdown is no location.
      await page.getByTestId("location-search").fill("Lill");
      await page.getByTestId("location-search").press("Escape");
      await page.getByTestId("location-search").press("Tab");
      await expect(siteDialog.getByText(text.location)).toBeVisible();
      // SPEC §5: the AWS configuration file is plain text with a .txt extension.
      await chooseInSelect(page, "site-type", text.aws);
      await page.getByTestId("aws-config-file").setInputFiles({ name: "config.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.7") });
      await expect(page.getByTestId("aws-config-error")).toHaveText(text.awsConfig);
      await page.getByTestId("aws-config-file").setInputFiles({ name: "config.txt", mimeType: "text/plain", buffer: Buffer.from([0x00, 0x01, 0x02]) });
      await expect(page.getByTestId("aws-config-error")).toHaveText(text.awsConfig);
      await page.getByTestId("aws-config-file").setInputFiles({ name: "vpn-config.txt", mimeType: "text/plain", buffer: Buffer.from("crypto isakmp policy 200\n") });
      await expect(page.getByTestId("aws-config-chosen")).toContainText("vpn-config.txt");
      await page.keyboard.press("Escape");
      await page.getByTestId("discard-changes").click();

      await openSite(page, "Paris HQ");
      await page.getByTestId("add-connector").click();
      await page.getByTestId("add-connector-physical").click();
      const dialog = page.getByTestId("connector-dialog");
      await dialog.getByTestId("connector-name").fill("X");
      await dialog.getByTestId("connector-customerIp").fill("10.0.0.300");
      await dialog.getByTestId("connector-vlan").fill("5000");
      await dialog.getByTestId("connector-save").click();
      await expect(dialog.getByText(text.nameMin)).toBeVisible();
      await expect(dialog.getByText(text.ipv4)).toHaveCount(2);
      await expect(dialog.getByText(text.vlan)).toBeVisible();
      await page.keyboard.press("Escape");
      await page.getByTestId("discard-changes").click();

      await page.getByTestId("add-connector").click();
      await page.getByTestId("add-connector-ipsec").click();
      await dialog.getByTestId("connector-mtu").fill("100");
      await dialog.getByTestId("connector-mtu").blur();
      await expect(dialog.getByText(text.mtu)).toBeVisible();
      await dialog.getByTestId("connector-mtu").fill("9217");
      await expect(dialog.getByText(text.mtu)).toBeVisible();
      await dialog.getByTestId("connector-mtu").fill("9216");
      await expect(dialog.getByText(text.mtu)).toHaveCount(0);
    });
  }
});

test.describe("a customer's site on a phone", () => {
  as("admin@contoso.example");

  test("the site's configuration fits the screen; its connectors table scrolls inside its card", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await page.goto(`/organization/${currentOrganizationId(page)}/customer/site`);
    await page.getByTestId("sites-table").getByRole("link", { name: "Paris HQ", exact: true }).click();
    await expect(page).toHaveURL(/\/customer\/site\/[^/]+\/configuration$/);
    await expect(page.getByTestId("connectors-table")).toBeVisible();
    // Before, the page's grid took its one column from the connectors table: 705 px wide on a 390 px phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe("an MSP in its customer's sites", () => {
  as("admin@northwind.example");

  test("creates a site for a customer, whose physical connector waits for a port, and may not delete it", async ({ page }) => {
    const id = unique();
    const customer = `Wingtip ${id}`;
    await page.goto("/");
    await page.locator("aside").getByTestId("nav-msp-customers").click();
    await page.getByTestId("add-customer").click();
    await page.getByTestId("customer-name").fill(customer);
    await page.getByTestId("customer-email").fill(`it-${id}@wingtip.example`);
    await page.getByTestId("customer-create").click();
    await page.getByTestId("customers-table").getByRole("row", { name: new RegExp(customer) }).getByRole("link").click();
    await expect(page.getByTestId("current-organization")).toContainText(customer);
    await page.locator("aside").getByTestId("nav-customer-sites").click();
    await page.getByTestId("add-site").click();
    await page.getByTestId("site-name").fill("Wingtip HQ");
    await pickLocation(page, "Seattle", /^Seattle/);
    await page.getByTestId("site-create").click();
    await expect(page.getByTestId("site-title")).toHaveText("Wingtip HQ");

    // "Customers without physical ports are told to contact their MSP."
    await page.getByTestId("add-connector").click();
    await page.getByTestId("add-connector-physical").click();
    const dialog = page.getByTestId("connector-dialog");
    await dialog.getByTestId("connector-name").fill("Wingtip fiber");
    await dialog.getByTestId("connector-bandwidth").fill("1000");
    await dialog.getByTestId("connector-customerIp").fill("10.80.0.2");
    await dialog.getByTestId("connector-providerEdgeIp").fill("10.80.0.1");
    await dialog.getByTestId("connector-vlan").fill("180");
    await dialog.getByTestId("connector-save").click();
    await expect(dialog.getByRole("alert")).toContainText(`${customer} has no physical ports. Contact your MSP to get one assigned.`);
    await page.keyboard.press("Escape");
    await page.getByTestId("discard-changes").click();

    // SPEC §6: only the customer deletes a site.
    await page.getByTestId("site-properties-open").click();
    await expect(page.getByTestId("site-delete-customer-only")).toHaveText(`Only ${customer} can delete this site.`);
    await expect(page.getByTestId("site-delete")).toHaveCount(0);
  });
});

test.describe("read-only", () => {
  as("readonly@contoso.example");

  test("sees the sites, their properties and connectors, and no edit control", async ({ page }) => {
    await openSites(page);
    await expect(page.getByTestId("sites-table")).toContainText("Lyon Branch");
    await expect(page.getByTestId("add-site")).toHaveCount(0);
    await openSite(page, "Lyon Branch");
    await expect(page.getByTestId("connectors-table")).toContainText("Lyon IPsec");
    await expect(page.getByTestId("add-connector")).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Actions for/ })).toHaveCount(0);
    await page.getByRole("button", { name: "Lyon IPsec", exact: true }).click();
    const view = page.getByTestId("connector-view");
    await expect(view).toContainText("198.51.100.24");
    await expect(view).toContainText("Set (hidden)");
    await expect(view.locator("input, textarea")).toHaveCount(0);
    await page.keyboard.press("Escape");
    await page.goto(`${page.url()}?properties=true`);
    const panel = page.getByTestId("site-properties");
    await expect(panel).toContainText("You can view this site's properties but not change them.");
    await expect(panel.locator("input, textarea, [role=switch], button[type=submit]")).toHaveCount(0);
    await expect(page.getByTestId("site-delete")).toHaveCount(0);
  });
});
