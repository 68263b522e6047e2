import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { compressResponse } from "@/server/compress-pages";

// What Next answers is gzipped by the server entry, a turn's pieces at a time (server/compress-pages.ts).

type Handler = (req: IncomingMessage, res: ServerResponse & { flush?: () => void }) => unknown;
let server: http.Server | undefined;

afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function serve(handler: Handler): Promise<number> {
  server = http.createServer((req, res) => {
    compressResponse(req, res);
    void handler(req, res);
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** When each piece arrived, in ms from the request. */
  arrivals: number[];
}

function get(port: number, { method = "GET", encoding = "gzip, deflate, br" }: { method?: string; encoding?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const begun = performance.now();
    const request = http.request({ host: "127.0.0.1", port, method, path: "/", headers: { "accept-encoding": encoding } }, (res) => {
      const chunks: Buffer[] = [];
      const arrivals: number[] = [];
      res.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        arrivals.push(performance.now() - begun);
      });
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks), arrivals }));
      res.on("error", reject);
    });
    request.on("error", reject);
    request.end();
  });
}

const piece = (i: number) => `<div data-piece="${i}">${"streamed markup ".repeat(8)}</div>`;
const html = (count: number) => Array.from({ length: count }, (_, i) => piece(i)).join("");

describe("gzipped pages", () => {
  it("gzips a page written in many small flushed pieces into a few frames, and the browser reads it whole", async () => {
    const port = await serve(async (_req, res) => {
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.setHeader("vary", "rsc");
      for (let i = 0; i < 200; i++) {
        res.write(piece(i));
        res.flush?.();
        if (i % 50 === 49) await Promise.resolve();
      }
      res.end();
    });
    const answer = await get(port);
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(answer.headers["content-length"]).toBeUndefined();
    expect(answer.headers.vary).toBe("rsc, Accept-Encoding");
    expect(gunzipSync(answer.body).toString()).toBe(html(200));
    // 200 pieces written (and flushed) within one turn reach the client as one burst, not 200 frames.
    expect(answer.arrivals.length).toBeLessThanOrEqual(3);
  });

  it("still streams: a burst written in a later turn reaches the browser before the page ends", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const holds = new Promise<void>((resolve) => (holding = resolve));
    const port = await serve(async (_req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.write(html(40));
      res.flush?.();
      holding();
      await held;
      res.end(piece(40));
    });
    const pending = get(port);
    await holds;
    const received: Buffer[] = [];
    // The first burst is readable on its own while the server still holds the rest.
    await new Promise<void>((resolve, reject) => {
      const request = http.request({ host: "127.0.0.1", port, path: "/", headers: { "accept-encoding": "gzip" } }, (res) => {
        res.once("data", (chunk: Buffer) => {
          received.push(chunk);
          resolve();
        });
      });
      request.on("error", reject);
      request.end();
    });
    expect(received[0].byteLength).toBeGreaterThan(0);
    release();
    const answer = await pending;
    expect(gunzipSync(answer.body).toString()).toBe(html(41));
  });

  it("keeps headers given to writeHead, repeated cookies included", async () => {
    const port = await serve((_req, res) => {
      res.writeHead(200, "OK", ["content-type", "text/html", "set-cookie", "a=1", "set-cookie", "b=2"]);
      res.end(html(30));
    });
    const answer = await get(port);
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(answer.headers["set-cookie"]).toEqual(["a=1", "b=2"]);
    expect(gunzipSync(answer.body).toString()).toBe(html(30));
  });

  it("leaves alone what is small, not text, already encoded, not modified, a range, a HEAD, or for a client without gzip", async () => {
    const cases: [string, Handler, { method?: string; encoding?: string }?][] = [
      ["small", (_req, res) => res.writeHead(200, { "content-type": "text/html", "content-length": "12" }).end("<p>short</p>")],
      ["small, no head", (_req, res) => res.end("<p>short</p>")],
      ["image", (_req, res) => res.writeHead(200, { "content-type": "image/png" }).end(Buffer.alloc(4096))],
      ["event stream", (_req, res) => res.writeHead(200, { "content-type": "text/event-stream" }).end(html(30))],
      ["encoded", (_req, res) => res.writeHead(200, { "content-type": "text/html", "content-encoding": "br" }).end(html(30))],
      ["no-transform", (_req, res) => res.writeHead(200, { "content-type": "text/html", "cache-control": "no-transform" }).end(html(30))],
      [
        "not modified",
        (_req, res) => {
          res.statusCode = 304;
          res.setHeader("content-type", "text/html");
          res.end();
        },
      ],
      ["a range", (_req, res) => res.writeHead(206, { "content-type": "application/javascript", "content-range": "bytes 0-1999/5000" }).end(html(30))],
      ["head", (_req, res) => res.writeHead(200, { "content-type": "text/html" }).end(), { method: "HEAD" }],
      ["identity", (_req, res) => res.writeHead(200, { "content-type": "text/html" }).end(html(30)), { encoding: "identity" }],
      ["gzip refused", (_req, res) => res.writeHead(200, { "content-type": "text/html" }).end(html(30)), { encoding: "gzip;q=0" }],
    ];
    for (const [name, handler, options] of cases) {
      const port = await serve(handler);
      const answer = await get(port, options);
      expect(answer.headers["content-encoding"] ?? "none", name).not.toBe("gzip");
      // A bodiless answer gets no length it did not give (a 304's would describe the whole representation).
      if (name === "not modified") expect(answer.headers["content-length"]).toBeUndefined();
      await new Promise<void>((resolve) => server!.close(() => resolve()));
      server = undefined;
    }
  });

  it("holds the writer back while the client reads slowly, and loses nothing of a large answer", async () => {
    const big = Array.from({ length: 4_000 }, (_, i) => `${i}:${Math.random().toString(36)}${"x".repeat(i % 97)}`).join("\n");
    let refusals = 0;
    const port = await serve(async (_req, res) => {
      res.writeHead(200, { "content-type": "application/javascript" });
      const bytes = Buffer.from(big);
      for (let offset = 0; offset < bytes.length; offset += 4096) {
        if (!res.write(bytes.subarray(offset, offset + 4096))) {
          refusals++;
          await new Promise((resolve) => res.once("drain", resolve));
        }
      }
      res.end();
    });
    const answer = await get(port);
    expect(gunzipSync(answer.body).toString()).toBe(big);
    expect(refusals).toBeGreaterThan(0);
  });
});
