import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { getDb } from "@/server/db/client";
import { RealtimeHub } from "@/server/realtime/hub";
import { signIn } from "./helpers";

let server: http.Server;
let hub: RealtimeHub;
let url: string;

beforeAll(async () => {
  hub = new RealtimeHub(getDb);
  server = http.createServer();
  server.on("upgrade", (request, socket, head) => void hub.handleUpgrade(request, socket, head));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`;
});

afterAll(async () => {
  await hub.close();
  await new Promise((resolve) => server.close(resolve));
});

function connect(cookie?: string): Promise<{ socket: WebSocket; messages: unknown[] }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers: cookie ? { cookie } : {} });
    const messages: unknown[] = [];
    socket.on("message", (raw) => messages.push(JSON.parse(String(raw))));
    socket.once("open", () => resolve({ socket, messages }));
    socket.once("unexpected-response", (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
    socket.once("error", reject);
  });
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
};

describe("/ws", () => {
  it("refuses an upgrade without a session", async () => {
    await expect(connect()).rejects.toThrow("HTTP 401");
    await expect(connect("maia_session=forged")).rejects.toThrow("HTTP 401");
  });

  it("accepts a signed-in user, acknowledges subscriptions and delivers only what they may see", async () => {
    const contoso = await connect(await signIn("admin@contoso.example"));
    const initech = await connect(await signIn("admin@initech.example"));
    await until(() => contoso.messages.length === 1 && initech.messages.length === 1);
    expect(contoso.messages[0]).toMatchObject({ service: "system", action: "welcome" });

    for (const client of [contoso, initech]) client.socket.send(JSON.stringify({ service: "alarms", action: "subscribe", data: {} }));
    await until(() => contoso.messages.length === 2 && initech.messages.length === 2);
    expect(contoso.messages[1]).toEqual({ service: "alarms", action: "subscribed", data: {} });

    const delivered = hub.publish(
      { service: "alarms", action: "raised", data: { message: "Contoso link down" } },
      (principal) => principal.email === "admin@contoso.example",
    );
    expect(delivered).toBe(1);
    await until(() => contoso.messages.length === 3);
    expect(contoso.messages[2]).toMatchObject({ service: "alarms", action: "raised" });
    expect(initech.messages).toHaveLength(2);

    // Not subscribed to events: nothing arrives.
    expect(hub.publish({ service: "events", action: "created", data: {} }, () => true)).toBe(0);

    contoso.socket.send("not json");
    await until(() => contoso.messages.length === 4);
    expect(contoso.messages[3]).toMatchObject({ service: "system", action: "error" });
    contoso.socket.close();
    initech.socket.close();
  });
});
