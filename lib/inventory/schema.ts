import { z } from "zod";
import { CLAIM_CODE_LENGTH } from "@/lib/constants";
import { reference } from "@/lib/validation/fields";

// SPEC §3 and §5: devices in the operator's stock, claimed by an MSP with their claim code, then assigned to one of
// its nodes. Shared by the inventory pages (operator: core/inventory, MSP: msp/inventory) and the API.

/** Unclaimed: in the operator's stock. Unassigned: claimed by an MSP, on no node. Assigned: running a node. */
export const DEVICE_STATUSES = ["unclaimed", "unassigned", "assigned"] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

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

/** A model name or software version: optional, short, printable. */
const deviceText = (invalidKey: string) =>
  z
    .string({ error: invalidKey })
    .trim()
    .max(64, invalidKey)
    .refine((value) => value === "" || DEVICE_TEXT.test(value), invalidKey)
    .default("");

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
  createdAt: z.string(),
  updatedAt: z.string(),
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

// GET /api/v1/inventory/device — the search box (serial number, model, node name) and the status filter.
export const deviceListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  status: z.enum(DEVICE_STATUSES, { error: "validation.deviceStatus" }).optional(),
  /** The operator inside an MSP's inventory page: that MSP's devices only. */
  mspOrganizationId: z.string().trim().max(64).optional(),
});
export type DeviceListQuery = z.infer<typeof deviceListQuerySchema>;
