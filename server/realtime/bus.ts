import "server-only";
import { logger } from "@/server/core/log";
import { metrics } from "@/server/core/metrics";
import { EventEmitter } from "node:events";
import { eq } from "drizzle-orm";
import pg from "pg";
import { isRealtimeNews, type RealtimeNews } from "@/lib/realtime-contract";
import type { OrganizationPlace } from "@/server/core/tenancy";
import type { Db } from "@/server/db/client";
import { organizations } from "@/server/db/schema";

const log = logger("bus");

// The event bus between the control-plane services (and the simulator) and the /ws hubs. In the embedded default
// it is in-process; with DATABASE_URL it is PostgreSQL LISTEN/NOTIFY, so a change made through one console process
// reaches the websocket clients of every process. Messages are small (ids and states): clients refetch details.

/**
 * A message for the browsers, with the organization it is news of and that organization's parent: the hub gives it
 * to the users who may see that organization (maySeeOrganization, server/core/tenancy.ts), nobody else.
 */
export type RealtimeMessage = RealtimeNews & { organization: OrganizationPlace };

export type RealtimeListener = (message: RealtimeMessage) => void;

export interface EventBus {
  readonly kind: "local" | "postgres";
  publish(message: RealtimeMessage): Promise<void>;
  subscribe(listener: RealtimeListener): () => void;
  close(): Promise<void>;
}

export const NOTIFY_CHANNEL = "maia_realtime";
const localLag = metrics.busLag.labels("local");
const postgresLag = metrics.busLag.labels("postgres");
// PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; a larger message keeps its ids and drops the rest.
const NOTIFY_MAX_BYTES = 7_900;

/** A listener that throws is logged and harms neither the publisher nor the other listeners. */
export function listenSafely(emitter: EventEmitter, listener: RealtimeListener): () => void {
  const safe = (message: RealtimeMessage) => {
    try {
      listener(message);
    } catch (error) {
      log.error({ err: error }, "listener failed");
    }
  };
  emitter.on("message", safe);
  return () => emitter.off("message", safe);
}

/** One process: listeners are called after the current task, never inside the publisher's stack. */
export class LocalBus implements EventBus {
  readonly kind = "local" as const;
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  /** The last delivery: deliveries run in the order of their publish, so when it is done all are. */
  private lastDelivery: Promise<void> = Promise.resolve();

  async publish(message: RealtimeMessage): Promise<void> {
    const published = performance.now();
    this.lastDelivery = new Promise((resolve) =>
      setImmediate(() => {
        localLag.observe((performance.now() - published) / 1000);
        this.emitter.emit("message", message);
        resolve();
      }),
    );
  }

  /** Resolves once every message published so far has been handed to the listeners. */
  delivered(): Promise<void> {
    return this.lastDelivery;
  }

