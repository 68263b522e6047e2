import { SOCKET_MAX_ATTEMPTS, SOCKET_RETRY_DELAY_MS } from "@/lib/constants";
import type { ClientMessage } from "@/lib/realtime";
import { isRealtimeNews, type RealtimeNews } from "@/lib/realtime-contract";
import {
  REALTIME_REPLAY_MS,
  REALTIME_SERVICES,
  SESSION_ENDED_CLOSE_CODE,
  TOO_MANY_CONNECTIONS_CLOSE_CODE,
  type RealtimeService,
  type ServerMessage,
  type SubscribedData,
} from "@/lib/realtime-protocol";

// SPEC §7–§9: the browser's one connection to /ws. Subscriptions are counted per service and sent again after a
// reconnect; incoming messages that follow the contract (lib/realtime-contract.ts) go to the listeners of their
// service only; up to 5 reconnection attempts 2 s apart.
// A plain class with an injectable socket factory and timers, so its behaviour is tested in node.

/** The part of the browser's WebSocket this client uses. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export type RealtimeStatus = "idle" | "connecting" | "open" | "reconnecting" | "failed";

/** SPEC §8 socket reports: each error, and giving up. `message` is the catalogue's English text (for logs). */
export type RealtimeProblem =
  | { kind: "error"; message: "WebSocket error" }
  | { kind: "gave-up"; message: "Max reconnection attempts reached" }
  /** The server closed the socket because the session ended (signed out elsewhere, revoked): no retry. */
  | { kind: "session-ended"; message: "Session ended" }
  /** Over the server's cap per session or address (too many tabs): retrying would be refused the same way. */
  | { kind: "too-many"; message: "Too many connections" };

export const RESYNC_ACTION = "resync";

/**
 * Made by this client, not sent by the server: once a subscription is back after a reconnect, or when the server no
 * longer has all that was published since the page's render — messages may have been missed.
 */
export type ResyncEvent<S extends RealtimeService = RealtimeService> = { [K in S]: { service: K; action: typeof RESYNC_ACTION; data: Record<string, never> } }[S];

/** What a listener of a service receives: the server's messages of that service, or a resync. */
export type RealtimeEvent<S extends RealtimeService = RealtimeService> = RealtimeNews<S> | ResyncEvent<S>;

export type RealtimeListener<S extends RealtimeService = RealtimeService> = (event: RealtimeEvent<S>) => void;

export interface RealtimeClientOptions {
  url: string;
  createSocket: (url: string) => SocketLike;
  timers?: Timers;
  maxAttempts?: number;
  retryDelayMs?: number;
  /** How long the socket stays open once nobody holds it (covers StrictMode's remount and page changes). */
  lingerMs?: number;
  onProblem?: (problem: RealtimeProblem) => void;
  /** This browser's clock, for how old a page's catch-up is (tests move it). */
  now?: () => number;
}

const OPEN = 1;
const NORMAL_CLOSURE = 1000;
const ACKNOWLEDGEMENTS = new Set(["subscribed", "unsubscribed"]);

function isService(value: unknown): value is RealtimeService {
  return typeof value === "string" && (REALTIME_SERVICES as readonly string[]).includes(value);
}

/** A server message from a frame, or null for anything that is not one. */
export function parseServerMessage(raw: unknown): ServerMessage | null {
  if (typeof raw !== "string") return null;
  try {
    const value = JSON.parse(raw) as Partial<ServerMessage> | null;
    if (!value || typeof value !== "object" || typeof value.action !== "string" || typeof value.service !== "string") return null;
    return { service: value.service, action: value.action, data: value.data ?? {} };
  } catch {
    return null;
  }
}

export class RealtimeClient {
  private socket: SocketLike | null = null;
  private readonly listeners = new Map<RealtimeService, Set<RealtimeListener>>();
  private readonly warned = new Set<string>();
  private readonly statusListeners = new Set<() => void>();
  private holders = 0;
  private attempts = 0;
  private hasOpened = false;
  private retryTimer: unknown = null;
  private lingerTimer: unknown = null;
  /** Services whose last listener left: the server is told after the linger time unless one comes back first. */
  private readonly leaving = new Map<RealtimeService, unknown>();
  private currentStatus: RealtimeStatus = "idle";
  /**
   * Services asked for when the socket opened and not yet acknowledged. The connection is "open" (the console says
   * Live) only once the server has them all: until then a change would not be sent to this page.
   */
  private unacknowledged = new Set<RealtimeService>();
  private readonly timers: Timers;
  private readonly maxAttempts: number;
  private readonly retryDelayMs: number;
  private readonly lingerMs: number;
  private readonly now: () => number;
  /** When the server read the page on screen (its clock), and when the page said so (ours): see catchUp. */
  private rendered: { at: number; heardAt: number } | null = null;

