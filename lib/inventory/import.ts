// The device CSV import's header (server/inventory/import.ts reads the rows): the columns are the export's
// (serialNumber, model, softwareVersion) plus claimCode, and the headers people write by hand name them too, in any
// case and spacing — "Serial Number", "serial_number", "SN", "Claim code", "version". Unknown columns are ignored.

const ALIASES: Record<string, string> = {
  serialnumber: "serialNumber",
  serial: "serialNumber",
  sn: "serialNumber",
  claimcode: "claimCode",
  code: "claimCode",
  model: "model",
  softwareversion: "softwareVersion",
  version: "softwareVersion",
};

/** The column a header cell names: one of the device's fields, or the header as written (a column nobody reads). */
export function deviceImportColumn(header: string): string {
  return ALIASES[header.toLowerCase().replace(/[^a-z]/g, "")] ?? header;
}
