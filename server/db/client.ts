import "server-only";
import { logger } from "@/server/core/log";
import { statementDone } from "@/server/core/metrics";
import fs from "node:fs";
import path from "node:path";
import { PGlite, type QueryOptions, type Transaction } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import type { MessagePort } from "node:worker_threads";
import { PGlitePort, pgliteOnItsOwnThread, PGliteThread } from "./pglite-thread-client";
import { createStatementCache } from "./pglite-statements.mjs";
import { keepReads, ReadCache, watchStatements } from "./read-cache";
import { untilQuiet } from "./until-quiet";
import * as schema from "./schema";

const log = logger("db");

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  kind: "pglite" | "postgres";
  db: Db;
  /** Where the data lives, for the start banner (a directory or a redacted URL). */
  location: string;
  /** The raw PGlite client (on the main thread or its own), for dumps. */
  pglite?: Pick<PGlite, "dumpDataDir">;
  /** PGlite on its own thread: a port to it for another thread's client (server/render-threads). */
  connectThread?: () => MessagePort;
  pool?: pg.Pool;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** A directory for PGlite, or "memory://" for a throw-away database (tests). */
  dataDir?: string;
  /** A PGlite data directory dumped by `dumpDataDir`, opened in memory instead of creating one (tests clone a seeded image). */
  image?: Blob;
  /** A port to the PGlite thread of the process's database (PGliteThread.connect): a render thread's client. */
  pglitePort?: MessagePort;
}

export const MIGRATIONS_DIR = path.join(process.cwd(), "server/db/migrations");

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "postgres";
  }
}

