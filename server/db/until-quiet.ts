// Closing a database while work still uses it fails that work: a page whose visitor left goes on rendering (a
// server component's reads cannot be called back), and its next statement found the database closed — under
// load, every restart logged such a read as a failed request. A database is closed once it has been quiet a moment.

/** How long nothing may be in flight before a database closes: a render's next statement comes sooner. */
export const QUIET_MS = 50;
/** The longest a close waits for quiet: the process's shutdown gives up after 10 s. */
export const QUIET_WAIT_MS = 5_000;

/** Resolves once `busy()` has stayed false for `quietMs` in a row, or after `maxMs` whatever it says. */
export async function untilQuiet(busy: () => boolean, { quietMs = QUIET_MS, maxMs = QUIET_WAIT_MS } = {}): Promise<void> {
  const start = performance.now();
  let quietSince = busy() ? undefined : start;
  for (;;) {
    const now = performance.now();
    if (busy()) quietSince = undefined;
    else quietSince ??= now;
    if ((quietSince !== undefined && now - quietSince >= quietMs) || now - start >= maxMs) return;
    await new Promise((resolve) => setTimeout(resolve, Math.min(10, quietMs)));
  }
}
