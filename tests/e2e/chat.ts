import type { Page } from "@playwright/test";
import { currentOrganizationId, expect } from "./fixtures";

// A conversation with the assistant as a person has it on the chat page, and the API calls its journeys check with.

export const lastAnswer = (page: Page) => page.locator('[data-testid="chat-message"][data-role="assistant"]').last();

/** Types a question, sends it, and waits for its whole answer. */
export async function ask(page: Page, question: string) {
  const answers = page.locator('[data-testid="chat-message"][data-role="assistant"]');
  const before = await answers.count();
  await page.getByTestId("chat-input").fill(question);
  await page.getByTestId("chat-input").press("Enter");
  await expect(answers).toHaveCount(before + 1);
  await expect(page.getByTestId("chat-conversation")).toHaveAttribute("data-status", "ready", { timeout: 30_000 });
  return lastAnswer(page);
}

export async function openChat(page: Page) {
  await page.goto("/");
  await page.goto(`/organization/${currentOrganizationId(page)}/chat`);
  await expect(page.getByTestId("chat-page")).toBeVisible();
}

export async function api(page: Page, method: "GET" | "POST" | "DELETE", path: string, data?: unknown) {
  const origin = new URL(page.url()).origin;
  // A change is sent as JSON from the console's own origin, as the browser's calls are (the CSRF rule).
  const headers: Record<string, string> = method === "GET" ? { origin } : { origin, "content-type": "application/json" };
  const response = await page.request.fetch(`/api/v1${path}`, { method, data, headers });
  expect(response.ok(), await response.text()).toBe(true);
  return response.status() === 204 ? null : response.json();
}
