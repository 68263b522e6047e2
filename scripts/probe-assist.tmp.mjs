import { signInTo, startScaleServer } from "./bench-server.mjs";
const PORT = 3531; const base = `http://localhost:${PORT}`;
const server = await startScaleServer({ port: PORT, dataDir: "/tmp/scale-data", nodeArgs: process.env.PROF ? ["--cpu-prof", "--cpu-prof-dir=/tmp/prof"] : [] });
try {
  const s = await signInTo(base, "admin@scale-customer-001.example");
  const orgs = await s.get("/config/organization");
  const customer = orgs.find((o) => o.name === "Scale Customer 001");
  const path = (await s.get(`/config/organization/${encodeURIComponent(customer.id)}/path?limit=1`)).items[0];
  console.log("path", path.name, path.sla);
  async function ask(text) {
    const chat = await (await s.request("POST", "/chat", { organizationId: customer.id })).json();
    const t = performance.now();
    const r = await s.request("POST", `/chat/${chat.id}/message`, { message: { id: crypto.randomUUID(), role: "user", parts: [{ type: "text", text }] } });
    const body = await r.text();
    const ms = performance.now() - t;
    await s.request("DELETE", `/chat/${chat.id}`);
    return { ms, body };
  }
  for (const q of (process.env.QS ?? `What changed recently?|Why is ${path.name} bad?`).split("|")) {
    for (let i = 0; i < Number(process.env.N ?? 4); i++) {
      const { ms, body } = await ask(q);
      console.log(q, Math.round(ms), "ms");
      if (i === 0) console.log(body.split("\n").filter((l) => /tool|text-delta/.test(l)).map((l) => l.slice(0, 300)).join("\n").slice(0, 3000));
    }
  }
} finally { server.kill("SIGTERM"); await new Promise((r) => server.on("exit", r)); }
