// SPEC §7: messages on /ws carry a service, an action and data. Plain values, no zod: the browser's realtime client
// imports them on every page, while the schema that checks what clients send stays with the server (lib/realtime.ts).
export const REALTIME_SERVICES = ["alarms", "events", "lifecycle", "telemetry", "topology"] as const;
export type RealtimeService = (typeof REALTIME_SERVICES)[number];

export interface ServerMessage {
  service: RealtimeService | "system";
  action: string;
  data: unknown;
}

/** How long /ws keeps what it sent, for a page whose subscription comes after its server render to catch up. */
export const REALTIME_REPLAY_MS = 60_000;

/** The acknowledgement of a subscribe: `resync` when what was published since the page's render is no longer known. */
export interface SubscribedData {
  resync?: true;
}

/** The close code of a socket whose session ended (signed out, revoked): the client must not reconnect with it. */
export const SESSION_ENDED_CLOSE_CODE = 4401;

/** The close code of a connection over the per-session or per-address cap; the reason says which. */
export const TOO_MANY_CONNECTIONS_CLOSE_CODE = 4429;
