import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { captureLogs } from "../fixtures/log-capture";
import { sessionCache } from "@/server/auth/session-cache";
import { openDatabase, queryRows, type DatabaseHandle } from "@/server/db/client";
import { keptReads } from "@/server/db/read-cache";
import { LocalBus, type RealtimeMessage } from "@/server/realtime/bus";
import { startRenderThreads, type RenderThreads } from "@/server/render-threads/pool";
import { metrics, metricsText } from "@/server/core/metrics";

// The main thread's side of the render threads (server/render-threads/pool.ts), with stand-in threads that speak
// their protocol without Next (tests/fixtures/render-thread.mjs), on a real PGlite thread: pages forwarded and
// answered, the changes each thread makes told to the others before a request or an answer that follows them.

const ENTRY = path.resolve("tests/fixtures/render-thread.mjs");
let dir: string;
let database: DatabaseHandle;
let bus: LocalBus;
let threads: RenderThreads;
let base: string;
let server: http.Server;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "maia-render-threads-"));
  database = await openDatabase({ dataDir: dir });
  await database.db.execute(sql`create table marks (id serial primary key, note text)`);
  bus = new LocalBus();
  threads = await startRenderThreads({ count: 2, database, bus, entry: ENTRY });
  server = http.createServer((req, res) => void threads.forward(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server?.close();
  await threads?.close();
  await database?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = async (target: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${base}${target}`, { headers });
  return { response, body: await response.json() };
};

describe("render threads", () => {
  it("forward a request with its headers and pass the answer on, without either hop's own headers", async () => {
    const { response, body } = await get("/hello?x=1", { "x-custom": "yes", "x-maia-changes": "999" });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-kept")).toBe("yes");
    expect(response.headers.get("x-maia-changes")).toBeNull();
    expect(response.headers.get("keep-alive")).not.toBe("timeout=99");
    expect(body.headers["x-custom"]).toBe("yes");
    // The count is the main thread's, never the client's.
    expect(body.wanted).toBeLessThan(999);
    expect(body.headers.connection).not.toBe("close");
  });

  it("give a request to the thread with the fewest in flight", async () => {
    const answers = await Promise.all([get("/slow?ms=300"), get("/slow?ms=300")]);
    expect(answers.map(({ body }) => body.thread).sort()).toEqual([0, 1]);
  });

  it("tell every thread what a write on the main thread changed, before the next request it is given", async () => {
    await database.db.execute(sql`insert into marks (note) values ('main')`);
    sessionCache().forget("token-hash");
    // A table the schema does not know changes "everything" for the kept reads.
    const told = await Promise.all([get("/told"), get("/told")]);
    expect(told.map(({ body }) => body.thread).sort()).toEqual([0, 1]);
    for (const { body } of told) expect(body.received).toEqual(expect.arrayContaining([{ tables: "everything" }, { session: { tokenHash: "token-hash" } }]));
  });

  it("hold a thread's answer until its changes are applied here, and pass them to the other thread only", async () => {
    const reads = keptReads(database.db)!;
    let computed = 0;
    const read = () =>
      reads.read("names", async () => {
        computed += 1;
        return queryRows(database.db, sql`select "name" from "sites"`).catch(() => []);
      });
    await database.db.execute(sql`create table sites (id serial primary key, name text)`);
    await read();
    await read();
    expect(computed).toBe(1);
    const started = performance.now();
    const { body } = await get("/change");
    // The batch left the thread 150 ms after the answer's head.
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    await read();
    expect(computed).toBe(2);
    const told = await Promise.all([get("/told"), get("/told")]);
    const received = (thread: number) => told.find(({ body: answer }) => answer.thread === thread)!.body.received;
    expect(received(1 - body.thread)).toContainEqual({ session: { userId: "u1" } });
    expect(received(1 - body.thread)).toContainEqual({ tables: [["sites", ["name"]]] });
    // A thread is not told its own change back.
    expect(received(body.thread)).not.toContainEqual({ session: { userId: "u1" } });
  });

  it("publish a thread's news on the process's bus, and give every thread the bus's news", async () => {
    const heard: RealtimeMessage[] = [];
    const stop = bus.subscribe((message) => heard.push(message));
    await fetch(`${base}/publish`);
    // The thread's message reaches the main thread on its own, after the answer.
    await expect.poll(() => heard.map((message) => message.organization)).toEqual([{ id: "o1", parentId: null }]);
    stop();
    const { body } = await get("/told");
    expect(body.received).toContainEqual({ news: heard[0] });
  });

  it("start another thread when one stops, and answer meanwhile with the others", async () => {
    const logs = captureLogs();
    onTestFinished(logs.restore);
    const { body } = await get("/exit");
    // The pool says so once it has let the thread go.
    await vi.waitFor(() => expect(logs.lines).toContainEqual(expect.objectContaining({ level: "error", area: "render-threads", msg: "a render thread stopped: starting another", exitCode: 3 })));
    const meanwhile = await get("/hello");
    expect(meanwhile.response.status).toBe(200);
    expect(meanwhile.body.thread).toBe(1 - body.thread);
    await expect.poll(async () => (await Promise.all([get("/slow?ms=100"), get("/slow?ms=100")])).map(({ body: b }) => b.thread).sort(), { timeout: 20_000 }).toEqual([0, 1]);
  });

  it("add each thread's metrics to the main thread's when /metrics is scraped", async () => {
    const series = 'maia_telemetry_samples_total{result="accepted"}';
    const own = Number(/^maia_telemetry_samples_total\{result="accepted"\} (\d+)$/m.exec(await metrics.registry.metrics())?.[1] ?? 0);
    // Each stand-in thread reports 5 samples of its own (the one stopped by the test above is started again).
    await expect.poll(() => metricsText(), { timeout: 20_000 }).toContain(`${series} ${own + 5 * threads.count}`);
    expect(await metricsText()).toContain("# TYPE maia_http_requests_total counter");
  });

  it("keep the threads' sockets in a directory no other user can enter", async () => {
    const { body } = await get("/hello");
    const directory = path.dirname(body.socketPath as string);
    expect(fs.statSync(directory).mode & 0o777).toBe(0o700);
  });

  it("let a thread query the process's PGlite thread, and roll back what it left open when it stops", async () => {
    const { body } = await get(`/query?sql=${encodeURIComponent("select count(*)::int as n from marks")}`);
    expect(body.result.rows).toEqual([{ n: 1 }]);
    await get("/begin");
    const { body: hello } = await get("/hello");
    await threads.close();
    expect(fs.existsSync(path.dirname(hello.socketPath as string))).toBe(false);
    const rows = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from marks`);
    expect(rows).toEqual([{ n: 1 }]);
  });
});
