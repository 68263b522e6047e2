import { z } from "zod";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type PageQuery } from "./pagination";

// The API's page parameters and answers, as the routes validate and document them.

export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  cursor: z.string().max(500).optional(),
}) satisfies z.ZodType<PageQuery, unknown>;

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}
