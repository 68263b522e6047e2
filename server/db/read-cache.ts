import "server-only";
import { timedStatement } from "@/server/core/metrics";
import { AsyncLocalStorage } from "node:async_hooks";
import { sharedRead } from "@/server/core/shared-read";
import { statementTables } from "./statement-tables";

// Reads kept until a table they read changes, for the embedded database: one process holds it (server/db/client.ts
// locks its directory), so every write to it passes through the clients this module watches — one per thread of the
// process, each telling the others what its writes changed (server/render-threads/coherence.ts) — and a kept answer
// can be dropped the moment a write that could change it ends: no time to live, no answer older than the last write.
//
// The rule: a read notes the change sequence before it sends its first statement, and is kept with that number and
// the tables and columns its statements named. A write is counted when it ends (and a transaction's writes again
// when it ends, as they became visible then). A kept read is served while nothing it read changed after its number:
// no row of its tables added or removed, none of its columns set. A write that ended after the read began
// invalidates it even if the read saw it, never the other way round. Columns matter because most writes are edits:
// a site's description changed no list of paths, which names sites only for their names.
//
// PostgreSQL is shared by several processes whose writes this one never sees: nothing is kept there.

/** Reads kept at once; the least recently used one goes past it. A page of 100 paths is about 50 KB. */
const READ_CACHE_ENTRIES = 256;

/**
 * What a read read, or what a write changed: per table, the columns — or "all", every column of the read table, whole
 * rows of the written one (added, removed, or changed in ways the text does not say).
 */
type Columns = Map<string, Set<string> | "all">;

/** What a write changed, as it crosses to another thread of the process (server/render-threads/coherence.ts). */
export type TableChange = [table: string, columns: string[] | "all"][] | "everything";

const toTableChange = (changed: Columns | "everything"): TableChange =>
  changed === "everything" ? changed : [...changed].map(([table, columns]) => [table, columns === "all" ? columns : [...columns]]);
const fromTableChange = (change: TableChange): Columns | "everything" =>
  change === "everything" ? change : new Map(change.map(([table, columns]) => [table, columns === "all" ? columns : new Set(columns)]));

/** Adds what a statement named (server/db/statement-tables.ts: a table without columns is all of it) to `into`. */
function note(into: Columns, tables: readonly string[], columns: Readonly<Record<string, readonly string[]>>): void {
  for (const table of tables) {
    const named = columns[table];
    const had = into.get(table);
    if (had === "all") continue;
    if (!named) into.set(table, "all");
    else if (had) for (const column of named) had.add(column);
    else into.set(table, new Set(named));
  }
}

/** `from` added to `into`. */
function merge(into: Columns, from: Columns): void {
  for (const [table, columns] of from) {
    if (columns === "all") into.set(table, "all");
    else note(into, [table], { [table]: [...columns] });
  }
}

/**
 * When each table last changed, on a sequence that counts changes: when its rows last changed whole (a row added or
 * removed, or a write the text does not place), when each of its columns was last set, and when any of them was.
 */
class TableChanges {
  private sequence = 0;
  private everything = 0;
  private readonly rows = new Map<string, number>();
  private readonly columns = new Map<string, number>();
  private readonly anyColumn = new Map<string, number>();

  get now(): number {
    return this.sequence;
  }

  record(changed: Columns | "everything"): void {
    this.sequence += 1;
    if (changed === "everything") {
      this.everything = this.sequence;
      return;
    }
    for (const [table, columns] of changed) {
      if (columns === "all") {
        this.rows.set(table, this.sequence);
        continue;
      }
      this.anyColumn.set(table, this.sequence);
      for (const column of columns) this.columns.set(`${table}.${column}`, this.sequence);
    }
  }

