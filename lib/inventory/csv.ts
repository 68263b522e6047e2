import { readCsv, type CsvIssue } from "@/lib/csv/read";
import { DEVICE_IMPORT_MAX_ROWS, type DeviceImportRow } from "./schema";
import type { ImportIssue } from "./import";

// Reads the operator's device CSV into import rows, each with its line in the file, through the CSV reader every
// import uses (lib/csv/read.ts: UTF-8 with or without a byte-order mark, comma, semicolon or tab, a file that is not
// CSV text refused with its line, cells written behind an apostrophe read back). A header row names the columns in
// any order and case — "Serial Number", "serial_number", "claimCode", "Software version"… — and unknown columns are
// ignored. Blank lines are skipped; the line numbers stay those a spreadsheet shows.

type Column = "serialNumber" | "claimCode" | "model" | "softwareVersion";

const ALIASES: Record<string, Column> = {
  serialnumber: "serialNumber",
  serial: "serialNumber",
  sn: "serialNumber",
  claimcode: "claimCode",
  code: "claimCode",
  model: "model",
  softwareversion: "softwareVersion",
  version: "softwareVersion",
};
const REQUIRED: Column[] = ["serialNumber", "claimCode"];

/** The file's largest size the dialog reads (a 500-row file is far smaller). */
export const DEVICE_CSV_MAX_BYTES = 256 * 1024;

export type DeviceCsv = { ok: true; rows: DeviceImportRow[] } | { ok: false; error: ImportIssue };

const columnOf = (header: string): Column | undefined => ALIASES[header.toLowerCase().replace(/[^a-z]/g, "")];

/** The device import's own words for a file the reader refuses (its dialog and its tests know these). */
function deviceIssue(issue: CsvIssue): ImportIssue {
  switch (issue.key) {
    case "validation.csvEmpty":
    case "validation.csvNoRows":
      return { key: "validation.deviceImportEmpty" };
    case "validation.csvUnclosedQuote":
      return { key: "inventory.import.unreadable", values: issue.values };
    case "validation.csvTooManyRows":
      return { key: "validation.deviceImportTooManyRows", values: { max: DEVICE_IMPORT_MAX_ROWS } };
    default:
      return issue;
  }
}

/** The rows of a device CSV, or why the file as a whole cannot be read. */
export function parseDeviceCsv(text: string): DeviceCsv {
  const read = readCsv(text, { maxRows: DEVICE_IMPORT_MAX_ROWS, maxBytes: DEVICE_CSV_MAX_BYTES });
  if (!read.ok) return { ok: false, error: deviceIssue(read.error) };
  const columns = read.header.map(columnOf);
  if (REQUIRED.some((column) => !columns.includes(column))) return { ok: false, error: { key: "inventory.import.missingColumns" } };
  const rows = read.records.map((record) => {
    const row: DeviceImportRow = { line: record.line };
    record.cells.forEach((cell, position) => {
      const column = columns[position];
      if (column && row[column] === undefined) row[column] = cell.trim();
    });
    return row;
  });
  return { ok: true, rows };
}
