import { decodeMessage, type MessageValues } from "@/lib/validation/messages";
import { deviceCreateSchema, type DeviceCreate, type DeviceImportRow } from "./schema";

// The bulk add's row check, shared by the API (which decides) and its tests: every row of the file through the one
// device schema, and a serial number that appears twice in the file refused on its second line.

export interface ImportIssue {
  key: string;
  values?: MessageValues;
}

export interface CheckedImport {
  valid: { line: number; device: DeviceCreate }[];
  failed: { line: number; serialNumber: string; issues: ImportIssue[] }[];
}

/** The serial number as the row spells it (trimmed, in capitals), for the report, even when it is not valid. */
export const rowSerial = (row: DeviceImportRow) => (row.serialNumber ?? "").trim().toUpperCase();

/** Splits the rows into devices to add and rows refused, each with every problem the schema finds. */
export function checkImportRows(rows: readonly DeviceImportRow[]): CheckedImport {
  const result: CheckedImport = { valid: [], failed: [] };
  const firstLine = new Map<string, number>();
  for (const row of rows) {
    const parsed = deviceCreateSchema.safeParse({
      serialNumber: row.serialNumber ?? "",
      claimCode: row.claimCode ?? "",
      model: row.model ?? "",
      softwareVersion: row.softwareVersion ?? "",
    });
    const issues: ImportIssue[] = parsed.success ? [] : parsed.error.issues.map((issue) => decodeMessage(issue.message));
    const serialNumber = parsed.success ? parsed.data.serialNumber : rowSerial(row);
    const earlier = serialNumber ? firstLine.get(serialNumber) : undefined;
    if (earlier !== undefined) issues.push({ key: "inventory.import.duplicateInFile", values: { line: earlier } });
    else if (serialNumber) firstLine.set(serialNumber, row.line);
    if (parsed.success && issues.length === 0) result.valid.push({ line: row.line, device: parsed.data });
    else result.failed.push({ line: row.line, serialNumber, issues: dedupe(issues) });
  }
  return result;
}

function dedupe(issues: ImportIssue[]): ImportIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const id = issue.key + JSON.stringify(issue.values ?? {});
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