  /** Whether something `read` read changed after `sequence`. */
  changedAfter(read: Columns, sequence: number): boolean {
    if (this.everything > sequence) return true;
    for (const [table, columns] of read) {
      if ((this.rows.get(table) ?? 0) > sequence) return true;
      if (columns === "all") {
        if ((this.anyColumn.get(table) ?? 0) > sequence) return true;
      } else if ((this.anyColumn.get(table) ?? 0) > sequence) {
        for (const column of columns) if ((this.columns.get(`${table}.${column}`) ?? 0) > sequence) return true;
      }
    }
    return false;
  }
}

/** What the statements of a read being computed named, and whether it may be kept. */
interface Capture {
  read: Columns;
  keepable: boolean;
}
const capturing = new AsyncLocalStorage<Capture>();

/** What a transaction has written so far. */
interface Writes {
  changed: Columns;
  everything: boolean;
}

interface Entry {
  sequence: number;
  read: Columns;
  value: unknown;
}

// The server entry and the code Next bundles are two module graphs with one database (server/db/client.ts): the
// caches and the kept answers are the process's, or a page's reads would never find what the API's kept (nor keep
// their own), and every page render would run its reads again.
const shared = globalThis as typeof globalThis & { __maiaReadCaches?: WeakMap<object, ReadCache>; __maiaKeptAnswers?: WeakSet<object> };

/** The answers kept now or before: frozen, so what is sent for one (server/api/kept-json.ts) may be made once. */
const keptAnswers = (shared.__maiaKeptAnswers ??= new WeakSet<object>());

/** Whether `value` is a kept read's answer (frozen all the way down, never to change). */
export function isKeptAnswer(value: unknown): value is object {
  return typeof value === "object" && value !== null && keptAnswers.has(value);
}

