import "server-only";
import { z } from "zod";
import type { Page, PageQuery } from "@/lib/pagination";
import { MAX_PAGE_SIZE } from "@/lib/pagination";
import type { CsvColumn } from "@/server/csv/columns";
import { csvFileName, csvResponse, csvStream } from "@/server/csv/writer";
import { readUncached } from "@/server/db/read-cache";

// GET <a list>.csv — a list as a CSV file: the list's own query (its filters and sort, without limit and cursor),
// read a page at a time with the list's own service (so its tenancy and its keyset order), the pages written as the
// client takes them. The first page is read before the answer starts, so an organization out of the caller's sight
// is a 404 like the list's, never a 200 cut short.

/** The rows read per page of an export: the largest page a list serves. */
export const EXPORT_PAGE_SIZE = MAX_PAGE_SIZE;

export const csvAnswerDoc = (description: string) => ({
  200: {
    description: `${description}, as CSV (UTF-8 with a byte-order mark, the API's field names as headers; a text cell starting with = + - @ is written behind an apostrophe)`,
    content: { "text/csv": { schema: z.string() } },
  },
});

/** The CSV answer of a list, each of its pages read by `page` with the export's page size and the cursor. */
export async function exportCsv<T>(name: string, columns: readonly CsvColumn<T>[], page: (query: PageQuery) => Promise<Page<T>>): Promise<Response> {
  const read = (cursor: string | undefined) => readUncached(() => page({ limit: EXPORT_PAGE_SIZE, ...(cursor ? { cursor } : {}) }));
  const first = await read(undefined);
  async function* pages() {
    let next: Page<T> | null = first;
    while (next) {
      yield next.items;
      next = next.nextCursor ? await read(next.nextCursor) : null;
    }
  }
  return csvResponse(csvStream(columns, pages()), csvFileName(name, new Date().toISOString().slice(0, 10)));
}
