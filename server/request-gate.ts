import "server-only";
import { AsyncResource } from "node:async_hooks";
import type { IncomingMessage, ServerResponse } from "node:http";
import { beforeHead } from "@/server/core/before-head";
import { pgliteOnItsOwnThread } from "@/server/db/pglite-thread-client";

// At most a few requests worked on at once; the others wait their turn, first come first served, and one whose
// client has left while waiting is never started (issue 13, finding 10). Without it, a flood of 150 users on one
// PGlite process queued every request inside the database: a request its client had given up on (10 s timeouts)
// still ran all its queries, each client's retry queued behind it, and the backlog — and the heap holding the
// half-done work — kept growing through the load and drained long after it.

/**
 * Requests worked on at once, on either database, across the main thread (the API) and the render threads (pages:
 * server/render-threads). Eight keep both cores busy while others wait on the database, and more only share them and
 * stretch every answer. Under npm run bench:soak (150 users, 2 cores) on PGlite, whose queries run one at a time on a
 * thread of their own: with pages on the main thread, alternating 90-s runs answered 214 and 179 req/s at eight
 * against 184 and 169 at four, and twelve or sixteen no more than eight; with two render threads, 219 req/s at eight,
 * 241 at twelve and 177 at four, as the machine itself sped up by a third between the runs. Two processes on one
 * PostgreSQL (pages on the main thread), 211 req/s with p99 1.2 s at eight, 201 req/s with 1.4 s at sixteen, 191
 * req/s with 1.9 s at thirty-two.
 * A database a network away keeps each request waiting longer: raise REQUEST_CONCURRENCY there.
 */
export const REQUEST_CONCURRENCY = 8;
/**
 * On PGlite on the main thread (PGLITE_THREAD=main): a query never lets the event loop turn, so past a few requests
 * at once more only stretches each — a page of 150 ms of work sharing the thread with 31 others took five seconds.
 */
export const PGLITE_MAIN_THREAD_REQUEST_CONCURRENCY = 4;
/** Requests waiting their turn; past it a request is refused at once rather than held in memory through a flood. */
export const REQUEST_QUEUE = 256;
/**
 * Connections the kernel holds for the process before it takes them (listen's backlog; Node's default is 511). A
 * connection waiting there cannot be dropped when its client gives up: its request is read, and its page rendered for
 * nobody, once its turn comes. After 15 s of 40 clients asking for the customer dashboard and hanging up after 100 ms
 * (395 a second; npm run bench:hangups), a new visitor's API call waited 11.2 s with 511 — the kernel's queue full of
 * abandoned dashboards, rendered one after the other — and 1.7 s with 64. Past it a new connection is retried by its
 * client a second later: with the gate's queue behind it, 64 is more than a second and a half of pages already.
 */
export const LISTEN_BACKLOG = 64;

/** Requests worked on at once: REQUEST_CONCURRENCY in the environment, else fewer for PGlite on the main thread. */
export function requestConcurrency(database: "pglite" | "postgres", env: Partial<Record<string, string>> = process.env): number {
  const configured = Number(env.REQUEST_CONCURRENCY);
  if (Number.isInteger(configured) && configured > 0) return configured;
  return database === "pglite" && !pgliteOnItsOwnThread(env) ? PGLITE_MAIN_THREAD_REQUEST_CONCURRENCY : REQUEST_CONCURRENCY;
}

export interface GateStats {
  running: number;
  waiting: number;
  /** Requests whose client left before their turn came. */
  dropped: number;
  /** Requests refused because the queue was full. */
  refused: number;
}

export interface RequestGate {
  /**
   * Runs `handle` now or when a place frees up. A place is held until the response is finished or its connection
   * closed — or, for an event stream (the assistant's answers), until its head is written: a stream waits on a model
   * for seconds, and 32 of them must not shut everyone else out.
   */
  admit(req: IncomingMessage, res: ServerResponse, handle: () => void): void;
  readonly stats: GateStats;
}

export interface GateOptions {
  limit?: number;
  queue?: number;
  /** Requests that never wait (a health check that tells a monitor the process is alive, however busy). */
  passes?: (req: IncomingMessage) => boolean;
  /** Answers a request refused because the queue is full (a 503 in the caller's language). */
  refuse?: (req: IncomingMessage, res: ServerResponse) => void;
}

interface Waiting {
  res: ServerResponse;
  handle: () => void;
}

const isEventStream = (headers: unknown): boolean => {
  if (!headers || typeof headers !== "object") return false;
  const entries = Array.isArray(headers) ? headers : Object.entries(headers);
  return entries.some((entry) => Array.isArray(entry) && String(entry[0]).toLowerCase() === "content-type" && String(entry[1]).startsWith("text/event-stream"));
};

/** Calls `release` once the response's head says it is an event stream. */
function onEventStream(res: ServerResponse, release: () => void) {
  beforeHead(res, (response, args) => {
    if (args.some(isEventStream) || String(response.getHeader("content-type") ?? "").startsWith("text/event-stream")) release();
  });
}

export function createRequestGate({ limit = REQUEST_CONCURRENCY, queue: maxWaiting = REQUEST_QUEUE, passes = () => false, refuse }: GateOptions = {}): RequestGate {
  const queue: Waiting[] = [];
  const stats: GateStats = { running: 0, waiting: 0, dropped: 0, refused: 0 };

  const start = (res: ServerResponse, handle: () => void) => {
    stats.running++;
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      stats.running--;
      next();
    };
    res.once("close", release);
    onEventStream(res, release);
    handle();
  };

  const next = () => {
    while (stats.running < limit && queue.length > 0) {
      const waiting = queue.shift()!;
      stats.waiting--;
      start(waiting.res, waiting.handle);
    }
  };

  return {
    stats,
    admit(req, res, handle) {
      if (passes(req)) return handle();
      if (stats.running < limit) return start(res, handle);
      if (queue.length >= maxWaiting) {
        stats.refused++;
        if (refuse) refuse(req, res);
        else res.writeHead(503).end();
        return;
      }
      // Started later from another request's "close", a waiting request would otherwise run in that request's async
      // context: its async-local stores (Next's request stores among them) visible to this one, and each request's
      // context holding the one before — on a keep-alive connection under load, a chain of every response it served
      // with its compression buffers (RSS +20 % in three minutes of npm run bench:soak). It runs in its own.
      const waiting: Waiting = { res, handle: AsyncResource.bind(handle) };
      queue.push(waiting);
      stats.waiting++;
      // A client that leaves while waiting is forgotten at once: never started, and not held in the queue.
      res.once("close", () => {
        const index = queue.indexOf(waiting);
        if (index < 0) return;
        queue.splice(index, 1);
        stats.waiting--;
        stats.dropped++;
      });
    },
  };
}
