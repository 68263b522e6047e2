import type { Page } from "@playwright/test";
import { as, currentOrganizationId, expect, test } from "./fixtures";

// The assistant that knows the network (issue 16), as its users try it: a customer asks which paths breach their
// SLA and gets the paths the API says are not healthy; a read-only user asking to remove a site is told no, with
// nothing to approve.

const lastAnswer = (page: Page) => page.locator('[data-testid="chat-message"][data-role="assistant"]').last();

async function ask(page: Page, question: string) {
  const answers = page.locator('[data-testid="chat-message"][data-role="assistant"]');
  const before = await answers.count();
  await page.getByTestId("chat-input").fill(question);
  await page.getByTestId("chat-input").press("Enter");
  await expect(answers).toHaveCount(before + 1);
  await expect(page.getByTestId("chat-conversation")).toHaveAttribute("data-status", "ready", { timeout: 30_000 });
  return lastAnswer(page);
}

async function openChat(page: Page) {
  await page.goto("/");
  await page.goto(`/organization/${currentOrganizationId(page)}/chat`);
  await expect(page.getByTestId("chat-page")).toBeVisible();
}

async function api(page: Page, method: "GET", path: string, data?: unknown) {
  const origin = new URL(page.url()).origin;
  const response = await page.request.fetch(`/api/v1${path}`, { method, data, headers: { origin } });
  expect(response.ok(), await response.text()).toBe(true);
  return response.status() === 204 ? null : response.json();
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
