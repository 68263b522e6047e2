import "server-only";
import { asc, desc, sql, type SQL } from "drizzle-orm";
import type { AnyColumn } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Page, PageQuery } from "@/lib/pagination";
import { resolveSort, type ListSort, type SortableList, type SortColumn, type SortOrder } from "@/lib/sorting";

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
export function timeKey(column: PgColumn | SQL): SQL<string> {
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

/** A sort key of a sorted list: a column or an expression, and what kind of value its cursor carries. */
export interface SortKey {
  key: PgColumn | SQL;
  /** "integer": a whole number (a bandwidth, an enumeration's rank). */
  kind: "text" | "integer" | "time" | "boolean";
}

export interface SortedOrder {
  /** The sort's name ("name:asc"): a cursor of another sort starts the list from the beginning. */
  tag: string;
  /** The keys, most significant first; the id breaks the ties. Every key is NOT NULL. */
  keys: SortKey[];
  id: PgColumn;
  direction: "asc" | "desc";
  idPattern?: RegExp;
}

interface SortedCursor {
  values: unknown[];
  id: string;
}

function validSortValue(kind: SortKey["kind"], value: unknown): boolean {
  switch (kind) {
    case "text":
      // PostgreSQL text holds no NUL: a cursor carrying one is not ours.
      return typeof value === "string" && !value.includes("\u0000");
    case "integer":
      return Number.isSafeInteger(value);
    case "boolean":
      return typeof value === "boolean";
    case "time":
      return typeof value === "string" && TIME_KEY.test(value) && !Number.isNaN(Date.parse(value));
  }
}

function decodeSortedCursor(order: SortedOrder, raw: string | undefined): SortedCursor | null {
  if (!raw) return null;
  try {
    const [values, id, tag] = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as [unknown, unknown, unknown];
    if (tag !== order.tag || typeof id !== "string" || id.includes("\u0000") || (order.idPattern && !order.idPattern.test(id))) return null;
    if (!Array.isArray(values) || values.length !== order.keys.length) return null;
    return order.keys.every((part, index) => validSortValue(part.kind, values[index])) ? { values, id } : null;
  } catch {
    return null;
  }
}

const CASTS: Record<SortKey["kind"], string> = { text: "text", integer: "bigint", boolean: "boolean", time: "timestamptz" };

/**
 * One page of a list sorted by a column the caller chose: keyset on (keys…, id), all in one direction so that a row
 * comparison walks an index on (…, keys, id). The rows select `cursorValues` (the keys as JSON, a time to the
 * microsecond) and `page` makes the next cursor from them.
 */
export function sortedKeyset(order: SortedOrder, query: PageQuery) {
  const direction = order.direction === "desc" ? desc : asc;
  const cursor = decodeSortedCursor(order, query.cursor);
  const columns = sql.join([...order.keys.map((part) => part.key), order.id], sql`, `);
  const values = cursor && sql.join([...cursor.values.map((value, index) => sql`${value}::${sql.raw(CASTS[order.keys[index].kind])}`), sql`${cursor.id}`], sql`, `);
  return {
    after: values ? (order.direction === "desc" ? sql`(${columns}) < (${values})` : sql`(${columns}) > (${values})`) : undefined,
    orderBy: [...order.keys.map((part) => direction(part.key)), direction(order.id)],
    limit: query.limit + 1,
    cursorValues: sql<unknown[]>`json_build_array(${sql.join(
      order.keys.map((part) => (part.kind === "time" ? timeKey(part.key) : part.key)),
      sql`, `,
    )})`,
    page<Row>(rows: Row[], cursorOf: (row: Row) => SortedCursor): Page<Row> {
      const items = rows.slice(0, query.limit);
      const last = items.at(-1);
      if (rows.length <= query.limit || !last) return { items, nextCursor: null };
      const next = cursorOf(last);
      return { items, nextCursor: Buffer.from(JSON.stringify([next.values, next.id, order.tag])).toString("base64url") };
    },
  };
}

/** An enumeration's rank in the order given (its first value ranks 0): the sort key of a severity or a state. */
export function enumRank(column: AnyColumn | SQL, values: readonly string[]): SQL<number> {
  const branches = values.map((value, index) => `when '${value.replaceAll("'", "''")}' then ${index}`).join(" ");
  // Constants, not parameters: the expression must read the same in an index as in a query.
  return sql<number>`(case ${column} ${sql.raw(`${branches} else ${values.length}`)} end)`;
}

/**
 * The page of a list sorted as asked (`query.sort`, `query.order`) or by its default: `keys` gives each column's
 * keys (a name after a state, so equal states read in name order).
 */
export function sortedList<L extends SortableList>(
  list: L,
  keys: Record<SortColumn<L>, SortKey[]>,
  id: PgColumn,
  query: PageQuery & { sort?: SortColumn<L>; order?: SortOrder },
  fallback: ListSort<SortColumn<L>>,
  idPattern?: RegExp,
) {
  const { sort, order } = resolveSort(list, query, fallback);
  return sortedKeyset({ tag: `${sort}:${order}`, keys: keys[sort], id, direction: order, idPattern }, query);
}
