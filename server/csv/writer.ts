import "server-only";
import Papa from "papaparse";
import { csvText } from "@/lib/csv/cells";
import type { CsvColumn } from "./columns";

// The one CSV writer of the console: a list's pages, as they are read, out as RFC 4180 text (comma, CRLF, a cell
// quoted when it holds a comma, a quote, a line break or spaces at its ends, its quotes doubled). It is pulled: a page
// is read only when the client has taken the previous one, so a list of any length streams in the memory of one page
// and a client that stops reading stops the reads.
//
// The file starts with a UTF-8 byte-order mark. Excel opens a CSV file without one in the machine's legacy code page,
// so "Zürich" or "Société Générale" would show garbled; with it, Excel, LibreOffice and Numbers read UTF-8. Our own
// reader (lib/csv/read.ts) and every CSV library skip it.

export const CSV_BOM = "\uFEFF";
const NEWLINE = "\r\n";

/** The lines of some rows: each cell through `csvText` (formula characters neutralized), quoted where RFC 4180 needs. */
export function csvLines<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  if (rows.length === 0) return "";
  const cells = rows.map((row) => columns.map((column) => csvText(column.value(row))));
  return Papa.unparse(cells, { newline: NEWLINE, header: false, escapeFormulae: false }) + NEWLINE;
}

/** The header line: the columns' names. */
export const csvHeader = (columns: readonly CsvColumn[]) =>
  Papa.unparse([columns.map((column) => csvText(column.header))], { newline: NEWLINE, header: false, escapeFormulae: false }) + NEWLINE;

/**
 * The CSV text of a list as a stream of UTF-8 bytes: the header, then each page as it is read. The stream asks for a
 * page only when its reader wants more (one page is queued at most); cancelling it closes the pages.
 */
export function csvStream<T>(columns: readonly CsvColumn<T>[], pages: AsyncIterable<readonly T[]>, { bom = true }: { bom?: boolean } = {}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = pages[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode((bom ? CSV_BOM : "") + csvHeader(columns as readonly CsvColumn[])));
      },
      async pull(controller) {
        // A page of no row (a filter that matched nothing on it) gives nothing to send: read on until one does.
        for (;;) {
          const next = await iterator.next();
          if (next.done) return controller.close();
          const text = csvLines(columns, next.value);
          if (text) return controller.enqueue(encoder.encode(text));
        }
      },
      async cancel() {
        await iterator.return?.();
      },
    },
    { highWaterMark: 1 },
  );
}


/** A file name safe in a Content-Disposition header: letters, digits, dashes and dots. */
export function csvFileName(...parts: string[]): string {
  const stem = parts
    .map((part) => part.normalize("NFKD").replace(/[^\w.-]+/g, "-").replace(/-{2,}/g, "-").replace(/^-+|-+$/g, ""))
    .filter(Boolean)
    .join("-");
  return `${stem || "export"}.csv`;
}

/** The HTTP answer of a CSV stream, downloaded by a browser under the file name. */
export function csvResponse(stream: ReadableStream<Uint8Array>, fileName: string): Response {
  return new Response(stream, {
    status: 200,
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${fileName}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
