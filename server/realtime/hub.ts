import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import { clientMessageSchema, type RealtimeService, type ServerMessage } from "@/lib/realtime";
import type { Principal } from "@/server/auth/principal";
import { parseCookieHeader, readSessionToken, resolveSession } from "@/server/auth/sessions";
import type { Db } from "@/server/db/client";

interface Client {
  socket: WebSocket;
  principal: Principal;
  subscriptions: Set<RealtimeService>;
  alive: boolean;
}

const PING_INTERVAL_MS = 30_000;
// A client that cannot keep up is dropped rather than allowed to hold memory for everyone else.
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/** The /ws hub: authenticated upgrades, per-service subscriptions, keep-alive pings. */
export class RealtimeHub {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  private readonly clients = new Set<Client>();
  private readonly pinger: NodeJS.Timeout;

  constructor(private readonly db: () => Promise<Db>) {
    this.pinger = setInterval(() => this.ping(), PING_INTERVAL_MS);
    this.pinger.unref();
  }

  get size(): number {
    return this.clients.size;
  }

  /** Authenticates the upgrade with the session cookie; refuses it with 401 without a valid session. */
  async handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    let principal: Principal | null = null;
    try {
      const cookies = parseCookieHeader(request.headers.cookie);
      principal = await resolveSession(await this.db(), readSessionToken({ get: (name) => cookies.get(name) }));
    } catch (error) {
      console.error("[ws] session lookup failed:", (error as Error).message);
    }
    if (!principal) {
      socket.end("HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    const authenticated = principal;
    this.wss.handleUpgrade(request, socket, head, (ws) => this.accept(ws, authenticated));
  }

  private accept(socket: WebSocket, principal: Principal) {
    const client: Client = { socket, principal, subscriptions: new Set(), alive: true };
    this.clients.add(client);
    socket.on("pong", () => (client.alive = true));
    socket.on("close", () => this.clients.delete(client));
    socket.on("error", () => socket.terminate());
    socket.on("message", (raw) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(raw));
      } catch {
        parsed = undefined;
      }
      const message = clientMessageSchema.safeParse(parsed);
      if (!message.success) {
        this.send(client, { service: "system", action: "error", data: { error: "Invalid message" } });
        return;
      }
      const { service, action } = message.data;
      if (action === "subscribe") client.subscriptions.add(service);
      else client.subscriptions.delete(service);
      this.send(client, { service, action: `${action}d`, data: {} });
    });
    this.send(client, { service: "system", action: "welcome", data: { userId: principal.userId } });
  }

  /** Delivers a message to subscribers of its service who may see the organization it belongs to. */
  publish(message: ServerMessage & { service: RealtimeService }, canSee: (principal: Principal) => boolean): number {
    let delivered = 0;
    for (const client of this.clients) {
      if (!client.subscriptions.has(message.service) || !canSee(client.principal)) continue;
      if (this.send(client, message)) delivered++;
    }
    return delivered;
  }

  private send(client: Client, message: ServerMessage): boolean {
    if (client.socket.readyState !== client.socket.OPEN) return false;
    if (client.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      client.socket.terminate();
      return false;
    }
    client.socket.send(JSON.stringify(message));
    return true;
  }

  private ping() {
    for (const client of this.clients) {
      if (!client.alive) {
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
  }

  /** Closes every socket with "going away" (server shutdown). */
  async close(): Promise<void> {
    clearInterval(this.pinger);
    for (const client of this.clients) client.socket.close(1001, "Server shutting down");
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}