  subscribe(listener: RealtimeListener): () => void {
    return listenSafely(this.emitter, listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/** Keeps ids and states, drops long fields, so a message always fits in a NOTIFY payload. */
export function fitForNotify(message: RealtimeMessage & { sentAt?: number }): string {
  const text = JSON.stringify(message);
  if (Buffer.byteLength(text) < NOTIFY_MAX_BYTES) return text;
  const data: Record<string, unknown> = { truncated: true };
  for (const [key, value] of Object.entries(message.data)) {
    if ((typeof value === "string" && value.length <= 200) || typeof value === "number" || typeof value === "boolean") data[key] = value;
  }
  const reduced = JSON.stringify({ ...message, data });
  if (Buffer.byteLength(reduced) < NOTIFY_MAX_BYTES) return reduced;
  return JSON.stringify({ ...message, data: { truncated: true } });
}

const LISTEN_RETRY_MS = 1_000;

/**
 * PostgreSQL LISTEN/NOTIFY: publish through the pool, listen on one dedicated connection (re-established after a
 * failure). Every process, the publisher included, receives each message once, from the database.
 */
export class PostgresBus implements EventBus {
  readonly kind = "postgres" as const;
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  private listener: pg.Client | undefined;
  private closed = false;
  private ready: Promise<void>;

  constructor(
    private readonly pool: pg.Pool,
    private readonly connectionString: string,
  ) {
    this.ready = this.listen();
  }

  /** Resolves once this process listens (tests wait for it before publishing from another process). */
  whenListening(): Promise<void> {
    return this.ready;
  }

  private async listen(): Promise<void> {
    while (!this.closed) {
      const client = new pg.Client({ connectionString: this.connectionString });
      try {
        await client.connect();
        client.on("notification", (notification) => {
          if (notification.channel !== NOTIFY_CHANNEL || !notification.payload) return;
          try {
            const { sentAt, ...message } = JSON.parse(notification.payload) as RealtimeMessage & { sentAt?: number };
            // Clocks of two processes on one network: a few milliseconds apart at most, and never below zero.
            if (typeof sentAt === "number") postgresLag.observe(Math.max(0, Date.now() - sentAt) / 1000);
            this.emitter.emit("message", message);
          } catch (error) {
            log.error({ err: error }, "bad notification");
          }
        });
        client.on("error", (error) => {
          log.error({ err: error }, "listen connection lost");
          if (this.listener === client) this.listener = undefined;
          if (!this.closed) this.ready = this.listen();
        });
        await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
        this.listener = client;
        return;
      } catch (error) {
        await client.end().catch(() => {});
        if (this.closed) return;
        log.error({ err: error }, "cannot listen yet");
        await new Promise((resolve) => setTimeout(resolve, LISTEN_RETRY_MS).unref());
      }
    }
  }

  async publish(message: RealtimeMessage): Promise<void> {
    await this.pool.query("select pg_notify($1, $2)", [NOTIFY_CHANNEL, fitForNotify({ ...message, sentAt: Date.now() })]);
  }

  subscribe(listener: RealtimeListener): () => void {
    return listenSafely(this.emitter, listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.emitter.removeAllListeners();
    const client = this.listener;
    this.listener = undefined;
    await client?.end().catch(() => {});
  }
}

// One bus per process, shared by the server entry and the code Next bundles (two module graphs).
const holder = globalThis as typeof globalThis & { __maiaBus?: EventBus };

/** The process's bus: the one the server entry set, else an in-process one. */
export function getBus(): EventBus {
  holder.__maiaBus ??= new LocalBus();
  return holder.__maiaBus;
}

export function setBus(bus: EventBus | undefined): void {
  holder.__maiaBus = bus;
}

// Organizations never move between MSPs, so each one's place is read once per process.
const places = new Map<string, Promise<OrganizationPlace>>();

/** An organization's place in the tree, as the visibility rule reads it (one unknown has no parent). */
export function placeOf(db: Db, organizationId: string): Promise<OrganizationPlace> {
  let place = places.get(organizationId);
  if (!place) {
    place = db
      .select({ id: organizations.id, parentId: organizations.parentId })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .then(([row]) => row ?? { id: organizationId, parentId: null });
    place.catch(() => places.delete(organizationId));
    places.set(organizationId, place);
  }
  return place;
}

/**
 * Publishes news of an organization to the users allowed to see it: only a message of the contract
 * (lib/realtime-contract.ts). Never throws in production: a change is already committed when it is announced, and a
 * bus failure must not turn it into an error for the caller. In development and tests a message the type system let
 * through (a cast, data read back from the database) but the contract's guards refuse is an error, so it is seen.
 */
/** Listeners told within the publishing call, before any delivery (see onPublishedHere). */
const publishedHere = new Set<RealtimeListener>();

/**
 * Tells `listener` of every message this process publishes, within the publishing call: a cache of this process
 * (server/topology/route-cache.ts) is dropped before the change's request answers, so the next request never reads
 * it stale — the bus delivers later (a turn of the event loop here, a NOTIFY away elsewhere).
 */
export function onPublishedHere(listener: RealtimeListener): () => void {
  publishedHere.add(listener);
  return () => publishedHere.delete(listener);
}

export async function publishRealtime(db: Db, organizationId: string, message: RealtimeNews): Promise<void> {
  const sent: { service: string; action: string; data: unknown } = message;
  if (process.env.NODE_ENV !== "production" && !isRealtimeNews(sent)) {
    throw new Error(`[bus] ${sent.service}.${sent.action} is outside the realtime contract: ${JSON.stringify(sent.data)}`);
  }
  try {
    const placed = { ...message, organization: await placeOf(db, organizationId) };
    for (const listener of publishedHere) listener(placed);
    await getBus().publish(placed);
  } catch (error) {
    log.error({ err: error, service: message.service, action: message.action }, "message not published");
  }
}
