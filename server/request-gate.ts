import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";

// At most a few requests worked on at once; the others wait their turn, first come first served, and one whose
// client has left while waiting is never started (issue 13, finding 10). Without it, a flood of 150 users on one
// PGlite process queued every request inside the database: a request its client had given up on (10 s timeouts)
// still ran all its queries, each client's retry queued behind it, and the backlog — and the heap holding the
// half-done work — kept growing through the load and drained long after it.

/** Requests worked on at once: enough to keep both cores and the database busy, few enough to answer in turn. */
export const REQUEST_CONCURRENCY = 32;

export interface GateStats {
  running: number;
  waiting: number;
  /** Requests whose client left before their turn came. */
  dropped: number;
}

export interface RequestGate {
  /** Runs `handle` now or when a place frees up; a place is held until the response is finished or its connection closed. */
  admit(req: IncomingMessage, res: ServerResponse, handle: () => void): void;
  readonly stats: GateStats;
}

interface Waiting {
  res: ServerResponse;
  handle: () => void;
  gone: boolean;
}

/** `passes`: requests that never wait (a health check that tells a monitor the process is alive, however busy). */
export function createRequestGate(limit: number = REQUEST_CONCURRENCY, passes: (req: IncomingMessage) => boolean = () => false): RequestGate {
  const queue: Waiting[] = [];
  const stats: GateStats = { running: 0, waiting: 0, dropped: 0 };

  const start = (res: ServerResponse, handle: () => void) => {
    stats.running++;
    res.once("close", () => {
      stats.running--;
      next();
    });
    handle();
  };

  const next = () => {
    while (stats.running < limit && queue.length > 0) {
      const waiting = queue.shift()!;
      stats.waiting--;
      if (waiting.gone) {
        stats.dropped++;
        continue;
      }
      start(waiting.res, waiting.handle);
    }
  };

  return {
    stats,
    admit(req, res, handle) {
      if (passes(req)) return handle();
      if (stats.running < limit) return start(res, handle);
      const waiting: Waiting = { res, handle, gone: false };
      res.once("close", () => (waiting.gone = true));
      queue.push(waiting);
      stats.waiting++;
    },
  };
}
