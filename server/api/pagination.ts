import { z } from "zod";

// Cursor pagination for every list: ?limit=50&cursor=<opaque>. Keyset on (sort value, id), so page N costs
// the same as page 1 on 100,000 rows.
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;

export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  cursor: z.string().max(500).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

export interface Cursor {
  /** The sort key of the last row (a name, a timestamp in ISO form, a number). */
  value: string | number;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.value, cursor.id])).toString("base64url");
}

/** The decoded cursor, or null when absent or not one of ours (a bad cursor starts from the beginning). */
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

/** Cuts a list fetched with limit + 1 rows into the page and the cursor of the next one. */
export function toPage<T>(rows: T[], limit: number, cursorOf: (row: T) => Cursor) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(cursorOf(last)) : null };
}
