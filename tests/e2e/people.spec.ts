import type { Browser, Page } from "@playwright/test";
import { as, expect, storageStateOf, test } from "./fixtures";
import { invitationTokenFor } from "./outbox";
import { chooseInSelect, unique } from "./steps";

// Users and invitations (SPEC §2 Users with tabs Users and Invitations, §5 invite email required, §6 roles) and the
// public page the mailed link opens: an admin invites, the invitee joins and lands in the console, roles change,
// invitations are revoked, and read-only people see the lists without a single control.

async function openUsers(page: Page) {
  await page.goto("/");
  await page.locator("aside").getByTestId("nav-common-users").click();
  await expect(page).toHaveURL(/\/user\/users$/);
  await expect(page.getByTestId("users-table")).toBeVisible();
}

async function openInvitations(page: Page) {
  await openUsers(page);
  await page.getByTestId("people-tab-invitations").click();
  await expect(page).toHaveURL(/\/user\/invitations$/);
  await expect(page.getByTestId("invitations-table")).toBeVisible();
}

async function setLanguage(page: Page, language: "en" | "fr") {
  await page.context().addCookies([{ name: "NEXT_LOCALE", value: language, url: test.info().project.use.baseURL! }]);
}

async function invite(page: Page, email: string, role: RegExp) {
  await page.getByTestId("invite-open").click();
  await page.getByTestId("invite-email").fill(email);
  await chooseInSelect(page, "invite-role", role);
  await page.getByTestId("invite-send").click();
  await expect(page.getByTestId("invite-dialog")).toBeHidden();
}

const invitationRow = (page: Page, email: string) => page.getByTestId("invitation-row").filter({ hasText: email });

async function anonymousPage(browser: Browser) {
  // Not the describe's signed-in user: nobody.
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  return { context, page: await context.newPage() };
}

