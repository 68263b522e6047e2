import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { proxy } from "@/proxy";
import { hashPassword } from "@/server/auth/password";
import { getDb } from "@/server/db/client";
import { memberships, users } from "@/server/db/schema";
import { decidePage } from "@/server/pages/page-guard";
import { call, DEMO_PASSWORD, organizationId, signIn } from "./helpers";

// Issue 39, scope 1 — SPEC §6: a refused console route answers 307 to / before any of the page is rendered (the proxy
// decides, with the session it resolves anyway), not a 200 that carries the forbidden page's shell and a meta refresh;
// an index route that only chooses a tab answers a real redirect to it.

const MISSING = "00000000-0000-4000-8000-000000000000";
// The path pages are the MSP's: the type refuses a customer before the path is looked for.
const A_PATH = "00000000-0000-4000-8000-000000000001";
let maia: string;
let northwind: string;
let bluewave: string;
let contoso: string;
let fabrikam: string;
let initech: string;

const visit = (cookie: string | undefined, url: string) =>
  proxy(new NextRequest(`http://localhost${url}`, { headers: cookie ? { cookie } : {} }));

/** The proxy's answer as the browser gets it: a redirect's status and target, or "render" when the page may start. */
async function outcome(cookie: string | undefined, url: string) {
  const response = await visit(cookie, url);
  if (response.headers.get("x-middleware-next") === "1") return "render";
  const location = response.headers.get("location");
  expect(await response.text()).toBe("");
  return `${response.status} ${location?.replace("http://localhost", "")}`;
}

beforeAll(async () => {
  [maia, northwind, bluewave, contoso, fabrikam, initech] = await Promise.all(
    ["Maia", "Northwind Networks", "Bluewave Telecom", "Contoso", "Fabrikam", "Initech"].map(organizationId),
  );
});

describe("a refused console route answers 307 to /, with no page", () => {
  it.each([
    // Wrong organization type.
    ["admin@maia.example", () => `/organization/${maia}/msp/topology`],
    ["admin@maia.example", () => `/organization/${maia}/customer/dashboard`],
    ["admin@northwind.example", () => `/organization/${northwind}/customer/dashboard`],
    ["admin@northwind.example", () => `/organization/${northwind}/core/msp`],
    ["admin@northwind.example", () => `/organization/${northwind}/core/inventory`],
    ["readonly@contoso.example", () => `/organization/${contoso}/msp/dashboard`],
    ["readonly@contoso.example", () => `/organization/${contoso}/msp/edgeNode`],
    ["readonly@contoso.example", () => `/organization/${contoso}/msp/lifecycle/running`],
    ["readonly@contoso.example", () => `/organization/${contoso}/paths/${A_PATH}`],
    ["admin@contoso.example", () => `/organization/${contoso}/paths/${A_PATH}/pathTopology`],
    // An organization the user may not see: a sibling customer, another MSP, its customers, the operator.
    ["admin@contoso.example", () => `/organization/${fabrikam}/customer/dashboard`],
    ["admin@contoso.example", () => `/organization/${fabrikam}/alarms`],
    ["admin@contoso.example", () => `/organization/${northwind}/msp/dashboard`],
    ["admin@northwind.example", () => `/organization/${bluewave}/msp/dashboard`],
    ["admin@northwind.example", () => `/organization/${initech}/customer/dashboard`],
    ["admin@northwind.example", () => `/organization/${maia}/core/msp`],
    // An organization that does not exist, or an id that is none.
    ["admin@contoso.example", () => `/organization/${MISSING}/alarms`],
    ["admin@maia.example", () => `/organization/${MISSING}/events`],
    ["admin@contoso.example", () => "/organization/not-an-organization/events"],
    // A path under a visible organization that is no console route.
    ["admin@contoso.example", () => `/organization/${contoso}/no/such/page`],
  ])("%s: %s", async (email, url) => {
    expect(await outcome(await signIn(email), url())).toBe("307 /");
  });

  it("lets the same users into their own pages", async () => {
    expect(await outcome(await signIn("admin@maia.example"), `/organization/${maia}/core/msp`)).toBe("render");
    expect(await outcome(await signIn("admin@maia.example"), `/organization/${northwind}/msp/topology`)).toBe("render");
    expect(await outcome(await signIn("admin@northwind.example"), `/organization/${northwind}/msp/topology`)).toBe("render");
    expect(await outcome(await signIn("admin@northwind.example"), `/organization/${contoso}/customer/dashboard`)).toBe("render");
    expect(await outcome(await signIn("readonly@contoso.example"), `/organization/${contoso}/customer/site`)).toBe("render");
    expect(await outcome(await signIn("readonly@contoso.example"), `/organization/${contoso}/alarms`)).toBe("render");
  });

  it("sends a visitor without a live session to sign-in, with the page to come back to", async () => {
    const url = `/organization/${contoso}/customer/dashboard?backcast=1w`;
    expect(await outcome(undefined, url)).toBe(`307 /login?next=${encodeURIComponent(url)}`);
    expect(await outcome("maia_session=not-a-session", url)).toBe(`307 /login?next=${encodeURIComponent(url)}`);
    expect(await outcome(undefined, "/")).toBe("307 /login");
  });
});

