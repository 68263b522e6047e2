// The inventory's device statuses, without zod: the inventory pages read them on first load; lib/inventory/schema.ts
// builds the API's schemas from them.

/** Unclaimed: in the operator's stock. Unassigned: claimed by an MSP, on no node. Assigned: running a node. */
export const DEVICE_STATUSES = ["unclaimed", "unassigned", "assigned"] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

