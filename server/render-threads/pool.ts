import "server-only";
import { logger } from "@/server/core/log";
import { watchOtherThreads, type MetricsJson } from "@/server/core/metrics";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { DatabaseHandle } from "@/server/db/client";
import type { EventBus } from "@/server/realtime/bus";
import { refuseBusy } from "@/server/entry-listener";
import { applyChange, ChangeLink, CHANGES_HEADER, watchLocalChanges, type Change } from "./coherence";
import type { FromRenderThread, RenderThreadData, ToRenderThread } from "./messages";

const log = logger("render-threads");

// The main thread's side of the render threads: it starts them, hands each page request to the one with the fewest
// in flight (over its Unix socket) and passes the answer on, and relays the changes each thread makes to the others.

/** The compiled render thread, beside the compiled server entry (scripts/build-server.mjs). */
export const RENDER_THREAD_ENTRY = path.join(process.cwd(), "dist/render-thread.mjs");

/** Render threads at most by default: each holds Next, the pages' code and its kept reads (a heap of about 280 MB under load). */
export const MAX_RENDER_THREADS = 4;

/**
 * A render thread's old generation may grow to 1.5 GB, where V8 allows a thread 4.2 GB on a 24-GB machine. V8 lets a
 * heap grow past what its last full collection kept by a factor it scales with that limit (up to four times for the
 * largest): under bench:soak each thread's old space grew to 280 MB in steps that came as late as a minute into the
 * load, and with this limit it holds 105–115 MB from the first 15 s. A factor set for the whole process
 * (--heap-growing-percent) did as much here, but the main thread's API answers then cost more (bench:api's paginated
 * list: 274–351 µs of CPU a request, against 154–253 without).
 */
const RENDER_THREAD_HEAP = { maxOldGenerationSizeMb: 1536 };

/**
 * Render threads for a production console: RENDER_THREADS if set; else, on PGlite on its own thread, one per core (up
 * to MAX_RENDER_THREADS) on a machine of two cores or more — the main thread then mostly waits on the others. None on
 * one core, on PGlite on the main thread (nothing else can reach its database), or on PostgreSQL, where a console
 * grows by processes (one per core) and the database's own processes share the cores: two processes with two render
 * threads each answered npm run bench:soak with 136 req/s and p99 1.95 s, at 136 % CPU and a load of 8.
 */
export function renderThreadCount(database: Pick<DatabaseHandle, "kind" | "connectThread">, env: Partial<Record<string, string>> = process.env, cores = os.availableParallelism()): number {
  if (database.kind === "pglite" && !database.connectThread) return 0;
  const configured = Number(env.RENDER_THREADS);
  if (env.RENDER_THREADS && Number.isInteger(configured) && configured >= 0) return configured;
  return database.kind === "pglite" && cores >= 2 ? Math.min(cores, MAX_RENDER_THREADS) : 0;
}

/**
 * A page asked for with GET or HEAD whose connection to its thread failed before any answer — the thread's queue of
 * connections full (EAGAIN) after a flood of clients who left, a kept connection closed under it — is asked again,
 * a little later each time, up to FORWARD_RETRIES times. Under npm run bench:hangups, 858 clients a second hanging
 * up opened as many connections, and some found the queue full.
 */
const RETRIABLE = new Set(["EAGAIN", "ECONNREFUSED", "ECONNRESET", "EPIPE"]);
const FORWARD_RETRIES = 3;
const FORWARD_RETRY_MS = 25;
/** How long a scrape waits for a render thread's metrics before it goes without them. */
const THREAD_METRICS_WAIT_MS = 1_000;

/** Headers of one hop that the next must not see. */
const HOP_BY_HOP = ["connection", "keep-alive", "transfer-encoding", "upgrade", "proxy-connection"];

function withoutHopHeaders<T extends Record<string, unknown>>(headers: T): T {
  const copy = { ...headers };
  for (const name of HOP_BY_HOP) delete copy[name];
  return copy;
}

interface RenderThread {
  worker: Worker;
  socketPath: string;
  agent: http.Agent;
  link: ChangeLink;
  inFlight: number;
}

export interface RenderThreads {
  readonly count: number;
  /** Has the page rendered by a render thread and answers `res` with it. */
  forward(req: http.IncomingMessage, res: http.ServerResponse): Promise<void>;
  close(): Promise<void>;
}

export interface RenderThreadsOptions {
  count: number;
  database: DatabaseHandle;
  databaseUrl?: string;
  bus: EventBus;
  entry?: string;
}

