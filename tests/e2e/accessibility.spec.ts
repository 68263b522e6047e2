import type { Page } from "@playwright/test";
import { CONSOLE_ROUTES, matchConsoleRoute, organizationPath, parseOrganizationPath } from "@/lib/routes";
import { axeFindings, type AxeFinding } from "./axe";
import { as, currentOrganizationId, expect, test, type DemoUser } from "./fixtures";

// Issue 42 scope 8: no axe violation (WCAG 2.2 A/AA and best practices) on any console page, at 1440 and 390 px.
// Each kind of user walks their console from home along its links — the sidebar's, the tabs', the tables' — and axe
// reads one page of every route met (the route table of lib/routes.ts tells two sites' pages are the same page).
// The API reference's renderer (Scalar, a third party's) is left out of the reading (tests/e2e/axe.ts).

const VIEWPORTS = [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;
const USERS: DemoUser[] = ["admin@maia.example", "admin@northwind.example", "admin@contoso.example"];

/** The page as a person reads it: its heading shown, its skeletons gone. */
async function settled(page: Page) {
  // A page without its h1 is axe's finding (page-has-heading-one), not a reason to stop the walk.
  await page.locator("main h1").first().waitFor({ timeout: 10_000 }).catch(() => undefined);
  await expect(page.locator("main [data-slot=skeleton]")).toHaveCount(0, { timeout: 20_000 });
}

/** The console links on the page (the sidebar's too, hidden on a phone), as paths under this organization. */
async function consoleLinks(page: Page, organizationId: string): Promise<string[]> {
  const hrefs = await page.locator("a[href^='/organization/']").evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  return hrefs.map((href) => href.split(/[?#]/)[0]).filter((path) => parseOrganizationPath(path)?.organizationId === organizationId);
}

function routeOf(path: string): string | undefined {
  const parsed = parseOrganizationPath(path);
  return parsed ? matchConsoleRoute(parsed.rest)?.route.pattern : undefined;
}

// Six long walks: both workers take them.
test.describe.configure({ mode: "parallel" });

for (const email of USERS) {
  test.describe(`${email}'s console`, () => {
    as(email);
    for (const viewport of VIEWPORTS) {
      test(`has no axe violation on any page, ${viewport.name} (${viewport.width} px)`, async ({ page }) => {
        test.setTimeout(15 * 60_000);
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        await page.goto("/");
        const organizationId = currentOrganizationId(page);
        // Home first, then every route without parameters (the user menu's pages have no link until it opens; a
        // route the user may not open sends them home, already read), then what the links lead to.
        const queue = [new URL(page.url()).pathname, ...CONSOLE_ROUTES.filter((route) => !route.pattern.includes(":")).map((route) => organizationPath(organizationId, route.pattern))];
        const seen = new Set<string>();
        const found: Record<string, AxeFinding[]> = {};
        while (queue.length > 0) {
          const path = queue.shift()!;
          await page.goto(path);
          const route = routeOf(new URL(page.url()).pathname);
          if (route === undefined || seen.has(route)) continue;
          seen.add(route);
          await settled(page);
          const findings = await axeFindings(page);
          if (findings.length > 0) found[route || "/"] = findings;
          console.log(`axe ${viewport.width} px ${email} ${route || "/"}: ${findings.map((each) => `${each.rule} ×${each.targets.length}`).join(", ") || "clean"}`);
          for (const link of await consoleLinks(page, organizationId)) {
            const next = routeOf(link);
            if (next !== undefined && !seen.has(next) && !queue.some((queued) => routeOf(queued) === next)) queue.push(link);
          }
        }
        expect(seen.size, "pages visited").toBeGreaterThan(3);
        expect(found, `axe violations on ${email}'s pages at ${viewport.width} px`).toEqual({});
      });
    }
  });
}

test.describe("signed out", () => {
  for (const viewport of VIEWPORTS) {
    test(`the sign-in page has no axe violation, ${viewport.name}`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.goto("/login");
      await page.locator("h1").first().waitFor();
      expect(await axeFindings(page)).toEqual([]);
    });
  }
});
