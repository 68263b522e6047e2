import { as, currentOrganizationId, expect, test } from "./fixtures";

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

  test("a path's SLA change over /ws updates its badges at once, without refetching the dashboard's charts", async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto("/");
    const organizationId = currentOrganizationId(page);
    const list = await page.request.get(`/api/v1/config/organization/${organizationId}/path?limit=500`);
    const path = ((await list.json()) as { items: { id: string; name: string; sourceSiteId: string }[] }).items.find((item) => item.name === "Paris ⇄ Frankfurt");
    if (!path) throw new Error("seeded path missing");

    // The page's socket goes through the test: every server message reaches the page, except news of this path,
    // which the test speaks itself. The simulator reports every path every 2 s, and its samples of this path would
    // rightly refetch its charts; they are cut from the lists, while samples of the other objects pass — a consumer
    // that refetched every telemetry query on them would refetch this path's charts. (A real SLA change takes
    // minutes of samples to move the 5-minute average, hence the message spoken here, in the contract's shape.)
    let page$: { send(message: string): void } | undefined;
    let otherSamples = 0;
    await page.routeWebSocket(/\/ws$/, (socket) => {
      const server = socket.connectToServer();
      page$ = socket;
      socket.onMessage((message) => server.send(message));
      server.onMessage((message) => {
        const news = JSON.parse(String(message));
        if (news.service === "telemetry" && news.action === "samples") {
          news.data.pathIds = (news.data.pathIds ?? []).filter((id: string) => id !== path.id);
          if (news.data.truncated) return;
          otherSamples++;
        }
        if (news.service === "topology" && news.action === "health" && Array.isArray(news.data.paths)) {
          news.data.paths = news.data.paths.filter((item: { id: string }) => item.id !== path.id);
        }
        socket.send(JSON.stringify(news));
      });
    });
    const requested: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url()).pathname;
      if (url.includes(`/path/${path.id}`)) requested.push(url);
    });

    await page.goto(`/organization/${organizationId}/customer/dashboard/${path.sourceSiteId}/path/${path.id}`);
    await expect(page.getByTestId("realtime-status")).toHaveAttribute("data-state", "open");
    const dashboard = page.getByTestId("path-dashboard");
    // Two badges: the header's (the path's own SLA) first, then the "SLA now" card's.
    await expect(dashboard.getByTestId("sla-badge")).toHaveCount(2);
    const headerBadge = dashboard.getByTestId("sla-badge").first();
    const nowBadge = dashboard.getByTestId("current-sla").getByTestId("sla-badge");
    await expect(dashboard.getByTestId("performance-card").getByTestId("metric-latencyMs")).toBeVisible({ timeout: 30_000 });
    // Samples of the other objects keep coming; none of them refetches this path's charts or the path.
    const settled = otherSamples;
    requested.length = 0;
    await expect.poll(() => otherSamples, { timeout: 15_000 }).toBeGreaterThan(settled + 1);
    await page.waitForTimeout(1_000);
    expect(requested).toEqual([]);

    const before = await headerBadge.getAttribute("data-health");
    const next = before === "bad" ? "healthy" : "bad";
    page$!.send(JSON.stringify({ service: "topology", action: "health", data: { organizationId, paths: [{ id: path.id, slaHealth: next }] } }));
    await expect(headerBadge).toHaveAttribute("data-health", next);
    await expect(nowBadge).toHaveAttribute("data-health", next);
    // Past the refetch delay (300 ms) and more samples: still not one request about this path.
    const heard = otherSamples;
    await expect.poll(() => otherSamples, { timeout: 15_000 }).toBeGreaterThan(heard);
    await page.waitForTimeout(1_000);
    expect(requested).toEqual([]);
    await expect(headerBadge).toHaveAttribute("data-health", next);
  });
});

test("a visitor without a session cannot open /ws", async ({ page }) => {
  await page.goto("/login");
  expect((await page.evaluate(openSocket, "/ws")).opened).toBe(false);
});
