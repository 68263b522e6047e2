// A console process for the multi-process tests: the control-plane API and /ws on one PostgreSQL database, with the
// LISTEN/NOTIFY bus — what server/main.ts runs (the route handler served by its /api/v1 dispatch), without Next's pages. Prints {"port": N} once it listens.
import http from "node:http";
import type { AddressInfo } from "node:net";
import * as apiRoute from "@/app/api/v1/[...path]/route";
import { stampClientAddress } from "@/server/core/client-address";
import { routeListener } from "@/server/api/node-listener";
import { getDb, openDatabase, setDatabase } from "@/server/db/client";
import { PostgresBus, setBus } from "@/server/realtime/bus";
import { RealtimeHub } from "@/server/realtime/hub";
import { setLogDestination } from "@/server/core/log";

// Its stdout's first line is the port it listens on: the server's log goes to stderr.
setLogDestination(process.stderr);

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error("DATABASE_URL is required");
  const handle = await openDatabase({ databaseUrl });
  setDatabase(handle);
  const bus = new PostgresBus(handle.pool!, databaseUrl);
  setBus(bus);
  const hub = new RealtimeHub(getDb);
  bus.subscribe((message) => hub.deliver(message));
  await bus.whenListening();

  const handleApi = routeListener(apiRoute);
  const server = http.createServer((req, res) => {
    stampClientAddress(req, false);
    void handleApi(req, res);
  });
  server.on("upgrade", (request, socket, head) => void hub.handleUpgrade(request, socket, head));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);

  const stop = async () => {
    await hub.close();
    server.close();
    await bus.close();
    await handle.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop());
  process.on("disconnect", () => void stop());
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
