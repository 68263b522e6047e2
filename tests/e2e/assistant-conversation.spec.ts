import type { Page } from "@playwright/test";
import { api, ask, lastAnswer, openChat } from "./chat";
import { as, currentOrganizationId, expect, test } from "./fixtures";

// One conversation with the assistant (issue 40, scope 4), as a customer has it: which path is worst, why, and the
// other one; then a Layer 3 path, its missing prefix, the approval and the new path opened from the answer's link.
// And two turns in French.

type PathRow = { id: string; name: string; prefix: string[] | null };
const pathsOf = async (page: Page) => (await api(page, "GET", `/config/organization/${currentOrganizationId(page)}/path?limit=100`)).items as PathRow[];

/** The paths an answer names, in the order it names them. */
async function namedInOrder(answer: ReturnType<typeof lastAnswer>, names: string[]) {
  const text = (await answer.textContent()) ?? "";
  return names.filter((name) => text.includes(name)).sort((a, b) => text.indexOf(a) - text.indexOf(b));
}

test.describe("a conversation with the assistant, as a customer", () => {
  as("admin@contoso.example");

  test("worst path, why, the other one, then a Layer 3 path approved and opened from the answer", async ({ page }) => {
    test.slow();
    await openChat(page);
    const names = (await pathsOf(page)).map((path) => path.name);

    const ranking = await ask(page, "which path is worst right now?");
    const [worst, next] = await namedInOrder(ranking, names);
    expect(worst).toBeDefined();
    expect(next).toBeDefined();

    const why = await ask(page, "why?");
    await expect(why.getByTestId("chat-tool")).toHaveAttribute("data-state", "output-available");
    await expect(why).toContainText(worst);
    await expect(why).not.toContainText("I can:");

    const other = await ask(page, "and the other one?");
    await expect(other).toContainText(next);

    const request = await ask(page, "set up a layer 3 path between Frankfurt DC and Paris HQ, 50 Mbps");
    await expect(request).toContainText("prefix");
    const prefix = `10.${100 + Math.floor(Math.random() * 100)}.${Math.floor(Math.random() * 250)}.0/24`;
    const preview = await ask(page, prefix);
    const card = preview.getByTestId("chat-approval");
    await expect(card).toHaveAttribute("data-state", "approval-requested");
    await expect(card).toContainText(prefix);

    const withPrefix = async () => (await pathsOf(page)).filter((path) => path.prefix?.includes(prefix));
    expect(await withPrefix()).toHaveLength(0);
    await card.getByTestId("chat-approve").click();
    try {
      await expect(page.getByTestId("chat-conversation")).toHaveAttribute("data-status", "ready", { timeout: 30_000 });
      await expect.poll(async () => (await withPrefix()).length).toBe(1);
      const [created] = await withPrefix();
      await lastAnswer(page).getByTestId("chat-link").filter({ hasText: created.name }).first().click();
      await expect(page).toHaveURL(new RegExp(`/path/${created.id}`));
      await expect(page.getByRole("heading", { level: 1, name: created.name })).toBeVisible();
    } finally {
      for (const path of await withPrefix()) await api(page, "DELETE", `/config/path/${path.id}`);
    }
  });

  test("two turns in French: le pire chemin, puis pourquoi", async ({ page }) => {
    await openChat(page);
    const names = (await pathsOf(page)).map((path) => path.name);
    const ranking = await ask(page, "c'est quoi le pire chemin en ce moment ?");
    const [worst] = await namedInOrder(ranking, names);
    expect(worst).toBeDefined();
    const why = await ask(page, "pourquoi ?");
    await expect(why).toContainText(worst);
    // Answered in French, whatever the console's language.
    await expect(why).toContainText(/chemin|seuil|latence|échantillons/);
    await expect(why).not.toContainText("Je peux :");
  });
});
