// Preloaded into bench:soak's server with SOAK_THREAD_HEAPS=1 (`--import`); a worker inherits its process's options,
// so it runs in every thread. Each second it appends the thread's V8 heap to THREAD_HEAPS_FILE, one JSON line, in MB:
// the whole heap, its old and its young generation. bench-soak.mjs prints the latest of each thread with its reports,
// to tell which thread's heap moves when the process's RSS does.
import fs from "node:fs";
import v8 from "node:v8";
import { isMainThread, threadId, workerData } from "node:worker_threads";

const file = process.env.THREAD_HEAPS_FILE;
/** The thread by what it was started with: server/render-threads/pool.ts and server/db/pglite-thread-client.ts. */
const thread = isMainThread ? "main" : workerData?.socketPath ? `render ${workerData.index}` : workerData?.dataDir ? "database" : `worker ${threadId}`;
const mb = (bytes) => Math.round(bytes / 1048576);

if (file) {
  setInterval(() => {
    const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((space) => [space.space_name, space.space_size]));
    const line = { pid: process.pid, thread, total: mb(v8.getHeapStatistics().total_heap_size), old: mb(spaces.old_space ?? 0), young: mb(spaces.new_space ?? 0) };
    fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
  }, 1000).unref();
}
