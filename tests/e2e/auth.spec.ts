import { expect, signIn, test } from "./fixtures";
import { openUserMenu } from "./steps";

test("a signed-out visitor is sent to sign-in and back to the page they asked for", async ({ page }) => {
  await page.goto("/organization/anything/alarms");
  await expect(page).toHaveURL(/\/login\?next=/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
});

test("sign-in explains bad input and wrong credentials", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Email is required")).toBeVisible();
  await expect(page.getByText("Password is required")).toBeVisible();
  await page.getByLabel("Email").fill("admin@contoso.example");
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Invalid email or password.")).toBeVisible();
});

test("what a person types before the page is hydrated is kept, and the form cannot be sent before", async ({ page }) => {
  // The page hydrates once its language's catalogue has run: holding the catalogue back holds the page in its HTML.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/catalogue/**", async (route) => {
    await released;
    await route.continue();
  });
  const hydrating = () => page.evaluate(() => Object.keys(document).some((key) => key.startsWith("__reactContainer$")));
  await page.goto("/login", { waitUntil: "domcontentloaded" });
  await page.getByLabel("Email").fill("admin@contoso.example");
  await page.getByLabel("Password").fill("maia-demo");
  // Before, the browser sent the form itself: a GET to /login with the password in the address.
  await expect(page.getByRole("button", { name: "Sign in" })).toBeDisabled();
  await page.getByLabel("Password").press("Enter");
  expect(page.url()).not.toContain("maia-demo");
  // Next waits for the catalogue before it starts hydrating (components/providers/catalogue-script.tsx): a page that
  // started, then suspended for it, was rendered again from scratch, and lost what had been typed.
  expect(await hydrating()).toBe(false);
  release();
  await expect.poll(hydrating).toBe(true);
  await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
  await expect(page.getByLabel("Email")).toHaveValue("admin@contoso.example");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/organization\/[^/]+\/customer\/dashboard$/);
});

test("sign-out returns to sign-in and the old session no longer works", async ({ page }) => {
  await signIn(page, "configure@northwind.example");
  const cookie = (await page.context().cookies()).find((c) => c.name === "maia_session");
  expect(cookie).toBeDefined();
  await page.evaluate(() => sessionStorage.setItem("marker", "1"));
  await openUserMenu(page);
  await page.getByTestId("menu-logout").click();
  await expect(page).toHaveURL(/\/logout$/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await expect(page.getByText("You have been signed out.")).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem("marker"))).toBeNull();
  const replay = await page.request.get("/api/v1/config/user", { headers: { cookie: `maia_session=${cookie!.value}` } });
  expect(replay.status()).toBe(401);
  await page.goto("/");
  await expect(page).toHaveURL(/\/login/);
});
