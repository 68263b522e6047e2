import "server-only";
import { deviceModel, modelTakesVersion, trainsText } from "@/lib/inventory/models";
import { ValidationError } from "@/server/core/errors";

/**
 * Refuses an install of a version one of the devices' models may not take (lib/inventory/models.ts), naming the first
 * such device: on the version field, which the dialog shows there.
 */
export function assertVersionFits(targets: readonly { serialNumber: string; model: string }[], version: string | null | undefined): void {
  if (!version) return;
  for (const device of targets) {
    if (modelTakesVersion(device.model, version)) continue;
    const values = { version, serialNumber: device.serialNumber, model: device.model, trains: trainsText(deviceModel(device.model)!) };
    throw new ValidationError("validation.versionNotForModel", values, [{ path: "version", key: "validation.versionNotForModel", values }]);
  }
}
