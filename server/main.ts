import "server-only";
import http from "node:http";
import type { Duplex } from "node:stream";
import next from "next";
// eslint-disable-next-line architecture/zones -- the entry serves /api/v1 with the route handler itself, Next's router skipped
import * as apiRoute from "@/app/api/v1/[...path]/route";
import { routeListener } from "@/server/api/node-listener";
import { serverOrigin } from "@/server/core/public-origin";
import { createRequestGate, LISTEN_BACKLOG, requestConcurrency } from "@/server/request-gate";
import { startBackgroundServices } from "@/server/background";
import { compressResponse } from "@/server/compress-pages";
import { entryListener, refuseBusy, upgradeListener } from "@/server/entry-listener";
import { DEFAULT_DEMO_PASSWORD, seedDemo, seedFirstAdmin, DEMO_ORGANIZATIONS } from "@/server/seed";
import { databaseFromEnvironment, migrateDatabase, openDatabase, setDatabase, withAdvisoryLock, getDb } from "@/server/db/client";
import { backfillConnectorHoming } from "@/server/paths/homing";
import { LocalBus, PostgresBus, setBus } from "@/server/realtime/bus";
import { RealtimeHub } from "@/server/realtime/hub";
import { renderThreadCount, startRenderThreads } from "@/server/render-threads/pool";
import { logger } from "@/server/core/log";
import { prettyLogsForDevelopment } from "@/server/core/log-pretty";
import { collectProcessMetrics, watchDoor, watchLifecycleOperations, watchRealtimeClients } from "@/server/core/metrics";
import { countOperationsByStatus } from "@/server/lifecycle/service";
import { observeRequest } from "@/server/metrics-endpoint";

process.env.NEXT_TELEMETRY_DISABLED ??= "1";

// The one console process: Next.js pages (rendered on render threads in production: server/render-threads), the /api/v1
// route handler (called here directly), plus the /ws websocket server.
const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOSTNAME_BIND ?? "0.0.0.0";
const publicHost = process.env.PUBLIC_HOST ?? "localhost";
const startedAt = performance.now();
const SEED_LOCK = 7_346_222;
const log = logger("server");

async function prepareDatabase() {
  const handle = await openDatabase(databaseFromEnvironment());
  await migrateDatabase(handle);
  const seeded = await withAdvisoryLock(handle, SEED_LOCK, async () => {
    // Once after migration 0020: the connectors of an existing database get today's derived homing stored.
    await backfillConnectorHoming(handle.db);
    if (process.env.SEED_DEMO === "off") {
      const email = process.env.ADMIN_EMAIL;
      const password = process.env.ADMIN_PASSWORD;
      if (email && password) return seedFirstAdmin(handle.db, email, password);
      return false;
    }
    return seedDemo(handle.db, process.env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD);
  });
  setDatabase(handle);
  return { handle, seeded };
}

function banner(seeded: boolean, location: string, simulator: boolean, renderThreads: number) {
  const url = serverOrigin();
  log.info(
    { url, mode: dev ? "development" : "production", renderThreads, ms: Math.round(performance.now() - startedAt), database: location, seeded, simulator },
    `Maia Console ready on ${url}`,
  );
  if (!simulator) log.info("network simulator off");
  if (process.env.SEED_DEMO !== "off") {
    const users = Object.fromEntries(DEMO_ORGANIZATIONS.map((org) => [org.name, org.users.map((u) => u.email).join(", ")]));
    log.info({ password: process.env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD, users }, "demo users, one password for all");
  } else if (process.env.ADMIN_EMAIL) {
    log.info({ email: process.env.ADMIN_EMAIL }, "operator admin");
  }
}

const HEALTH_PATH = "/api/v1/health";
// Sign-ins wait on password hashing off the thread, and have a bound of their own (server/auth/credentials.ts): a
// place in the gate held through a hash would idle the thread while others wait.
const SIGN_IN_PATH = "/api/v1/auth/login";
const STATIC_PREFIX = "/_next/static/";

type Listener = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;
type UpgradeHandler = (req: http.IncomingMessage, socket: Duplex, head: Buffer) => void;