describe("the audit log (issue 43, scope 3)", () => {
  it("opens each console's audit log to its users and to those who see the organization, and to no one else", async () => {
    expect(await outcome(await signIn("readonly@contoso.example"), `/organization/${contoso}/audit?kind=path`)).toBe("render");
    expect(await outcome(await signIn("admin@northwind.example"), `/organization/${northwind}/audit`)).toBe("render");
    expect(await outcome(await signIn("admin@northwind.example"), `/organization/${fabrikam}/audit`)).toBe("render");
    expect(await outcome(await signIn("admin@maia.example"), `/organization/${maia}/audit`)).toBe("render");
    expect(await outcome(await signIn("admin@contoso.example"), `/organization/${northwind}/audit`)).toBe("307 /");
    expect(await outcome(await signIn("admin@contoso.example"), `/organization/${fabrikam}/audit`)).toBe("307 /");
    expect(await outcome(await signIn("admin@northwind.example"), `/organization/${initech}/audit`)).toBe("307 /");
  });

  it("refuses it to a user without common:user:read", () => {
    const user = (scopes: string[]) => ({
      principal: { organizationId: "c-1", scopes: scopes as never },
      organizations: [{ id: "c-1", organizationType: "customer" as const }],
    });
    expect(decidePage(user(["common:user:read"]), true, "/organization/c-1/audit", "")).toEqual({ action: "render" });
    expect(decidePage(user(["common:config:read"]), true, "/organization/c-1/audit", "")).not.toEqual({ action: "render" });
  });
});

describe("path topology: the MSP's page, the customer's own path page (issue 41, scope 8)", () => {
  // docs/decisions/path-topology-for-customers.md: SPEC §6 gives pathTopology to MSPs with common:config:read; a
  // customer sees its own path's route on its own path page (customer/site/…/path/…), which the API answers in the
  // customer's view.
  it("opens pathTopology to an MSP's users in the MSP, and to no one in a customer or the operator", async () => {
    expect(await outcome(await signIn("readonly@northwind.example"), `/organization/${northwind}/paths/${A_PATH}/pathTopology`)).toBe("render");
    expect(await outcome(await signIn("admin@northwind.example"), `/organization/${contoso}/paths/${A_PATH}/pathTopology`)).toBe("307 /");
    expect(await outcome(await signIn("readonly@contoso.example"), `/organization/${contoso}/paths/${A_PATH}/pathTopology`)).toBe("307 /");
    expect(await outcome(await signIn("admin@maia.example"), `/organization/${maia}/paths/${A_PATH}/pathTopology`)).toBe("307 /");
  });

  it("opens the customer's own path page, with its route, to the customer", async () => {
    expect(await outcome(await signIn("readonly@contoso.example"), `/organization/${contoso}/customer/site/site-1/path/${A_PATH}`)).toBe("render");
    expect(await outcome(await signIn("admin@northwind.example"), `/organization/${northwind}/customer/site/site-1/path/${A_PATH}`)).toBe("307 /");
  });

  it("refuses pathTopology to an MSP user without common:config:read", () => {
    const user = (scopes: string[]) => ({
      principal: { organizationId: "msp-1", scopes: scopes as never },
      organizations: [{ id: "msp-1", organizationType: "msp" as const }],
    });
    expect(decidePage(user(["common:config:read"]), true, "/organization/msp-1/paths/p-1/pathTopology", "")).toEqual({ action: "render" });
    expect(decidePage(user(["common:user:read"]), true, "/organization/msp-1/paths/p-1/pathTopology", "")).toEqual({ action: "redirect", location: "/" });
  });
});

