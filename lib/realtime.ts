import { z } from "zod";

// SPEC §7: messages on /ws carry a service, an action and data.
export const REALTIME_SERVICES = ["alarms", "events", "lifecycle", "telemetry", "topology"] as const;
export type RealtimeService = (typeof REALTIME_SERVICES)[number];

export const clientMessageSchema = z.strictObject({
  service: z.enum(REALTIME_SERVICES),
  action: z.enum(["subscribe", "unsubscribe"]),
  data: z.record(z.string(), z.unknown()).optional(),
});
export type ClientMessage = z.infer<typeof clientMessageSchema>;

export interface ServerMessage {
  service: RealtimeService | "system";
  action: string;
  data: unknown;
}

/** The close code of a socket whose session ended (signed out, revoked): the client must not reconnect with it. */
export const SESSION_ENDED_CLOSE_CODE = 4401;
