import { z } from "zod";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type PageQuery } from "./pagination";
import { defaultOrder, SORT_ORDERS, sortColumns, type SortableList } from "./sorting";
import { messageWithValues } from "./validation/messages";

// The API's page parameters and answers, as the routes validate and document them.

export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  cursor: z.string().max(500).optional(),
}) satisfies z.ZodType<PageQuery, unknown>;

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

/** The sort parameters of a list: one of its columns, and an order (each column has its own default). */
export function sortQueryShape<L extends SortableList>(list: L) {
  const columns = sortColumns(list);
  const defaults = columns.map((column) => `${column} ${defaultOrder(list, column)}`).join(", ");
  return {
    sort: z
      .enum(columns, { error: messageWithValues("validation.sortColumn", { columns: columns.join(", ") }) })
      .optional()
      .describe(`The column the list is sorted by: ${columns.join(", ")}. The next pages are asked with the same sort and the cursor.`),
    order: z.enum(SORT_ORDERS, { error: "validation.sortOrder" }).optional().describe(`asc or desc; by default the column's own (${defaults}).`),
  };
}
