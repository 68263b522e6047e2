import "server-only";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { acceptsGzip, GZIP_MIN_BYTES, varyOnEncoding } from "@/server/core/accepts-gzip";

const gzipAsync = promisify(gzip);

/**
 * Gzips a JSON answer of 1 KB or more for a client that accepts it, as Next did before the API left its router. JSON
 * bodies are whole strings already; streams (the assistant's answers) pass untouched so they keep flowing.
 */
export async function compressJson(acceptEncoding: string | null, response: Response): Promise<Response> {
  const json = response.headers.get("content-type")?.startsWith("application/json");
  if (!json || !response.body || response.headers.has("content-encoding") || !acceptsGzip(acceptEncoding)) return response;
  const headers = new Headers(response.headers);
  const vary = varyOnEncoding(headers.get("vary"));
  if (vary) headers.set("vary", vary);
  const body = Buffer.from(await response.arrayBuffer());
  const init = { status: response.status, statusText: response.statusText, headers };
  if (body.byteLength < GZIP_MIN_BYTES) return new Response(body, init);
  const compressed = await gzipAsync(body);
  headers.set("content-encoding", "gzip");
  headers.delete("content-length");
  return new Response(compressed, init);
}
