// A console process for the multi-process tests: the control-plane API and /ws on one PostgreSQL database, with the
// LISTEN/NOTIFY bus — what server/main.ts runs, without Next's pages. Prints {"port": N} once it listens.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { getApiApp } from "@/server/api/app";
import { getDb, openDatabase, setDatabase } from "@/server/db/client";
import { PostgresBus, setBus } from "@/server/realtime/bus";
import { RealtimeHub } from "@/server/realtime/hub";

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

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    const body = chunks.length ? Buffer.concat(chunks) : undefined;
    const response = await getApiApp().fetch(new Request(`http://${req.headers.host}${req.url}`, { method: req.method, headers, body }));
    for (const [name, value] of response.headers) if (name !== "set-cookie") res.setHeader(name, value);
    if (response.headers.getSetCookie().length) res.setHeader("set-cookie", response.headers.getSetCookie());
    res.writeHead(response.status);
    res.end(Buffer.from(await response.arrayBuffer()));
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
