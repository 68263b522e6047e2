import Papa from "papaparse";
import { csvValue } from "./cells";

// Reads a CSV file's text (UTF-8, with or without a byte-order mark, any line ending) into its header and its rows,
// each row with the line a spreadsheet shows for it, its cells read back as `csvText` wrote them. The browser uses it
// to check a file before sending it and the API to read what it was sent: the same rules, the same messages. A file
// that is not CSV text (bytes that are not UTF-8, control characters, a quote never closed) is refused whole, with
// the line where reading stopped. The separator is the header's, comma, semicolon or tab: a spreadsheet set to French saves
// its CSV with semicolons.

/** The largest CSV file an import takes (characters, about bytes) and the most rows it holds. */
export const CSV_IMPORT_MAX_BYTES = 512 * 1024;
export const CSV_IMPORT_MAX_ROWS = 1000;
/** The longest cell an import reads (a description is 500 at most; a list of prefixes may be longer). */
export const CSV_CELL_MAX = 4000;

export interface CsvIssue {
  key: string;
  values?: Record<string, string | number>;
}

export interface CsvRecord {
  /** The row's line in the file (the header is line 1). */
  line: number;
  cells: string[];
}

export type CsvRead = { ok: true; header: string[]; records: CsvRecord[] } | { ok: false; error: CsvIssue };

const fail = (key: string, values?: CsvIssue["values"]): CsvRead => ({ ok: false, error: { key: `validation.csv${key[0].toUpperCase()}${key.slice(1)}`, ...(values ? { values } : {}) } });

// U+FFFD: what a decoder puts for bytes that are not UTF-8. Control characters other than tab and line breaks: a binary file.
const NOT_UTF8 = /\uFFFD/;
const BINARY = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const lineOf = (text: string, index: number) => {
  let line = 1;
  for (let position = text.indexOf("\n"); position !== -1 && position < index; position = text.indexOf("\n", position + 1)) line += 1;
  return line;
};

export function readCsv(raw: string, { maxRows = CSV_IMPORT_MAX_ROWS, maxBytes = CSV_IMPORT_MAX_BYTES } = {}): CsvRead {
  if (raw.length > maxBytes) return fail("tooLarge", { kilobytes: Math.round(maxBytes / 1024) });
  const text = raw.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  if (NOT_UTF8.test(text)) return fail("notUtf8", { line: lineOf(text, text.search(NOT_UTF8)) });
  if (BINARY.test(text)) return fail("notCsv", { line: lineOf(text, text.search(BINARY)) });
  if (text.trim() === "") return fail("empty");
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false, delimiter: separatorOf(text) });
  const unclosed = parsed.errors.find((error) => error.type === "Quotes");
  if (unclosed) return fail("unclosedQuote", { line: lineOf(text, unclosed.index ?? 0) });
  const records: CsvRecord[] = [];
  // Papaparse's records are lines unless a quoted cell holds a line break: count the breaks to keep the file's numbers.
  let line = 1;
  let header: string[] | null = null;
  for (const [index, cells] of parsed.data.entries()) {
    if (index > 0) line += 1 + lineBreaks(parsed.data[index - 1]);
    if (cells.every((cell) => cell.trim() === "")) continue;
    if (!header) {
      header = cells.map((cell) => cell.trim());
      const twice = header.find((name, position) => name !== "" && header!.indexOf(name) !== position);
      if (twice) return fail("duplicateColumn", { column: twice });
      continue;
    }
    if (cells.length > header.length && cells.slice(header.length).some((cell) => cell.trim() !== "")) return fail("tooManyCells", { line });
    const long = cells.findIndex((cell) => cell.length > CSV_CELL_MAX);
    if (long >= 0) return fail("cellTooLong", { line, column: header[long] ?? String(long + 1), max: CSV_CELL_MAX });
    records.push({ line, cells: cells.map(csvValue) });
    if (records.length > maxRows) return fail("tooManyRows", { max: maxRows });
  }
  if (!header) return fail("empty");
  if (records.length === 0) return fail("noRows");
  return { ok: true, header, records };
}

/** The separator the header row uses most (comma when it has none): the header names columns, never holds one. */
function separatorOf(text: string): string {
  const header = text.split("\n").find((line) => line.trim() !== "") ?? "";
  const counts = SEPARATORS.map((separator) => header.split(separator).length - 1);
  const most = Math.max(...counts);
  return most > 0 ? SEPARATORS[counts.indexOf(most)] : ",";
}

const SEPARATORS = [",", ";", "\t"];

const lineBreaks = (record: string[]) => record.reduce((count, cell) => count + (cell.match(/\n/g)?.length ?? 0), 0);

/** A record's cells by column name (columns the header does not name are not there; a short row's missing cells are ""). */
export function cellsByColumn(header: readonly string[], record: CsvRecord): Map<string, string> {
  return new Map(header.map((name, position) => [name, record.cells[position] ?? ""]));
}
