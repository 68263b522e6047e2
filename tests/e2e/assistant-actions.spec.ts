import type { Browser, Page } from "@playwright/test";
import { as, currentOrganizationId, expect, storageStateOf, test, type DemoUser } from "./fixtures";
import { api, ask, lastAnswer, openChat } from "./chat";
import { unique } from "./steps";

// The assistant that knows the network (issue 16), as its users try it: a customer asks which paths breach their
// SLA and gets the paths the API says are not healthy; asks for a Layer 3 path, is asked for the prefix, approves the
// preview and finds the path behind the answer's link; an MSP restarts a device on Sunday at 03:30 and finds the
// reboot on the Scheduled tab; a customer creates a site in Lyon and opens it from the answer; a read-only user asking to remove a site is told no, with nothing to approve.

async function signedIn(browser: Browser, user: DemoUser) {
  const page = await (await browser.newContext({ storageState: storageStateOf(user) })).newPage();
  await page.goto("/");
  return page;
}

type PathRow = { id: string; name: string; slaHealth: string };
const notHealthy = async (page: Page) => {
  const paths = (await api(page, "GET", `/config/organization/${currentOrganizationId(page)}/path?limit=100`)).items as PathRow[];
  return new Set(paths.filter((path) => path.slaHealth === "warning" || path.slaHealth === "bad").map((path) => path.name));
};

test.describe("the assistant's answers and actions, as a customer", () => {
  as("admin@contoso.example");

  test("are any of my paths breaching their SLA? names the paths the API says are not healthy", async ({ page }) => {
    await openChat(page);
    const before = await notHealthy(page);
    const reply = await ask(page, "are any of my paths breaching their SLA?");
    const after = await notHealthy(page);
    // The simulator's faults move on meanwhile: the paths not healthy before and after the answer are in it.
    const breaching = [...before].filter((name) => after.has(name));
    for (const name of breaching) await expect(reply).toContainText(name);
    // Before the simulator's first faults (or between them), every path is healthy, and it says so.
    if (before.size === 0 && after.size === 0) await expect(reply).toContainText("healthy");
    await expect(reply).not.toContainText("I found no path");
  });

  test("sets up a Layer 3 path: asks for the prefix, previews it, creates it on approval and links to it", async ({ page }) => {
    test.slow();
    await openChat(page);
    const question = await ask(page, "set up a layer 3 path between Frankfurt DC and Paris HQ, 50 Mbps");
    await expect(question).toContainText("prefix");
    // Not run for want of a field: said as such, not as a failure.
    await expect(question.getByTestId("chat-tool")).toHaveAttribute("data-state", "output-denied");
    await expect(question).toContainText("Creating the path: not done");
    await expect(page.getByTestId("chat-approval")).toHaveCount(0);

    const prefix = `10.${100 + Math.floor(Math.random() * 100)}.${Math.floor(Math.random() * 250)}.0/24`;
    const preview = await ask(page, prefix);
    const card = preview.getByTestId("chat-approval");
    await expect(card).toHaveAttribute("data-state", "approval-requested");
    await expect(card).toContainText(prefix);
    await expect(card).toContainText("Frankfurt DC");
    await expect(card).toContainText("Paris HQ");
    // The hint is a paragraph of its own, after the list of what changes.
    await expect(card.getByText("Nothing changes until you approve.", { exact: true })).toBeVisible();
    // Nothing exists before the approval.
    const organizationId = currentOrganizationId(page);
    const withPrefix = async () =>
      ((await api(page, "GET", `/config/organization/${organizationId}/path?limit=100`)).items as (PathRow & { prefix: string[] | null })[]).filter((path) =>
        path.prefix?.includes(prefix),
      );
    expect(await withPrefix()).toHaveLength(0);

    await card.getByTestId("chat-approve").click();
    try {
      await expect(page.getByTestId("chat-approval").last()).not.toHaveAttribute("data-state", "approval-requested");
      await expect(page.getByTestId("chat-conversation")).toHaveAttribute("data-status", "ready", { timeout: 30_000 });
      await expect.poll(async () => (await withPrefix()).length).toBe(1);
      const [created] = await withPrefix();

      // The answer links to the new path.
      await lastAnswer(page).getByTestId("chat-link").filter({ hasText: created.name }).first().click();
      await expect(page).toHaveURL(new RegExp(`/path/${created.id}`));
      // Its dashboard, measured already: the simulator plays every path the network carries.
      await expect(page.getByRole("heading", { level: 1, name: created.name })).toBeVisible();
    } finally {
      // Contoso's demo paths as the other specs know them.
      for (const path of await withPrefix()) await api(page, "DELETE", `/config/path/${path.id}`);
    }
  });
});

