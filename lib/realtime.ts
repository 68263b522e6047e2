import { z } from "zod";
import { REALTIME_SERVICES } from "./realtime-protocol";

export {
  REALTIME_REPLAY_MS,
  REALTIME_SERVICES,
  SESSION_ENDED_CLOSE_CODE,
  TOO_MANY_CONNECTIONS_CLOSE_CODE,
  type RealtimeService,
  type ServerMessage,
  type SubscribedData,
} from "./realtime-protocol";

export const clientMessageSchema = z.strictObject({
  service: z.enum(REALTIME_SERVICES),
  action: z.enum(["subscribe", "unsubscribe"]),
  data: z.record(z.string(), z.unknown()).optional(),
  /**
   * With a subscribe: when the server read the page's data (its clock, ms since the epoch). What the service published
   * since then is sent before the acknowledgement, or the acknowledgement says `resync` when the server no longer has it.
   */
  since: z.number().int().nonnegative().optional(),
});
export type ClientMessage = z.infer<typeof clientMessageSchema>;
