import "server-only";
import type { IncomingMessage, OutgoingHttpHeader, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { constants, createGzip, type Gzip } from "node:zlib";
import { acceptsGzip, GZIP_MIN_BYTES, varyOnEncoding } from "@/server/core/accepts-gzip";

// What Next answers (pages, their RSC payloads, the build's scripts and styles) is gzipped here, not by Next's own
// compression (next.config.ts: compress: false). Next writes a page as React streams it, in many small pieces, and
// flushes the compressor after each one so the browser sees every piece at once: each piece then costs a trip to
// zlib's thread and back, a sync flush and a socket write. Measured with zlib alone, 87 KB in 1 KB pieces took
// 3.5 ms of the main thread against 0.3 ms in 16 KB pieces. Here the pieces written within one turn of the event loop
// go to the compressor together, and one flush follows them: the browser still gets each burst as it is rendered.

/** Text worth compressing: pages, RSC payloads (text/x-component), scripts, styles, JSON, SVG; never an event stream. */
const COMPRESSIBLE = /^(text\/(?!event-stream)|application\/(javascript|json|manifest\+json|xml)|image\/svg\+xml)/i;
/** Bytes waiting for the compressor past which the writer is asked to wait for "drain". */
const HIGH_WATER = 64 * 1024;

type Callback = (error?: Error | null) => void;
type WriteHeadArgs = [statusMessage?: string | OutgoingHttpHeaders | OutgoingHttpHeader[], headers?: OutgoingHttpHeaders | OutgoingHttpHeader[]];

/** Sets headers given to writeHead on the response itself, so they can be read and changed before they are sent. */
function adoptHeaders(res: ServerResponse, headers: OutgoingHttpHeaders | OutgoingHttpHeader[] | undefined) {
  if (!headers) return;
  if (!Array.isArray(headers)) {
    for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
    return;
  }
  // [[name, value], ...] or [name, value, name, value, ...]: repeated names (set-cookie) are kept, not replaced.
  const pairs = Array.isArray(headers[0]) ? (headers as unknown as [string, OutgoingHttpHeader][]) : [];
  if (pairs.length === 0) for (let i = 0; i + 1 < headers.length; i += 2) pairs.push([String(headers[i]), headers[i + 1]]);
  const seen = new Set<string>();
  for (const [name, value] of pairs) {
    const key = name.toLowerCase();
    if (seen.has(key)) res.appendHeader(name, value as string | string[]);
    else res.setHeader(name, value);
    seen.add(key);
  }
}

function shouldCompress(res: ServerResponse, statusCode: number): boolean {
  // A part of a file (206) keeps its byte range, which compression would break.
  if (statusCode < 200 || statusCode === 204 || statusCode === 206 || statusCode === 304 || res.hasHeader("content-range")) return false;
  if (!COMPRESSIBLE.test(String(res.getHeader("content-type") ?? ""))) return false;
  if (res.hasHeader("content-encoding") || /no-transform/i.test(String(res.getHeader("cache-control") ?? ""))) return false;
  const length = Number(res.getHeader("content-length"));
  return !(length < GZIP_MIN_BYTES);
}

function addVary(res: ServerResponse) {
  const vary = varyOnEncoding(res.getHeader("vary"));
  if (vary) res.setHeader("vary", vary);
}

const toBuffer = (chunk: unknown, encoding?: BufferEncoding): Buffer =>
  typeof chunk === "string" ? Buffer.from(chunk, encoding) : Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);

/**
 * Gzips this response for a client that accepts it when what it carries is compressible text of 1 KB or more.
 * Call before handing the request to Next. A HEAD request, or a client that does not take gzip, is left alone.
 */
