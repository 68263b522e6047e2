import { describe, expect, it } from "vitest";
import { parseDeviceCsv } from "@/lib/inventory/csv";
import { checkImportRows } from "@/lib/inventory/import";
import { DEVICE_IMPORT_MAX_ROWS, deviceImportSchema } from "@/lib/inventory/schema";

// The operator's device CSV: read in the browser (papaparse) into rows with their line numbers, then checked row by
// row with the device schema (the same check the API runs).

describe("parseDeviceCsv", () => {
  it("reads the columns by their header in any order and spelling, keeping the file's line numbers", () => {
    const csv = "\uFEFFModel,Claim Code,serial_number,Software version,Notes\r\nE200,abcd1234,mx-1,24.3.1,rack 4\r\n\r\nE300,WXYZ5678,MX-2,,\n";
    const parsed = parseDeviceCsv(csv);
    expect(parsed).toEqual({
      ok: true,
      rows: [
        { line: 2, model: "E200", claimCode: "abcd1234", serialNumber: "mx-1", softwareVersion: "24.3.1" },
        { line: 4, model: "E300", claimCode: "WXYZ5678", serialNumber: "MX-2", softwareVersion: "" },
      ],
    });
  });

  it("counts a quoted cell's line breaks, so later rows keep the line a spreadsheet shows", () => {
    const parsed = parseDeviceCsv('serialNumber,claimCode,model\nMX-1,ABCD1234,"two\nlines"\nMX-2,ABCD1234,E200\n');
    expect(parsed.ok && parsed.rows.map((row) => [row.line, row.serialNumber])).toEqual([
      [2, "MX-1"],
      [4, "MX-2"],
    ]);
  });

  it("keeps a row with missing cells (the check reports them), and reads quoted commas", () => {
    const parsed = parseDeviceCsv('serial,code,model\nMX-1\n"MX,2",ABCD1234,"E 200"\n');
    expect(parsed.ok && parsed.rows).toEqual([
      { line: 2, serialNumber: "MX-1" },
      { line: 3, serialNumber: "MX,2", claimCode: "ABCD1234", model: "E 200" },
    ]);
  });

  it.each([
    ["", "validation.deviceImportEmpty"],
    ["\n\n", "validation.deviceImportEmpty"],
    ["serialNumber,claimCode\n", "validation.deviceImportEmpty"],
    ["serialNumber,model\nMX-1,E200\n", "inventory.import.missingColumns"],
    ['serialNumber,claimCode\nMX-1,"ABCD1234\n', "inventory.import.unreadable"],
  ])("refuses the whole file %j: %s", (csv, key) => {
    const parsed = parseDeviceCsv(csv);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.error.key).toBe(key);
  });

  it("refuses a file over the limit before sending anything", () => {
    const csv = ["serialNumber,claimCode", ...Array.from({ length: DEVICE_IMPORT_MAX_ROWS + 1 }, (_, index) => `MX-${index},ABCD1234`)].join("\n");
    expect(parseDeviceCsv(csv)).toEqual({ ok: false, error: { key: "validation.deviceImportTooManyRows", values: { max: DEVICE_IMPORT_MAX_ROWS } } });
  });

  it("gives rows the import body accepts", () => {
    const parsed = parseDeviceCsv("serialNumber,claimCode\nMX-1,ABCD1234\n");
    expect(parsed.ok && deviceImportSchema.safeParse({ rows: parsed.rows }).success).toBe(true);
  });
});

describe("checkImportRows", () => {
  it("passes good rows through the device schema (capitals, trimmed) and lists every problem of a bad one", () => {
    const checked = checkImportRows([
      { line: 2, serialNumber: " mx-1 ", claimCode: "abcd1234", model: "E200", softwareVersion: "24.3.1" },
      { line: 3, claimCode: "ABC" },
      { line: 4, serialNumber: "MX 4", claimCode: "ABCD-123" },
    ]);
    expect(checked.valid).toEqual([{ line: 2, device: { serialNumber: "MX-1", claimCode: "ABCD1234", model: "E200", softwareVersion: "24.3.1" } }]);
    expect(checked.failed).toEqual([
      { line: 3, serialNumber: "", issues: [{ key: "validation.serialNumberRequired" }, { key: "validation.claimCodeLength" }] },
      { line: 4, serialNumber: "MX 4", issues: [{ key: "validation.serialNumberInvalid" }, { key: "validation.claimCodeCharacters" }] },
    ]);
  });

  it("refuses a serial number repeated in the file on its later lines, whatever its case", () => {
    const checked = checkImportRows([
      { line: 2, serialNumber: "MX-1", claimCode: "ABCD1234" },
      { line: 3, serialNumber: "mx-1", claimCode: "EFGH5678" },
      { line: 4, serialNumber: "MX-1", claimCode: "BAD" },
    ]);
    expect(checked.valid.map((row) => row.line)).toEqual([2]);
    expect(checked.failed).toEqual([
      { line: 3, serialNumber: "MX-1", issues: [{ key: "inventory.import.duplicateInFile", values: { line: 2 } }] },
      { line: 4, serialNumber: "MX-1", issues: [{ key: "validation.claimCodeLength" }, { key: "inventory.import.duplicateInFile", values: { line: 2 } }] },
    ]);
  });
});
