// The /ws server side of npm run bench:ws: the real hub on the real bus, sessions in an embedded database.
// Driven over IPC by scripts/bench-ws.mjs, which holds the clients in another process.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { createSession } from "@/server/auth/sessions";
import { getDb, migrateDatabase, openDatabase, setDatabase } from "@/server/db/client";
import { organizations, users } from "@/server/db/schema";
import { seedDemo } from "@/server/seed";
import { getBus, LocalBus, publishRealtime, setBus } from "@/server/realtime/bus";
import { RealtimeHub } from "@/server/realtime/hub";

const now = () => performance.timeOrigin + performance.now();

async function main() {
  const handle = await openDatabase({ dataDir: "memory://" });
  await migrateDatabase(handle);
  await seedDemo(handle.db, "bench-password");
  setDatabase(handle);
  setBus(new LocalBus());
  const hub = new RealtimeHub(getDb);
  getBus().subscribe((message) => hub.deliver(message));

  const db = await getDb();
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, "admin@contoso.example"));
  const [contoso] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.name, "Contoso"));
  const token = await createSession(db, user.id, { userAgent: "bench:ws" });

  const server = http.createServer((_req, res) => res.writeHead(404).end());
  server.on("upgrade", (request, socket, head) => void hub.handleUpgrade(request, socket, head));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  process.on("message", async (command: { type: string; count?: number; gapMs?: number }) => {
    if (command.type === "memory") {
      global.gc?.();
      process.send!({ type: "memory", rss: process.memoryUsage().rss, heapUsed: process.memoryUsage().heapUsed, clients: hub.size });
    } else if (command.type === "broadcast") {
      for (let i = 0; i < (command.count ?? 1); i++) {
        // Through the bus as every service publishes: audience lookup, bus, hub, sockets.
        // An alarm's news as the contract has it, with the send time riding along for the latency figure.
        const data = { entityType: "alarm", entityId: `bench-${i}`, sentAt: now() };
        await publishRealtime(db, contoso.id, { service: "alarms", action: "raised", data });
        await new Promise((resolve) => setTimeout(resolve, command.gapMs ?? 200));
      }
      process.send!({ type: "broadcasted" });
    } else if (command.type === "stop") {
      await hub.close();
      server.close();
      await handle.close();
      process.exit(0);
    }
  });
  process.send!({ type: "ready", port: (server.address() as AddressInfo).port, cookie: `maia_session=${token}` });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
