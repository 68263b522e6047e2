import type { Browser, Page } from "@playwright/test";
import { as, currentOrganizationId, expect, storageStateOf, test } from "./fixtures";
import { unique } from "./steps";

// The custom server routes /ws upgrades to our hub past Next's own upgrade handling (see server/main.ts).
const openSocket = (path: string) =>
  new Promise<{ opened: boolean; first?: string }>((resolve) => {
    const socket = new WebSocket(`${location.origin.replace(/^http/, "ws")}${path}`);
    socket.onmessage = (event) => {
      resolve({ opened: true, first: String(event.data) });
      socket.close();
    };
    socket.onerror = () => resolve({ opened: false });
  });

/** The charts of a path asked for among `requests` (performance, bandwidth), each once. */
const chartsAsked = (requests: string[], pathId: string) =>
  [...new Set(requests.flatMap((url) => url.match(new RegExp(`^/api/v1/telemetry/path/${pathId}/([a-z-]+)$`))?.[1] ?? []))].sort();

// The longest a realtime message waits before the queries it names are refetched: TELEMETRY_REFETCH_DELAY_MS of
// components/realtime/use-realtime.ts (samples; other news wait INVALIDATION_DELAY_MS, 300 ms).
const LONGEST_REFETCH_DELAY_MS = 3_000;

test.describe("signed in", () => {
  as("admin@contoso.example");
  test("the browser opens /ws with its session and is welcomed", async ({ page }) => {
    await page.goto("/");
    const result = await page.evaluate(openSocket, "/ws");
    expect(result.opened).toBe(true);
    expect(JSON.parse(result.first!)).toMatchObject({ service: "system", action: "welcome" });
    // Other upgrade paths are not ours and are refused in production.
    expect((await page.evaluate(openSocket, "/_next/webpack-hmr")).opened).toBe(false);
  });
});