describe("a switched session is judged where it acts", () => {
  const EMAIL = "page-guards-two-hats@example.com";
  let cookie: string;

  beforeAll(async () => {
    const db = await getDb();
    const [user] = await db.insert(users).values({ email: EMAIL, firstName: "Two", lastName: "Hats", passwordHash: await hashPassword(DEMO_PASSWORD) }).returning();
    await db.insert(memberships).values({ userId: user.id, organizationId: northwind, role: "msp-read-only", createdAt: new Date(Date.now() - 60_000) });
    await db.insert(memberships).values({ userId: user.id, organizationId: bluewave, role: "msp-admin" });
    const login = await call("POST", "/auth/login", { body: { email: EMAIL, password: DEMO_PASSWORD } });
    cookie = login.headers.getSetCookie().find((line) => line.startsWith("maia_session="))!.split(";")[0];
  });

  it("opens the MSP it acts in, and refuses the other one and its customers until it switches", async () => {
    expect(await outcome(cookie, `/organization/${northwind}/msp/topology`)).toBe("render");
    expect(await outcome(cookie, `/organization/${contoso}/customer/dashboard`)).toBe("render");
    expect(await outcome(cookie, `/organization/${bluewave}/msp/topology`)).toBe("307 /");
    expect(await outcome(cookie, "/")).toBe(`307 /organization/${northwind}/msp/dashboard`);

    expect((await call("POST", `/config/user/membership/${bluewave}/switch`, { cookie })).status).toBe(200);
    expect(await outcome(cookie, `/organization/${bluewave}/msp/topology`)).toBe("render");
    expect(await outcome(cookie, `/organization/${initech}/customer/dashboard`)).toBe("render");
    expect(await outcome(cookie, `/organization/${northwind}/msp/topology`)).toBe("307 /");
    expect(await outcome(cookie, `/organization/${contoso}/customer/dashboard`)).toBe("307 /");
    expect(await outcome(cookie, `/organization/${bluewave}/customer/dashboard`)).toBe("307 /");
    expect(await outcome(cookie, "/")).toBe(`307 /organization/${bluewave}/msp/dashboard`);
  });
});

describe("a missing scope", () => {
  // No demo role lacks a read scope of its own organization type's pages, so the decision is checked on its own.
  const northwindUser = (scopes: string[]) => ({
    principal: { organizationId: "msp-1", scopes: scopes as never },
    organizations: [{ id: "msp-1", organizationType: "msp" as const }, { id: "customer-1", organizationType: "customer" as const }],
  });

  it("refuses the route with 307 to /, and lets the user into the routes it does not guard", () => {
    const user = northwindUser(["common:config:read", "common:user:read", "msp:lifecycle:read"]);
    expect(decidePage(user, true, "/organization/msp-1/msp/inventory", "")).toEqual({ action: "redirect", location: "/" });
    expect(decidePage(user, true, "/organization/msp-1/msp/lifecycle/finished", "")).toEqual({ action: "render" });
    const noConfig = northwindUser(["common:user:read"]);
    expect(decidePage(noConfig, true, "/organization/msp-1/msp/edgeNode/n-1/configuration", "?properties=true")).toEqual({ action: "redirect", location: "/" });
    expect(decidePage(noConfig, true, "/organization/msp-1/user", "")).toEqual({ action: "redirect", location: "/organization/msp-1/user/users" });
    expect(decidePage(noConfig, true, "/organization/msp-1/events", "")).toEqual({ action: "render" });
    expect(decidePage(northwindUser([]), true, "/organization/msp-1/user/invitations", "")).toEqual({ action: "redirect", location: "/" });
  });
});

describe("index routes answer a redirect to their first tab", () => {
  it("sends user, msp/lifecycle, a customer site and the organization's root to the page they open", async () => {
    const msp = await signIn("admin@northwind.example");
    const customer = await signIn("admin@contoso.example");
    const operator = await signIn("admin@maia.example");
    expect(await outcome(msp, `/organization/${northwind}/user`)).toBe(`307 /organization/${northwind}/user/users`);
    expect(await outcome(msp, `/organization/${northwind}/msp/lifecycle`)).toBe(`307 /organization/${northwind}/msp/lifecycle/scheduled`);
    expect(await outcome(msp, `/organization/${northwind}/msp/lifecycle/`)).toBe(`307 /organization/${northwind}/msp/lifecycle/scheduled`);
    expect(await outcome(msp, `/organization/${northwind}`)).toBe(`307 /organization/${northwind}/msp/dashboard`);
    expect(await outcome(msp, `/organization/${contoso}/`)).toBe(`307 /organization/${contoso}/customer/dashboard`);
    expect(await outcome(operator, `/organization/${maia}/`)).toBe(`307 /organization/${maia}/core/msp`);
    expect(await outcome(customer, `/organization/${contoso}/customer/site/site-1?properties=true`)).toBe(
      `307 /organization/${contoso}/customer/site/site-1/configuration?properties=true`,
    );
    // An index route is guarded like its tabs: a customer has no lifecycle.
    expect(await outcome(customer, `/organization/${contoso}/msp/lifecycle`)).toBe("307 /");
  });

  it("sends / to the home of the organization the user acts in", async () => {
    expect(await outcome(await signIn("readonly@contoso.example"), "/")).toBe(`307 /organization/${contoso}/customer/dashboard`);
    expect(await outcome(await signIn("admin@maia.example"), "/")).toBe(`307 /organization/${maia}/core/msp`);
  });
});
