import { as, currentOrganizationId, expect, test } from "./fixtures";

// The assistant (SPEC §2 chat, chat/{chatId} and the contextual panel), as people use it: a question from the
// dashboard's recent chats, the answer from the embedded model through the real tools, the chat kept and listed,
// renamed and deleted; the panel beside a page; French; and what a person sees when the answer fails.

const answer = (page: import("@playwright/test").Page) => page.locator('[data-testid="chat-message"][data-role="assistant"]').last();

test.describe("the assistant as a customer", () => {
  as("admin@contoso.example");

  test("answers from the dashboard's new chat with the customer's own sites, keeps the chat and lists it in recent chats", async ({ page }) => {
    await page.goto("/");
    const recent = page.getByTestId("recent-chats-card");
    await expect(recent).toBeVisible();
    await recent.getByTestId("dashboard-new-chat").click();
    await expect(page.getByTestId("chat-page")).toBeVisible();

    // Empty input is refused with the schema's message, and nothing is created.
    await page.getByTestId("chat-send").click();
    await expect(page.getByText("Type a question for the assistant")).toBeVisible();

    await page.getByTestId("chat-input").fill("List my sites");
    await page.getByTestId("chat-input").press("Enter");
    const reply = answer(page);
    await expect(reply.getByTestId("chat-tool")).toHaveAttribute("data-state", "output-available");
    await expect(reply).toContainText("Paris HQ");
    await expect(reply).toContainText("Frankfurt DC");
    // Another customer's sites never appear.
    await expect(reply).not.toContainText("Seattle Office");
    await expect(reply).not.toContainText("Madrid Office");
    await expect(page).toHaveURL(/\/chat\/[^/]+$/);
    const chatUrl = page.url();
    // Any question sent to this chat from here on (there must be none: the first one goes out once).
    const sentAgain: string[] = [];
    const questionsTo = `/api/v1/chat/${new URL(chatUrl).pathname.split("/").at(-1)}/message`;
    const recordQuestion = (request: import("@playwright/test").Request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === questionsTo) sentAgain.push(request.url());
    };
    page.on("request", recordQuestion);

    // New chat, from the chat just started: an empty conversation.
    await page.getByTestId("new-chat").click();
    await expect(page).toHaveURL(/\/chat$/);
    await expect(page.getByTestId("new-chat-starter")).toBeVisible();
    await expect(page.getByTestId("chat-message")).toHaveCount(0);
    // Back to the chat: the first question is not sent again.
    await page.goBack();
    await expect(page).toHaveURL(chatUrl);
    await expect(answer(page)).toContainText("Paris HQ");
    await expect(page.getByTestId("chat-page").getByTestId("chat-conversation")).toHaveAttribute("data-status", "ready");
    await expect(page.locator('[data-testid="chat-message"][data-role="user"]')).toHaveCount(1);
    await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]')).toHaveCount(1);

    // Kept: a reload shows the same conversation, and the chat is named after the question.
    await page.reload();
    await expect(page.locator('[data-testid="chat-message"][data-role="user"]').first()).toContainText("List my sites");
    // The page Back led to has been replaced: whatever it sent was seen before the reload's own requests.
    page.off("request", recordQuestion);
    expect(sentAgain).toEqual([]);
    await expect(answer(page)).toContainText("Paris HQ");
    await expect(page.getByTestId("chat-list-item").filter({ hasText: "List my sites" }).first()).toBeVisible();

    // The dashboard lists it among the recent chats, and leads back to it.
    await page.goto(`/organization/${currentOrganizationId(page)}/customer/dashboard`);
    const first = page.getByTestId("recent-chat").filter({ hasText: "List my sites" }).first();
    await expect(first).toContainText("List my sites");
    await expect(first).toContainText("2 messages");
    await first.click();
    await expect(page).toHaveURL(chatUrl);

    // Renamed, then deleted.
    await page.getByRole("button", { name: "Actions for List my sites" }).first().click();
    await page.getByRole("menuitem", { name: "Rename" }).click();
    await page.getByTestId("chat-title").fill("Site inventory");
    await page.getByTestId("save-chat-title").click();
    await expect(page.getByText("Chat renamed to Site inventory")).toBeVisible();
    await expect(page.getByTestId("chat-list-item").filter({ hasText: "Site inventory" })).toBeVisible();
    await page.getByRole("button", { name: "Actions for Site inventory" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await page.getByTestId("chat-delete-confirm").click();
    await expect(page.getByText('Chat "Site inventory" deleted')).toBeVisible();
    await expect(page).toHaveURL(/\/chat$/);
  });

  test("opens beside a page, knows which page it is on, and its links lead into the console", async ({ page }) => {
    await page.goto("/");
    await page.locator("aside").getByTestId("nav-common-alarms").click();
    await expect(page).toHaveURL(/\/alarms$/);
    await expect(page.getByRole("heading", { level: 1, name: "Alarms" })).toBeVisible();
    await page.getByTestId("assistant-button").click();
    const panel = page.getByTestId("assistant-panel");
    await expect(panel).toBeVisible();
    await panel.getByTestId("chat-input").fill("How do I create a site?");
    await panel.getByTestId("chat-send").click();
    const reply = panel.locator('[data-testid="chat-message"][data-role="assistant"]').last();
    await expect(reply.getByTestId("chat-tool")).toHaveAttribute("data-tool", "guideSiteCreation");
    await expect(reply.getByTestId("chat-tool")).toHaveAttribute("data-state", "output-available");
    // A follow-up leaves the box as soon as it is sent, while its answer is still on its way (held here until then).
    await expect(panel.getByTestId("chat-conversation")).toHaveAttribute("data-status", "ready");
    let answerNow!: () => void;
    const held = new Promise<void>((resolve) => (answerNow = resolve));
    await page.route("**/api/v1/chat/*/message", async (route) => {
      await held;
      await route.continue();
    });
    await panel.getByTestId("chat-input").fill("Show the open alarms");
    await panel.getByTestId("chat-input").press("Enter");
    await expect(panel.getByTestId("chat-thinking")).toBeVisible();
    await expect(panel.getByTestId("chat-input")).toHaveValue("");
    answerNow();
    await expect(panel.locator('[data-testid="chat-message"][data-role="assistant"]')).toHaveCount(2);
    // The guide's link goes to the sites page, and the panel makes way.
    await panel.locator('[data-testid="chat-message"][data-role="assistant"]').first().getByTestId("chat-link").first().click();
    await expect(page).toHaveURL(/\/customer\/site$/);
    await expect(panel).toBeHidden();
    // Back on the page it was opened on, it stays closed until asked for.
    await page.goBack();
    await expect(page).toHaveURL(/\/alarms$/);
    await expect(page.getByRole("heading", { level: 1, name: "Alarms" })).toBeVisible();
    await expect(panel).toBeHidden();
    // The panel's chat is still there when it opens again.
    await page.getByTestId("assistant-button").click();
    await expect(panel.locator('[data-testid="chat-message"][data-role="user"]').first()).toContainText("How do I create a site?");
  });

  test("on a path's dashboard, \"why is this path bad?\" is about that path", async ({ page }) => {
    await page.goto("/");
    await page.getByTestId("paths-card").getByRole("link", { name: "Paris ⇄ Frankfurt" }).first().click();
    await expect(page.getByTestId("path-dashboard").getByRole("heading", { name: "Paris ⇄ Frankfurt", level: 1 })).toBeVisible();
    await page.getByTestId("assistant-button").click();
    const panel = page.getByTestId("assistant-panel");
    await panel.getByTestId("chat-input").fill("Why is this path bad?");
    await panel.getByTestId("chat-send").click();
    const reply = panel.locator('[data-testid="chat-message"][data-role="assistant"]').last();
    await expect(reply.getByTestId("chat-tool")).toHaveAttribute("data-tool", "explainPathSla");
    await expect(reply.getByTestId("chat-tool")).toHaveAttribute("data-state", "output-available");
    await expect(reply.getByTestId("chat-text").last()).toContainText("Paris ⇄ Frankfurt");
  });

  test("keeps the question and offers a retry when the answer fails", async ({ page }) => {
    await page.goto("/");
    await page.getByTestId("assistant-button").click();
    const panel = page.getByTestId("assistant-panel");
    await page.route("**/api/v1/chat/*/message", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ error: "The assistant is busy", requestId: "req-1" }) }),
    );
    await panel.getByTestId("chat-input").fill("Show the open alarms");
    await panel.getByTestId("chat-send").click();
    await expect(panel.getByTestId("chat-error")).toContainText("The assistant is busy (requestId=req-1)");
    await expect(panel.locator('[data-testid="chat-message"][data-role="user"]')).toContainText("Show the open alarms");
    // Back up: the retry answers.
    await page.unrouteAll();
    await panel.getByTestId("chat-error").getByRole("button").click();
    await expect(panel.locator('[data-testid="chat-message"][data-role="assistant"]').last().getByTestId("chat-tool")).toHaveAttribute("data-state", "output-available");
    await expect(panel.getByTestId("chat-error")).toBeHidden();
  });
});

