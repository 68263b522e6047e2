import Papa from "papaparse";
import { DEVICE_IMPORT_MAX_ROWS, type DeviceImportRow } from "./schema";
import type { ImportIssue } from "./import";

// Reads the operator's device CSV (papaparse) into import rows, each with its line in the file. A header row names
// the columns in any order and case — "Serial Number", "serial_number", "claimCode", "Software version"… — and
// unknown columns are ignored. Blank lines are skipped; the line numbers stay those a spreadsheet shows.

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

/** The rows of a device CSV, or why the file as a whole cannot be read. */
export function parseDeviceCsv(text: string): DeviceCsv {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: false });
  const records = parsed.data;
  const headerIndex = records.findIndex((record) => record.some((cell) => cell.trim() !== ""));
  if (headerIndex < 0) return { ok: false, error: { key: "validation.deviceImportEmpty" } };
  const columns = records[headerIndex].map(columnOf);
  const missing = REQUIRED.filter((column) => !columns.includes(column));
  if (missing.length > 0) return { ok: false, error: { key: "inventory.import.missingColumns" } };
  const unreadable = parsed.errors.find((error) => error.type === "Quotes");
  if (unreadable) return { ok: false, error: { key: "inventory.import.unreadable", values: { line: (unreadable.row ?? 0) + 1 } } };

  const rows: DeviceImportRow[] = [];
  // Papaparse's records are lines unless a quoted cell holds a line break: count the breaks to keep the file's numbers.
  let line = 1;
  records.forEach((record, index) => {
    if (index > 0) line += 1 + lineBreaks(records[index - 1]);
    if (index <= headerIndex || record.every((cell) => cell.trim() === "")) return;
    const row: DeviceImportRow = { line };
    record.forEach((cell, position) => {
      const column = columns[position];
      if (column && row[column] === undefined) row[column] = cell.trim();
    });
    rows.push(row);
  });
  if (rows.length === 0) return { ok: false, error: { key: "validation.deviceImportEmpty" } };
  if (rows.length > DEVICE_IMPORT_MAX_ROWS) return { ok: false, error: { key: "validation.deviceImportTooManyRows", values: { max: DEVICE_IMPORT_MAX_ROWS } } };
  return { ok: true, rows };
}

const lineBreaks = (record: string[]) => record.reduce((count, cell) => count + (cell.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
