import { expect, test, type APIRequestContext, type Browser } from "@playwright/test";
import { storageStateOf, type DemoUser } from "./fixtures";
import { invitationTokenFor } from "./outbox";

// Issue 13 finding 5: a person of two organizations, each joined through the link mailed to them, chooses the one
// they act in from the organization selector; the session follows the choice.

async function invite(browser: Browser, admin: DemoUser, email: string): Promise<string> {
  const context = await browser.newContext({ storageState: storageStateOf(admin) });
  try {
    const organizationId = (await (await context.request.get("/api/v1/config/user")).json()).organizationId as string;
    const created = await context.request.post(`/api/v1/organization/${organizationId}/invitation`, { data: { email, role: "read-only" } });
    expect(created.status()).toBe(201);
    expect(await created.text()).not.toContain("/invite/");
    return organizationId;
  } finally {
    await context.close();
  }
}

const accept = (request: APIRequestContext, token: string, account?: { firstName: string; lastName: string; password: string }) =>
  request.post("/api/v1/invitation/accept", { data: { token, ...account } });

test("someone of two organizations switches between them from the selector", async ({ browser }) => {
  const email = `two-orgs-${Date.now()}@example.com`;
  const fabrikam = await invite(browser, "admin@fabrikam.example", email);
  const context = await browser.newContext();
  const page = await context.newPage();
  // The mailed link makes the account (and signs it in); the second invitation is accepted from that session.
  expect((await accept(page.request, await invitationTokenFor(email), { firstName: "Two", lastName: "Orgs", password: "two organizations" })).status()).toBe(200);
  const contoso = await invite(browser, "admin@contoso.example", email);
  expect((await accept(page.request, await invitationTokenFor(email))).status()).toBe(200);

  await page.goto("/");
  await expect(page).toHaveURL(new RegExp(`/organization/${contoso}/customer/dashboard$`));
  await page.locator("aside").getByTestId("organization-selector").click();
  const own = page.getByRole("group", { name: "Your organizations" });
  await expect(own.getByRole("option")).toHaveText(["Contoso", "Fabrikam"]);
  await own.getByRole("option", { name: "Fabrikam" }).click();
  await expect(page).toHaveURL(new RegExp(`/organization/${fabrikam}/customer/dashboard$`));
  await expect(page.getByTestId("current-organization")).toContainText("Fabrikam");
  // The session acts in Fabrikam now: the console's home is Fabrikam's, and Contoso is out of this session's sight.
  await page.goto("/");
  await expect(page).toHaveURL(new RegExp(`/organization/${fabrikam}/customer/dashboard$`));
  expect((await page.request.get(`/api/v1/config/organization/${contoso}/site`)).status()).toBe(404);
  await context.close();
});
