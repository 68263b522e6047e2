// npm run bench:ws — broadcast latency (p50/p99) and server memory of /ws with 1,000, 5,000 and 10,000 subscribed
// clients on this machine. The server (real hub, real bus, session-authenticated upgrades) runs in its own process;
// the clients run here. Latency is from the publish call on the server to the message event in the client, both on
// this machine's clock, so it includes the clients' own processing on the same 2 cores.
import { fork } from "node:child_process";
import { once } from "node:events";
import WebSocket from "ws";

const SIZES = (process.env.BENCH_WS_CLIENTS ?? "1000,5000,10000").split(",").map(Number);
const BROADCASTS = Number(process.env.BENCH_WS_BROADCASTS ?? 20);
const now = () => performance.timeOrigin + performance.now();

const server = fork("scripts/bench/ws-server.ts", [], { execArgv: ["--import", "tsx", "--import", "./scripts/server-only-off.mjs", "--expose-gc"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
const ask = async (command, answer) => {
  server.send(command);
  for (;;) {
    const [message] = await once(server, "message");
    if (message.type === answer) return message;
  }
};
const [{ port, cookie }] = await once(server, "message");
const baseline = await ask({ type: "memory" }, "memory");

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

// Every client records into the current round's list, whichever round opened it.
let latencies = [];

async function openClients(count, clients) {
  const opening = [];
  for (let i = clients.length; i < count; i++) {
    opening.push(
      new Promise((resolve, reject) => {
        const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { cookie }, perMessageDeflate: false });
        socket.on("message", (raw) => {
          const message = JSON.parse(String(raw));
          if (message.action === "welcome") socket.send(JSON.stringify({ service: "alarms", action: "subscribe", data: {} }));
          else if (message.action === "subscribed") resolve();
          else if (message.action === "raised") latencies.push(now() - message.data.sentAt);
        });
        socket.once("error", reject);
        clients.push(socket);
      }),
    );
    // Open in waves, so the accept queue is not flooded.
    if (opening.length % 250 === 0) await Promise.all(opening.slice(-250));
  }
  await Promise.all(opening);
}

const rows = [];
const clients = [];
for (const size of SIZES) {
  const started = Date.now();
  await openClients(size, clients);
  const connectSeconds = (Date.now() - started) / 1000;
  const memory = await ask({ type: "memory" }, "memory");
  latencies = [];
  // A gap long enough for every delivery of one broadcast to land before the next.
  await ask({ type: "broadcast", count: BROADCASTS, gapMs: Math.max(200, size / 20) }, "broadcasted");
  await new Promise((resolve) => setTimeout(resolve, 500));
  const sorted = [...latencies].sort((a, b) => a - b);
  rows.push({
    clients: size,
    deliveries: `${sorted.length}/${size * BROADCASTS}`,
    "p50 ms": percentile(sorted, 50).toFixed(1),
    "p99 ms": percentile(sorted, 99).toFixed(1),
    "max ms": sorted[sorted.length - 1].toFixed(1),
    "server RSS": mb(memory.rss),
    "server heap": mb(memory.heapUsed),
    "heap per client": `${((memory.heapUsed - baseline.heapUsed) / size / 1024).toFixed(1)} KB`,
    "connect s": connectSeconds.toFixed(1),
  });
  console.log(`${size} clients: p50 ${rows.at(-1)["p50 ms"]} ms, p99 ${rows.at(-1)["p99 ms"]} ms, server RSS ${rows.at(-1)["server RSS"]}`);
}
console.log(`\n/ws broadcast to subscribed clients (${BROADCASTS} broadcasts per size; server RSS before clients ${mb(baseline.rss)})`);
console.table(rows);
for (const socket of clients) socket.terminate();
server.send({ type: "stop" });
await once(server, "exit");
