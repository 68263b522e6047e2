import { z } from "zod";
import { sortQueryShape } from "@/lib/pagination-schema";
import { deviceBusySchema } from "@/lib/lifecycle/busy";
import { CLAIM_CODE_LENGTH } from "@/lib/constants";
import { reference } from "@/lib/validation/fields";
import { servedConnectorSchema } from "@/lib/nodes/schema";
import { DEVICE_STATUSES } from "./constants";

// SPEC §3 and §5: devices in the operator's stock, claimed by an MSP with their claim code, then assigned to one of
// its nodes. Shared by the inventory pages (operator: core/inventory, MSP: msp/inventory) and the API.

export { DEVICE_STATUSES, type DeviceStatus } from "./constants";
export const SERIAL_NUMBER_MAX_LENGTH = 64;
const SERIAL_NUMBER = /^[A-Z0-9][A-Z0-9._/-]*$/;
const CLAIM_CODE = /^[A-Z0-9]+$/;
const DEVICE_TEXT = /^[A-Za-z0-9][A-Za-z0-9 ._+/-]*$/;

/**
 * Serial number (SPEC §5: "Serial number is required"). Serial numbers and claim codes are printed in capitals and
 * read back in any case, so both are compared in upper case.
 */
export const serialNumber = () =>
  z
    .string({ error: "validation.serialNumberRequired" })
    .trim()
    .min(1, "validation.serialNumberRequired")
    .max(SERIAL_NUMBER_MAX_LENGTH, "validation.serialNumberInvalid")
    .transform((value) => value.toUpperCase())
    .refine((value) => SERIAL_NUMBER.test(value), "validation.serialNumberInvalid");

/** Claim code (SPEC §5 and §9: "Claim code must be 8 characters"), letters and digits. */
export const claimCode = () =>
  z
    .string({ error: "validation.claimCodeLength" })
    .trim()
    .length(CLAIM_CODE_LENGTH, "validation.claimCodeLength")
    .transform((value) => value.toUpperCase())
    .refine((value) => CLAIM_CODE.test(value), "validation.claimCodeCharacters");

/** A model name or software version: short, printable. */
const deviceTextValue = (invalidKey: string) =>
  z
    .string({ error: invalidKey })
    .trim()
    .max(64, invalidKey)
    .refine((value) => value === "" || DEVICE_TEXT.test(value), invalidKey);
/** The same, optional: empty when left out. */
const deviceText = (invalidKey: string) => deviceTextValue(invalidKey).default("");

export const deviceSchema = z.object({
  id: z.string(),
  serialNumber: z.string(),
  model: z.string(),
  softwareVersion: z.string(),
  /** True while the device holds a node's configuration (it is assigned). */
  configured: z.boolean(),
  status: z.enum(DEVICE_STATUSES),
  /** The MSP that claimed the device; null while it is in the operator's stock. */
  mspOrganizationId: z.string().nullable(),
  mspName: z.string().nullable(),
  nodeId: z.string().nullable(),
  nodeName: z.string().nullable(),
  claimedAt: z.string().nullable(),
  /** The device's telemetry: it has reported within the silence threshold (and the silent-device sweep agrees). */
  reporting: z.boolean(),
  /** When the device last sent telemetry; null when it never has. */
  lastSeenAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * In the device list (GET /inventory/device) only: what keeps the device from a new lifecycle operation or staged
   * rollout (an operation scheduled or running, or a wave still to come), or null when it is free.
   */
  busy: deviceBusySchema.nullable().optional(),
});
export type Device = z.infer<typeof deviceSchema>;

// POST /api/v1/inventory/device — the operator adds a device to its stock (only the claim code's hash is kept).
export const deviceCreateSchema = z.strictObject({
  serialNumber: serialNumber(),
  claimCode: claimCode(),
  model: deviceText("validation.deviceModelInvalid"),
  softwareVersion: deviceText("validation.softwareVersionInvalid"),
});
export type DeviceCreate = z.infer<typeof deviceCreateSchema>;
export type DeviceCreateInput = z.input<typeof deviceCreateSchema>;

// POST /api/v1/inventory/device/claim — an MSP claims a device of the stock. The operator, acting in an MSP's page,
// names the MSP ("MSP is required" when it does not).
export const deviceClaimSchema = z.strictObject({
  serialNumber: serialNumber(),
  claimCode: claimCode(),
  mspOrganizationId: reference("validation.mspRequired").optional(),
});
export type DeviceClaim = z.infer<typeof deviceClaimSchema>;
export type DeviceClaimInput = z.input<typeof deviceClaimSchema>;

// POST /api/v1/inventory/device/{id}/assign — the node whose configuration the device takes ("Node is required").
export const deviceAssignSchema = z.strictObject({ nodeId: reference("validation.nodeRequired") });
export type DeviceAssign = z.infer<typeof deviceAssignSchema>;

// POST /api/v1/inventory/device/{id}/msp — the operator hands a device of its stock to an MSP ("MSP is required"),
// without the claim code (the operator sold it; the MSP claims with the code only what it bought elsewhere).
export const deviceMspAssignSchema = z.strictObject({ mspOrganizationId: reference("validation.mspRequired") });
export type DeviceMspAssign = z.infer<typeof deviceMspAssignSchema>;

// GET /api/v1/inventory/device — the search box (serial number, model, node name) and the status filter.
export const deviceListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  status: z.enum(DEVICE_STATUSES, { error: "validation.deviceStatus" }).optional(),
  /** The operator inside an MSP's inventory page: that MSP's devices only. */
  mspOrganizationId: z.string().trim().max(64).optional(),
  ...sortQueryShape("devices"),
});
export type DeviceListQuery = z.infer<typeof deviceListQuerySchema>;

// POST /api/v1/inventory/device/import — the operator's stock from a CSV file, through the import every list uses
// (lib/csv/schema.ts: a dry run, every row or none; server/inventory/import.ts). A row of the file: a new device needs
// its claim code; a device already in the stock is matched by its serial number, the cells it leaves empty ignored.
export const deviceImportRowSchema = z.object({
  serialNumber: serialNumber(),
  claimCode: claimCode().optional(),
  model: deviceTextValue("validation.deviceModelInvalid").optional(),
  softwareVersion: deviceTextValue("validation.softwareVersionInvalid").optional(),
});
export type DeviceImportRow = z.infer<typeof deviceImportRowSchema>;

// GET /api/v1/inventory/device/{id}/unassignment — the node the device leaves and the customers' connectors it serves.
export const deviceUnassignmentSchema = z.object({
  deviceId: z.string(),
  nodeId: z.string().nullable(),
  nodeName: z.string().nullable(),
  servedConnectors: z.array(servedConnectorSchema),
});
export type DeviceUnassignment = z.infer<typeof deviceUnassignmentSchema>;
