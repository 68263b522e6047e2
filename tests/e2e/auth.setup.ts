import { test as setup } from "@playwright/test";
import { DEMO_USERS, signIn, storageStateOf } from "./fixtures";

// Signs each demo user in once and saves the session for the specs.
for (const email of DEMO_USERS) {
  setup(`sign in ${email}`, async ({ page }) => {
    await signIn(page, email);
    await page.context().storageState({ path: storageStateOf(email) });
  });
}