/** Next on this thread (development, or no render thread): its request handler, and its upgrades in development. */
async function pagesHere(server: http.Server): Promise<{ handle: Listener; upgrade?: UpgradeHandler; close(): Promise<void> }> {
  const app = next({ dev, dir: process.cwd(), hostname: publicHost, port, httpServer: server });
  await app.prepare();
  // Next attaches its own upgrade listener lazily on the first request and then claims every upgrade.
  // Mark that done and route upgrades ourselves: /ws to our hub, the rest (dev reload) to Next.
  const custom = app as unknown as { didWebSocketSetup: boolean; upgradeHandler: UpgradeHandler };
  custom.didWebSocketSetup = true;
  const handleRequest = app.getRequestHandler();
  return { handle: (req, res) => handleRequest(req, res), upgrade: dev ? custom.upgradeHandler : undefined, close: async () => app.close?.() };
}

async function main() {
  const { handle, seeded } = await prepareDatabase();
  const server = http.createServer();
  // The bus every service publishes on: in-process for PGlite, LISTEN/NOTIFY across processes on PostgreSQL.
  const bus = handle.kind === "postgres" && handle.pool ? new PostgresBus(handle.pool, process.env.DATABASE_URL ?? "") : new LocalBus();
  setBus(bus);
  const renderThreads = dev ? 0 : renderThreadCount(handle);
  const pages =
    renderThreads > 0
      ? await startRenderThreads({ count: renderThreads, database: handle, databaseUrl: process.env.DATABASE_URL, bus }).then((threads) => ({
          handle: threads.forward,
          upgrade: undefined,
          close: () => threads.close(),
        }))
      : await pagesHere(server);
  const handleApi = routeListener(apiRoute);
  const hub = new RealtimeHub(getDb);
  (globalThis as { __maiaRealtime?: RealtimeHub }).__maiaRealtime = hub;
  bus.subscribe((message) => hub.deliver(message));

  const trustProxy = () => process.env.TRUST_PROXY === "1";
  // Nothing in front of the route handler but this: Next's router, adapters and compression cost ten times its work.
  const handlePages = (req: http.IncomingMessage, res: http.ServerResponse) => {
    compressResponse(req, res);
    return pages.handle(req, res);
  };
  const dispatch = entryListener({ api: handleApi, pages: handlePages, trustProxy });
  // The health check answers even when every place is taken; sign-ins have their own bound; the build's static files
  // cost a file read, and a page's twenty scripts must not wait behind other people's renders.
  const gate = createRequestGate({
    limit: requestConcurrency(handle.kind),
    passes: (req) =>
      req.url === HEALTH_PATH || (req.method === "POST" && req.url === SIGN_IN_PATH) || (req.method === "GET" && req.url?.startsWith(STATIC_PREFIX) === true),
    refuse: refuseBusy,
  });
  watchDoor(gate.stats);
  watchRealtimeClients(() => hub.size);
  watchLifecycleOperations(async () => countOperationsByStatus(await getDb()));
  collectProcessMetrics();
  server.on("request", (req, res) => {
    const handle = () =>
      void dispatch(req, res).catch((error: unknown) => {
        log.error({ err: error }, "request failed");
        if (!res.headersSent) res.writeHead(500).end();
      });
    observeRequest(req, res, () => gate.admit(req, res, handle));
  });

  server.on(
    "upgrade",
    upgradeListener({
      realtime: (req, socket, head) => void hub.handleUpgrade(req, socket, head),
      other: pages.upgrade,
      trustProxy,
    }),
  );

  await new Promise<void>((resolve) => server.listen({ port, host: hostname, backlog: LISTEN_BACKLOG }, resolve));
  const background = startBackgroundServices(handle.db);
  banner(seeded, handle.location, background.simulator, renderThreads);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "finishing requests and closing the database");
    const force = setTimeout(() => {
      log.error("shutdown took too long: exiting");
      process.exit(1);
    }, 10_000);
    force.unref();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    await background.stop();
    await hub.close();
    await closed;
    await pages.close();
    await bus.close();
    await handle.close();
    log.info("stopped cleanly");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

const ready = dev ? prettyLogsForDevelopment() : Promise.resolve();
ready.then(main).catch((error) => {
  log.fatal({ err: error }, "Maia Console failed to start");
  process.exit(1);
});
