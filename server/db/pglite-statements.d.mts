import type { PGlite, QueryOptions, Results, Transaction } from "@electric-sql/pglite";

/** Statements kept prepared at once. */
export declare const STATEMENT_CACHE_SIZE: number;

export interface StatementCache {
  /** PGlite's query(), through prepared statements; `tx` is the open transaction's handle. */
  query<T>(sql: string, params?: unknown[], options?: QueryOptions, tx?: Transaction): Promise<Results<T>>;
  /** PGlite's exec(), several statements that may change tables: prepared statements are closed before the next. */
  exec(sql: string, options?: QueryOptions, tx?: Transaction): Promise<Results[]>;
  readonly size: number;
}

export declare function createStatementCache(db: PGlite, options?: { size?: number }): StatementCache;
