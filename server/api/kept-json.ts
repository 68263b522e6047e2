import "server-only";
import { gzipSync } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { acceptsGzip, GZIP_MIN_BYTES, varyOnEncoding } from "@/server/core/accepts-gzip";
import { isKeptAnswer } from "@/server/db/read-cache";
import type { ApiEnv } from "./context";

// A kept read (server/db/read-cache.ts) is one frozen object shared by every caller until a write drops it: its JSON
// text and UTF-8 bytes are made once and sent as they are, instead of serialised and encoded again for each answer
// (on the paths list, two fifths of the main thread's time per answer) — and gzipped once for the clients that take
// it, instead of again for each answer (server/api/compress-json.ts passes an answer already encoded as it is).

const bytesOfKept = new WeakMap<object, Uint8Array>();
const gzipOfKept = new WeakMap<object, Uint8Array>();

function once(store: WeakMap<object, Uint8Array>, value: object, make: () => Uint8Array): Uint8Array {
  let bytes = store.get(value);
  if (!bytes) store.set(value, (bytes = make()));
  return bytes;
}

const keptBytes = (value: object) => once(bytesOfKept, value, () => Buffer.from(JSON.stringify(value)));
const keptGzip = (value: object, bytes: Uint8Array) => once(gzipOfKept, value, () => gzipSync(bytes));

/** Hono's responders as this middleware calls them: the value or bytes, then the status or init and headers as given. */
type Responder<T> = (data: T, status?: unknown, headers?: unknown) => Response;

/** `c.json` answers a kept read's value from bytes made once for it; any other value as Hono does. */
export const keptJson: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const json = c.json as unknown as Responder<unknown>;
  const body = c.body as unknown as Responder<Uint8Array>;
  const answer: Responder<unknown> = (value, status, headers) => {
    if (!isKeptAnswer(value)) return json(value, status, headers);
    const bytes = keptBytes(value);
    const gzip = bytes.byteLength >= GZIP_MIN_BYTES && acceptsGzip(c.req.header("accept-encoding"));
    const response = body(gzip ? keptGzip(value, bytes) : bytes, status, headers);
    if (!response.headers.has("content-type")) response.headers.set("content-type", "application/json");
    const vary = varyOnEncoding(response.headers.get("vary"));
    if (vary) response.headers.set("vary", vary);
    if (gzip) response.headers.set("content-encoding", "gzip");
    return response;
  };
  c.json = answer as unknown as typeof c.json;
  await next();
};