  constructor(private readonly options: RealtimeClientOptions) {
    this.timers = options.timers ?? {
      setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
      clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
    };
    this.maxAttempts = options.maxAttempts ?? SOCKET_MAX_ATTEMPTS;
    this.retryDelayMs = options.retryDelayMs ?? SOCKET_RETRY_DELAY_MS;
    this.lingerMs = options.lingerMs ?? 1_000;
    this.now = options.now ?? Date.now;
  }

  /**
   * A server-rendered page came on screen with data read at `renderedAt` (the server's clock). Its subscriptions ask
   * the server for what was published since — the news sent before the socket listened — and the services already
   * subscribed ask again. Subscriptions made long after the page came (a dialog opened later) ask nothing.
   */
  catchUp(renderedAt: number): void {
    this.rendered = { at: renderedAt, heardAt: this.now() };
    for (const service of this.listeners.keys()) if (!this.leaving.has(service)) this.send({ service, action: "subscribe", since: renderedAt });
  }

  /** The page's render time for a subscribe sent now, while it is recent enough to matter. */
  private since(): { since?: number } {
    if (!this.rendered || this.now() - this.rendered.heardAt > REALTIME_REPLAY_MS / 2) return {};
    return { since: this.rendered.at };
  }

  get status(): RealtimeStatus {
    return this.currentStatus;
  }

  /** Called whenever the status changes (for useSyncExternalStore). */
  onStatusChange(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Keeps the connection open until the returned release is called; holders are counted. */
  hold(): () => void {
    this.holders++;
    if (this.lingerTimer !== null) {
      this.timers.clearTimeout(this.lingerTimer);
      this.lingerTimer = null;
    }
    if (this.currentStatus === "idle") this.connect();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holders = Math.max(0, this.holders - 1);
      if (this.holders === 0) this.lingerTimer = this.timers.setTimeout(() => this.closeIdle(), this.lingerMs);
    };
  }

