import "server-only";
import { logger } from "@/server/core/log";
import { metrics } from "@/server/core/metrics";
import { readClientAddress } from "@/server/core/client-address";
import type { IncomingMessage } from "node:http";
import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import { REALTIME_MAX_SOCKETS_PER_ADDRESS, REALTIME_MAX_SOCKETS_PER_SESSION } from "@/lib/constants";
import {
  clientMessageSchema,
  REALTIME_REPLAY_MS,
  REALTIME_SERVICES,
  SESSION_ENDED_CLOSE_CODE,
  TOO_MANY_CONNECTIONS_CLOSE_CODE,
  type RealtimeService,
  type ServerMessage,
  type SubscribedData,
} from "@/lib/realtime";
import type { Principal } from "@/server/auth/principal";
import { parseCookieHeader, readSessionToken, resolveSession } from "@/server/auth/sessions";
import { maySeeOrganization } from "@/server/core/tenancy";
import type { Db } from "@/server/db/client";
import { sessions, users } from "@/server/db/schema";
import type { RealtimeMessage } from "./bus";
import { RecentMessages } from "./recent";

const log = logger("ws");

interface Client {
  socket: WebSocket;
  principal: Principal;
  address: string;
  subscriptions: Set<RealtimeService>;
  alive: boolean;
}

export interface RealtimeHubOptions {
  pingIntervalMs?: number;
  /** A client whose unsent data grows beyond this is dropped, so it cannot hold memory or stall the others. */
  maxBufferedBytes?: number;
  maxPerSession?: number;
  maxPerAddress?: number;
  /** The clock of the messages kept for catching up (tests move it). */
  now?: () => number;
}

/**
 * Messages kept for catching up, at most, per service: a burst of a large network's samples must not hold memory, nor
 * push out the rare alarm or topology news a page would then have to refetch everything for.
 */
const REPLAY_MAX_MESSAGES = 2_000;
/**
 * A page rendered by another process of the console may subscribe here: clocks a little apart must not lose a
 * message, so what came this much before the page's render is sent too (a message heard twice changes nothing).
 */
export const REPLAY_CLOCK_MARGIN_MS = 2_000;


/** Counts of open connections by key; a key at zero is forgotten. */
class Tally {
  private readonly counts = new Map<string, number>();
  get(key: string): number {
    return this.counts.get(key) ?? 0;
  }
  add(key: string, delta: number) {
    const count = this.get(key) + delta;
    if (count > 0) this.counts.set(key, count);
    else this.counts.delete(key);
  }
}

/** A bus message as the browser receives it: its organization's place stays on the server. */
const wireText = (message: RealtimeMessage) => JSON.stringify({ service: message.service, action: message.action, data: message.data } satisfies ServerMessage);