test.describe("a path dashboard, live", () => {
  as("admin@contoso.example");

  // A path of its own, between two inactive sites: the simulator plays active sites only (server/simulator/network.ts),
  // so nothing but this test ever reports on it. Its samples come from the device of the node serving it.
  async function quietPath(page: Page, browser: Browser, organizationId: string) {
    const name = `Realtime ${unique()}`;
    const ends: { siteId: string; connectorId: string }[] = [];
    for (const end of ["A", "B"]) {
      const site = await page.request.post(`/api/v1/config/organization/${organizationId}/site`, {
        data: { name: `${name} ${end}`, type: "standard", location: { address: "Nice, France", latitude: 43.7031, longitude: 7.2661 } },
      });
      expect(site.status()).toBe(201);
      const { id: siteId } = (await site.json()) as { id: string };
      expect((await page.request.patch(`/api/v1/config/site/${siteId}`, { data: { active: false } })).status()).toBe(200);
      const connector = await page.request.post(`/api/v1/config/site/${siteId}/connector`, {
        data: { kind: "virtual", name: `${name} ${end} virtual`, description: "", bandwidth: 100 },
      });
      expect(connector.status()).toBe(201);
      ends.push({ siteId, connectorId: ((await connector.json()) as { id: string }).id });
    }
    const created = await page.request.post(`/api/v1/config/organization/${organizationId}/path`, {
      data: {
        name: `${name} A ⇄ B`,
        layer: "layer2",
        sourceSiteId: ends[0].siteId,
        sourceConnectorId: ends[0].connectorId,
        destinationSiteId: ends[1].siteId,
        destinationConnectorId: ends[1].connectorId,
        bandwidth: 50,
        vlanType: "all",
      },
    });
    expect(created.status()).toBe(201);
    const path = (await created.json()) as { id: string; sourceSiteId: string; slaHealth: string };

    // A device token writes only what its device serves (issue 41): the device of the edge node serving the path's
    // source end, as the MSP's route view shows it.
    const msp = await browser.newContext({ storageState: storageStateOf("admin@northwind.example") });
    const route = await msp.request.get(`/api/v1/config/path/${path.id}/topology`);
    expect(route.status()).toBe(200);
    const elements = ((await route.json()) as { elements: { type: string; role: string; name: string }[] }).elements;
    const node = elements.find((element) => ["edge", "cpe", "core"].includes(element.type));
    if (!node) throw new Error(`no node serves ${path.id}`);
    const devices = await msp.request.get(`/api/v1/inventory/device?search=${encodeURIComponent(node.name)}`);
    const device = ((await devices.json()) as { items: { id: string; nodeName: string | null }[] }).items.find((item) => item.nodeName === node.name);
    if (!device) throw new Error(`no device on ${node.name}`);
    const issueToken = async () => {
      const issued = await msp.request.post(`/api/v1/inventory/device/${device.id}/token`, { headers: { "content-type": "application/json" } });
      expect(issued.status()).toBe(201);
      return ((await issued.json()) as { token: string }).token;
    };
    return { path, issueToken, close: () => msp.close() };
  }

  test("a path's SLA change on the server updates its badges at once, without refetching the dashboard's charts", async ({ page, browser }) => {
    test.setTimeout(120_000);
    await page.goto("/");
    const organizationId = currentOrganizationId(page);
    const { path, issueToken, close } = await quietPath(page, browser, organizationId);
    expect(path.slaHealth).toBe("unknown");

    const requested: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url()).pathname;
      if (url.startsWith("/api/v1/telemetry/") || url.includes(`/path/${path.id}`)) requested.push(url);
    });
    await page.goto(`/organization/${organizationId}/customer/dashboard/${path.sourceSiteId}/path/${path.id}`);
    await expect(page.getByTestId("realtime-status")).toHaveAttribute("data-state", "open");
    const dashboard = page.getByTestId("path-dashboard");
    // Two badges: the header's (the path's own SLA) first, then the "SLA now" card's.
    await expect(dashboard.getByTestId("sla-badge")).toHaveCount(2);
    const headerBadge = dashboard.getByTestId("sla-badge").first();
    const nowBadge = dashboard.getByTestId("current-sla").getByTestId("sla-badge");
    await expect(headerBadge).toHaveAttribute("data-health", "unknown");

    // Healthy samples through the devices' own endpoint, dated just inside the 5-minute SLA window: the SLA turns
    // healthy at once, and the samples rightly refetch this path's charts.
    const sentAt = Date.now();
    const samples = [284, 283, 282, 281, 280].map((secondsAgo) => ({
      kind: "path",
      time: new Date(sentAt - secondsAgo * 1000).toISOString(),
      pathId: path.id,
      latencyMs: 20,
      jitterMs: 2,
      lossPercent: 0,
      rxBps: 1e6,
      txBps: 1e6,
    }));
    const beforeSamples = requested.length;
    // The simulator plays this device too and takes a new token when its own is refused: a push whose token it has
    // just replaced is sent again with a fresh one.
    await expect
      .poll(async () => {
        const ingested = await page.request.post("/api/v1/telemetry/ingest", { headers: { authorization: `Bearer ${await issueToken()}` }, data: { samples } });
        return ingested.status() === 401 ? null : await ingested.json();
      })
      .toEqual({ accepted: 5, rejected: 0 });
    await close();
    // The samples' refetch waits its delay, and the live status says one is waiting.
    await expect(page.getByTestId("realtime-status")).toHaveAttribute("data-refetches-pending", /^[1-9]/);
    await expect(headerBadge).toHaveAttribute("data-health", "healthy");
    await expect(nowBadge).toHaveAttribute("data-health", "healthy");
    // Both charts are asked for again once the samples' refetch delay has passed: the last of the refetches they start.
    await expect.poll(() => chartsAsked(requested.slice(beforeSamples), path.id), { timeout: LONGEST_REFETCH_DELAY_MS + 10_000 }).toEqual(["bandwidth", "performance"]);

    // Twenty seconds on, the samples leave the window; the server's stale-SLA sweep (every 15 s) turns the SLA
    // unknown and announces only that. The badges follow, and not one request is made for a chart or the path.
    requested.length = 0;
    await expect(headerBadge).toHaveAttribute("data-health", "unknown", { timeout: 60_000 });
    await expect(nowBadge).toHaveAttribute("data-health", "unknown");
    expect(Date.now() - sentAt).toBeGreaterThan(19_000);
    // The health message has been applied (the badges show it), and a refetch it started would be waiting for its
    // delay from that moment: the live status counts none waiting, and none went out.
    expect(await page.getByTestId("realtime-status").getAttribute("data-refetches-pending")).toBe("0");
    expect(requested).toEqual([]);
  });
});

test("a visitor without a session cannot open /ws", async ({ page }) => {
  await page.goto("/login");
  expect((await page.evaluate(openSocket, "/ws")).opened).toBe(false);
});