test.describe("the assistant creates a site, as a customer", () => {
  as("admin@contoso.example");

  test("create a site called … in Lyon: a preview, the site on approval, opened from the answer's link", async ({ page }) => {
    test.slow();
    await openChat(page);
    const name = `E2E Lyon ${unique()}`;
    const organizationId = currentOrganizationId(page);
    const named = async () => ((await api(page, "GET", `/config/organization/${organizationId}/site?search=${encodeURIComponent(name)}&limit=10`)).items as { id: string; name: string }[]).filter((site) => site.name === name);
    const card = (await ask(page, `create a site called ${name} in Lyon`)).getByTestId("chat-approval");
    await expect(card).toHaveAttribute("data-state", "approval-requested");
    await expect(card).toContainText(name);
    await expect(card).toContainText("Lyon, France");
    expect(await named()).toHaveLength(0);
    await card.getByTestId("chat-approve").click();
    try {
      await expect(page.getByTestId("chat-conversation")).toHaveAttribute("data-status", "ready", { timeout: 30_000 });
      await expect.poll(async () => (await named()).length).toBe(1);
      const [created] = await named();
      await lastAnswer(page).getByTestId("chat-link").filter({ hasText: name }).first().click();
      await expect(page).toHaveURL(new RegExp(`/customer/site/${created.id}`));
      await expect(page.getByTestId("site-title")).toHaveText(name);
    } finally {
      for (const site of await named()) await api(page, "DELETE", `/config/site/${site.id}`);
    }
  });
});

test.describe("the assistant's actions, as an MSP", () => {
  as("admin@northwind.example");

  test("restarts a device on Sunday at 03:30: a preview, then the reboot on the Scheduled tab", async ({ page, browser }) => {
    test.slow();
    // A device of Northwind's own on a node of its own, so that no other spec's operations get in the way.
    const serial = `E2E-${unique().toUpperCase()}-R`;
    const claimCode = "RSTR2026";
    const operator = await signedIn(browser, "admin@maia.example");
    await api(operator, "POST", "/inventory/device", { serialNumber: serial, claimCode, model: "C100", softwareVersion: "24.3.1" });
    await operator.context().close();
    await page.goto("/");
    const mspId = currentOrganizationId(page);
    const device = await api(page, "POST", "/inventory/device/claim", { serialNumber: serial, claimCode });
    const node = await api(page, "POST", `/config/msp/${mspId}/node`, {
      name: `e2e-assistant-${unique()}`,
      kind: "cpe",
      location: { address: "Paris, Île-de-France, France", latitude: 48.8566, longitude: 2.3522 },
    });
    await api(page, "POST", `/inventory/device/${device.id}/assign`, { nodeId: node.id });

    await openChat(page);
    // The demo's MX-E400-0101 has an install pending: a device takes one operation at a time, so nothing to approve.
    const busy = await ask(page, "restart MX-E400-0101 on Sunday at 03:30");
    await expect(busy).toContainText("MX-E400-0101 already has an operation pending");
    await expect(busy.getByTestId("chat-approval")).toHaveCount(0);
    const reply = await ask(page, `restart ${serial} on Sunday at 03:30`);
    const card = reply.getByTestId("chat-approval");
    await expect(card).toHaveAttribute("data-state", "approval-requested");
    await expect(card).toContainText(serial);
    await expect(card).toContainText("03:30");
    await card.getByTestId("chat-approve").click();
    await expect(page.getByTestId("chat-approval").last()).not.toHaveAttribute("data-state", "approval-requested");
    await expect(page.getByTestId("chat-conversation")).toHaveAttribute("data-status", "ready", { timeout: 30_000 });

    await page.goto(`/organization/${mspId}/msp/lifecycle`);
    const row = page.getByTestId("lifecycle-row").and(page.locator(`[data-serial="${serial}"]`));
    await expect(row).toBeVisible();
    await expect(row).toContainText("Reboot");
    await expect(row).toContainText("03:30");
  });
});

test.describe("the assistant, read-only", () => {
  as("readonly@contoso.example");

  test("remove the Frankfurt DC site is refused, with nothing to approve", async ({ page }) => {
    await openChat(page);
    const reply = await ask(page, "remove the Frankfurt DC site");
    await expect(reply).toContainText(/not allowed|permission|may not/);
    await expect(page.getByTestId("chat-approval")).toHaveCount(0);
    await page.goto(`/organization/${currentOrganizationId(page)}/customer/site`);
    await expect(page.getByText("Frankfurt DC").first()).toBeVisible();
  });
});
