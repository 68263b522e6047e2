import { describe, expect, it } from "vitest";
import { CONSOLE_ROUTES } from "@/lib/routes";
import { routeLabel, UNKNOWN_ROUTE, UNMATCHED_API_ROUTE } from "@/server/core/route-label";

// The route label of the HTTP metrics (server/core/route-label.ts): patterns only, so a path's ids and whatever a
// caller makes up fold into a bounded set of series.

describe("routeLabel", () => {
  it("names a console page by its pattern, its ids and query left out", () => {
    expect(routeLabel("/organization/7f3a/customer/dashboard/s-1/path/p-2?range=24h")).toBe("/organization/:organizationId/customer/dashboard/:siteId/path/:pathId");
    expect(routeLabel("/organization/7f3a/msp/edgeNode/n-9/monitor")).toBe("/organization/:organizationId/msp/edgeNode/:nodeId/monitor");
    expect(routeLabel("/organization/7f3a/paths")).toBe("/organization/:organizationId/paths");
    expect(routeLabel("/organization/7f3a")).toBe("/organization/:organizationId");
    expect(routeLabel("/organization/7f3a/")).toBe("/organization/:organizationId");
  });

  it("gives every route of the table a label of its own", () => {
    const labels = CONSOLE_ROUTES.map((route) => routeLabel(`/organization/o1/${route.pattern.replace(/:[A-Za-z]+/g, "x1")}`));
    expect(new Set(labels).size).toBe(CONSOLE_ROUTES.length);
    for (const label of labels) expect(label).not.toMatch(/o1|x1/);
  });

  it("folds what no route names into one label per kind", () => {
    expect(routeLabel("/organization/7f3a/no/such/page")).toBe("/organization/:organizationId/*");
    expect(routeLabel("/wp-admin/setup.php")).toBe(UNKNOWN_ROUTE);
    expect(routeLabel("/login/extra")).toBe(UNKNOWN_ROUTE);
    // Names an object has by inheritance are not pages.
    expect(routeLabel("/constructor")).toBe(UNKNOWN_ROUTE);
    expect(routeLabel("/invite/constructor/x")).toBe(UNKNOWN_ROUTE);
    expect(routeLabel("/api/v1/anything/at/all")).toBe(UNMATCHED_API_ROUTE);
  });

  it("names the pages and files outside an organization", () => {
    expect(routeLabel("/")).toBe("/");
    expect(routeLabel("/login?next=%2F")).toBe("/login");
    expect(routeLabel("/user/logout")).toBe("/user/logout");
    expect(routeLabel("/invite/9c1e2d")).toBe("/invite/:token");
    expect(routeLabel("/catalogue/en.json")).toBe("/catalogue/:file");
    expect(routeLabel("/metrics")).toBe("/metrics");
    expect(routeLabel("/_next/static/chunks/app-4f2a.js")).toBe("/_next/static/*");
    expect(routeLabel("/_next/image?url=x")).toBe("/_next/*");
  });
});
