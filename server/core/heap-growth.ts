import "server-only";
import v8 from "node:v8";

/**
 * How far V8 lets a heap grow past what its last full collection kept: twice, where it chooses up to 4 times on its
 * own when it collects fast. Under bench:soak (150 users) each render thread's old space then holds about 125 MB,
 * reached in the first 35 s, where it grew to 280 MB in steps, the last of them a minute or more into the load: the
 * process holds 1.45 GB instead of 2.0 GB. At 1.5 times it held 1.3 GB, but the collector's helpers then cost 60 %
 * more CPU and the soak's p99 rose past 1 s; at twice they cost about what they did before.
 * It is one V8 setting for the whole process, read at every collection, so it holds for the threads started after.
 */
const HEAP_GROWING_PERCENT = 100;

export function limitHeapGrowth(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
