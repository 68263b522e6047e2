import "server-only";
import type { MiddlewareHandler } from "hono";
import { bodyLimitFor } from "@/lib/constants";
import type { ApiEnv } from "./context";
import { ApiError } from "./errors";

const tooLarge = () => new ApiError(413, "validation.bodyTooLarge");

/** The bytes of a body of unknown length, refused as soon as they pass the limit. */
async function readUpTo(body: ReadableStream<Uint8Array>, maxSize: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    size += chunk.value.byteLength;
    if (size > maxSize) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(chunk.value);
  }
  return Buffer.concat(chunks, size);
}

/**
 * The body limit of the call's path. A declared length is checked as it stands; a body of undeclared length (chunked,
 * or a DELETE sent with none) is read up to the limit and handed on as a new request of its bytes. That request is
 * made from the parts of the old one: the server entry's requests are Node adapter objects, which hono's own
 * bodyLimit cannot copy (new Request(request) threw, a 500 for every DELETE without Content-Length).
 */
export const limitBody: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const raw = c.req.raw;
  if (!raw.body) return next();
  const maxSize = bodyLimitFor(c.req.path);
  const declared = raw.headers.get("content-length");
  if (declared !== null && !raw.headers.has("transfer-encoding")) {
    if (Number(declared) > maxSize) throw tooLarge();
    return next();
  }
  const bytes = await readUpTo(raw.body, maxSize);
  c.req.raw = new Request(raw.url, { method: raw.method, headers: raw.headers, body: bytes.byteLength > 0 ? (bytes as Uint8Array<ArrayBuffer>) : null, signal: raw.signal });
  return next();
};
