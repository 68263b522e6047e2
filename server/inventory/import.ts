import "server-only";
import { deviceImportRowSchema, type DeviceImportRow } from "@/lib/inventory/schema";
import { deviceImportColumn } from "@/lib/inventory/import";
import { ConflictError, NotFoundError, ValidationError } from "@/server/core/errors";
import type { ImportKind } from "@/server/csv/import";
import { devices } from "@/server/db/schema";
import { createDevice, sameClaimCode } from "./service";

// The CSV import of devices into the operator's stock, on server/csv/import.ts like sites, connectors and paths: a
// dry run, every row or none, and a file imported twice adds nothing the second time. A device is known by its serial
// number. The stock's devices are never changed by an import: a row whose device is there already with the same model
// and version (and claim code, when the row gives one) is unchanged — so an exported file, which never holds claim
// codes, imports back as all unchanged — and a row that says otherwise is refused on its line.

interface Stocked {
  id: string;
  serialNumber: string;
  model: string;
  softwareVersion: string;
  claimCodeHash: string;
}

interface DeviceLookup {
  byId: Map<string, Stocked>;
}

export function deviceImport(): ImportKind<DeviceImportRow, DeviceLookup> {
  return {
    target: "devices",
    required: ["serialNumber"],
    header: deviceImportColumn,
    keyColumn: "serialNumber",
    duplicateKey: "validation.csvDuplicateSerial",
    async prepare(context) {
      // The stock is the operator's: anybody else's import is refused like a missing page.
      if (context.principal.organizationType !== "maia") throw new NotFoundError();
      const rows = await context.db
        .select({ id: devices.id, serialNumber: devices.serialNumber, model: devices.model, softwareVersion: devices.softwareVersion, claimCodeHash: devices.claimCodeHash })
        .from(devices);
      return { byId: new Map(rows.map((device) => [device.id, device])) };
    },
    input(cells) {
      const cell = (column: string) => {
        const value = cells.get(column)?.trim();
        return value === undefined || value === "" ? undefined : value;
      };
      return {
        input: { serialNumber: cells.get("serialNumber") ?? "", claimCode: cell("claimCode"), model: cell("model"), softwareVersion: cell("softwareVersion") },
        issues: [],
      };
    },
    parse: (input) => deviceImportRowSchema.safeParse(input),
    key: (input) => input.serialNumber,
    existing: (lookup) => new Map([...lookup.byId.values()].map((device) => [device.serialNumber, [device.id]])),
    async create(context, { claimCode, ...device }) {
      if (claimCode === undefined) throw new ValidationError("validation.claimCodeLength", undefined, [{ path: "claimCode", key: "validation.claimCodeLength" }]);
      await createDevice(context, { ...device, claimCode, model: device.model ?? "", softwareVersion: device.softwareVersion ?? "" });
    },
    async update(_context, id, row, lookup) {
      const stocked = lookup.byId.get(id);
      if (!stocked) throw new NotFoundError();
      const differs =
        (row.model !== undefined && row.model !== stocked.model) ||
        (row.softwareVersion !== undefined && row.softwareVersion !== stocked.softwareVersion) ||
        (row.claimCode !== undefined && !sameClaimCode(stocked.claimCodeHash, row.claimCode));
      if (differs) throw new ConflictError("apiErrors.deviceSerialTaken", { serialNumber: row.serialNumber }).onField("serialNumber");
    },
  };
}
