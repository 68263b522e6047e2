import "server-only";
import { logger } from "@/server/core/log";
import fs from "node:fs";
import http from "node:http";
import { parentPort, workerData } from "node:worker_threads";
import next from "next";
import { REQUEST_ID_HEADER } from "@/lib/constants";
import { beforeHead } from "@/server/core/before-head";
import { metrics } from "@/server/core/metrics";
import { inRequestScope } from "@/server/core/request-scope";
import { routeLabel } from "@/server/core/route-label";
import { openDatabase, setDatabase } from "@/server/db/client";
import { setBus } from "@/server/realtime/bus";
import { applyChange, ChangeLink, CHANGES_HEADER, watchLocalChanges } from "./coherence";
import type { FromRenderThread, RenderThreadData, ToRenderThread } from "./messages";
import { RelayBus } from "./relay-bus";

const log = logger("render-threads");

// A render thread (server/render-threads/pool.ts starts them): Next's pages rendered beside the main thread, which
// keeps the sockets, the API, /ws and the background services. It serves the main thread alone, on a Unix socket;
// its database is the process's (a port to the PGlite thread, or PostgreSQL), and what it keeps in memory is kept
// true by the changes the threads exchange (./coherence.ts).

process.env.NEXT_TELEMETRY_DISABLED ??= "1";
const data = workerData as RenderThreadData;
const port = parentPort!;
const tell = (message: FromRenderThread) => port.postMessage(message);

async function main() {
  const handle = await openDatabase(data.pglitePort ? { pglitePort: data.pglitePort } : { databaseUrl: data.databaseUrl });
  setDatabase(handle);
  const bus = new RelayBus((message) => tell({ type: "publish", message }));
  setBus(bus);
  const link = new ChangeLink((changes) => tell({ type: "changes", changes }));
  watchLocalChanges(handle.db, (change) => link.add(change));

  const app = next({ dev: false, dir: process.cwd(), hostname: process.env.PUBLIC_HOST ?? "localhost", port: Number(process.env.PORT ?? 3000) });
  await app.prepare();
  const handleRequest = app.getRequestHandler();

  const server = http.createServer((req, res) => {
    const wanted = Number(req.headers[CHANGES_HEADER]);
    delete req.headers[CHANGES_HEADER];
    // The answer's head says how many batches of this thread's changes were sent before it: the main thread applies
    // them before passing it on (a sign-out's ended session, a session's touch).
    beforeHead(res, (response) => response.setHeader(CHANGES_HEADER, String(link.flush())));
    // The main thread gave the request its id (server/metrics-endpoint.ts): this thread's lines carry it too.
    const scope = { requestId: String(req.headers[REQUEST_ID_HEADER] ?? ""), route: routeLabel(req.url ?? "/") };
    const render = () =>
      inRequestScope(scope, () =>
        void handleRequest(req, res).catch((error: unknown) => {
          log.error({ err: error }, "request failed");
          if (!res.headersSent) res.writeHead(500).end();
        }),
      );
    const behind = link.caughtUp(wanted);
    if (behind) void behind.then(render);
    else render();
  });

  // The main thread keeps its connections to this socket open between requests: were this side to close an idle one
  // (Node's default after 5 s), a request sent on it at that moment would fail ("socket hang up").
  server.keepAliveTimeout = 0;
  server.requestTimeout = 0;

  let stopping = false;
  port.on("message", (message: ToRenderThread) => {
    if (message.type === "changes") link.received(message.changes, (change) => applyChange(handle.db, change, (news) => bus.deliver(news)));
    else if (message.type === "metrics") void metrics.registry.getMetricsAsJSON().then((json) => tell({ type: "metrics", id: message.id, metrics: json }));
    else if (message.type === "stop" && !stopping) {
      stopping = true;
      server.close(() => void app.close?.().finally(() => handle.close().finally(() => process.exit(0))));
      server.closeIdleConnections();
    }
  });

  fs.rmSync(data.socketPath, { force: true });
  await new Promise<void>((resolve) => server.listen(data.socketPath, resolve));
  tell({ type: "ready" });
}

main().catch((error: unknown) => tell({ type: "failed", message: error instanceof Error ? error.message : String(error) }));
