import "server-only";
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { REQUEST_ID_HEADER } from "@/lib/constants";

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's X-Request-Id when it is a sane one, else a new id. */
export function requestIdOf(headers: { get(name: string): string | null }): string {
  const incoming = headers.get(REQUEST_ID_HEADER);
  return incoming && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
}

/** requestIdOf for a request as node:http reads it. */
export function requestIdOfIncoming(incoming: IncomingMessage): string {
  const value = incoming.headers[REQUEST_ID_HEADER];
  return requestIdOf({ get: () => (typeof value === "string" ? value : null) });
}
