import "server-only";
import { setImmediate as yieldToEventLoop } from "node:timers/promises";

// Long synchronous work written as a generator that yields now and then: drained at once where nothing waits
// (tests, small networks), or in slices of a few milliseconds on the server, so requests, timers and a shutdown get
// their turn while a world of 20,000 sites is built or computed.

/** The longest a slice keeps the event loop. */
export const SLICE_MS = 8;

export function drain<T>(steps: Generator<void, T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

export async function inSlices<T>(steps: Generator<void, T>, sliceMs: number = SLICE_MS): Promise<T> {
  let sliceStart = performance.now();
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    if (performance.now() - sliceStart >= sliceMs) {
      await yieldToEventLoop();
      sliceStart = performance.now();
    }
  }
}
