import "server-only";

// Concurrent identical reads share one: while a read of `key` is in flight on a database, a second caller gets the
// same promise instead of running the same queries again. Nothing is kept once it settles, so no answer is ever
// older than a read that started after the change it should see. The key must name everything the answer depends on,
// and the caller must have checked, before asking, that it may see what the key names.

// The process's, not a module graph's: the server entry and the code Next bundles share one database.
const holder = globalThis as typeof globalThis & { __maiaReadsInFlight?: WeakMap<object, Map<string, Promise<unknown>>> };
const inFlight = (holder.__maiaReadsInFlight ??= new WeakMap());

export function sharedRead<T>(db: object, key: string, read: () => Promise<T>): Promise<T> {
  let reads = inFlight.get(db);
  if (!reads) inFlight.set(db, (reads = new Map()));
  const running = reads.get(key);
  if (running) return running as Promise<T>;
  const started = read().finally(() => reads.delete(key));
  reads.set(key, started);
  return started;
}
