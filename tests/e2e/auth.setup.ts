import { expect, test as setup } from "@playwright/test";
import { DEMO_PASSWORD, DEMO_USERS, storageStateOf } from "./fixtures";

// Signs each demo user in once, through the API the sign-in page calls, and saves the session for the specs
// (auth.spec.ts signs in through the page itself).
for (const email of DEMO_USERS) {
  setup(`sign in ${email}`, async ({ request }) => {
    const response = await request.post("/api/v1/auth/login", { data: { email, password: DEMO_PASSWORD } });
    expect(response.status()).toBe(200);
    await request.storageState({ path: storageStateOf(email) });
  });
}
