import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";

// Work nobody is waiting on — a device's telemetry, the maintenance passes, the simulator — runs in the background
// lane: on the embedded database's thread its statements wait while a person's are in flight (server/db/pglite-
// thread.mjs), so a page's read waits at most for the one background statement already running, never for a queue
// of them. Only the lane's order changes: every statement still runs, at most a moment later.

const lane = new AsyncLocalStorage<true>();

/** Runs `work` (and everything it awaits) in the background lane. */
export function inBackgroundLane<T>(work: () => Promise<T>): Promise<T> {
  return lane.run(true, work);
}

/** Whether the caller runs in the background lane. */
export function isBackgroundWork(): boolean {
  return lane.getStore() === true;
}