/** Objects and arrays made read-only all the way down: a kept answer is shared by every caller. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

export class ReadCache {
  private readonly changes = new TableChanges();
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Set<(change: TableChange) => void>();

  /** Reads answered from what was kept, since the start. */
  hits = 0;

  constructor(private readonly limit = READ_CACHE_ENTRIES) {}

  /** The kept answer to `key`, or `compute`'s (kept if its statements only read, and not the clock). */
  async read<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const outer = capturing.getStore();
    const entry = this.entries.get(key);
    if (entry && !this.changes.changedAfter(entry.read, entry.sequence)) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      this.hits += 1;
      if (outer) merge(outer.read, entry.read);
      return entry.value as T;
    }
    if (entry) this.entries.delete(key);
    // The same read asked while one runs joins it only if nothing changed since it began: its key names the change
    // count. A read inside another computes its own, so the outer one notes the tables it reads.
    if (outer) return this.compute(key, compute, outer);
    return sharedRead(this, `${this.changes.now}:${key}`, () => this.compute(key, compute));
  }

  private compute<T>(key: string, compute: () => Promise<T>, outer?: Capture): Promise<T> {
    const sequence = this.changes.now;
    const capture: Capture = { read: new Map(), keepable: true };
    // Awaited inside the capture: a query builder only runs when awaited, and must run in it.
    return capturing.run(capture, async () => await compute()).then((value) => {
      if (outer) {
        merge(outer.read, capture.read);
        if (!capture.keepable) outer.keepable = false;
      }
      // A read that named no table depends on nothing this cache can see: it is not kept.
      if (!capture.keepable || capture.read.size === 0) return value;
      this.entries.set(key, { sequence, read: capture.read, value: deepFreeze(value) });
      if (typeof value === "object" && value !== null) keptAnswers.add(value);
      if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
      return value;
    });
  }

  /**
   * Runs one statement of the client's: notes what a read names for the read being computed, or counts what a write
   * changes once it has ended — and, in a transaction, collects it into `writes` to count again when that ends.
   */
  statement<T>(sql: string, execute: () => Promise<T>, { script = false, writes }: { script?: boolean; writes?: Writes } = {}): Promise<T> {
    const what = statementTables(sql, { script });
    const capture = capturing.getStore();
    if (what.kind === "none") return execute();
    if (what.kind === "read") {
      if (capture) {
        note(capture.read, what.tables, what.columns);
        if (what.timeDependent) capture.keepable = false;
      }
      return execute();
    }
    if (capture) capture.keepable = false;
    let changed: Columns | "everything" = "everything";
    if (what.kind === "write") note((changed = new Map()), what.tables, what.columns);
    if (writes) {
      if (changed === "everything") writes.everything = true;
      else merge(writes.changed, changed);
    }
    return execute().finally(() => this.record(changed));
  }

  /** Counts a transaction's writes once it has ended: they became visible to every other read then. */
  transactionEnded(writes: Writes): void {
    if (writes.everything) this.record("everything");
    else if (writes.changed.size > 0) this.record(writes.changed);
  }

  private record(changed: Columns | "everything"): void {
    this.changes.record(changed);
    if (this.listeners.size === 0) return;
    const change = toTableChange(changed);
    for (const listener of this.listeners) listener(change);
  }

  /** Calls `listener` with each write this cache counts (not those `applyChange` brings); returns its removal. */
  onChange(listener: (change: TableChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Counts a write another thread's client made to the same database (told to no listener). */
  applyChange(change: TableChange): void {
    this.changes.record(fromTableChange(change));
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The minimum of a PGlite client this module watches: the calls Drizzle's PGlite driver makes. */
interface Queryable {
  query(sql: string, ...rest: never[]): Promise<unknown>;
  exec(sql: string, ...rest: never[]): Promise<unknown>;
}
interface WatchedClient extends Queryable {
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
}

/**
 * The client with every statement going through `cache` (reads noted, writes counted), its transactions' too. Any
 * other property is the client's own.
 */
export function watchStatements<C extends WatchedClient>(client: C, cache: ReadCache): C {
  const watchedQueryable = (target: Queryable, writes?: Writes): Queryable => ({
    query: (sql, ...rest) => cache.statement(sql, () => timedStatement(target.query(sql, ...rest)), { writes }),
    exec: (sql, ...rest) => cache.statement(sql, () => timedStatement(target.exec(sql, ...rest)), { script: true, writes }),
  });
  const watched = watchedQueryable(client);
  return new Proxy(client, {
    get(target, key) {
      if (key === "query" || key === "exec") return watched[key];
      if (key === "transaction") {
        return <T>(work: (tx: Queryable) => Promise<T>) => {
          const writes: Writes = { changed: new Map(), everything: false };
          return target
            .transaction((tx) => work(Object.assign(Object.create(tx) as Queryable, watchedQueryable(tx, writes))))
            .finally(() => cache.transactionEnded(writes));
        };
      }
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

const caches = (shared.__maiaReadCaches ??= new WeakMap<object, ReadCache>());

/** Keeps reads of `db` in `cache` (server/db/client.ts, for the embedded database). */
export function keepReads(db: object, cache: ReadCache): void {
  caches.set(db, cache);
}

/** The reads kept for `db`, if any (undefined on PostgreSQL). */
export function keptReads(db: object): ReadCache | undefined {
  return caches.get(db);
}

const uncached = new AsyncLocalStorage<true>();

/**
 * `compute`'s answer, kept under `key` while no table it read changes — on the embedded database; elsewhere (and in
 * a transaction, whose handle has no cache) computed every time. `compute` must depend on nothing but `key` and the
 * database: the key names every input (the caller's visibility, the filter), and a read of the clock is never kept.
 */
export function cachedRead<T>(db: object, key: string, compute: () => Promise<T>): Promise<T> {
  const cache = uncached.getStore() ? undefined : caches.get(db);
  return cache ? cache.read(key, compute) : compute();
}

/**
 * Runs reads that must not be kept: an export walks every page of a list once, and keeping its pages would hold the
 * whole list in memory (and push out the reads people repeat).
 */
export function readUncached<T>(work: () => Promise<T>): Promise<T> {
  return uncached.run(true, work);
}
