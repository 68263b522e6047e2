import { z } from "zod";
import { LIFECYCLE_OPERATIONS } from "./schema";

// What keeps a device from a new lifecycle operation or rollout (the server's rule, server/lifecycle/busy.ts): an
// operation of its own scheduled or running, or a place in a staged rollout still to come (a wave not yet passed of a
// running or halted rollout). The device lists the schedule and rollout dialogs read carry it, so that their pickers
// show such a device as unavailable, and why; the API's 409 stays the safety net.

/** The statuses of an operation that holds its device. */
export const BUSY_OPERATION_STATUSES = ["scheduled", "active"] as const;
/** A rollout in one of these statuses holds the devices of its waves still in one of the wave statuses below. */
export const RESERVING_ROLLOUT_STATUSES = ["running", "halted"] as const;
export const RESERVING_WAVE_STATUSES = ["pending", "installing", "observing"] as const;

export const deviceBusySchema = z.discriminatedUnion("reason", [
  z.object({
    reason: z.literal("operation"),
    operationId: z.string(),
    operation: z.enum(LIFECYCLE_OPERATIONS),
    /** The version an install installs; null for a reboot. */
    version: z.string().nullable(),
    status: z.enum(BUSY_OPERATION_STATUSES),
    scheduledAt: z.string(),
  }),
  z.object({
    reason: z.literal("rollout"),
    rolloutId: z.string(),
    version: z.string(),
    status: z.enum(RESERVING_ROLLOUT_STATUSES),
    /** The device's wave (1-based). */
    wave: z.number().int(),
  }),
]);
export type DeviceBusy = z.infer<typeof deviceBusySchema>;
