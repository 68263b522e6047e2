import { sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Cursor } from "@/server/api/pagination";

// Helpers shared by the inventory, lifecycle, alarm and event services.

export { containsPattern } from "@/server/db/query";

/** How a person is shown in lists: "First Last", or their email when they have no name. */
export function personLabel(person: { firstName: string | null; lastName: string | null; email: string | null } | null): string | null {
  if (!person?.email) return null;
  const name = `${person.firstName ?? ""} ${person.lastName ?? ""}`.trim();
  return name || person.email;
}

export const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/**
 * A timestamp column as UTC text to the microsecond, the sort key of a keyset cursor on time: PostgreSQL keeps
 * microseconds, a JavaScript Date only milliseconds, so a cursor made from a Date would skip or repeat rows.
 */
export function timeKey(column: PgColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

const TIME_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** The cursor's time when it is one of ours (a forged one starts the list from the beginning). */
export function cursorTime(cursor: Cursor | null): string | null {
  if (!cursor || typeof cursor.value !== "string" || !TIME_KEY.test(cursor.value)) return null;
  return Number.isNaN(Date.parse(cursor.value)) ? null : cursor.value;
}

/** Rows after the cursor in a list ordered by (time, id), ascending or descending. */
export function afterTimeCursor(timeColumn: PgColumn, idColumn: PgColumn | SQL, time: string, id: string | number, direction: "asc" | "desc"): SQL {
  return direction === "asc"
    ? sql`(${timeColumn}, ${idColumn}) > (${time}::timestamptz, ${id})`
    : sql`(${timeColumn}, ${idColumn}) < (${time}::timestamptz, ${id})`;
}

/** The constraint a unique violation (SQLSTATE 23505) broke, on PostgreSQL and PGlite alike; null for other errors. */
export function uniqueViolation(error: unknown): string | null {
  for (let cause = error, depth = 0; cause && typeof cause === "object" && depth < 5; cause = (cause as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (code === "23505") return typeof constraint === "string" ? constraint : "";
  }
  return null;
}