test.describe("an admin and the colleague they invite", () => {
  as("admin@contoso.example");

  test("invites a read-only colleague who sets a name and password, lands in the console and is read-only", async ({ page, browser }) => {
    test.setTimeout(120_000);
    const email = `colleague-${unique()}@contoso.example`;
    // The SPEC message for an empty invite email, once in French, then in English with the format error.
    await setLanguage(page, "fr");
    await openInvitations(page);
    await page.getByTestId("invite-open").click();
    await page.getByTestId("invite-send").click();
    await expect(page.getByTestId("invite-dialog")).toContainText("L’e-mail est obligatoire");
    await setLanguage(page, "en");
    await openInvitations(page);
    await page.getByTestId("invite-open").click();
    await page.getByTestId("invite-send").click();
    await expect(page.getByTestId("invite-dialog")).toContainText("Email is required");
    await page.getByTestId("invite-email").fill("not-an-email");
    await page.getByTestId("invite-send").click();
    await expect(page.getByTestId("invite-dialog")).toContainText("Enter a valid email address");
    await page.getByTestId("invite-email").fill(email);
    await chooseInSelect(page, "invite-role", "Read Only");
    await page.getByTestId("invite-send").click();
    await expect(page.getByTestId("invite-dialog")).toBeHidden();
    await expect(invitationRow(page, email)).toContainText("Read Only");
    await expect(invitationRow(page, email).getByTestId("invitation-status")).toHaveText("Pending");

    // The colleague opens the mailed link, signed out.
    const colleague = await anonymousPage(browser);
    const token = await invitationTokenFor(email);
    await colleague.page.goto(`/invite/${encodeURIComponent(token)}`);
    await expect(colleague.page.getByTestId("invite-preview")).toContainText("Contoso");
    await expect(colleague.page.getByTestId("invite-preview")).toContainText(email);
    await expect(colleague.page.getByTestId("invite-preview")).toContainText("Read Only");
    await colleague.page.getByTestId("invite-accept").click();
    await expect(colleague.page.getByText("First name is required")).toBeVisible();
    await colleague.page.getByTestId("invite-first-name").fill("Robin");
    await colleague.page.getByTestId("invite-last-name").fill("Reader");
    await colleague.page.getByTestId("invite-password").fill("short");
    await colleague.page.getByTestId("invite-accept").click();
    await expect(colleague.page.getByText("Password must be at least 10 characters")).toBeVisible();
    await colleague.page.getByTestId("invite-password").fill("a long enough password");
    await colleague.page.getByTestId("invite-accept").click();
    await expect(colleague.page).toHaveURL(/\/organization\/[^/]+\/customer\/dashboard$/);
    // Read-only: the lists, without controls.
    await openInvitations(colleague.page);
    await expect(invitationRow(colleague.page, email).getByTestId("invitation-status")).toHaveText("Accepted");
    await expect(colleague.page.getByTestId("invite-open")).toHaveCount(0);
    await expect(colleague.page.getByTestId("invitation-revoke")).toHaveCount(0);
    // The link is spent.
    await colleague.page.goto(`/invite/${encodeURIComponent(token)}`);
    await expect(colleague.page.getByTestId("invite-invalid")).toContainText("has already been used or has expired");
    await colleague.context.close();

    // The admin's list said so without a reload; the colleague is among the users, and gets a new role.
    await expect(invitationRow(page, email).getByTestId("invitation-status")).toHaveText("Accepted");
    await page.getByTestId("people-tab-users").click();
    const row = page.getByTestId("user-row").filter({ hasText: email });
    await expect(row).toContainText("Robin Reader");
    await expect(row).toContainText("English");
    await expect(row.getByTestId("user-role-select")).toHaveText("Read Only");
    await row.getByTestId("user-role-select").click();
    await page.getByRole("option", { name: "Configure Only" }).click();
    await expect(page.getByText("Robin Reader is now Configure Only.")).toBeVisible();
    await page.reload();
    await expect(page.getByTestId("user-row").filter({ hasText: email }).getByTestId("user-role-select")).toHaveText("Configure Only");
    // One's own row has no Remove; the only admin cannot step down (the API's rule, said as it is).
    const own = page.getByTestId("user-row").filter({ hasText: "admin@contoso.example" });
    await expect(own.getByTestId("user-remove")).toHaveCount(0);
    await own.getByTestId("user-role-select").click();
    await page.getByRole("option", { name: "Read Only" }).click();
    await expect(page.getByText("Contoso needs at least one admin: make someone else an admin first.")).toBeVisible();
    // Removing the colleague says what happens first.
    await page.getByTestId("user-row").filter({ hasText: email }).getByTestId("user-remove").click();
    await expect(page.getByRole("alertdialog")).toContainText("loses access to Contoso at once and is signed out");
    await page.getByTestId("user-remove-confirm").click();
    await expect(page.getByTestId("user-row").filter({ hasText: email })).toHaveCount(0);
  });

  test("revokes and resends invitations", async ({ page }) => {
    const revoked = `revoked-${unique()}@contoso.example`;
    await openInvitations(page);
    await invite(page, revoked, /^Admin$/);
    const firstToken = await invitationTokenFor(revoked);
    await invitationRow(page, revoked).getByTestId("invitation-resend").click();
    await expect(page.getByText(`A new link was sent to ${revoked}`)).toBeVisible();
    await expect.poll(() => invitationTokenFor(revoked)).not.toBe(firstToken);
    await invitationRow(page, revoked).getByTestId("invitation-revoke").click();
    await expect(page.getByRole("alertdialog")).toContainText(`The link sent to ${revoked} stops working`);
    await page.getByTestId("invitation-revoke-confirm").click();
    await expect(invitationRow(page, revoked)).toHaveCount(0);
  });

  test("an address with an account signs in first, then joins from the same link", async ({ page, browser }) => {
    test.setTimeout(90_000);
    // An account of Fabrikam, made from Fabrikam's invitation: it exists, and is not a member of Contoso.
    const existing = `returning-${unique()}@example.com`;
    const password = "returning person's password";
    const fabrikam = await browser.newContext({ storageState: storageStateOf("admin@fabrikam.example") });
    const fabrikamId = (await (await fabrikam.request.get("/api/v1/config/user")).json()).organizationId as string;
    expect((await fabrikam.request.post(`/api/v1/organization/${fabrikamId}/invitation`, { data: { email: existing, role: "read-only" } })).status()).toBe(201);
    await fabrikam.close();
    const first = await anonymousPage(browser);
    const joined = await first.page.request.post("/api/v1/invitation/accept", {
      data: { token: await invitationTokenFor(existing), firstName: "Rae", lastName: "Turner", password },
    });
    expect(joined.status()).toBe(200);
    await first.context.close();

    await openInvitations(page);
    await invite(page, existing, /^Read Only$/);
    const token = await invitationTokenFor(existing);
    const visitor = await anonymousPage(browser);
    await visitor.page.goto(`/invite/${encodeURIComponent(token)}`);
    await visitor.page.getByTestId("invite-first-name").fill("Fab");
    await visitor.page.getByTestId("invite-last-name").fill("Admin");
    await visitor.page.getByTestId("invite-password").fill("not their password");
    await visitor.page.getByTestId("invite-accept").click();
    await expect(visitor.page.getByTestId("invite-sign-in-first")).toContainText(`Sign in as ${existing}`);
    await visitor.page.getByTestId("invite-sign-in").click();
    await expect(visitor.page).toHaveURL(/\/login\?next=%2Finvite%2F/);
    await visitor.page.getByLabel("Email").fill(existing);
    await visitor.page.getByLabel("Password").fill(password);
    await visitor.page.getByRole("button", { name: "Sign in" }).click();
    await expect(visitor.page).toHaveURL(/\/invite\//);
    await visitor.page.getByTestId("invite-join").click();
    await expect(visitor.page).toHaveURL(/\/organization\/[^/]+\/customer\/dashboard$/);
    await expect(visitor.page.getByTestId("current-organization")).toContainText("Contoso");
    await visitor.context.close();
  });

  test("an unknown link says so in the visitor's language", async ({ browser }) => {
    const visitor = await anonymousPage(browser);
    await visitor.page.goto("/invite/made-up-token");
    await expect(visitor.page.getByTestId("invite-invalid")).toContainText("This invitation is unknown");
    await visitor.context.addCookies([{ name: "NEXT_LOCALE", value: "fr", url: test.info().project.use.baseURL! }]);
    await visitor.page.reload();
    await expect(visitor.page.getByTestId("invite-invalid")).toContainText("Cette invitation est inconnue");
    await visitor.context.close();
  });
});

test.describe("a read-only person", () => {
  as("readonly@contoso.example");

  test("sees the users and the invitations, and no control", async ({ page }) => {
    await openUsers(page);
    await expect(page.getByTestId("user-row").filter({ hasText: "admin@contoso.example" })).toContainText("Admin");
    await expect(page.getByTestId("user-role-select")).toHaveCount(0);
    await expect(page.getByTestId("user-remove")).toHaveCount(0);
    await page.getByTestId("people-tab-invitations").click();
    await expect(page.getByTestId("invitations-table")).toBeVisible();
    await expect(page.getByTestId("invite-open")).toHaveCount(0);
    await expect(page.getByTestId("invitation-resend")).toHaveCount(0);
    await expect(page.getByTestId("invitation-revoke")).toHaveCount(0);
  });
});
