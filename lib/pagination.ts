// Cursor pagination for every list: ?limit=50&cursor=<opaque>, answered with a page and the next page's cursor.
// Plain values here (the browser's query files import them); the zod schemas are in lib/pagination-schema.ts.

export const DEFAULT_PAGE_SIZE = 50;
/** Lists can hold at most this many rows per call. */
export const MAX_PAGE_SIZE = 500;

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** A list call's page: its size and where it starts (absent: the beginning). */
export interface PageQuery {
  limit: number;
  cursor?: string;
}
