import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as apiRoute from "@/app/api/v1/[...path]/route";
import { stampClientAddress } from "@/server/core/client-address";
import { isApiTarget, routeListener, type RouteModule } from "@/server/api/node-listener";
import { DEMO_PASSWORD } from "./helpers";

// The server entry's dispatch of /api/v1 (server/main.ts): node:http straight to the route handler's methods.

function serve(route: RouteModule) {
  const handle = routeListener(route);
  const server = http.createServer((request, response) => {
    stampClientAddress(request, false);
    void handle(request, response);
  });
  return new Promise<{ server: http.Server; base: string }>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })),
  );
}

async function close(server: http.Server) {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

/** Resolves the next time the test lets it go. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

// A stream that sends its first chunk, then waits for the test before it ends; records its request's abort.
const release = gate();
const aborted = gate();
const cancelled = gate();
const encoder = new TextEncoder();
const testRoute: RouteModule = {
  async GET(request) {
    const url = new URL(request.url);
    if (url.pathname === "/api/v1/throws") throw new Error("a bug in the handler");
    if (url.pathname === "/api/v1/echo") {
      return Response.json({ address: request.headers.get("x-maia-client-address"), method: request.method });
    }
    request.signal.addEventListener("abort", () => aborted.open());
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode("data: first\n\n"));
        if (url.pathname === "/api/v1/stream") {
          await release.opened;
          controller.enqueue(encoder.encode("data: last\n\n"));
          controller.close();
        }
      },
      cancel: () => cancelled.open(),
    });
    return new Response(body, { headers: { "content-type": "text/event-stream" } });
  },
  async POST(request) {
    return Response.json({ received: await request.json() });
  },
};

let real: { server: http.Server; base: string };
let test: { server: http.Server; base: string };

beforeAll(async () => {
  [real, test] = await Promise.all([serve(apiRoute), serve(testRoute)]);
});

afterAll(async () => {
  await Promise.all([close(real.server), close(test.server)]);
});

describe("the server entry's /api/v1 dispatch", () => {
  it("takes only API targets from Next (a trailing slash stays Next's redirect)", () => {
    expect(["/api/v1/health", "/api/v1/config/path?limit=50", "/api/v1/x?next=/a/"].map(isApiTarget)).toEqual([true, true, true]);
    expect(["/api/v1", "/api/v1/", "/api/v1/health/", "/api/v1/health/?a=1", "/api/v10/x", "/login", undefined].map(isApiTarget)).toEqual(
      Array(7).fill(false),
    );
  });

  it("answers with the route handler, keeping the caller's request id", async () => {
    const response = await fetch(`${real.base}/api/v1/health`, { headers: { "x-request-id": "ticket-7" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toBe("ticket-7");
    expect(await response.json()).toMatchObject({ status: "ok" });
    const missing = await fetch(`${real.base}/api/v1/nothing`, { headers: { "accept-language": "fr" } });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "Introuvable", requestId: missing.headers.get("x-request-id") });
  });

  it("reads request bodies: a sign-in through the entry sets the session cookie", async () => {
    const base = real.base;
    const response = await fetch(`${base}/api/v1/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ email: "admin@contoso.example", password: DEMO_PASSWORD }),
    });
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("maia_session="))!.split(";")[0];
    const user = await fetch(`${base}/api/v1/config/user`, { headers: { cookie } });
    expect((await user.json()).userEmail).toBe("admin@contoso.example");
  });

  it("answers HEAD with GET's status and headers and no body", async () => {
    const response = await fetch(`${real.base}/api/v1/health`, { method: "HEAD", headers: { "x-request-id": "head-1" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toBe("head-1");
    expect(await response.text()).toBe("");
  });

  it.each(["OPTIONS", "TRACE"])("answers %s, which the route does not export, with a JSON 405 in the caller's language", async (method) => {
    // fetch refuses TRACE: node:http sends it.
    const response = await new Promise<{ status?: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const request = http.request(`${real.base}/api/v1/health`, { method, headers: { "accept-language": "fr", "x-request-id": "m-1" } }, (answer) => {
        let body = "";
        answer.on("data", (chunk) => (body += chunk));
        answer.on("end", () => resolve({ status: answer.statusCode, headers: answer.headers, body }));
      });
      request.on("error", reject);
      request.end();
    });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE");
    expect(response.headers["x-request-id"]).toBe("m-1");
    expect(JSON.parse(response.body)).toEqual({ error: "Cette méthode n’est pas autorisée ici.", requestId: "m-1" });
  });

  it("streams: the first bytes arrive before the answer ends", async () => {
    const response = await fetch(`${test.base}/api/v1/stream`);
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    expect(decoder.decode((await reader.read()).value)).toBe("data: first\n\n");
    release.open();
    let rest = "";
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += decoder.decode(chunk.value);
    expect(rest).toBe("data: last\n\n");
  });

  it("aborts the request's signal and cancels the answer when the client leaves mid-answer", async () => {
    const controller = new AbortController();
    const response = await fetch(`${test.base}/api/v1/endless`, { signal: controller.signal });
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("data: first\n\n");
    controller.abort();
    await Promise.all([aborted.opened, cancelled.opened]);
    // The server goes on answering.
    expect((await fetch(`${test.base}/api/v1/echo`)).status).toBe(200);
  });

  it("passes the request body to the handler", async () => {
    const response = await fetch(`${test.base}/api/v1/echo`, { method: "POST", body: JSON.stringify({ a: [1, "é"] }) });
    expect(await response.json()).toEqual({ received: { a: [1, "é"] } });
  });

  it("gives the handler only the address the entry stamped, never one the client sent", async () => {
    const response = await fetch(`${test.base}/api/v1/echo`, { headers: { "x-maia-client-address": "198.51.100.66" } });
    expect(await response.json()).toEqual({ address: "127.0.0.1", method: "GET" });
  });

  it("behind a trusted proxy, takes the address that proxy appended, not one the client put before it", () => {
    const stamped = (forwarded: string, trustProxy: boolean) => {
      const request = { headers: { "x-forwarded-for": forwarded }, rawHeaders: ["X-Forwarded-For", forwarded], socket: { remoteAddress: "10.0.0.9" } };
      stampClientAddress(request as unknown as http.IncomingMessage, trustProxy);
      return request.headers["x-maia-client-address" as "x-forwarded-for"];
    };
    expect(stamped("203.0.113.7", true)).toBe("203.0.113.7");
    expect(stamped("1.2.3.4, 203.0.113.7", true)).toBe("203.0.113.7");
    expect(stamped("1.2.3.4, 203.0.113.7", false)).toBe("10.0.0.9");
  });

  it("answers a handler's failure as JSON with a request id, not a bare 500 page", async () => {
    const response = await fetch(`${test.base}/api/v1/throws`, { headers: { "x-request-id": "bug-1" } });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: "Something went wrong on our side.", requestId: "bug-1" });
  });

  it("answers a request no URL can hold with a JSON 400", async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(new URL(test.base).port), "127.0.0.1", () => {
        socket.write("GET /api/v1/echo HTTP/1.1\r\nHost: a b\r\nAccept-Language: fr\r\nX-Request-Id: bad-host\r\nConnection: close\r\n\r\n");
      });
      let text = "";
      socket.on("data", (chunk) => (text += chunk));
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(raw.slice(raw.indexOf("\r\n\r\n") + 4))).toEqual({ error: "URL n’est pas valide", requestId: "bad-host" });
  });
});

describe("the entry's compression of JSON", () => {
  function get(path: string, headers: Record<string, string>) {
    return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const request = http.request(`${real.base}/api/v1${path}`, { headers }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => resolve({ headers: answer.headers, body: Buffer.concat(chunks) }));
      });
      request.on("error", reject);
      request.end();
    });
  }

  it("gzips a JSON answer of 1 KB or more for a client that accepts it, and only then", async () => {
    const headers = { "accept-encoding": "br, gzip;q=0.8" };
    const document = await get("/openapi.json", headers);
    expect(document.headers["content-encoding"]).toBe("gzip");
    expect(document.headers.vary).toContain("Accept-Encoding");
    expect(JSON.parse(gunzipSync(document.body).toString()).openapi).toBe("3.1.0");
    const plain = await get("/openapi.json", {});
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toEqual(JSON.parse(gunzipSync(document.body).toString()));
    expect((await get("/openapi.json", { "accept-encoding": "gzip;q=0, br" })).headers["content-encoding"]).toBeUndefined();
    const small = await get("/health", headers);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toEqual({ status: "ok" });
  });
});
