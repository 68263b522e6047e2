import type { Browser, Page } from "@playwright/test";
import { currentOrganizationId, expect, storageStateOf, test, type DemoUser } from "./fixtures";
import { chooseInSelect, unique } from "./steps";

// The device inventory (SPEC §2–§6): the operator adds devices from a CSV file (a bad row reported, the good ones
// added) and one by one, and hands them to Northwind; Northwind claims a device with a wrong then the right code,
// assigns it to a node, and cannot unassign it while the node choice has unsaved changes. Then every SPEC §5 message
// of these forms, in English and French.

const PARIS = { address: "Paris, Île-de-France, France", latitude: 48.8566, longitude: 2.3522 };

async function signedIn(browser: Browser, user: DemoUser, language: "en" | "fr" = "en") {
  const context = await browser.newContext({ storageState: storageStateOf(user) });
  if (language === "fr") await context.addCookies([{ name: "NEXT_LOCALE", value: "fr", url: test.info().project.use.baseURL! }]);
  return context.newPage();
}

async function openInventory(page: Page, group: "operator" | "msp") {
  await page.goto("/");
  await page.locator("aside").getByTestId(`nav-${group}-inventory`).click();
  await expect(page.getByTestId("device-row").first()).toBeVisible({ timeout: 30_000 });
}

