import { as, expect, test } from "./fixtures";

// What only the production bundle can break: packages loaded at run time by the API inside Next's build.
test.describe("the API in the production build", () => {
  as("admin@contoso.example");
  test("searches locations over the shipped cities and metros", async ({ page }) => {
    await page.goto("/");
    const response = await page.request.get("/api/v1/config/location?search=fran&limit=5");
    expect(response.status()).toBe(200);
    const results = await response.json();
    expect(results[0]).toMatchObject({ kind: "metro", country: "DE" });
    expect(results.some((result: { address: string }) => result.address.startsWith("San Francisco"))).toBe(true);
  });
});
