import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forward } from "@/server/api/forward";
import { signIn } from "./helpers";

// The /api/v1 route handler: request ids, language, identity, timeout and the error format.
let upstream: http.Server;
let upstreamUrl: string;
const received: http.IncomingHttpHeaders[] = [];

beforeAll(async () => {
  upstream = http.createServer((request, response) => {
    received.push(request.headers);
    if (request.url?.startsWith("/api/v1/slow")) return; // never answers
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ path: request.url }));
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});

afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

describe("forwarding /api/v1", () => {
  it("calls the in-process API, keeping the caller's request id", async () => {
    const cookie = await signIn("admin@contoso.example");
    const response = await forward(
      new Request("http://localhost/api/v1/config/user", { headers: { cookie, "x-request-id": "ticket-42", host: "localhost" } }),
      { timeoutMs: 15_000 },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toBe("ticket-42");
    expect((await response.json()).userEmail).toBe("admin@contoso.example");
  });

  it("makes a request id when the caller sent none (or a hostile one)", async () => {
    for (const headers of [{}, { "x-request-id": "<script>" }] as Record<string, string>[]) {
      const response = await forward(new Request("http://localhost/api/v1/nothing", { headers }), { timeoutMs: 15_000 });
      expect(response.status).toBe(404);
      const id = response.headers.get("x-request-id");
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(await response.json()).toEqual({ error: "Not found", requestId: id });
    }
  });

  it("passes the request id, language and identity to an upstream API", async () => {
    const response = await forward(
      new Request("http://localhost/api/v1/config/user?x=1", {
        headers: { cookie: "maia_session=abc", "accept-language": "fr", "x-request-id": "up-1" },
      }),
      { upstream: upstreamUrl, timeoutMs: 15_000 },
    );
    expect(await response.json()).toEqual({ path: "/api/v1/config/user?x=1" });
    const headers = received.at(-1)!;
    expect(headers["x-request-id"]).toBe("up-1");
    expect(headers["accept-language"]).toBe("fr");
    expect(headers.cookie).toBe("maia_session=abc");
  });

  it("times out with the error format, in the caller's language", async () => {
    const response = await forward(
      new Request("http://localhost/api/v1/slow", { headers: { "accept-language": "fr", "x-request-id": "slow-1" } }),
      { upstream: upstreamUrl, timeoutMs: 300 },
    );
    expect(response.status).toBe(504);
    expect(await response.json()).toEqual({ error: "Le serveur a mis trop de temps à répondre.", requestId: "slow-1" });
  });

  it("answers 502 without a stack trace when the upstream is down", async () => {
    const response = await forward(new Request("http://localhost/api/v1/config/user"), { upstream: "http://127.0.0.1:1", timeoutMs: 5_000 });
    expect(response.status).toBe(502);
    const body = await response.json();
    expect(body.error).toBe("Something went wrong on our side.");
    expect(JSON.stringify(body)).not.toMatch(/ECONNREFUSED|at /);
  });

  it("refuses a declared oversize body before reading it", async () => {
    const response = await forward(
      new Request("http://localhost/api/v1/config/user", { method: "PATCH", headers: { "content-length": String(5 * 1024 * 1024) } }),
      { timeoutMs: 15_000 },
    );
    expect(response.status).toBe(413);
  });
});
