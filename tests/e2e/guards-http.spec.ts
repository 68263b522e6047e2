import type { APIRequestContext, Browser } from "@playwright/test";
import { as, expect, storageStateOf, test, type DemoUser } from "./fixtures";

// Issue 39, scope 1, at the level SPEC §6 speaks: a refused console route answers 307 with Location / and no page —
// not a 200 with the forbidden page's shell and a meta refresh; an index route answers a redirect to its first tab;
// a node's configuration is complete in the server's HTML (interfaces, subinterfaces, IPsec endpoints).

interface Organization {
  id: string;
  name: string;
  organizationType: string;
}

async function organizationsOf(browser: Browser, email: DemoUser): Promise<Organization[]> {
  const context = await browser.newContext({ storageState: storageStateOf(email) });
  const organizations = (await (await context.request.get("/api/v1/config/organization")).json()) as Organization[];
  await context.close();
  return organizations;
}

/** The first answer to a URL, not followed: its status, where it sends the browser (a path), and its body. */
async function firstAnswer(request: APIRequestContext, url: string) {
  const response = await request.get(url, { maxRedirects: 0 });
  const location = response.headers()["location"];
  return { status: response.status(), location: location && new URL(location, "http://x").pathname + new URL(location, "http://x").search, body: await response.text() };
}

async function expectRefused(request: APIRequestContext, url: string) {
  const answer = await firstAnswer(request, url);
  expect({ url, status: answer.status, location: answer.location }).toEqual({ url, status: 307, location: "/" });
  expect(answer.body).not.toContain("<html");
  expect(answer.body).not.toContain("http-equiv");
}

test.describe("a customer's admin", () => {
  as("admin@contoso.example");

  test("gets 307 to / for another type's routes, another organization and one that does not exist", async ({ page, browser }) => {
    const [contoso] = await organizationsOf(browser, "admin@contoso.example");
    const [fabrikam] = await organizationsOf(browser, "admin@fabrikam.example");
    const northwind = (await organizationsOf(browser, "admin@northwind.example")).find((org) => org.organizationType === "msp")!;
    for (const url of [
      `/organization/${contoso.id}/msp/dashboard`,
      `/organization/${contoso.id}/msp/topology`,
      `/organization/${contoso.id}/msp/lifecycle`,
      `/organization/${contoso.id}/paths/00000000-0000-4000-8000-000000000001`,
      `/organization/${contoso.id}/core/inventory`,
      `/organization/${fabrikam.id}/customer/dashboard`,
      `/organization/${fabrikam.id}/alarms`,
      `/organization/${northwind.id}/msp/dashboard`,
      "/organization/00000000-0000-4000-8000-000000000000/alarms",
    ]) {
      await expectRefused(page.request, url);
    }
    // Its own pages render, and / sends it home with a redirect.
    expect((await firstAnswer(page.request, `/organization/${contoso.id}/customer/site`)).status).toBe(200);
    expect(await firstAnswer(page.request, "/")).toMatchObject({ status: 307, location: `/organization/${contoso.id}/customer/dashboard` });
  });
});

test.describe("an MSP's admin", () => {
  as("admin@northwind.example");

  test("gets 307 to / for customer and operator routes and another MSP; index routes redirect to their tab", async ({ page, browser }) => {
    const organizations = await organizationsOf(browser, "admin@northwind.example");
    const northwind = organizations.find((org) => org.organizationType === "msp")!;
    const bluewave = (await organizationsOf(browser, "admin@bluewave.example")).find((org) => org.organizationType === "msp")!;
    for (const url of [
      `/organization/${northwind.id}/customer/dashboard`,
      `/organization/${northwind.id}/core/msp`,
      `/organization/${bluewave.id}/msp/topology`,
    ]) {
      await expectRefused(page.request, url);
    }
    expect(await firstAnswer(page.request, `/organization/${northwind.id}/msp/lifecycle`)).toMatchObject({
      status: 307,
      location: `/organization/${northwind.id}/msp/lifecycle/scheduled`,
    });
    expect(await firstAnswer(page.request, `/organization/${northwind.id}/user`)).toMatchObject({ status: 307, location: `/organization/${northwind.id}/user/users` });
    expect(await firstAnswer(page.request, `/organization/${northwind.id}`)).toMatchObject({ status: 307, location: `/organization/${northwind.id}/msp/dashboard` });
  });

  test("a node's configuration arrives complete in the server's HTML", async ({ page, browser }) => {
    const northwind = (await organizationsOf(browser, "admin@northwind.example")).find((org) => org.organizationType === "msp")!;
    const nodes = (await (await page.request.get(`/api/v1/config/msp/${northwind.id}/node?kind=edge&search=nw-edge-fra-01`)).json()) as {
      items: { id: string; name: string }[];
    };
    const node = nodes.items.find((item) => item.name === "nw-edge-fra-01")!;
    const detail = (await (await page.request.get(`/api/v1/config/node/${node.id}`)).json()) as { interfaces: { id: string; portId: string }[] };
    const access = detail.interfaces.find((item) => item.portId === "ge-0/0/1")!;
    // A subinterface of its own (the demo seeds none), removed again at the end.
    const headers = { origin: new URL(test.info().project.use.baseURL ?? "").origin, "content-type": "application/json" };
    const created = await page.request.post(`/api/v1/config/node/${node.id}/subinterface`, {
      headers,
      data: { interfaceId: access.id, type: "access", bandwidth: 250, gateway: "10.39.0.1", ipPrefix: "10.39.0.0/24", outerVlan: 3939 },
    });
    expect(created.status(), await created.text()).toBe(201);
    const subinterface = (await created.json()) as { id: string };
    try {
      const answer = await firstAnswer(page.request, `/organization/${northwind.id}/msp/edgeNode/${node.id}/configuration`);
      expect(answer.status).toBe(200);
      for (const section of ["interfaces", "subinterfaces", "ipsec-endpoints"]) expect(answer.body).toContain(`data-testid="${section}-row"`);
      expect(answer.body).toContain("ge-0/0/1");
      expect(answer.body).toContain("10.39.0.0/24");
      expect(answer.body).toContain("203.0.113.10");
    } finally {
      await page.request.delete(`/api/v1/config/node/${node.id}/subinterface/${subinterface.id}`, { headers });
    }
  });
});
