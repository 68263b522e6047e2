import { as, currentOrganizationId, expect, test } from "./fixtures";

test.describe("API documentation", () => {
  as("admin@northwind.example");
  test("renders the OpenAPI document inside the shell, from the documentation link", async ({ page }) => {
    const external: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.hostname !== "localhost" && !url.protocol.startsWith("data") && !url.protocol.startsWith("blob")) external.push(request.url());
    });
    await page.goto("/");
    await page.getByTestId("documentation-link").click();
    await expect(page).toHaveURL(new RegExp(`/organization/${currentOrganizationId(page)}/apiDocs$`));
    const reference = page.getByTestId("api-reference");
    const title = reference.getByText("Maia Console control-plane API").first();
    await expect(title).toBeVisible({ timeout: 20_000 });
    // The reference sits below the guides (tokens, webhooks), and renders its operations as they scroll into view.
    await title.scrollIntoViewIfNeeded();
    await expect(reference.getByText("/api/v1/config/organization").first()).toBeVisible();
    // The renderer and its assets come from this server only.
    expect(external).toEqual([]);
  });
});
