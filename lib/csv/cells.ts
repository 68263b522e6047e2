// The cells of the console's CSV files, written and read back the same way (server/csv/writer.ts writes them,
// lib/csv/read.ts reads them). A spreadsheet runs a cell that starts with = + - @, a tab or a carriage return as a
// formula (CSV injection), so such a text cell is written behind an apostrophe, which spreadsheets show as text. A
// text that already starts with apostrophes before one of those characters gets one more, so reading back (one
// apostrophe less when a formula character follows) gives every text exactly as it was. Numbers and booleans are
// never escaped: -12.5 stays a number.

const FORMULA = /^'*[=+\-@\t\r]/;

/** A value as the text of its cell: null and undefined are empty, numbers and booleans as JavaScript writes them. */
export function csvText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return FORMULA.test(value) ? `'${value}` : value;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return csvText(value.join(","));
  return csvText(JSON.stringify(value));
}

/** A cell's text as it was before `csvText` neutralized it. */
export function csvValue(cell: string): string {
  return cell.startsWith("'") && FORMULA.test(cell) ? cell.slice(1) : cell;
}
