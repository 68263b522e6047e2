import { expect, test as base, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "maia-demo";

export const DEMO_USERS = [
  "admin@maia.example",
  "readonly@maia.example",
  "admin@northwind.example",
  "configure@northwind.example",
  "readonly@northwind.example",
  "admin@bluewave.example",
  "admin@contoso.example",
  "readonly@contoso.example",
  "admin@fabrikam.example",
  "admin@initech.example",
] as const;
export type DemoUser = (typeof DEMO_USERS)[number];

export const storageStateOf = (email: DemoUser) => `tests/e2e/.auth/${email}.json`;

/** Signs in through the sign-in page, as a person does. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/login");
  await page.getByLabel(/^(Email|E-mail)$/).fill(email);
  await page.getByLabel(/^(Password|Mot de passe)$/).fill(password);
  await page.getByRole("button", { name: /^(Sign in|Se connecter)$/ }).click();
  await expect(page).toHaveURL(/\/organization\/[^/]+\//);
}

/** The organization id in the current URL. */
export function currentOrganizationId(page: Page): string {
  const match = /\/organization\/([^/]+)/.exec(new URL(page.url()).pathname);
  if (!match) throw new Error(`not on an organization page: ${page.url()}`);
  return match[1];
}

/** A test that starts signed in as the given demo user (sessions saved once by the setup project). */
export function as(email: DemoUser) {
  base.use({ storageState: storageStateOf(email) });
}

const POLICY_VIOLATION_BINDING = "__maiaPolicyViolation";

/**
 * The tests, each ending with its page's routes removed: a rewritten answer still in flight when a test ends would
 * otherwise fail whichever test runs next in the worker.
 */
export const test = base.extend<{ routesRemoved: void; noPolicyViolations: void }>({
  routesRemoved: [
    async ({ page }, use) => {
      await use();
      await page.unrouteAll({ behavior: "ignoreErrors" });
    },
    { auto: true },
  ],
  // Every page of every spec keeps to the Content-Security-Policy. The browser reports what it refused in the console,
  // and every refusal — an eval it blocked even where the script caught the error, which Chromium shows only among its
  // DevTools issues — as a securitypolicyviolation event, which each page of the test's context passes on here.
  noPolicyViolations: [
    async ({ context, page }, use) => {
      const violations: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" && /Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await context.exposeBinding(POLICY_VIOLATION_BINDING, (_source, violation: string) => {
        violations.push(violation);
      });
      await context.addInitScript((binding) => {
        document.addEventListener("securitypolicyviolation", (event) => {
          const report = (window as unknown as Record<string, (text: string) => void>)[binding];
          report(`${event.effectiveDirective} refused ${event.blockedURI} (${event.sourceFile}:${event.lineNumber}) on ${location.pathname}`);
        });
      }, POLICY_VIOLATION_BINDING);
      await use();
      expect(violations, "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
