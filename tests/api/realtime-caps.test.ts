import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { REALTIME_MAX_SOCKETS_PER_SESSION } from "@/lib/constants";
import { TOO_MANY_CONNECTIONS_CLOSE_CODE } from "@/lib/realtime";
import { stampClientAddress } from "@/server/core/client-address";
import { getDb } from "@/server/db/client";
import { RealtimeHub } from "@/server/realtime/hub";
import { signIn } from "./helpers";
import { BW_ADMIN, CONTOSO_ADMIN, NW_ADMIN } from "./operations-fixtures";

// Issue 13 finding 8: one read-only session opened 1,000 sockets. Connections are capped per session and per client
// address; the one over a cap opens and is closed at once with 4429 and a reason, which the browser's client can read.

const hubs: RealtimeHub[] = [];
const servers: http.Server[] = [];

/** A hub behind an upgrade listener that stamps the client address as the server entry does. */
async function serve(options: ConstructorParameters<typeof RealtimeHub>[1] = {}) {
  const hub = new RealtimeHub(getDb, options);
  const server = http.createServer();
  server.on("upgrade", (request, socket, head) => {
    stampClientAddress(request, false);
    void hub.handleUpgrade(request, socket, head);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  hubs.push(hub);
  servers.push(server);
  return { hub, url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws` };
}

afterAll(async () => {
  await Promise.all(hubs.map((hub) => hub.close()));
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

type Outcome = { socket: WebSocket; welcomed: boolean } | { code: number; reason: string };

/** Opens a socket and waits for its welcome (kept) or its close (refused). */
function open(url: string, headers: Record<string, string>): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.once("message", () => resolve({ socket, welcomed: true }));
    socket.once("close", (code, reason) => resolve({ code, reason: String(reason) }));
    socket.once("unexpected-response", (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
    socket.once("error", reject);
  });
}

const kept = (outcome: Outcome) => ("socket" in outcome ? outcome.socket : undefined);

async function closeAll(outcomes: Outcome[]) {
  await Promise.all(
    outcomes.map((outcome) => {
      const socket = kept(outcome);
      if (!socket || socket.readyState === WebSocket.CLOSED) return;
      return new Promise((resolve) => {
        socket.once("close", resolve);
        socket.close();
      });
    }),
  );
}

describe("/ws connection caps", () => {
  let session: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    session = await serve();
  });

  it(`keeps ${REALTIME_MAX_SOCKETS_PER_SESSION} sockets of one session and closes the next with 4429, opened at once`, async () => {
    const cookie = await signIn(CONTOSO_ADMIN);
    const outcomes = await Promise.all(Array.from({ length: REALTIME_MAX_SOCKETS_PER_SESSION + 5 }, () => open(session.url, { cookie })));
    const refused = outcomes.filter((outcome) => !kept(outcome));
    expect(outcomes.filter(kept)).toHaveLength(REALTIME_MAX_SOCKETS_PER_SESSION);
    expect(refused).toHaveLength(5);
    for (const outcome of refused) expect(outcome).toEqual({ code: TOO_MANY_CONNECTIONS_CLOSE_CODE, reason: "Too many connections for this session" });
    expect(session.hub.size).toBe(REALTIME_MAX_SOCKETS_PER_SESSION);

    // Another session is not affected; a closed socket frees its place.
    const other = await open(session.url, { cookie: await signIn(BW_ADMIN) });
    expect(kept(other)).toBeDefined();
    await closeAll([outcomes.find(kept)!]);
    await expect.poll(() => session.hub.size).toBe(REALTIME_MAX_SOCKETS_PER_SESSION);
    const again = await open(session.url, { cookie });
    expect(kept(again)).toBeDefined();
    await closeAll([...outcomes, other, again]);
  });

  it("caps the sockets of one client address across sessions, whatever address header the client sends", async () => {
    const { url } = await serve({ maxPerAddress: 3 });
    const cookies = [await signIn(CONTOSO_ADMIN), await signIn(BW_ADMIN), await signIn(NW_ADMIN)];
    const outcomes: Outcome[] = [];
    for (const cookie of cookies) outcomes.push(await open(url, { cookie, "x-maia-client-address": `198.51.100.${outcomes.length}` }));
    expect(outcomes.every(kept)).toBe(true);
    const over = await open(url, { cookie: cookies[0], "x-maia-client-address": "203.0.113.9" });
    expect(over).toEqual({ code: TOO_MANY_CONNECTIONS_CLOSE_CODE, reason: "Too many connections from this address" });
    await closeAll(outcomes);
  });
});
