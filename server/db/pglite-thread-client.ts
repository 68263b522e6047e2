import "server-only";
import { logger } from "@/server/core/log";
import path from "node:path";
import { MessageChannel, type MessagePort, Worker } from "node:worker_threads";
import { isBackgroundWork } from "./background-lane";
import { untilQuiet } from "./until-quiet";

const log = logger("db");

// The console's end of the embedded database's thread (server/db/pglite-thread.mjs): the calls Drizzle's PGlite
// driver makes of its client — query, exec, transaction — sent as messages. PostgreSQL's work and the parsing of its
// rows then run on the other core, and the main thread renders pages and answers the API meanwhile.

/**
 * Whether a data directory's PGlite runs on a thread of its own (PGLITE_THREAD=main keeps it on the main thread): its
 * queries then use the machine's second core instead of stopping the main thread. The tests' in-memory images stay
 * on the main thread.
 */
export function pgliteOnItsOwnThread(env: Partial<Record<string, string>> = process.env): boolean {
  return env.PGLITE_THREAD !== "main";
}

const THREAD_ENTRY = path.join(process.cwd(), "server/db/pglite-thread.mjs");

/**
 * The thread's JavaScript is the messages' rows, which die young: left to itself, V8 grew its young generation from 16
 * to 128 MB in steps under bench:soak, the last a minute into the load. Its database lives outside this heap.
 */
const THREAD_HEAP = { maxYoungGenerationSizeMb: 16 };

interface QueryOptions {
  rowMode?: "array" | "object";
  /** Drizzle's parsers only keep some types as text: the thread rebuilds them from the types' ids. */
  parsers?: Record<number, unknown>;
}

interface Results {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

/** What runs queries: the database, or one open transaction. */
export interface ThreadQueryable {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results>;
  exec(sql: string): Promise<Results[]>;
}

type Answer = { id: number; result?: unknown; error?: Record<string, unknown> & { message: string } };
type Ready = { ready: boolean; error?: { message: string } };

/** A database error as the thread saw it: the same message and fields (code, constraint...) as on the main thread. */
function rebuildError(fields: Record<string, unknown> & { message: string }): Error {
  const { message, ...rest } = fields;
  return Object.assign(new Error(message), rest);
}

/**
 * A background statement says so (server/db/background-lane.ts) when the thread may still hold it back: on its own,
 * or opening a transaction. Once a transaction is open, its statements never wait: every other one waits for them.
 */
const lane = (tx: number | undefined, begin: boolean | undefined) => ((tx === undefined || begin) && isBackgroundWork() ? { low: true } : {});

/** What the calls travel on: the thread itself (the console's own client) or a port to it (a render thread's). */
type Endpoint = Worker | MessagePort;

/** The calls Drizzle makes, as messages on `endpoint`, answered on it by server/db/pglite-thread.mjs. */
class ThreadClient implements ThreadQueryable {
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private nextId = 1;
  private nextTransaction = 1;
  /** Transactions begun and not yet ended: between two of their statements nothing is pending, yet more will come. */
  private openTransactions = 0;
  protected failure: Error | undefined;

  constructor(protected readonly endpoint: Endpoint) {
    // The endpoint keeps the process (or thread) alive only while an answer is awaited: a script that is done may exit.
    endpoint.unref();
    endpoint.on("message", (message: Ready | Answer) => {
      if (!("id" in message)) return;
      const call = this.pending.get(message.id);
      if (!call) return;
      this.pending.delete(message.id);
      if (this.pending.size === 0) this.endpoint.unref();
      if (message.error) call.reject(rebuildError(message.error));
      else call.resolve(message.result);
    });
  }

  protected fail(error: Error) {
    this.failure ??= error;
    for (const call of this.pending.values()) call.reject(error);
    this.pending.clear();
  }

