import "server-only";
import v8 from "node:v8";

/**
 * How far V8 lets a heap grow past what its last full collection kept: 1.5 times, where it chooses up to 4 times on
 * its own when it collects fast. Under bench:soak (150 users) each render thread's old space then holds about 90 MB
 * where it grew to 280 MB in steps, the last of them a minute or more into the load: the process stayed at 1.44 GB
 * instead of 2.02 GB, reached within the first 30 s, for about 4 % more CPU per request (the collector's helpers).
 * It is one V8 setting for the whole process, read at every collection, so it holds for the threads started after.
 */
export const HEAP_GROWING_PERCENT = 50;

export function limitHeapGrowth(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
