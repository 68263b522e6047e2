import "server-only";
import type { MiddlewareHandler } from "hono";
import { isKeptAnswer } from "@/server/db/read-cache";
import type { ApiEnv } from "./context";

// A kept read (server/db/read-cache.ts) is one frozen object shared by every caller until a write drops it: its JSON
// text and UTF-8 bytes are made once and sent as they are, instead of serialised and encoded again for each answer
// (on the paths list, two fifths of the main thread's time per answer).

const bytesOfKept = new WeakMap<object, Uint8Array>();

function keptBytes(value: object): Uint8Array {
  let bytes = bytesOfKept.get(value);
  if (!bytes) {
    bytes = Buffer.from(JSON.stringify(value));
    bytesOfKept.set(value, bytes);
  }
  return bytes;
}

/** Hono's responders as this middleware calls them: the value or bytes, then the status or init and headers as given. */
type Responder<T> = (data: T, status?: unknown, headers?: unknown) => Response;

/** `c.json` answers a kept read's value from bytes made once for it; any other value as Hono does. */
export const keptJson: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const json = c.json as unknown as Responder<unknown>;
  const body = c.body as unknown as Responder<Uint8Array>;
  const answer: Responder<unknown> = (value, status, headers) => {
    if (!isKeptAnswer(value)) return json(value, status, headers);
    const response = body(keptBytes(value), status, headers);
    if (!response.headers.has("content-type")) response.headers.set("content-type", "application/json");
    return response;
  };
  c.json = answer as unknown as typeof c.json;
  await next();
};
