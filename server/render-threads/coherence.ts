import "server-only";
import { logger } from "@/server/core/log";
import { sessionCache } from "@/server/auth/session-cache";
import type { SessionChange } from "@/server/auth/session-cache";
import type { Db } from "@/server/db/client";
import { keptReads, type TableChange } from "@/server/db/read-cache";
import type { RealtimeMessage } from "@/server/realtime/bus";

const log = logger("render-threads");

// What the threads of one console process tell each other so that what each keeps in memory stays true: the writes
// their database clients counted (the reads they keep: server/db/read-cache.ts), the sessions they forgot
// (server/auth/session-cache.ts), and — from the main thread only — the bus's news (a render thread's route cache
// listens to it: server/topology/route-cache.ts).
//
// The changes travel in batches on the thread's message port; requests and answers travel on a socket. Nothing orders
// the two, so each side counts the batches it sent, and the other waits until it has applied that many: a request
// forwarded to a render thread carries the count the main thread had sent it, and the thread's answer the count it
// had sent back by the time its head was written. A page asked for after a write was answered therefore never reads
// what the write changed from memory, and a session ended in one thread is ended in all before the next request.

export type Change = { tables: TableChange } | { session: SessionChange } | { news: RealtimeMessage };

/** The header that carries the count of batches sent, on a forwarded request and on its answer. */
export const CHANGES_HEADER = "x-maia-changes";

/**
 * Changes wait at most this long for a request or an answer to carry them: waking an idle thread for each batch cost
 * the main thread 40–150 µs a batch under a create load (two or three batches a create, to each render thread).
 */
export const CHANGES_AT_MOST_AFTER_MS = 100;
/** More changes than this pending are sent at once: what waits stays small. */
export const MAX_PENDING_CHANGES = 256;

/** One end of a link between two threads: the batches it sends, counted, and those it applies, counted. */
export class ChangeLink {
  private pending: Change[] = [];
  private timer: NodeJS.Timeout | undefined;
  private waiting: { count: number; resolve: () => void }[] = [];
  /** Batches sent to the other end. */
  sent = 0;
  /** Batches applied from the other end. */
  applied = 0;

  constructor(private readonly send: (changes: Change[]) => void) {}

  /**
   * Keeps `change` for the next request forwarded to the other end or answer sent back from it, which flushes first:
   * only they read what it changes. Sent anyway after CHANGES_AT_MOST_AFTER_MS, or once MAX_PENDING_CHANGES wait.
   */
  add(change: Change): void {
    this.pending.push(change);
    if (this.pending.length >= MAX_PENDING_CHANGES) {
      this.flush();
      return;
    }
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), CHANGES_AT_MOST_AFTER_MS);
    this.timer.unref();
  }

  /** Sends what is pending now; returns the count of batches sent. */
  flush(): number {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.length > 0) {
      const batch = this.pending;
      this.pending = [];
      this.sent += 1;
      this.send(batch);
    }
    return this.sent;
  }

  /** Applies a batch from the other end, then lets go of whatever waited for it. */
  received(changes: Change[], apply: (change: Change) => void): void {
    for (const change of changes) {
      try {
        apply(change);
      } catch (error) {
        log.error({ err: error }, "a change could not be applied");
      }
    }
    this.applied += 1;
    if (this.waiting.length === 0) return;
    const ready = this.waiting.filter((waiter) => waiter.count <= this.applied);
    this.waiting = this.waiting.filter((waiter) => waiter.count > this.applied);
    for (const waiter of ready) waiter.resolve();
  }

  /** Lets go of everything waiting: the other end is gone, and what it would have sent will never come. */
  release(): void {
    for (const waiter of this.waiting.splice(0)) waiter.resolve();
  }

  /** Undefined once `count` batches from the other end are applied, else a promise settled then. */
  caughtUp(count: number): Promise<void> | undefined {
    if (!Number.isFinite(count) || count <= this.applied) return undefined;
    return new Promise((resolve) => this.waiting.push({ count, resolve }));
  }
}

/** Calls `tell` with every write counted by `db`'s kept reads and every session forgotten in this thread. */
export function watchLocalChanges(db: Db, tell: (change: Change) => void): () => void {
  const stopTables = keptReads(db)?.onChange((tables) => tell({ tables }));
  const stopSessions = sessionCache().onChange((session) => tell({ session }));
  return () => {
    stopTables?.();
    stopSessions();
  };
}

/** Applies another thread's change to this one's memory; news goes to `deliverNews` (a render thread's bus). */
export function applyChange(db: Db, change: Change, deliverNews?: (message: RealtimeMessage) => void): void {
  if ("tables" in change) keptReads(db)?.applyChange(change.tables);
  else if ("session" in change) sessionCache().applyChange(change.session);
  else deliverNews?.(change.news);
}