// PGlite is one process's database with no lock of its own: two processes on one directory corrupt it.
function takeDirectoryLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, "maia.lock");
  try {
    const pid = Number(fs.readFileSync(lockFile, "utf8"));
    if (pid && pid !== process.pid) {
      try {
        process.kill(pid, 0);
        throw new Error(`The data directory ${dir} is in use by process ${pid}. Stop it first, or set DATA_DIR to another directory.`);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error;
      }
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.writeFileSync(lockFile, String(process.pid));
  return () => {
    try {
      if (fs.readFileSync(lockFile, "utf8") === String(process.pid)) fs.unlinkSync(lockFile);
    } catch {
      /* already gone */
    }
  };
}


/**
 * PGlite on this thread (the tests' in-memory images, PGLITE_THREAD=main), its statements prepared as on its own
 * thread (server/db/pglite-statements.mjs): the calls Drizzle makes — query, and query in a transaction — go through
 * the statement cache; everything else is PGlite's own.
 */
function withPreparedStatements(client: PGlite): PGlite {
  const statements = createStatementCache(client);
  return new Proxy(client, {
    get(target, key) {
      if (key === "query") return (sql: string, params?: unknown[], options?: QueryOptions) => statements.query(sql, params, options);
      if (key === "exec") return (sql: string, options?: QueryOptions) => statements.exec(sql, options);
      if (key === "transaction") {
        return <T>(work: (tx: Transaction) => Promise<T>) =>
          target.transaction((tx) =>
            work(
              Object.assign(Object.create(tx) as Transaction, {
                query: (sql: string, params?: unknown[], options?: QueryOptions) => statements.query(sql, params, options, tx),
                exec: (sql: string, options?: QueryOptions) => statements.exec(sql, options, tx),
              }),
            ),
          );
      }
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * Times every statement a pooled connection runs (the pool's own query and Drizzle's, in a transaction or not): pg
 * calls a connection's query with a callback (the pool) or for a promise (Drizzle).
 */
function timeStatements(client: pg.PoolClient): void {
  const query = client.query;
  client.query = function (this: pg.PoolClient, ...args: unknown[]) {
    const started = performance.now();
    const last = args.at(-1);
    if (typeof last === "function") {
      args[args.length - 1] = (...results: unknown[]) => {
        statementDone(started);
        return (last as (...results: unknown[]) => unknown)(...results);
      };
      return (query as (...args: unknown[]) => unknown).apply(this, args);
    }
    const result = (query as (...args: unknown[]) => unknown).apply(this, args);
    if (result instanceof Promise) result.then(() => statementDone(started), () => statementDone(started));
    return result;
  } as typeof client.query;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
    pool.on("error", (error) => log.error({ err: error }, "idle client error"));
    pool.on("connect", timeStatements);
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    // Clients checked out are work in flight (server/db/until-quiet.ts).
    const close = async () => {
      await untilQuiet(() => pool.totalCount > pool.idleCount || pool.waitingCount > 0);
      await pool.end();
    };
    return { kind: "postgres", db, pool, location: redact(options.databaseUrl), close };
  }
  if (options.pglitePort) return openPortDatabase(options.pglitePort);
  const dataDir = options.dataDir ?? "memory://";
  const inMemory = dataDir.startsWith("memory://");
  if (options.image && !inMemory) throw new Error("A PGlite image opens only in memory.");
  const pgDir = inMemory ? undefined : path.join(path.resolve(/*turbopackIgnore: true*/ dataDir), "pglite");
  const releaseLock = pgDir ? takeDirectoryLock(path.resolve(/*turbopackIgnore: true*/ dataDir)) : () => {};
  try {
    const client = !pgDir
      ? withPreparedStatements(new PGlite({ loadDataDir: options.image }))
      : pgliteOnItsOwnThread()
        ? new PGliteThread(pgDir)
        : withPreparedStatements(new PGlite(pgDir));
    await client.waitReady;
    // One process holds the directory, so every write passes through here: reads are kept until one changes them.
    const reads = new ReadCache();
    const watched = watchStatements(client as PGlite, reads);
    // The thread's client answers every call Drizzle's PGlite driver makes (query, exec, transaction).
    const db = drizzlePglite({ client: watched, schema }) as unknown as Db;
    keepReads(db, reads);
    return {
      kind: "pglite",
      db,
      pglite: watched,
      connectThread: client instanceof PGliteThread ? () => client.connect() : undefined,
      location: pgDir ?? "memory",
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/**
 * The database another thread of this process opened, through a port to its PGlite thread: its reads kept like the
 * owner's, and kept true by the changes the threads tell each other (server/render-threads/coherence.ts).
 */
async function openPortDatabase(port: MessagePort): Promise<DatabaseHandle> {
  const client = new PGlitePort(port);
  const reads = new ReadCache();
  const db = drizzlePglite({ client: watchStatements(client as unknown as PGlite, reads), schema }) as unknown as Db;
  keepReads(db, reads);
  return { kind: "pglite", db, location: "the console's PGlite thread", close: () => client.close() };
}

// Several console processes may start together on one PostgreSQL: migrate under an advisory lock.
const MIGRATION_LOCK = 7_346_221;

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const migrationsFolder = MIGRATIONS_DIR;
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as never, { migrationsFolder });
    return;
  }
  const client = await handle.pool!.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}

export async function withAdvisoryLock<T>(handle: DatabaseHandle, key: number, work: () => Promise<T>): Promise<T> {
  if (handle.kind === "pglite") return work();
  // Session-level locks belong to one connection: hold a dedicated client while the work runs.
  const client = await handle.pool!.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [key]);
    return await work();
  } finally {
    await client.query("select pg_advisory_unlock($1)", [key]).catch(() => {});
    client.release();
  }
}

// One database per process, shared by the server entry and the code Next bundles (two module graphs).
const holder = globalThis as typeof globalThis & { __maiaDatabase?: Promise<DatabaseHandle> };

export function setDatabase(handle: Promise<DatabaseHandle> | DatabaseHandle | undefined): void {
  holder.__maiaDatabase = handle ? Promise.resolve(handle) : undefined;
}

export function databaseFromEnvironment(): DatabaseOptions {
  return { databaseUrl: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR || "./data" };
}

/** The process's database, opened lazily (never at build time). */
export function getDatabase(): Promise<DatabaseHandle> {
  holder.__maiaDatabase ??= openDatabase(databaseFromEnvironment()).then(async (handle) => {
    await migrateDatabase(handle);
    return handle;
  });
  return holder.__maiaDatabase;
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

/** The process's database if the server has opened it, without ever opening one (for the proxy). */
export function peekDatabase(): Promise<DatabaseHandle> | undefined {
  return holder.__maiaDatabase;
}

/** Rows of a raw SQL query, on PGlite and node-postgres alike (both answer `{ rows }`). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
