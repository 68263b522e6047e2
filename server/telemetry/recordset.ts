import "server-only";
import { sql, type SQL } from "drizzle-orm";

/** Column names and PostgreSQL types of a JSON recordset. */
export type RecordColumns = [string, string][];

export const columnList = (columns: RecordColumns) => columns.map(([name]) => `"${name}"`).join(", ");

/**
 * `json_to_recordset($rows) as x(...)`: a whole batch of rows as one parameter, on PostgreSQL and PGlite alike,
 * so a set-based statement costs one round trip whatever the batch size. Column names and types are ours, never input.
 */
export function recordset(rows: unknown[], columns: RecordColumns): SQL {
  const definition = columns.map(([name, type]) => `"${name}" ${type}`).join(", ");
  return sql`json_to_recordset(${JSON.stringify(rows)}::json) as x(${sql.raw(definition)})`;
}
