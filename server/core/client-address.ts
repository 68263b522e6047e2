import "server-only";
import type { IncomingMessage } from "node:http";

/** The one header the API and the realtime hub trust for the caller's address: the server entry writes it. */
export const CLIENT_ADDRESS_HEADER = "x-maia-client-address";

/**
 * Writes the one header the API trusts for the caller's address (the socket's, or behind a trusted proxy the last
 * X-Forwarded-For entry — the one that proxy wrote; entries before it are whatever the client sent), replacing any
 * value the client sent. Both views Node keeps change: Next reads `headers`,
 * the web Request of the API's own entry is built from `rawHeaders`.
 */
export function stampClientAddress(request: IncomingMessage, trustProxy: boolean): void {
  const forwarded = trustProxy ? (String(request.headers["x-forwarded-for"] ?? "").split(",").at(-1)?.trim() ?? "") : "";
  const address = forwarded || request.socket.remoteAddress || "unknown";
  request.headers[CLIENT_ADDRESS_HEADER] = address;
  const raw = request.rawHeaders;
  for (let i = raw.length - 2; i >= 0; i -= 2) if (raw[i].toLowerCase() === CLIENT_ADDRESS_HEADER) raw.splice(i, 2);
  raw.push(CLIENT_ADDRESS_HEADER, address);
}

/** The address the server entry stamped on the request, else the socket's. */
export function readClientAddress(request: IncomingMessage): string {
  const stamped = request.headers[CLIENT_ADDRESS_HEADER];
  return (typeof stamped === "string" && stamped) || request.socket.remoteAddress || "unknown";
}
