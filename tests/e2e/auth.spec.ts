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
