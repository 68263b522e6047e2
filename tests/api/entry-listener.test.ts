import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as apiRoute from "@/app/api/v1/[...path]/route";
import { routeListener } from "@/server/api/node-listener";
import { entryListener, NOT_FOUND_TARGET, refuseBusy, upgradeListener } from "@/server/entry-listener";
import { LOGIN_RATE_LIMIT } from "@/lib/constants";
import { forgetRemembered } from "@/server/auth/sign-in-gate";
import { getDb } from "@/server/db/client";
import { attemptThrottles } from "@/server/db/schema";
import { DEMO_PASSWORD } from "./helpers";

// Issue 13 finding 6: the server entry (server/main.ts) settles what Next would answer with a 500 — a path with broken
// percent-encoding, an unsupported method on a page — and what the API cannot route. Next is stood in for by a
// handler that records the target it was given; /api/v1 is the real route handler.

const pageTargets: string[] = [];
const upgrades: string[] = [];
let server: http.Server;
let base: string;
let port: number;

beforeAll(async () => {
  const dispatch = entryListener({
    api: routeListener(apiRoute),
    pages: async (request, response) => {
      pageTargets.push(request.url ?? "");
      response.writeHead(request.url === NOT_FOUND_TARGET ? 404 : 200, { "content-type": "text/plain" }).end(`page ${request.url}`);
    },
    trustProxy: () => false,
  });
  server = http.createServer((request, response) => void dispatch(request, response));
  server.on(
    "upgrade",
    upgradeListener({
      realtime: (request, socket) => {
        upgrades.push(`${request.url} ${request.headers["x-maia-client-address"]}`);
        socket.end("HTTP/1.1 418 Teapot\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      },
      trustProxy: () => false,
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A raw HTTP exchange, for targets and methods fetch will not send. */
function raw(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(text));
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk));
    socket.on("end", () => resolve(answer));
    socket.on("close", () => resolve(answer));
    socket.on("error", reject);
  });
}

const request = (method: string, target: string, headers: Record<string, string> = {}) =>
  raw(`${method} ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join("")}\r\n`);
const statusOf = (answer: string) => Number(answer.slice(9, 12));
const bodyOf = (answer: string) => answer.slice(answer.indexOf("\r\n\r\n") + 4);
const headerOf = (answer: string, name: string) => new RegExp(`^${name}: (.*)$`, "im").exec(answer.slice(0, answer.indexOf("\r\n\r\n")))?.[1]?.trim();

describe("the server entry", () => {
  it.each(["/%ZZ", "/organization/%ZZ/alarms", "/organization/org-1/%E0%A4%A/alarms", "/%C0%AF", "/login/%", "/_next/static/%ZZ.js"])(
    "gives the page path %s, which no route can read, Next's not-found page",
    async (target) => {
      const answer = await request("GET", target);
      expect(statusOf(answer)).toBe(404);
      expect(pageTargets.at(-1)).toBe(NOT_FOUND_TARGET);
    },
  );

  it("leaves a well-formed page path and a malformed query to Next as they came", async () => {
    for (const target of ["/login?next=%ZZ", "/organization/org-1/alarms", "/organization/a%20b/alarms"]) {
      expect(statusOf(await request("GET", target))).toBe(200);
      expect(pageTargets.at(-1)).toBe(target);
    }
  });

  it.each(["/api/v1/%ZZ", "/api/v1/config/organization/%ZZ", "/api/%ZZ", "/api/v1/site/%E0%A4%A"])(
    "answers the API path %s with a JSON 400 in the caller's language, signed out",
    async (target) => {
      const answer = await request("GET", target, { "accept-language": "fr", "x-request-id": "pct-1" });
      expect(statusOf(answer)).toBe(400);
      expect(JSON.parse(bodyOf(answer))).toEqual({ error: "URL n’est pas valide", requestId: "pct-1" });
      expect(headerOf(answer, "cache-control")).toBe("no-store");
    },
  );

  it.each(["TRACE", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "PROPFIND"])("answers %s on a page with 405, never reaching Next", async (method) => {
    const before = pageTargets.length;
    const answer = await request(method, "/login", { "content-length": "0" });
    expect(statusOf(answer)).toBe(405);
    expect(headerOf(answer, "allow")).toBe("GET, HEAD");
    expect(bodyOf(answer)).toBe("This method is not allowed here.");
    expect(pageTargets.length).toBe(before);
  });

  it("lets Next's own endpoints and HEAD on a page through", async () => {
    expect(statusOf(await request("POST", "/_next/static/chunk.js", { "content-length": "0" }))).toBe(200);
    expect(statusOf(await request("HEAD", "/login"))).toBe(200);
    expect(pageTargets.at(-1)).toBe("/login");
  });

  it("answers the API with Cache-Control: no-store, whatever the outcome", async () => {
    const ok = await fetch(`${base}/api/v1/health`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("cache-control")).toBe("no-store");
    const missing = await fetch(`${base}/api/v1/nothing-here`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control")).toBe("no-store");
    const signedOut = await fetch(`${base}/api/v1/config/organization`);
    expect(signedOut.status).toBe(401);
    expect(signedOut.headers.get("cache-control")).toBe("no-store");
    const method = await request("TRACE", "/api/v1/health");
    expect(statusOf(method)).toBe(405);
    expect(headerOf(method, "cache-control")).toBe("no-store");
  });

  it("reads API bodies of undeclared length: none on a DELETE, a chunked one up to the limit", async () => {
    // Found by the route fuzz: hono's body limit copied the entry's request object, which threw (a 500).
    const deleted = await request("DELETE", "/api/v1/config/site/some-id", { "content-type": "application/json" });
    expect(statusOf(deleted)).toBe(401);
    const chunked = (body: string) =>
      fetch(`${base}/api/v1/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: new Blob([body]).stream(),
        duplex: "half",
      } as RequestInit);
    const signedIn = await chunked(JSON.stringify({ email: "admin@contoso.example", password: DEMO_PASSWORD }));
    expect(signedIn.status).toBe(200);
    const oversized = await chunked(JSON.stringify({ email: "x".repeat(1_100_000), password: "x" }));
    expect(oversized.status).toBe(413);
    expect((await oversized.json()).error).toBe("The request body is too large");
  });

  it("routes /ws upgrades with the stamped address, closes others, and survives a target no URL can hold", async () => {
    const upgrade = (target: string) => raw(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nX-Maia-Client-Address: 203.0.113.9\r\n\r\n`);
    expect(await upgrade("//[")).toBe("");
    expect(await upgrade("/other")).toBe("");
    expect(statusOf(await upgrade("/ws?x=1"))).toBe(418);
    expect(upgrades).toEqual(["/ws?x=1 127.0.0.1"]);
    expect((await fetch(`${base}/api/v1/health`)).status).toBe(200);
  });
});

describe("the request gate's refusal when its queue is full", () => {
  it("answers 503 with Retry-After in the caller's language: JSON with a request id for the API, text for pages", async () => {
    const server = http.createServer((request, response) => refuseBusy(request, response));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const api = await fetch(`${base}/api/v1/config/path`, { headers: { "accept-language": "fr", "x-request-id": "busy-1" } });
      expect(api.status).toBe(503);
      expect(api.headers.get("retry-after")).toBe("1");
      expect(await api.json()).toEqual({ error: "La console est occupée. Réessayez dans un instant.", requestId: "busy-1" });
      const page = await fetch(`${base}/organization/x/alarms`);
      expect(page.status).toBe(503);
      expect(await page.text()).toBe("The console is busy. Try again in a moment.");
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("a sign-in from an address over its limit", () => {
  afterAll(async () => {
    // 127.0.0.1 is every other test's address: its attempts are forgotten.
    await (await getDb()).delete(attemptThrottles);
    forgetRemembered();
  });

  it("is refused at the entry with 429 and its connection closed, so a flood pays a new connection per attempt", async () => {
    const attempt = (i: number) =>
      fetch(`${base}/api/v1/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: `flood-${i}@nowhere.example`, password: "guess" }),
      });
    for (let i = 0; i < LOGIN_RATE_LIMIT.maxPerAddress; i++) expect((await attempt(i)).status).toBe(401);
    const refused = await attempt(LOGIN_RATE_LIMIT.maxPerAddress);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("connection")).toBe("close");
    // On a kept-alive connection: the answer comes, then the server ends the connection (raw resolves on its close).
    const body = JSON.stringify({ email: "flood-raw@nowhere.example", password: "guess" });
    const answer = await raw(
      `POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 429 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
  });
});
