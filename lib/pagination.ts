import { z } from "zod";

// Cursor pagination for every list: ?limit=50&cursor=<opaque>, answered with a page and the next page's cursor.

export const DEFAULT_PAGE_SIZE = 50;
/** Lists can hold at most this many rows per call. */
export const MAX_PAGE_SIZE = 500;

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  cursor: z.string().max(500).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}
