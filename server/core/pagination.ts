import "server-only";
import { asc, desc, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Page, PageQuery } from "@/lib/pagination";

// Keyset pagination on (sort value, id): page N costs the same as page 1 on 100,000 rows. The cursor is opaque to
// callers; a cursor that is not one of ours starts the list from the beginning.

export interface Cursor {
  /** The sort key of the last row (a name, a timestamp in microsecond text, a number). */
  value: string | number;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.value, cursor.id])).toString("base64url");
}

/** The decoded cursor, or null when absent or not one of ours. */
export function decodeCursor(raw: string | undefined): Cursor | null {
  if (!raw) return null;
  try {
    const [value, id] = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as [unknown, unknown];
    if ((typeof value === "string" || typeof value === "number") && typeof id === "string") return { value, id };
  } catch {
    /* fall through */
  }
  return null;
}

/**
 * A timestamp column as UTC text to the microsecond, the sort key of a keyset cursor on time: PostgreSQL keeps
 * microseconds, a JavaScript Date only milliseconds, so a cursor made from a Date would skip or repeat rows.
 */
export function timeKey(column: PgColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

const TIME_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

function cursorTime(cursor: Cursor): string | null {
  if (typeof cursor.value !== "string" || !TIME_KEY.test(cursor.value)) return null;
  return Number.isNaN(Date.parse(cursor.value)) ? null : cursor.value;
}

export interface KeysetOrder {
  column: PgColumn;
  id: PgColumn;
  /** A timestamp column: rows select `timeKey(column)` as their cursor value. */
  time?: boolean;
  direction?: "asc" | "desc";
  /** The shape of an id a cursor may carry, when not every string is one. */
  idPattern?: RegExp;
}

function afterCursor(order: KeysetOrder, cursor: Cursor | null): SQL | undefined {
  if (!cursor || (order.idPattern && !order.idPattern.test(cursor.id))) return undefined;
  let value: SQL;
  if (order.time) {
    const time = cursorTime(cursor);
    if (!time) return undefined;
    value = sql`${time}::timestamptz`;
  } else {
    value = sql`${String(cursor.value)}`;
  }
  // A row comparison, so an index on (…, sort, id) starts right after the cursor.
  return order.direction === "desc"
    ? sql`(${order.column}, ${order.id}) < (${value}, ${cursor.id})`
    : sql`(${order.column}, ${order.id}) > (${value}, ${cursor.id})`;
}

/**
 * One page of a keyset list: the condition for the rows after the cursor, the order, the number of rows to fetch
 * (one more than the page, to know whether another follows) and the cut of the fetched rows into the page.
 */
export function keyset(order: KeysetOrder, query: PageQuery) {
  const direction = order.direction === "desc" ? desc : asc;
  return {
    after: afterCursor(order, decodeCursor(query.cursor)),
    orderBy: [direction(order.column), direction(order.id)] as const,
    limit: query.limit + 1,
    page<Row>(rows: Row[], cursorOf: (row: Row) => Cursor): Page<Row> {
      const items = rows.slice(0, query.limit);
      const last = items.at(-1);
      return { items, nextCursor: rows.length > query.limit && last ? encodeCursor(cursorOf(last)) : null };
    },
  };
}
