import { as, expect, test } from "./fixtures";

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

test("a visitor without a session cannot open /ws", async ({ page }) => {
  await page.goto("/login");
  expect((await page.evaluate(openSocket, "/ws")).opened).toBe(false);
});