export async function startRenderThreads({ count, database, databaseUrl, bus, entry = RENDER_THREAD_ENTRY }: RenderThreadsOptions): Promise<RenderThreads> {
  const threads: RenderThread[] = [];
  let closing = false;
  // The threads' sockets live in a directory of this process's own (mode 0700): no other user of the machine can
  // connect to them and send a page request past the main thread's checks.
  const socketDirectory = fs.mkdtempSync(path.join(os.tmpdir(), "maia-render-"));

  /** A change made here, or by thread `from`, goes to every other thread. */
  const relay = (change: Change, from?: RenderThread) => {
    for (const thread of threads) if (thread !== from) thread.link.add(change);
  };
  const stopWatching = watchLocalChanges(database.db, (change) => relay(change));
  const stopNews = bus.subscribe((message) => relay({ news: message }));

  const start = (index: number) =>
    new Promise<RenderThread>((resolve, reject) => {
      const socketPath = path.join(socketDirectory, `${index}.sock`);
      const pglitePort = database.connectThread?.();
      const data: RenderThreadData = { index, socketPath, pglitePort, databaseUrl: pglitePort ? undefined : databaseUrl };
      const worker = new Worker(/*turbopackIgnore: true*/ entry, {
        workerData: data,
        transferList: pglitePort ? [pglitePort] : [],
        resourceLimits: RENDER_THREAD_HEAP,
      });
      const post = (message: ToRenderThread) => worker.postMessage(message);
      const thread: RenderThread = {
        worker,
        socketPath,
        agent: new http.Agent({ keepAlive: true }),
        link: new ChangeLink((changes) => post({ type: "changes", changes })),
        inFlight: 0,
      };
      worker.on("message", (message: FromRenderThread) => {
        if (message.type === "ready") resolve(thread);
        else if (message.type === "failed") reject(new Error(`A render thread did not start: ${message.message}`));
        else if (message.type === "publish") void bus.publish(message.message);
        else if (message.type === "metrics") metricsAsked.get(message.id)?.(message.metrics);
        else if (message.type === "changes") {
          thread.link.received(message.changes, (change) => {
            applyChange(database.db, change);
            relay(change, thread);
          });
        }
      });
      worker.on("error", (error) => {
        log.error({ err: error }, "a render thread failed");
        reject(error);
      });
      worker.on("exit", (code) => {
        const at = threads.indexOf(thread);
        if (at >= 0) threads.splice(at, 1);
        thread.link.release();
        thread.agent.destroy();
        fs.rmSync(socketPath, { force: true });
        if (closing) return;
        reject(new Error(`A render thread stopped (exit code ${code}).`));
        log.error({ exitCode: code }, "a render thread stopped: starting another");
        void start(index).then((again) => threads.push(again), (error: unknown) => log.error({ err: error }, "a render thread did not start again"));
      });
    });

  try {
    threads.push(...(await Promise.all(Array.from({ length: count }, (_, index) => start(index)))));
  } catch (error) {
    closing = true;
    await Promise.all(threads.map((thread) => thread.worker.terminate()));
    fs.rmSync(socketDirectory, { recursive: true, force: true });
    throw error;
  }

  // A scrape of /metrics adds each thread's own (its statements, its bus), as long as it answers within a second.
  let lastAsked = 0;
  const metricsAsked = new Map<number, (json: MetricsJson) => void>();
  const threadMetrics = (thread: RenderThread) =>
    new Promise<MetricsJson>((resolve) => {
      const id = ++lastAsked;
      const answered = (json: MetricsJson) => {
        clearTimeout(timer);
        metricsAsked.delete(id);
        resolve(json);
      };
      const timer = setTimeout(() => answered([]), THREAD_METRICS_WAIT_MS);
      metricsAsked.set(id, answered);
      thread.worker.postMessage({ type: "metrics", id } satisfies ToRenderThread);
    });
  watchOtherThreads(() => Promise.all(threads.map(threadMetrics)));

  /** The thread with the fewest requests in flight. */
  const pick = () => threads.reduce<RenderThread | undefined>((best, candidate) => (!best || candidate.inFlight < best.inFlight ? candidate : best), undefined);

  const forward = (req: http.IncomingMessage, res: http.ServerResponse) =>
    new Promise<void>((resolve) => {
      const bodiless = req.method === "GET" || req.method === "HEAD";
      let current: RenderThread | undefined;
      let upstream: http.ClientRequest | undefined;
      let clientGone = false;
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        if (current) current.inFlight -= 1;
        resolve();
      };
      res.on("close", () => {
        if (!res.writableFinished) {
          clientGone = true;
          upstream?.destroy();
        }
        finish();
      });

      const attempt = (tries: number) => {
        if (clientGone) return finish();
        const thread = pick();
        // Every thread gone at once (each is started again when it stops): try again in a second.
        if (!thread) {
          refuseBusy(req, res);
          return finish();
        }
        if (current) current.inFlight -= 1;
        current = thread;
        thread.inFlight += 1;
        let answered = false;
        const headers = { ...withoutHopHeaders(req.headers), [CHANGES_HEADER]: String(thread.link.flush()) };
        const request = http.request({ socketPath: thread.socketPath, agent: thread.agent, method: req.method, path: req.url, headers });
        upstream = request;
        request.on("response", (answer) => {
          answered = true;
          const pass = () => {
            const out = withoutHopHeaders(answer.headers);
            delete out[CHANGES_HEADER];
            res.writeHead(answer.statusCode ?? 502, answer.statusMessage, out);
            answer.pipe(res);
          };
          const behind = thread.link.caughtUp(Number(answer.headers[CHANGES_HEADER]));
          if (behind) void behind.then(pass);
          else pass();
        });
        request.on("error", (error: NodeJS.ErrnoException) => {
          // Destroyed here because the client left: nothing to answer, nothing to report.
          if (clientGone) return finish();
          if (!answered && bodiless && tries < FORWARD_RETRIES && RETRIABLE.has(error.code ?? "")) {
            setTimeout(() => attempt(tries + 1), FORWARD_RETRY_MS * (tries + 1));
            return;
          }
          if (!res.headersSent) {
            log.error({ err: error }, "forwarding failed");
            res.writeHead(502).end();
          } else res.destroy();
          finish();
        });
        if (bodiless) request.end();
        else req.pipe(request);
      };
      attempt(0);
    });

  return {
    count,
    forward,
    async close() {
      closing = true;
      watchOtherThreads(undefined);
      stopWatching();
      stopNews();
      await Promise.all(
        threads.map(
          (thread) =>
            new Promise<void>((resolve) => {
              const force = setTimeout(() => void thread.worker.terminate(), 5_000);
              thread.worker.once("exit", () => {
                clearTimeout(force);
                resolve();
              });
              thread.worker.postMessage({ type: "stop" } satisfies ToRenderThread);
            }),
        ),
      );
      fs.rmSync(socketDirectory, { recursive: true, force: true });
    },
  };
}