/** A CPE node of the signed-in MSP, without a device. */
async function newNode(page: Page, name: string) {
  const origin = new URL(page.url()).origin;
  const response = await page.request.post(`/api/v1/config/msp/${currentOrganizationId(page)}/node`, {
    data: { name, kind: "cpe", location: PARIS },
    headers: { origin, "content-type": "application/json" },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

test("the operator stocks devices from a CSV file and hands them to Northwind, which claims one and puts it on a node", async ({ browser }) => {
  test.slow();
  const id = unique().toUpperCase();
  const [first, second, bad, single] = ["A", "B", "X", "C"].map((suffix) => `E2E-${id}-${suffix}`);

  // The operator: three rows, one bad. The check names it and writes nothing; the file fixed, every row goes in.
  const operator = await signedIn(browser, "admin@maia.example");
  await openInventory(operator, "operator");
  await operator.getByTestId("import-devices").click();
  const header = "serialNumber,claimCode,model,softwareVersion";
  const good = [`${first},AAAA1111,E200,24.3.1`, `${second},BBBB2222,C100,24.3.1`];
  const file = (lines: string[]) => ({ name: "devices.csv", mimeType: "text/csv", buffer: Buffer.from([header, ...lines, ""].join("\n")) });
  await operator.getByTestId("import-csv-file").setInputFiles(file([good[0], `${bad},SHORT,E200,24.3.1`, good[1]]));
  await expect(operator.getByTestId("import-csv-read")).toHaveText("devices.csv selected.");
  await operator.getByTestId("import-csv-check").click();
  const error = operator.getByTestId("import-csv-error");
  await expect(error).toHaveCount(1);
  await expect(error).toHaveAttribute("data-line", "3");
  await expect(error).toContainText("claimCode");
  await expect(error).toContainText("Claim code must be 8 characters");
  await expect(operator.getByTestId("import-csv-submit")).toBeDisabled();
  await operator.getByTestId("import-csv-file").setInputFiles(file(good));
  await operator.getByTestId("import-csv-check").click();
  await expect(operator.getByTestId("import-csv-summary")).toHaveText("2 rows: 2 to create, 0 to update, 0 unchanged.");
  await operator.getByTestId("import-csv-submit").click();
  await expect(operator.getByTestId("import-csv-summary")).toHaveText("Imported: 2 created, 0 updated, 0 unchanged.");
  await operator.getByTestId("import-csv-dialog").getByRole("button", { name: "Close" }).first().click();

  // One more, by hand.
  await operator.getByTestId("add-device").click();
  await operator.getByTestId("device-serial").fill(single);
  await operator.getByTestId("device-claim-code").fill("CCCC3333");
  await operator.getByTestId("device-model").fill("C100");
  await operator.getByTestId("device-create").click();
  await expect(operator.getByText(`Device ${single} added`)).toBeVisible();

  await operator.getByTestId("devices-filter").fill(`E2E-${id}`);
  await expect(operator.locator('[data-testid="device-row"]')).toHaveCount(3);
  await expect(operator.locator(`[data-serial="${bad}"]`)).toHaveCount(0);
  for (const serial of [first, second]) {
    const device = operator.locator(`[data-testid="device-row"][data-serial="${serial}"]`);
    await device.getByTestId("device-assign-msp").click();
    await chooseInSelect(operator, "assign-msp-select", "Northwind Networks");
    await operator.getByTestId("assign-msp-submit").click();
    await expect(operator.getByText(`Device ${serial} assigned to Northwind Networks`)).toBeVisible();
    await expect(device.getByTestId("device-msp")).toHaveText("Northwind Networks");
  }
  await expect(operator.locator(`[data-testid="device-row"][data-serial="${single}"]`).getByTestId("device-msp")).toHaveText("In stock");

  // Northwind: both handed devices are there; the third is claimed with its code, a wrong one first.
  const msp = await signedIn(browser, "admin@northwind.example");
  await openInventory(msp, "msp");
  // A device held by an operation says so (the demo's install pending on MX-E400-0101); a free one says nothing.
  await msp.getByTestId("devices-filter").fill("MX-E400-0101");
  await expect(msp.locator('[data-testid="device-row"][data-serial="MX-E400-0101"]').getByTestId("device-busy")).toContainText(/^Scheduled install 24\.3\.2 on /);
  await msp.getByTestId("devices-filter").fill(`E2E-${id}`);
  await expect(msp.locator('[data-testid="device-row"]')).toHaveCount(2);
  await msp.getByTestId("claim-device").click();
  await msp.getByTestId("claim-serial").fill(single.toLowerCase());
  await msp.getByTestId("claim-code").fill("WRONG123");
  await msp.getByTestId("claim-submit").click();
  await expect(msp.getByTestId("claim-device-dialog")).toContainText("No unclaimed device matches this serial number and claim code.");
  await msp.getByTestId("claim-code").fill("cccc3333");
  await msp.getByTestId("claim-submit").click();
  await expect(msp.getByText(`Device ${single} claimed`)).toBeVisible();
  const claimed = msp.locator(`[data-testid="device-row"][data-serial="${single}"]`);
  await expect(claimed.getByTestId("device-configured")).toHaveText("Not configured");
  await expect(claimed.getByTestId("device-busy")).toHaveCount(0);

  // Assign its configuration to a node; then try to unassign with another node chosen and not saved.
  const [node, other] = [`e2e-inv-${id.toLowerCase()}-1`, `e2e-inv-${id.toLowerCase()}-2`];
  await newNode(msp, node);
  await newNode(msp, other);
  await claimed.getByTestId("device-configure").click();
  const dialog = msp.getByTestId("device-configuration-dialog");
  await dialog.getByTestId("configuration-node-search").fill(`e2e-inv-${id.toLowerCase()}`);
  await chooseInSelect(msp, "configuration-node", new RegExp(`^${node}`));
  await dialog.getByTestId("configuration-save").click();
  await expect(msp.getByText(`Device ${single} assigned to ${node}`)).toBeVisible();
  await expect(dialog.getByTestId("configuration-current-node")).toHaveText(node);
  await chooseInSelect(msp, "configuration-node", new RegExp(`^${other}`));
  await dialog.getByTestId("device-unassign").click();
  await expect(dialog.getByTestId("unassign-blocked")).toHaveText("You have unsaved changes. Please save or discard changes before unassigning a device");
  await expect(dialog.getByTestId("configuration-current-node")).toHaveText(node);
  await dialog.getByTestId("configuration-discard").click();
  await expect(dialog.getByTestId("unassign-blocked")).toHaveCount(0);
  await expect(dialog.getByTestId("configuration-discard")).toHaveText("Close");
  await dialog.getByTestId("configuration-discard").click();
  await expect(claimed.getByTestId("device-node")).toHaveText(node);
  await expect(claimed.getByTestId("device-configured")).toHaveText("Configured");
  await operator.context().close();
  await msp.context().close();
});

const MESSAGES = {
  en: {
    serial: "Serial number is required",
    code: "Claim code must be 8 characters",
    node: "Node is required",
    msp: "MSP is required",
    unsaved: "You have unsaved changes. Please save or discard changes before unassigning a device",
  },
  fr: {
    serial: "Le numéro de série est obligatoire",
    code: "Le code de rattachement doit comporter 8 caractères",
    node: "Le nœud est obligatoire",
    msp: "Le MSP est obligatoire",
    unsaved: "Vous avez des modifications non enregistrées. Veuillez enregistrer ou annuler les modifications avant de désattribuer un équipement",
  },
};

for (const language of ["en", "fr"] as const) {
  test(`the inventory forms say SPEC §5's messages in ${language === "en" ? "English" : "French"}`, async ({ browser }) => {
    // Two people, five dialogs: about 40 s on a quiet machine; room for a loaded one.
    test.setTimeout(180_000);
    const text = MESSAGES[language];
    const msp = await signedIn(browser, "admin@northwind.example", language);
    await openInventory(msp, "msp");
    await msp.getByTestId("claim-device").click();
    await msp.getByTestId("claim-submit").click();
    const claim = msp.getByTestId("claim-device-dialog");
    await expect(claim).toContainText(text.serial);
    await expect(claim).toContainText(text.code);
    await msp.keyboard.press("Escape");

    // A spare device (claimed, on no node): Save without a node; an assigned one: Unassign with a node chosen unsaved.
    await msp.getByTestId("devices-status-filter").click();
    await msp.getByRole("option").nth(1).click();
    await expect(msp.locator('[data-testid="device-row"] [data-configured="true"]')).toHaveCount(0);
    await msp.getByTestId("device-row").first().getByTestId("device-configure").click();
    const dialog = msp.getByTestId("device-configuration-dialog");
    await dialog.getByTestId("configuration-save").click();
    await expect(dialog).toContainText(text.node);
    await msp.keyboard.press("Escape");

    const node = `e2e-inv-msg-${unique()}`;
    await newNode(msp, node);
    await msp.getByTestId("devices-status-filter").click();
    await msp.getByRole("option").nth(2).click();
    await expect(msp.locator('[data-testid="device-row"] [data-configured="false"]')).toHaveCount(0);
    await msp.getByTestId("device-row").first().getByTestId("device-configure").click();
    await dialog.getByTestId("configuration-node-search").fill(node);
    await chooseInSelect(msp, "configuration-node", new RegExp(`^${node}`));
    await dialog.getByTestId("device-unassign").click();
    await expect(dialog.getByTestId("unassign-blocked")).toHaveText(text.unsaved);

    const operator = await signedIn(browser, "admin@maia.example", language);
    await openInventory(operator, "operator");
    await operator.getByTestId("devices-status-filter").click();
    await operator.getByRole("option").nth(1).click();
    await expect(operator.getByTestId("device-release")).toHaveCount(0);
    await operator.getByTestId("device-row").first().getByTestId("device-assign-msp").click();
    await operator.getByTestId("assign-msp-submit").click();
    await expect(operator.getByTestId("assign-msp-dialog")).toContainText(text.msp);
    await msp.context().close();
    await operator.context().close();
  });
}

/** A call of the console's API as the page's user (the CSRF check wants the page's origin); its JSON answer. */
async function apiAs(page: Page, path: string, data: unknown) {
  const origin = new URL(page.url()).origin;
  const response = await page.request.post(`/api/v1${path}`, { data, headers: { origin, "content-type": "application/json" } });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

test("the assign dialog offers an edge device only the edge nodes, and the device takes one", async ({ browser }) => {
  const id = unique().toLowerCase();
  const serial = `E2E-${id.toUpperCase()}-K`;
  const operator = await signedIn(browser, "admin@maia.example");
  await operator.goto("/");
  await apiAs(operator, "/inventory/device", { serialNumber: serial, claimCode: "KIND2026", model: "E200", softwareVersion: "24.3.1" });
  await operator.context().close();

  const msp = await signedIn(browser, "admin@northwind.example");
  await openInventory(msp, "msp");
  await apiAs(msp, "/inventory/device/claim", { serialNumber: serial, claimCode: "KIND2026" });
  const mspId = currentOrganizationId(msp);
  const [edge, cpe] = [`e2e-kind-${id}-edge`, `e2e-kind-${id}-cpe`];
  await apiAs(msp, `/config/msp/${mspId}/node`, { name: edge, kind: "edge", edgeType: "standard", location: PARIS });
  await apiAs(msp, `/config/msp/${mspId}/node`, { name: cpe, kind: "cpe", location: PARIS });

  await msp.getByTestId("devices-filter").fill(serial);
  const row = msp.locator(`[data-testid="device-row"][data-serial="${serial}"]`);
  await row.getByTestId("device-configure").click();
  const dialog = msp.getByTestId("device-configuration-dialog");
  await expect(dialog).toContainText("E200 devices take the configuration of an edge node: only those are offered.");
  await dialog.getByTestId("configuration-node-search").fill(`e2e-kind-${id}`);
  await msp.getByTestId("configuration-node").click();
  const edgeOption = msp.getByRole("option", { name: new RegExp(`^${edge}`) });
  await expect(edgeOption).toBeVisible();
  // Both nodes match the search and came in the same answer: the CPE node is not offered.
  await expect(msp.getByRole("option", { name: new RegExp(`^${cpe}`) })).toHaveCount(0);
  await edgeOption.click();
  await dialog.getByTestId("configuration-save").click();
  await expect(msp.getByText(`Device ${serial} assigned to ${edge}`)).toBeVisible();
  await msp.context().close();
});
