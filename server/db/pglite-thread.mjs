// The embedded database's own thread: PGlite runs PostgreSQL compiled to WebAssembly synchronously, so on the
// console's main thread every query stopped page rendering, the API and the websocket until it was done. Here it
// runs beside them on the machine's other core. server/db/pglite-thread-client.ts is the other end: it speaks the
// few calls Drizzle makes of a PGlite client (query, exec, transaction) as messages.
//
// Messages in: { id, op: "query", sql, params, rowMode, rawTypes, tx?, begin? } | { id, op: "exec", sql, tx?, begin? }
//   | { id, op: "end", tx, commit } | { id, op: "dump", compression } | { id, op: "close" } | { op: "connect", port }
// "connect" brings a port of another client — a render thread (server/render-threads) — answered on that port like
// the console's own; its transactions' ids are its own, kept apart from the others'.
// A transaction's id is the caller's; its first statement carries `begin` and opens it, so opening one costs no trip
// of its own: while a transaction is open every other statement waits, and each trip back to the main thread waits
// for whatever it is rendering.
// Answers out: { id, result } or { id, error } (the database error's own fields: code, detail, constraint...).
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { createStatementCache } from "./pglite-statements.mjs";

const db = new PGlite(workerData.dataDir);
/** Statements seen before run prepared (server/db/pglite-statements.mjs). */
const statements = createStatementCache(db, workerData.statementCacheSize ? { size: workerData.statementCacheSize } : undefined);

/** Open transactions by id: the query handle and how to end it. */
const transactions = new Map();
/** Transactions being opened, by id: settled once PGlite has begun them (a statement sent right after waits). */
const opening = new Map();

// The parsers a caller asks for are "leave this type as text" (Drizzle reads dates and intervals itself): functions
// cannot cross threads, so the caller names the types and they are rebuilt here.
const asText = (value) => value;
const parsersFor = (types) => (types?.length ? Object.fromEntries(types.map((type) => [type, asText])) : undefined);

function errorFields(error) {
  const fields = { message: error instanceof Error ? error.message : String(error) };
  if (error && typeof error === "object") {
    for (const [key, value] of Object.entries(error)) {
      if (value === undefined || key === "params" || key === "queryOptions") continue;
      if (["string", "number", "boolean"].includes(typeof value)) fields[key] = value;
    }
  }
  return fields;
}

/**
 * The handle a statement runs on: the database, or its open transaction — opened first when the statement carries
 * `begin`. Called as the message arrives, so a later statement of the same transaction finds it opening.
 */
async function target(message, client) {
  if (message.tx === undefined) return db;
  const tx = `${client}:${message.tx}`;
  if (message.begin) opening.set(tx, begin(tx));
  await opening.get(tx);
  const open = transactions.get(tx);
  if (!open) throw new Error(`Transaction ${message.tx} is not open.`);
  return open.handle;
}

async function begin(id) {
  let started;
  const ready = new Promise((resolve) => (started = resolve));
  const done = db.transaction(
    (handle) =>
      new Promise((commit, rollback) => {
        transactions.set(id, { handle, commit, rollback, done: undefined });
        started();
      }),
  );
  done.catch(() => {}); // awaited by end(); a failure before then is not "unhandled"
  // A transaction that could not start (the database closed) answers its first statement with the error.
  await Promise.race([ready, done]);
  transactions.get(id).done = done;
}

async function end({ tx: own, commit }, client) {
  const tx = `${client}:${own}`;
  await opening.get(tx)?.catch(() => {});
  opening.delete(tx);
  const open = transactions.get(tx);
  if (!open) throw new Error(`Transaction ${own} is not open.`);
  transactions.delete(tx);
  if (commit) open.commit();
  else open.rollback(new Error("rolled back"));
  try {
    await open.done;
  } catch (error) {
    if (commit) throw error;
  }
  return null;
}

async function run(message, client) {
  switch (message.op) {
    case "query": {
      const tx = message.tx === undefined ? undefined : await target(message, client);
      return statements.query(message.sql, message.params, { rowMode: message.rowMode, parsers: parsersFor(message.rawTypes) }, tx);
    }
    case "exec": {
      const results = await statements.exec(message.sql, undefined, message.tx === undefined ? undefined : await target(message, client));
      return results.map((result) => ({ rows: result.rows, fields: result.fields, affectedRows: result.affectedRows }));
    }
    case "end":
      return end(message, client);
    case "dump": {
      const file = await db.dumpDataDir(message.compression);
      return new Uint8Array(await file.arrayBuffer());
    }
    case "close":
      await db.close();
      return null;
    default:
      throw new Error(`Unknown operation ${message.op}`);
  }
}

// The background lane (server/db/background-lane.ts). A statement runs to its end once taken (PGlite's work is
// synchronous), and messages are taken in the order they came: a person's read sent while a device's slices were
// queued would run after all of them. So a statement marked `low` is not taken at once but queued here, and one of
// them is taken at a time, once the messages that arrived meanwhile have been read and nothing else is in flight
// (setImmediate runs after the port's waiting messages). One that waited LOW_WAIT_MAX_MS goes anyway: a steady
// stream of reads must not starve telemetry.
const LOW_WAIT_MAX_MS = 250;
let inFlight = 0;
const lowQueue = [];
let pumpScheduled = false;

function schedulePump() {
  if (pumpScheduled || lowQueue.length === 0) return;
  pumpScheduled = true;
  setImmediate(pump);
}

function pump() {
  pumpScheduled = false;
  const oldest = lowQueue[0];
  if (!oldest) return;
  if (inFlight > 0 && performance.now() - oldest.queuedAt < LOW_WAIT_MAX_MS) {
    // Taken when the statements in flight end (finished() schedules again), or once it waited too long.
    oldest.timer ??= setTimeout(schedulePump, LOW_WAIT_MAX_MS);
    return;
  }
  lowQueue.shift();
  clearTimeout(oldest.timer);
  started(oldest.message, oldest.client).then(oldest.resolve, oldest.reject);
}

function finished() {
  inFlight--;
  if (inFlight === 0) schedulePump();
}

/** Counted in flight from the moment it is taken. */
async function started(message, client) {
  inFlight++;
  try {
    return await run(message, client);
  } finally {
    finished();
  }
}

function runInLane(message, client) {
  if (!message.low) return started(message, client);
  return new Promise((resolve, reject) => {
    lowQueue.push({ message, client, resolve, reject, queuedAt: performance.now(), timer: undefined });
    schedulePump();
  });
}

let clients = 0;

/** Answers the calls arriving on `port`; client 0 is the console's own thread, the parent. */
function serve(port) {
  const client = clients++;
  port.on("message", (message) => {
    if (message.op === "connect") return serve(message.port);
    // Only the console's own thread closes the database; another client's "close" ends its port.
    if (message.op === "close" && client !== 0) {
      port.postMessage({ id: message.id, result: null });
      return port.close();
    }
    runInLane(message, client).then(
      (result) => port.postMessage({ id: message.id, result }),
      (error) => port.postMessage({ id: message.id, error: errorFields(error) }),
    );
  });
  // A client gone (its thread stopped) leaves no transaction open to hold every other statement back.
  port.on("close", () => {
    for (const tx of new Set([...transactions.keys(), ...opening.keys()])) {
      if (tx.startsWith(`${client}:`)) end({ tx: tx.slice(String(client).length + 1), commit: false }, client).catch(() => {});
    }
  });
}

serve(parentPort);

db.waitReady.then(
  () => parentPort.postMessage({ ready: true }),
  (error) => parentPort.postMessage({ ready: false, error: errorFields(error) }),
);