/** The /ws hub: authenticated upgrades, per-service subscriptions, tenant-filtered delivery, keep-alive pings. */
export class RealtimeHub {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024, perMessageDeflate: false });
  private readonly clients = new Set<Client>();
  private readonly pinger: NodeJS.Timeout;
  private readonly maxBufferedBytes: number;
  private readonly maxPerSession: number;
  private readonly maxPerAddress: number;
  private readonly perSession = new Tally();
  private readonly perAddress = new Tally();
  private readonly recent: Map<RealtimeService, RecentMessages>;

  constructor(
    private readonly db: () => Promise<Db>,
    options: RealtimeHubOptions = {},
  ) {
    this.maxBufferedBytes = options.maxBufferedBytes ?? 4 * 1024 * 1024;
    this.maxPerSession = options.maxPerSession ?? REALTIME_MAX_SOCKETS_PER_SESSION;
    this.maxPerAddress = options.maxPerAddress ?? REALTIME_MAX_SOCKETS_PER_ADDRESS;
    this.recent = new Map(REALTIME_SERVICES.map((service) => [service, new RecentMessages(REALTIME_REPLAY_MS, REPLAY_MAX_MESSAGES, options.now)]));
    this.pinger = setInterval(() => {
      this.ping();
      void this.revalidateSessions().catch((error: Error) => log.error({ err: error }, "session check failed"));
    }, options.pingIntervalMs ?? 30_000);
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
      log.error({ err: error }, "session lookup failed");
    }
    if (!principal) {
      socket.end("HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    const authenticated = principal;
    const address = readClientAddress(request);
    this.wss.handleUpgrade(request, socket, head, (ws) => this.accept(ws, authenticated, address));
  }

  /** The reason a connection over a cap is closed with, or undefined when it may stay. Called when the socket opens. */
  private overCap(principal: Principal, address: string): string | undefined {
    if (this.perSession.get(principal.sessionTokenHash) >= this.maxPerSession) return "Too many connections for this session";
    if (this.perAddress.get(address) >= this.maxPerAddress) return "Too many connections from this address";
    return undefined;
  }

  private accept(socket: WebSocket, principal: Principal, address: string) {
    // The handshake's callback runs synchronously, so counting here cannot be raced by a parallel upgrade.
    const refused = this.overCap(principal, address);
    if (refused) {
      socket.close(TOO_MANY_CONNECTIONS_CLOSE_CODE, refused);
      return;
    }
    const client: Client = { socket, principal, address, subscriptions: new Set(), alive: true };
    this.clients.add(client);
    this.perSession.add(principal.sessionTokenHash, 1);
    this.perAddress.add(address, 1);
    socket.on("pong", () => (client.alive = true));
    socket.on("close", () => this.forget(client));
    socket.on("error", () => socket.terminate());
    socket.on("message", (raw) => {
      metrics.wsIn.inc();
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(raw));
      } catch {
        parsed = undefined;
      }
      const message = clientMessageSchema.safeParse(parsed);
      if (!message.success) {
        this.send(client, JSON.stringify({ service: "system", action: "error", data: { error: "Invalid message" } } satisfies ServerMessage));
        return;
      }
      const { service, action, since } = message.data;
      if (action === "unsubscribe") {
        client.subscriptions.delete(service);
        this.send(client, JSON.stringify({ service, action: "unsubscribed", data: {} } satisfies ServerMessage));
        return;
      }
      client.subscriptions.add(service);
      const caughtUp = since === undefined || this.replay(client, service, since);
      const data: SubscribedData = caughtUp ? {} : { resync: true };
      this.send(client, JSON.stringify({ service, action: "subscribed", data } satisfies ServerMessage));
    });
    this.send(client, JSON.stringify({ service: "system", action: "welcome", data: { userId: principal.userId } } satisfies ServerMessage));
  }

  private forget(client: Client) {
    if (!this.clients.delete(client)) return;
    this.perSession.add(client.principal.sessionTokenHash, -1);
    this.perAddress.add(client.address, -1);
  }

  /**
   * Delivers a bus message to the subscribers of its service who may see its organization: the API's visibility rule.
   * The text is made once for every recipient; the organization stays on the server. Answers how many sockets it was
   * sent to.
   */
  deliver(message: RealtimeMessage): number {
    this.recent.get(message.service)?.add(message);
    let text: string | undefined;
    let delivered = 0;
    for (const client of this.clients) {
      if (!client.subscriptions.has(message.service) || !maySeeOrganization(client.principal, message.organization)) continue;
      text ??= wireText(message);
      if (this.send(client, text)) delivered++;
    }
    return delivered;
  }

  /**
   * Sends a new subscriber what its service published since its page was rendered, as it would have been delivered.
   * Answers false when part of it is no longer kept: the page must refetch instead.
   */
  private replay(client: Client, service: RealtimeService, since: number): boolean {
    const missed = this.recent.get(service)?.since(since - REPLAY_CLOCK_MARGIN_MS);
    if (!missed) return false;
    for (const message of missed) {
      if (!maySeeOrganization(client.principal, message.organization)) continue;
      this.send(client, wireText(message));
    }
    return true;
  }

  private send(client: Client, text: string): boolean {
    if (client.socket.readyState !== client.socket.OPEN) return false;
    if (client.socket.bufferedAmount > this.maxBufferedBytes) {
      client.socket.terminate();
      return false;
    }
    client.socket.send(text);
    metrics.wsOut.inc();
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

  /**
   * Closes the sockets whose session ended since they connected (signed out, revoked, expired, user disabled), in
   * one query for every connected session. Runs with the keep-alive pings; answers how many it closed.
   */
  async revalidateSessions(): Promise<number> {
    const checked = new Set([...this.clients].map((client) => client.principal.sessionTokenHash));
    const hashes = [...checked];
    if (hashes.length === 0) return 0;
    const db = await this.db();
    const valid = new Set<string>();
    for (let i = 0; i < hashes.length; i += 5_000) {
      const rows = await db
        .select({ tokenHash: sessions.tokenHash })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(inArray(sessions.tokenHash, hashes.slice(i, i + 5_000)), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date()), eq(users.disabled, false)),
        );
      for (const row of rows) valid.add(row.tokenHash);
    }
    let closed = 0;
    for (const client of this.clients) {
      // A socket that connected while the query ran was not asked about: its session was checked at its upgrade.
      // Closing it as ended made its page sign out, revoking a session that had never ended.
      if (!checked.has(client.principal.sessionTokenHash) || valid.has(client.principal.sessionTokenHash)) continue;
      client.socket.close(SESSION_ENDED_CLOSE_CODE, "Session ended");
      this.forget(client);
      closed++;
    }
    return closed;
  }

  /** Closes every socket with "going away" (server shutdown). */
  async close(): Promise<void> {
    clearInterval(this.pinger);
    for (const client of this.clients) client.socket.close(1001, "Server shutting down");
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}