test.describe("the assistant on a phone", () => {
  as("admin@fabrikam.example");
  test.use({ viewport: { width: 390, height: 844 } });

  test("keeps the chats a sheet away", async ({ page }) => {
    await page.goto("/");
    await page.goto(`/organization/${currentOrganizationId(page)}/chat`);
    await page.getByTestId("chat-input").fill("List my sites");
    await page.getByTestId("chat-send").click();
    await expect(answer(page)).toContainText("Seattle Office");
    const chatUrl = page.url();
    await page.goto(`/organization/${currentOrganizationId(page)}/chat`);
    await page.getByTestId("chats-sheet").click();
    await page.getByRole("dialog").getByTestId("chat-list-item").filter({ hasText: "List my sites" }).first().click();
    await expect(page).toHaveURL(chatUrl);
    await expect(answer(page)).toContainText("Seattle Office");
  });
});

test.describe("the assistant in French", () => {
  as("admin@bluewave.example");

  test("an MSP admin who speaks French gets French answers in the panel", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("recent-chats-card")).toContainText("Conversations récentes");
    await page.getByTestId("assistant-button").click();
    const panel = page.getByTestId("assistant-panel");
    await panel.getByTestId("chat-input").fill("Montre les alarmes ouvertes");
    await panel.getByTestId("chat-send").click();
    const reply = panel.locator('[data-testid="chat-message"][data-role="assistant"]').last();
    await expect(reply.getByTestId("chat-tool")).toContainText("Recherche des alarmes ouvertes : terminé");
    await expect(reply.getByTestId("chat-text").last()).not.toBeEmpty();
  });
});
