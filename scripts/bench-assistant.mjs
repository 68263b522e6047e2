// npm run bench:assistant — how fast the assistant answers through the production console on the scale seed: for each
// question, the time to the first byte of the answer's stream and to its end (the embedded model with the real tools
// over the scale network), as a scale customer's admin (100 sites, 1,000 paths) and as its MSP, which sees every
// scale customer (10,000 sites, 100,000 paths). Each question is asked BENCH_REQUESTS times in a new chat after
// BENCH_WARMUP warm-ups; it prints the median and p95.
import { percentile, signInTo, startScaleServer } from "./bench-server.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 3520);
const DATA_DIR = process.env.BENCH_DATA_DIR ?? process.env.DATA_DIR ?? "/tmp/scale-data";
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const SCALE_CUSTOMER = "Scale Customer 001";
const SCALE_ADMIN = "admin@scale-customer-001.example";
const SCALE_MSP_ADMIN = "admin@bluewave.example";
const base = `http://localhost:${PORT}`;

const server = await startScaleServer({ port: PORT, dataDir: DATA_DIR });

const signIn = (email) => signInTo(base, email);

/** One question in a new chat: ms to the stream's first byte and to its end, and whether a tool ran. */
async function ask(session, organizationId, text) {
  const chat = await (await session.request("POST", "/chat", { organizationId })).json();
  const started = performance.now();
  const response = await session.request("POST", `/chat/${chat.id}/message`, {
    message: { id: crypto.randomUUID(), role: "user", parts: [{ type: "text", text }] },
  });
  const reader = response.body.getReader();
  let first;
  let stream = "";
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    first ??= performance.now() - started;
    stream += decoder.decode(value, { stream: true });
  }
  const total = performance.now() - started;
  await session.request("DELETE", `/chat/${chat.id}`);
  if (!stream.includes('"type":"finish"')) throw new Error(`"${text}" as ${session.email}: the answer did not finish`);
  return { first, total, tool: /"toolName":"(\w+)"/.exec(stream)?.[1] ?? "none", failed: stream.includes('"type":"error"') };
}


async function measure(account, session, organizationId, text) {
  for (let i = 0; i < WARMUP; i += 1) await ask(session, organizationId, text);
  const firsts = [];
  const totals = [];
  let last;
  for (let i = 0; i < REQUESTS; i += 1) {
    last = await ask(session, organizationId, text);
    firsts.push(last.first);
    totals.push(last.total);
  }
  firsts.sort((a, b) => a - b);
  totals.sort((a, b) => a - b);
  return { account, text, tool: last.tool, failed: last.failed, first: percentile(firsts, 50), total: percentile(totals, 50), totalP95: percentile(totals, 95) };
}

try {
  const customerAdmin = await signIn(SCALE_ADMIN);
  const mspAdmin = await signIn(SCALE_MSP_ADMIN);
  const organizations = await mspAdmin.get("/config/organization");
  const customer = organizations.find((org) => org.name === SCALE_CUSTOMER);
  const msp = organizations.find((org) => org.id === customer.parentId);
  const path = (await customerAdmin.get(`/config/organization/${encodeURIComponent(customer.id)}/path?limit=1`)).items[0];
  const questions = ["List my sites", "Show the open alarms", "What changed recently?", `Why is ${path.name} bad?`, "How do I create a path between two sites?"];
  const plan = [
    ...questions.map((text) => [`${SCALE_CUSTOMER} (customer admin)`, customerAdmin, customer.id, text]),
    ...questions.map((text) => [`${msp.name} (MSP admin, every scale customer)`, mspAdmin, msp.id, text]),
  ];
  const results = [];
  for (const [account, session, organizationId, text] of plan) results.push(await measure(account, session, organizationId, text));

  console.log(`\n${REQUESTS} questions each after ${WARMUP} warm-up, one at a time, ${base} (production build, embedded model, scale seed in ${process.env.DATABASE_URL ? "PostgreSQL" : DATA_DIR})`);
  console.log(["question".padEnd(50), "tool".padEnd(18), "first byte ms".padStart(14), "answer ms".padStart(10), "p95 ms".padStart(8)].join(" "));
  let account = "";
  for (const result of results) {
    if (result.account !== account) console.log(`${(account = result.account)}:`);
    console.log(
      [
        `  ${result.text}`.slice(0, 50).padEnd(50),
        (result.failed ? `${result.tool} (error)` : result.tool).padEnd(18),
        result.first.toFixed(0).padStart(14),
        result.total.toFixed(0).padStart(10),
        result.totalP95.toFixed(0).padStart(8),
      ].join(" "),
    );
  }
} finally {
  server.kill("SIGTERM");
}
