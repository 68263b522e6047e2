import { z } from "zod";
import { REALTIME_SERVICES } from "./realtime-protocol";

export {
  REALTIME_SERVICES,
  SESSION_ENDED_CLOSE_CODE,
  TOO_MANY_CONNECTIONS_CLOSE_CODE,
  type RealtimeService,
  type ServerMessage,
} from "./realtime-protocol";

export const clientMessageSchema = z.strictObject({
  service: z.enum(REALTIME_SERVICES),
  action: z.enum(["subscribe", "unsubscribe"]),
  data: z.record(z.string(), z.unknown()).optional(),
});
export type ClientMessage = z.infer<typeof clientMessageSchema>;
