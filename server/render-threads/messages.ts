import "server-only";
import type { MessagePort } from "node:worker_threads";
import type { MetricsJson } from "@/server/core/metrics";
import type { RealtimeMessage } from "@/server/realtime/bus";
import type { Change } from "./coherence";

/** What a render thread is started with (its workerData). */
export interface RenderThreadData {
  /** Its place among the render threads, from 0. */
  index: number;
  /** The Unix socket it serves Next's answers on, to the main thread only. */
  socketPath: string;
  /** A port to the process's PGlite thread, or else the PostgreSQL the process uses (a pool of its own). */
  pglitePort?: MessagePort;
  databaseUrl?: string;
}

/** From the main thread to a render thread. */
export type ToRenderThread = { type: "changes"; changes: Change[] } | { type: "metrics"; id: number } | { type: "stop" };

/** From a render thread to the main thread. */
export type FromRenderThread =
  | { type: "ready" }
  | { type: "failed"; message: string }
  | { type: "changes"; changes: Change[] }
  | { type: "publish"; message: RealtimeMessage }
  /** Its metrics, asked for by id when /metrics is scraped. */
  | { type: "metrics"; id: number; metrics: MetricsJson };