  protected call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    if (this.pending.size === 0) this.endpoint.ref();
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.endpoint.postMessage({ ...message, id });
    });
  }

  private queryOn(tx: number | undefined, sql: string, params: unknown[] = [], options: QueryOptions = {}, begin?: boolean): Promise<Results> {
    const rawTypes = options.parsers ? Object.keys(options.parsers).map(Number) : undefined;
    return this.call({ op: "query", tx, sql, params, rowMode: options.rowMode, rawTypes, begin, ...lane(tx, begin) });
  }

  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results> {
    return this.queryOn(undefined, sql, params, options);
  }

  exec(sql: string): Promise<Results[]> {
    return this.call({ op: "exec", sql, ...lane(undefined, undefined) });
  }

  /**
   * Like PGlite's: committed when `work` resolves, rolled back when it throws (Drizzle's rollback() throws too). The
   * transaction opens with its first statement, on the thread, rather than in a trip of its own: every other statement
   * waits while one is open, and each trip back here waits its turn on this busy thread. Under bench:soak a
   * transaction held the database 11.4 ms on average (at most 57) with a trip to open it, 9.6 ms (at most 32) without.
   */
  async transaction<T>(work: (tx: ThreadQueryable) => Promise<T>): Promise<T> {
    const id = this.nextTransaction++;
    let begun = false;
    /** True for the transaction's first statement only: the one that opens it. */
    const first = () => {
      const opens = !begun;
      begun = true;
      return opens;
    };
    const tx: ThreadQueryable = {
      query: (sql, params, options) => this.queryOn(id, sql, params, options, first()),
      exec: (sql) => {
        const begin = first();
        return this.call({ op: "exec", tx: id, sql, begin, ...lane(id, begin) });
      },
    };
    let result: T;
    this.openTransactions += 1;
    try {
      try {
        result = await work(tx);
      } catch (error) {
        if (begun) await this.call({ op: "end", tx: id, commit: false }).catch(() => {});
        throw error;
      }
      if (begun) await this.call({ op: "end", tx: id, commit: true });
    } finally {
      this.openTransactions -= 1;
    }
    return result;
  }

  /** Waits until no statement is in flight and no transaction open (server/db/until-quiet.ts). */
  protected quiet(): Promise<void> {
    return untilQuiet(() => this.pending.size > 0 || this.openTransactions > 0);
  }
}

export class PGliteThread extends ThreadClient {
  readonly waitReady: Promise<void>;
  private readonly worker: Worker;

  /** `statementCacheSize`: statements kept prepared at once (server/db/pglite-statements.mjs; tests set a small one). */
  constructor(dataDir: string, { statementCacheSize }: { statementCacheSize?: number } = {}) {
    const worker = new Worker(/*turbopackIgnore: true*/ THREAD_ENTRY, { workerData: { dataDir, statementCacheSize }, resourceLimits: THREAD_HEAP });
    super(worker);
    this.worker = worker;
    this.waitReady = new Promise((resolve, reject) => {
      const onReady = (message: Ready | Answer) => {
        if (!("ready" in message)) return;
        this.worker.off("message", onReady);
        if (message.ready) resolve();
        else reject(rebuildError(message.error ?? { message: "The database did not start." }));
      };
      this.worker.on("message", onReady);
    });
    this.worker.on("error", (error) => {
      log.error({ err: error }, "the database thread failed");
      this.fail(error);
    });
    this.worker.on("exit", (code) => this.fail(new Error(`The database thread stopped (exit code ${code}).`)));
    this.waitReady.catch(() => {});
  }

  /** A port to the thread for another client of the same database (a render thread: server/render-threads). */
  connect(): MessagePort {
    const { port1, port2 } = new MessageChannel();
    this.worker.postMessage({ op: "connect", port: port2 }, [port2]);
    return port1;
  }

  /** The data directory as a tarball (PGlite's dumpDataDir), for the tests' and the eval's images. */
  async dumpDataDir(compression: "gzip" | "none" | "auto" = "auto"): Promise<Blob> {
    const bytes = await this.call<Uint8Array<ArrayBuffer>>({ op: "dump", compression });
    return new Blob([bytes]);
  }

  /** Closes once no statement is in flight and no transaction open (server/db/until-quiet.ts), then refuses calls. */
  async close(): Promise<void> {
    if (this.failure) return;
    await this.quiet();
    if (this.failure) return;
    await this.call({ op: "close" });
    this.failure = new Error("The database is closed.");
    await this.worker.terminate();
  }
}

/** Another thread's client of the database's thread, on a port the console's own client made (PGliteThread.connect). */
export class PGlitePort extends ThreadClient {
  readonly waitReady = Promise.resolve();

  constructor(port: MessagePort) {
    super(port);
    port.on("close", () => this.fail(new Error("The database thread is gone.")));
  }

  /** Ends this client's port once its statements are done; the database stays open for the others. */
  async close(): Promise<void> {
    if (this.failure) return;
    await this.quiet();
    await this.call({ op: "close" });
    this.failure = new Error("The database is closed.");
  }
}