  /**
   * Listens to one service. The server is asked for it when its first listener arrives, and told once the last has
   * been gone for the linger time — so StrictMode's remount or a page change that keeps the service sends nothing.
   */
  subscribe<S extends RealtimeService>(service: S, onEvent: RealtimeListener<S>): () => void {
    // Only events of `service` reach it (dispatch), so the wider listener type is safe.
    const listener = onEvent as unknown as RealtimeListener;
    const release = this.hold();
    let set = this.listeners.get(service);
    if (!set) {
      set = new Set();
      this.listeners.set(service, set);
    }
    const first = set.size === 0;
    set.add(listener);
    const pending = this.leaving.get(service);
    if (pending !== undefined) {
      this.timers.clearTimeout(pending);
      this.leaving.delete(service);
    } else if (first) {
      this.send({ service, action: "subscribe", ...this.since() });
    }
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      const current = this.listeners.get(service);
      current?.delete(listener);
      if (current && current.size === 0) {
        this.listeners.delete(service);
        this.leaving.set(
          service,
          this.timers.setTimeout(() => {
            this.leaving.delete(service);
            this.send({ service, action: "unsubscribe" });
          }, this.lingerMs),
        );
      }
      release();
    };
  }

  /** After giving up: a fresh series of attempts (the status indicator's Reconnect). */
  reconnect(): void {
    if (this.currentStatus !== "failed") return;
    this.attempts = 0;
    this.connect();
  }

  /** Closes the socket and forgets every listener. */
  dispose(): void {
    this.clearTimers();
    this.holders = 0;
    this.listeners.clear();
    this.dropSocket();
    this.setStatus("idle");
  }

  private connect() {
    this.setStatus(this.hasOpened || this.attempts > 0 ? "reconnecting" : "connecting");
    let socket: SocketLike;
    try {
      socket = this.options.createSocket(this.options.url);
    } catch {
      this.report({ kind: "error", message: "WebSocket error" });
      this.retryOrGiveUp();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      const reconnected = this.hasOpened;
      this.clearLeaving();
      this.attempts = 0;
      this.hasOpened = true;
      this.unacknowledged = new Set(this.listeners.keys());
      if (this.unacknowledged.size === 0) this.setStatus("open");
      // After a reconnect, what was missed is unknown: every service resyncs instead of catching up.
      for (const service of this.listeners.keys()) this.send({ service, action: "subscribe", ...(reconnected ? {} : this.since()) });
      if (reconnected) for (const service of [...this.listeners.keys()]) this.dispatch({ service, action: RESYNC_ACTION, data: {} } as ResyncEvent);
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      const message = parseServerMessage(event.data);
      if (!message || !isService(message.service)) return;
      if (ACKNOWLEDGEMENTS.has(message.action)) {
        if (this.unacknowledged.delete(message.service) && this.unacknowledged.size === 0) this.setStatus("open");
        // The server no longer has all that was published since the page's render: its data is refetched.
        if ((message.data as SubscribedData).resync && this.listeners.has(message.service)) {
          this.dispatch({ service: message.service, action: RESYNC_ACTION, data: {} } as ResyncEvent);
        }
        return;
      }
      if (isRealtimeNews(message)) this.dispatch(message);
      else this.warnOnce(`${message.service}.${message.action}`);
    };
    socket.onerror = () => {
      if (this.socket !== socket) return;
      this.report({ kind: "error", message: "WebSocket error" });
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (event?.code === SESSION_ENDED_CLOSE_CODE) {
        this.setStatus("idle");
        this.report({ kind: "session-ended", message: "Session ended" });
        return;
      }
      if (event?.code === TOO_MANY_CONNECTIONS_CLOSE_CODE) {
        this.setStatus("failed");
        this.report({ kind: "too-many", message: "Too many connections" });
        return;
      }
      this.retryOrGiveUp();
    };
  }

  private retryOrGiveUp() {
    if (this.holders === 0) {
      this.setStatus("idle");
      return;
    }
    if (this.attempts >= this.maxAttempts) {
      this.setStatus("failed");
      this.report({ kind: "gave-up", message: "Max reconnection attempts reached" });
      return;
    }
    this.attempts++;
    this.setStatus("reconnecting");
    this.retryTimer = this.timers.setTimeout(() => {
      this.retryTimer = null;
      if (this.holders > 0) this.connect();
      else this.setStatus("idle");
    }, this.retryDelayMs);
  }

  private closeIdle() {
    this.lingerTimer = null;
    if (this.holders > 0) return;
    if (this.retryTimer !== null) {
      this.timers.clearTimeout(this.retryTimer);
      this.retryTimer = null;
    }
    this.clearLeaving();
    this.dropSocket();
    this.attempts = 0;
    this.hasOpened = false;
    this.setStatus("idle");
  }

  private dropSocket() {
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.onopen = socket.onmessage = socket.onerror = socket.onclose = null;
    try {
      socket.close(NORMAL_CLOSURE);
    } catch {
      // Closing a socket that never connected can throw in some browsers; it is gone either way.
    }
  }

  private clearTimers() {
    for (const handle of [this.retryTimer, this.lingerTimer]) if (handle !== null) this.timers.clearTimeout(handle);
    this.retryTimer = this.lingerTimer = null;
    this.clearLeaving();
  }

  /** A new socket starts with no subscription: services on their way out need no unsubscribe. */
  private clearLeaving() {
    for (const handle of this.leaving.values()) this.timers.clearTimeout(handle);
    this.leaving.clear();
  }

  private send(message: ClientMessage) {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  private dispatch(event: RealtimeEvent) {
    for (const listener of [...(this.listeners.get(event.service) ?? [])]) {
      try {
        listener(event);
      } catch (error) {
        console.error(`[realtime] a ${event.service} listener failed:`, error);
      }
    }
  }

  /** A message outside the contract (a newer server?) is dropped, and said once per kind in the console. */
  private warnOnce(kind: string) {
    if (this.warned.has(kind)) return;
    this.warned.add(kind);
    console.warn(`[realtime] ${kind}: a message outside the contract was ignored`);
  }

  private report(problem: RealtimeProblem) {
    this.options.onProblem?.(problem);
  }

  private setStatus(status: RealtimeStatus) {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    for (const listener of [...this.statusListeners]) listener();
  }
}

/** ws: or wss: on the page's own host (SPEC §7: the socket lives at /ws). */
export function realtimeUrl(location: Pick<Location, "protocol" | "host">): string {
  return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/ws`;
}

let browserClient: RealtimeClient | null = null;
const problemListeners = new Set<(problem: RealtimeProblem) => void>();

/** Reports of the tab's connection (the shell shows and logs them). */
export function onRealtimeProblem(listener: (problem: RealtimeProblem) => void): () => void {
  problemListeners.add(listener);
  return () => problemListeners.delete(listener);
}

/** The tab's one connection, made on first use; null on the server, which never opens a socket. */
export function getRealtimeClient(): RealtimeClient | null {
  if (typeof window === "undefined" || typeof WebSocket === "undefined") return null;
  browserClient ??= new RealtimeClient({
    url: realtimeUrl(window.location),
    createSocket: (url) => new WebSocket(url),
    onProblem: (problem) => {
      for (const listener of [...problemListeners]) listener(problem);
    },
  });
  return browserClient;
}