export function compressResponse(req: IncomingMessage, res: ServerResponse): void {
  if (req.method === "HEAD" || !acceptsGzip(req.headers["accept-encoding"])) return;
  const rawWrite = res.write as (...args: unknown[]) => boolean;
  const rawEnd = res.end as (...args: unknown[]) => ServerResponse;
  const writeHead = res.writeHead as (...args: unknown[]) => ServerResponse;

  let gzip: Gzip | undefined;
  let decided = false;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let callbacks: Callback[] = [];
  let flushWanted = false;
  let scheduled: NodeJS.Immediate | undefined;
  let owesDrain = false;

  const start = () => {
    const stream = createGzip();
    stream.on("data", (data: Buffer) => {
      if (!rawWrite.call(res, data)) stream.pause();
    });
    res.on("drain", () => stream.resume());
    stream.on("end", () => rawEnd.call(res));
    stream.on("error", (error) => res.destroy(error));
    res.once("close", () => {
      if (scheduled) clearImmediate(scheduled);
      if (!res.writableFinished) stream.destroy();
    });
    return stream;
  };

  res.writeHead = function (this: ServerResponse, statusCode: number, ...args: WriteHeadArgs) {
    const [message, headers] = typeof args[0] === "string" ? [args[0], args[1]] : [undefined, args[0]];
    if (!decided) {
      decided = true;
      adoptHeaders(this, headers);
      if (COMPRESSIBLE.test(String(this.getHeader("content-type") ?? ""))) addVary(this);
      if (shouldCompress(this, statusCode)) {
        this.setHeader("content-encoding", "gzip");
        this.removeHeader("content-length");
        gzip = start();
      }
      return message === undefined ? writeHead.call(this, statusCode) : writeHead.call(this, statusCode, message);
    }
    return writeHead.call(this, statusCode, ...args);
  } as ServerResponse["writeHead"];

  // Everything written within one turn goes to the compressor at once, then one flush if the writer asked for one.
  const drainPending = () => {
    scheduled = undefined;
    if (!gzip || gzip.destroyed) return;
    const done = callbacks;
    if (pending.length > 0) gzip.write(pending.length === 1 ? pending[0] : Buffer.concat(pending, pendingBytes), (error) => done.forEach((cb) => cb(error)));
    [pending, pendingBytes, callbacks] = [[], 0, []];
    if (flushWanted) gzip.flush(constants.Z_SYNC_FLUSH);
    flushWanted = false;
    if (owesDrain) {
      owesDrain = false;
      if (gzip.writableNeedDrain) gzip.once("drain", () => res.emit("drain"));
      else process.nextTick(() => res.emit("drain"));
    }
  };
  const schedule = () => {
    scheduled ??= setImmediate(drainPending);
  };
  const headUp = () => {
    if (!res.headersSent) res.writeHead(res.statusCode);
  };

  res.write = function (chunk: unknown, encoding?: BufferEncoding | Callback, callback?: Callback) {
    headUp();
    const [enc, cb] = typeof encoding === "function" ? [undefined, encoding] : [encoding, callback];
    if (!gzip) return rawWrite.call(res, chunk, enc, cb);
    const buffer = toBuffer(chunk, enc);
    pending.push(buffer);
    pendingBytes += buffer.byteLength;
    if (cb) callbacks.push(cb);
    schedule();
    const ok = pendingBytes < HIGH_WATER && !gzip.writableNeedDrain;
    if (!ok) owesDrain = true;
    return ok;
  } as ServerResponse["write"];

  res.end = function (chunk?: unknown, encoding?: BufferEncoding | (() => void), callback?: () => void) {
    const [data, enc, cb] = typeof chunk === "function" ? [undefined, undefined, chunk as () => void] : typeof encoding === "function" ? [chunk, undefined, encoding] : [chunk, encoding, callback];
    // A whole answer given to end() before anything was written has a known length (Node would send it too).
    if (data !== undefined && data !== null && !res.headersSent && !res.hasHeader("content-length") && !res.hasHeader("transfer-encoding")) {
      res.setHeader("content-length", toBuffer(data, enc).byteLength);
    }
    headUp();
    if (!gzip) return rawEnd.call(res, data, enc, cb);
    if (data !== undefined && data !== null) {
      const buffer = toBuffer(data, enc);
      pending.push(buffer);
      pendingBytes += buffer.byteLength;
    }
    if (scheduled) clearImmediate(scheduled);
    flushWanted = false;
    drainPending();
    if (cb) res.once("finish", cb);
    gzip.end();
    return res;
  } as ServerResponse["end"];

  // Next flushes after every piece it writes; a flush waits for the rest of this turn's pieces.
  (res as ServerResponse & { flush?: () => void }).flush = () => {
    if (!gzip) return;
    flushWanted = true;
    schedule();
  };
}
