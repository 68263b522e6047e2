import { AsyncLocalStorage } from "node:async_hooks";
import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import {
  createRequestGate,
  LISTEN_BACKLOG,
  PGLITE_MAIN_THREAD_REQUEST_CONCURRENCY,
  REQUEST_CONCURRENCY,
  REQUEST_QUEUE,
  requestConcurrency,
} from "@/server/request-gate";

// Issue 13, finding 10: under a flood, requests wait their turn at the door instead of inside the database, and one
// whose client gave up while waiting is never worked on.

function request() {
  const res = new EventEmitter() as unknown as ServerResponse;
  return { req: new EventEmitter() as unknown as IncomingMessage, res, close: () => res.emit("close") };
}

describe("the request gate", () => {
  it("works on a few requests at once and starts the others in arrival order as places free up", () => {
    const gate = createRequestGate({ limit: 2 });
    const started: number[] = [];
    const requests = Array.from({ length: 5 }, () => request());
    requests.forEach(({ req, res }, i) => gate.admit(req, res, () => started.push(i)));
    expect(started).toEqual([0, 1]);
    expect(gate.stats).toEqual({ running: 2, waiting: 3, dropped: 0, refused: 0 });
    requests[1].close();
    expect(started).toEqual([0, 1, 2]);
    requests[0].close();
    requests[2].close();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    requests[3].close();
    requests[4].close();
    expect(gate.stats).toEqual({ running: 0, waiting: 0, dropped: 0, refused: 0 });
  });

  it("never starts a request whose client left while it waited", () => {
    const gate = createRequestGate({ limit: 1 });
    const started: string[] = [];
    const [first, gone, kept] = [request(), request(), request()];
    gate.admit(first.req, first.res, () => started.push("first"));
    gate.admit(gone.req, gone.res, () => started.push("gone"));
    gate.admit(kept.req, kept.res, () => started.push("kept"));
    gone.close();
    first.close();
    expect(started).toEqual(["first", "kept"]);
    expect(gate.stats).toEqual({ running: 1, waiting: 0, dropped: 1, refused: 0 });
    kept.close();
    expect(gate.stats.running).toBe(0);
  });

  it("starts a waiting request in the context it arrived in, never in that of the request whose end let it in", () => {
    // A request's async-local stores (Next's request stores, who is signed in) must not be seen by the next one; and
    // a context holding the one before it chained every response of a keep-alive connection in memory (bench:soak).
    const requestStore = new AsyncLocalStorage<string>();
    const gate = createRequestGate({ limit: 1 });
    const seen: (string | undefined)[] = [];
    const [first, second, third] = [request(), request(), request()];
    gate.admit(first.req, first.res, () => seen.push(requestStore.getStore()));
    requestStore.run("arrival of the second", () => gate.admit(second.req, second.res, () => seen.push(requestStore.getStore())));
    gate.admit(third.req, third.res, () => seen.push(requestStore.getStore()));
    // Node emits a response's "close" in the context of the request it answered.
    requestStore.run("the first request's", () => first.close());
    requestStore.run("the second request's", () => second.close());
    expect(seen).toEqual([undefined, "arrival of the second", undefined]);
  });

  it("lets the requests it is told pass by at once, however full it is", () => {
    const gate = createRequestGate({ limit: 1, passes: (req) => req.url === "/api/v1/health" });
    const started: string[] = [];
    const [busy, waiting, health] = [request(), request(), request()];
    health.req.url = "/api/v1/health";
    gate.admit(busy.req, busy.res, () => started.push("busy"));
    gate.admit(waiting.req, waiting.res, () => started.push("waiting"));
    gate.admit(health.req, health.res, () => started.push("health"));
    expect(started).toEqual(["busy", "health"]);
    expect(gate.stats).toEqual({ running: 1, waiting: 1, dropped: 0, refused: 0 });
  });

  it("refuses at once what the full queue cannot hold, instead of keeping it through a flood", () => {
    const refused: number[] = [];
    const gate = createRequestGate({ limit: 1, queue: 2, refuse: (_req, res) => refused.push(requests.findIndex((r) => r.res === res)) });
    const started: number[] = [];
    const requests = Array.from({ length: 5 }, () => request());
    requests.forEach(({ req, res }, i) => gate.admit(req, res, () => started.push(i)));
    expect(started).toEqual([0]);
    expect(refused).toEqual([3, 4]);
    expect(gate.stats).toEqual({ running: 1, waiting: 2, dropped: 0, refused: 2 });
  });

  it("frees the place of an event stream once its head is written, so long answers do not shut others out", () => {
    const gate = createRequestGate({ limit: 1 });
    const started: string[] = [];
    const [stream, next] = [request(), request()];
    stream.res.writeHead = (() => stream.res) as unknown as ServerResponse["writeHead"];
    (stream.res as unknown as { getHeader: () => undefined }).getHeader = () => undefined;
    gate.admit(stream.req, stream.res, () => started.push("stream"));
    gate.admit(next.req, next.res, () => started.push("next"));
    expect(started).toEqual(["stream"]);
    stream.res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8" });
    expect(started).toEqual(["stream", "next"]);
    stream.close();
    expect(gate.stats).toEqual({ running: 1, waiting: 0, dropped: 0, refused: 0 });
  });
});

describe("the kernel's queue of connections", () => {
  it("holds about a second and a half of pages, not Node's 511 connections that clients who gave up leave behind", () => {
    // npm run bench:hangups measures it: after a flood of hang-ups, a new visitor waited 11.2 s with 511, 1.7 s with 64.
    expect(LISTEN_BACKLOG).toBe(64);
    expect(LISTEN_BACKLOG).toBeLessThanOrEqual(REQUEST_QUEUE);
  });
});

describe("requestConcurrency", () => {
  it("works on a few requests at once on PGlite and on PostgreSQL, or as configured", () => {
    expect(requestConcurrency("pglite", {})).toBe(REQUEST_CONCURRENCY);
    expect(requestConcurrency("postgres", {})).toBe(REQUEST_CONCURRENCY);
    expect(REQUEST_CONCURRENCY).toBe(8);
    // PGlite on the main thread stops the event loop for each query: fewer at once there.
    expect(requestConcurrency("pglite", { PGLITE_THREAD: "main" })).toBe(PGLITE_MAIN_THREAD_REQUEST_CONCURRENCY);
    expect(PGLITE_MAIN_THREAD_REQUEST_CONCURRENCY).toBeLessThan(REQUEST_CONCURRENCY);
    expect(requestConcurrency("pglite", { REQUEST_CONCURRENCY: "12" })).toBe(12);
    for (const wrong of ["0", "-3", "2.5", "many", ""]) expect(requestConcurrency("postgres", { REQUEST_CONCURRENCY: wrong })).toBe(REQUEST_CONCURRENCY);
  });
});
