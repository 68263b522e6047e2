import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDatabase, openDatabase, queryRows, type DatabaseHandle, type Db } from "@/server/db/client";
import { organizations, webhookEndpoints } from "@/server/db/schema";
import { encryptSecret } from "@/server/secrets/crypto";
import { WebhookWorker } from "@/server/webhooks/worker";
import { startReceiver } from "./webhook-fixtures";
import { inBackgroundLane } from "@/server/db/background-lane";
import { PGliteThread } from "@/server/db/pglite-thread-client";

// The embedded database runs on a thread of its own (server/db/pglite-thread.mjs): the same answers, errors and
// transactions as PGlite on the main thread, and no acknowledged write lost to kill -9.

const directories: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "maia-pglite-thread-"));
  directories.push(dir);
  return dir;
};

let threaded: DatabaseHandle;
let mainThread: PGlite;

const SETUP = [
  `create table kinds (id integer primary key, at timestamptz, day date, span interval, doc jsonb, big bigint,
    bytes bytea, amount numeric(10, 2), flag boolean, tags text[], missing text)`,
  `insert into kinds values (1, '2026-11-27T04:00:00Z', '2026-11-27', '90 minutes', '{"a": [1, "b"]}', 12345678901,
    '\\x0102ff', 12.5, true, '{x,"y z"}', null)`,
];
const READ = sql`select * from kinds`;

beforeAll(async () => {
  threaded = await openDatabase({ dataDir: tempDir() });
  expect(threaded.pglite).toBeInstanceOf(PGliteThread);
  mainThread = new PGlite();
  const reference = drizzle({ client: mainThread });
  for (const statement of SETUP) await Promise.all([threaded.db.execute(sql.raw(statement)), reference.execute(sql.raw(statement))]);
});

afterAll(async () => {
  await threaded.close();
  await mainThread.close();
  for (const dir of directories) fs.rmSync(dir, { recursive: true, force: true });
});

/** Resolves once `count` more statements from outside any transaction have been sent to the database's thread. */
function statementsSent(count: number): Promise<void> {
  const worker = (threaded.pglite as unknown as { worker: { postMessage: (message: { op: string; tx?: number }) => void } }).worker;
  const post = worker.postMessage.bind(worker);
  let seen = 0;
  return new Promise((resolve) => {
    worker.postMessage = (message) => {
      post(message);
      if (message.op !== "query" || message.tx !== undefined || ++seen < count) return;
      worker.postMessage = post;
      resolve();
    };
  });
}

/** A promise and the function that resolves it. */
function signal() {
  let done!: () => void;
  const promise = new Promise<void>((resolve) => (done = resolve));
  return { promise, done };
}

describe("PGlite on its own thread", () => {
  it("answers every type as PGlite on the main thread does", async () => {
    const reference = drizzle({ client: mainThread });
    const [ours, theirs] = await Promise.all([queryRows<Record<string, unknown>>(threaded.db, READ), reference.execute(READ)]);
    expect(ours).toEqual(theirs.rows);
    expect(ours[0]).toMatchObject({ at: "2026-11-27 04:00:00+00", day: "2026-11-27", doc: { a: [1, "b"] }, big: 12345678901, amount: "12.50", tags: ["x", "y z"], missing: null });
    expect(ours[0].bytes).toEqual(new Uint8Array([1, 2, 255]));
  });

  it("throws the database's error with its code and constraint", async () => {
    const error = await threaded.db.execute(sql`insert into kinds (id) values (1)`).catch((caught: unknown) => caught);
    expect((error as { cause: { code: string; constraint: string } }).cause).toMatchObject({ code: "23505", constraint: "kinds_pkey" });
    const missing = await threaded.db.execute(sql`select * from nowhere`).catch((caught: unknown) => caught);
    expect((missing as { cause: { code: string } }).cause.code).toBe("42P01");
  });

  it("commits a transaction, rolls one back on a throw or a rollback, and keeps a savepoint's work apart", async () => {
    await threaded.db.execute(sql`create table moves (id integer primary key)`);
    await threaded.db.transaction(async (tx) => {
      await tx.execute(sql`insert into moves values (1)`);
      await tx.transaction(async (inner) => inner.execute(sql`insert into moves values (2)`));
      await tx.transaction(async (inner) => {
        await inner.execute(sql`insert into moves values (3)`);
        inner.rollback();
      }).catch(() => {});
    });
    await expect(
      threaded.db.transaction(async (tx) => {
        await tx.execute(sql`insert into moves values (4)`);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    await expect(
      threaded.db.transaction(async (tx) => {
        await tx.execute(sql`insert into moves values (5)`);
        tx.rollback();
      }),
    ).rejects.toThrow();
    // A failed statement spoils its transaction: the whole of it is rolled back.
    await expect(
      threaded.db.transaction(async (tx) => {
        await tx.execute(sql`insert into moves values (6)`);
        await tx.execute(sql`insert into moves values (1)`);
      }),
    ).rejects.toThrow();
    const [moved] = await queryRows<{ ids: number[] }>(threaded.db, sql`select array_agg(id order by id) as ids from moves`);
    expect(moved.ids).toEqual([1, 2]);
  });

  it("opens a transaction with its first statement, in no trip of its own, even when its first statements go at once", async () => {
    await threaded.db.execute(sql`create table opens (id integer primary key)`);
    const worker = (threaded.pglite as unknown as { worker: { postMessage: (message: { op: string; begin?: boolean }) => void } }).worker;
    const sent: string[] = [];
    const post = worker.postMessage.bind(worker);
    worker.postMessage = (message) => {
      sent.push(message.begin ? `${message.op}+begin` : message.op);
      post(message);
    };
    try {
      await threaded.db.transaction(async (tx) => {
        await Promise.all([tx.execute(sql`insert into opens values (1)`), tx.execute(sql`insert into opens values (2)`)]);
      });
      await threaded.db.transaction(async () => {});
    } finally {
      worker.postMessage = post;
    }
    expect(sent).toEqual(["query+begin", "query", "end"]);
    expect(await queryRows(threaded.db, sql`select id from opens order by id`)).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it("makes a query from outside wait until an open transaction ends", async () => {
    await threaded.db.execute(sql`create table waits (id integer primary key)`);
    const seen: string[] = [];
    // The query from outside is sent between the transaction's two statements.
    const [opened, asked] = [signal(), signal()];
    await Promise.all([
      threaded.db.transaction(async (tx) => {
        await tx.execute(sql`insert into waits values (1)`);
        opened.done();
        await asked.promise;
        await tx.execute(sql`insert into waits values (2)`);
        seen.push("committed");
      }),
      (async () => {
        await opened.promise;
        const sent = statementsSent(1);
        const counting = queryRows<{ n: number }>(threaded.db, sql`select count(*)::int as n from waits`);
        await sent;
        asked.done();
        const [count] = await counting;
        seen.push(`outside saw ${count.n}`);
      })(),
    ]);
    expect(seen).toEqual(["committed", "outside saw 2"]);
  });

  it("runs a person's statement before the background statements queued ahead of it, and every one of them after", async () => {
    const order: string[] = [];
    const run = (label: string, statement: string) => threaded.db.execute(sql.raw(statement)).then(() => order.push(label));
    const sleeps = (prefix: string) => Promise.all([1, 2, 3, 4].map((n) => run(`${prefix} ${n}`, "select pg_sleep(0.04)")));
    // Four background statements at once (a device's slices); the read goes once all four are on their way.
    let sent = statementsSent(4);
    const background = inBackgroundLane(() => sleeps("background"));
    await sent;
    await run("read", "select 1");
    await background;
    expect(order.indexOf("read")).toBeLessThanOrEqual(1);
    expect(order.filter((label) => label.startsWith("background"))).toHaveLength(4);
    // Outside the lane, the same read waits for everything sent before it.
    order.length = 0;
    sent = statementsSent(4);
    const queued = sleeps("queued");
    await sent;
    await run("read", "select 1");
    await queued;
    expect(order.indexOf("read")).toBe(4);
  });

  it("dumps its data directory as an image that opens in memory", async () => {
    const image = await threaded.pglite!.dumpDataDir("gzip");
    const copy = await openDatabase({ image });
    try {
      expect(await queryRows(copy.db, sql`select big from kinds`)).toEqual([{ big: 12345678901 }]);
    } finally {
      await copy.close();
    }
  });

  it("refuses calls once closed, with a clear error", async () => {
    const handle = await openDatabase({ dataDir: tempDir() });
    await handle.close();
    const error = await handle.db.execute(sql`select 1`).catch((caught: unknown) => caught);
    expect((error as { cause: Error }).cause.message).toBe("The database is closed.");
  });

  it("closes only once the work in flight is done: a statement running, a transaction's next one, a render's next read", async () => {
    const handle = await openDatabase({ dataDir: tempDir() });
    await handle.db.execute(sql`create table notes (id integer primary key)`);
    // A test of the quiet a close waits for (QUIET_MS, server/db/until-quiet.ts): the pauses are idle gaps shorter than it.
    // eslint-disable-next-line no-restricted-syntax -- idle gaps shorter than QUIET_MS are what this test is about
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    // Work still going when the close is asked — a statement running, a transaction between two statements, and a
    // page whose visitor left, reading on after a pause with nothing in flight: all of it completes, then the
    // database closes.
    let firstRead!: () => void;
    const firstReadDone = new Promise<void>((resolve) => (firstRead = resolve));
    const render = (async () => {
      await handle.db.execute(sql`select 1`);
      firstRead();
      await pause(20);
      return queryRows<{ two: number }>(handle.db, sql`select 2 as two`);
    })();
    await firstReadDone;
    const running = queryRows<{ slept: string }>(handle.db, sql`select pg_sleep(0.2)::text as slept`);
    const transaction = handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes values (1)`);
      await pause(30);
      await tx.execute(sql`insert into notes values (2)`);
    });
    const closed = handle.close();
    await expect(render).resolves.toEqual([{ two: 2 }]);
    await expect(running).resolves.toEqual([{ slept: "" }]);
    await expect(transaction).resolves.toBeUndefined();
    await closed;
    const error = await handle.db.execute(sql`select 1`).catch((caught: unknown) => caught);
    expect((error as { cause: Error }).cause.message).toBe("The database is closed.");
  });

  it("loses no acknowledged write when the process is killed with SIGKILL", async () => {
    const dataDir = tempDir();
    const writer = spawn(process.execPath, ["--import", "tsx", "--import", "./scripts/server-only-off.mjs", "tests/api/processes/pglite-writer.ts"], {
      env: { ...process.env, DATA_DIR: dataDir, PGLITE_THREAD: "" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let acknowledged = 0;
    await new Promise<void>((resolve, reject) => {
      writer.once("exit", (code) => reject(new Error(`the writer exited with ${code} after ${acknowledged} writes`)));
      readline.createInterface({ input: writer.stdout! }).on("line", (line) => {
        acknowledged = Number(line);
        if (acknowledged === 300) {
          writer.kill("SIGKILL");
          resolve();
        }
      });
    });
    await new Promise((resolve) => writer.once("exit", resolve));
    const reopened = await openDatabase({ dataDir });
    try {
      const [kept] = await queryRows<{ n: number; last: number }>(reopened.db, sql`select count(*)::int as n, max(id) as last from acknowledged`);
      expect(kept.n).toBeGreaterThanOrEqual(acknowledged);
      expect(kept.n).toBe(kept.last);
    } finally {
      await reopened.close();
    }
  }, 60_000);
});

describe("webhooks across a kill -9", () => {
  it("loses no delivery of a committed change when the console is killed between the change and its delivery", async () => {
    const dataDir = tempDir();
    const receiver = await startReceiver();
    let organizationId: string;
    const setup = await openDatabase({ dataDir });
    try {
      await migrateDatabase(setup);
      const [organization] = await setup.db.insert(organizations).values({ name: "Crash Co" }).returning();
      organizationId = organization.id;
      const secret = await encryptSecret(setup.db, "whsec_crash");
      await setup.db.insert(webhookEndpoints).values({ organizationId, url: receiver.url("/crash"), eventTypes: ["alarm.raised"], secret });
    } finally {
      await setup.close();
    }
    const writer = spawn(process.execPath, ["--import", "tsx", "--import", "./scripts/server-only-off.mjs", "tests/api/processes/webhook-writer.ts"], {
      env: { ...process.env, DATA_DIR: dataDir, PGLITE_THREAD: "", WEBHOOK_ORGANIZATION_ID: organizationId },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let acknowledged = 0;
    await new Promise<void>((resolve, reject) => {
      writer.once("exit", (code) => reject(new Error(`the writer exited with ${code} after ${acknowledged} changes`)));
      readline.createInterface({ input: writer.stdout! }).on("line", (line) => {
        acknowledged = Number(line);
        if (acknowledged === 60) {
          writer.kill("SIGKILL");
          resolve();
        }
      });
    });
    await new Promise((resolve) => writer.once("exit", resolve));
    // A new console on the same database: its worker sends what the killed one had not (a lease it held runs out).
    const reopened = await openDatabase({ dataDir });
    try {
      const [queued] = await queryRows<{ n: number }>(reopened.db, sql`select count(*)::int as n from webhook_deliveries where status = 'pending'`);
      // The kill came between changes and their deliveries: some were still queued.
      expect(queued.n).toBeGreaterThan(0);
      const worker = new WebhookWorker(reopened.db, { allowPrivate: true, now: () => new Date(Date.now() + 60_000), log: () => {} });
      for (let tick = 0; tick < 200; tick++) if ((await worker.tick()).succeeded.length === 0) break;
      const delivered = new Set(receiver.on("/crash").map((entry) => entry.json.data.after.subject));
      const lost = Array.from({ length: acknowledged }, (_, i) => `crash-${i + 1}`).filter((subject) => !delivered.has(subject));
      expect(lost).toEqual([]);
      const [left] = await queryRows<{ n: number }>(reopened.db, sql`select count(*)::int as n from webhook_deliveries where status = 'pending'`);
      expect(left.n).toBe(0);
    } finally {
      await reopened.close();
      await receiver.close();
    }
  }, 120_000);
});

// A statement seen a second time runs prepared (server/db/pglite-statements.mjs): the answers, errors and waits must
// be PGlite's own, whatever was prepared before, and tables changing shape under a prepared statement must show.
describe("PGlite on its own thread, statements prepared", () => {
  const times = async <T>(n: number, work: () => Promise<T>): Promise<T[]> => {
    const answers: T[] = [];
    for (let i = 0; i < n; i++) answers.push(await work());
    return answers;
  };
  const client = () => threaded.pglite as unknown as PGliteThread;
  const preparedCount = async () =>
    (await queryRows<{ n: number }>(threaded.db, sql`select count(*)::int as n from pg_prepared_statements where not from_sql`))[0].n;

  it("answers every type, in rows and in arrays, as PGlite on the main thread does, however often it is asked", async () => {
    const reference = drizzle({ client: mainThread });
    const [theirs] = [await reference.execute(READ)];
    for (const ours of await times(4, () => queryRows<Record<string, unknown>>(threaded.db, READ))) expect(ours).toEqual(theirs.rows);
    // Drizzle's selects ask for arrays of values.
    const arrays = await times(4, () => client().query("select id, at, doc, tags, bytes from kinds where id = $1", [1], { rowMode: "array" }));
    for (const answer of arrays) {
      expect(answer.rows).toEqual([[1, new Date("2026-11-27T04:00:00Z"), { a: [1, "b"] }, ["x", "y z"], new Uint8Array([1, 2, 255])]]);
      expect(answer.fields.map((field) => field.name)).toEqual(["id", "at", "doc", "tags", "bytes"]);
    }
    expect(await preparedCount()).toBeGreaterThan(0);
  });

  it("serializes parameters by the types the statement takes, and counts the rows a write changed", async () => {
    await threaded.db.execute(sql`create table params (id integer primary key, doc jsonb, tags text[], at timestamptz, flag boolean)`);
    const insert = (id: number) =>
      client().query("insert into params values ($1, $2, $3, $4, $5)", [id, { n: id, list: [id] }, [`t${id}`, "a b"], new Date(Date.UTC(2026, 10, id)), id % 2 === 0]);
    for (let id = 1; id <= 4; id++) expect((await insert(id)).affectedRows).toBe(1);
    const rows = await queryRows<{ id: number; doc: unknown; tags: string[]; at: string; flag: boolean }>(threaded.db, sql`select * from params order by id`);
    expect(rows.map((row) => [row.doc, row.tags, row.flag])).toEqual([1, 2, 3, 4].map((id) => [{ n: id, list: [id] }, [`t${id}`, "a b"], id % 2 === 0]));
    const update = () => client().query("update params set flag = not flag where id > $1", [1]);
    expect((await times(3, update)).map((answer) => answer.affectedRows)).toEqual([3, 3, 3]);
  });

  it("throws the database's error from a prepared statement, and runs it again afterwards", async () => {
    await threaded.db.execute(sql`create table uniques (id uuid primary key)`);
    const id = "6f1c1a52-5a4b-4bb5-9f0e-1b0d6f0c2a11";
    const insert = (value: string) => client().query("insert into uniques values ($1)", [value]);
    await insert(id);
    for (let i = 0; i < 2; i++) await expect(insert(id)).rejects.toMatchObject({ code: "23505", constraint: "uniques_pkey" });
    await expect(insert("not-a-uuid")).rejects.toMatchObject({ code: "22P02" });
    await insert("0a5c9d8e-3f5e-4e1b-8c47-0d6f3a6c9b21");
    expect(await queryRows(threaded.db, sql`select count(*)::int as n from uniques`)).toEqual([{ n: 2 }]);
  });

  it("shows a table's new shape to a statement prepared before it changed", async () => {
    await threaded.db.execute(sql`create table shapes (id integer primary key)`);
    await threaded.db.execute(sql`insert into shapes values (1)`);
    const read = () => queryRows<Record<string, unknown>>(threaded.db, sql`select * from shapes`);
    expect(await times(3, read)).toEqual([[{ id: 1 }], [{ id: 1 }], [{ id: 1 }]]);
    await threaded.db.execute(sql`alter table shapes add column label text default 'a'`);
    expect(await read()).toEqual([{ id: 1, label: "a" }]);
    // A change the statement cache cannot see coming (inside a function): PostgreSQL's own check, and one retry.
    await times(2, read);
    await threaded.db.execute(sql`do $$ begin execute 'alter table shapes add column size integer default 7'; end $$`);
    expect(await read()).toEqual([{ id: 1, label: "a", size: 7 }]);
    expect(await read()).toEqual([{ id: 1, label: "a", size: 7 }]);
    // Inside a transaction, where an error would spoil it: a change of shape closes the prepared statements first.
    const inside = await threaded.db.transaction(async (tx) => {
      await tx.execute(sql`alter table shapes add column note text default 'n'`);
      return queryRows(tx as unknown as Db, sql`select * from shapes`);
    });
    expect(inside).toEqual([{ id: 1, label: "a", size: 7, note: "n" }]);
    // A script of several statements (PGlite's exec) closes them too.
    await client().exec("alter table shapes add column extra integer default 1; select 1");
    const afterScript = await threaded.db.transaction(async (tx) => queryRows(tx as unknown as Db, sql`select * from shapes`));
    expect(afterScript).toEqual([{ id: 1, label: "a", size: 7, note: "n", extra: 1 }]);
  });

  it("keeps a statement prepared inside a transaction that rolled back, and waits for an open transaction", async () => {
    await threaded.db.execute(sql`create table rolled (id integer primary key)`);
    const count = () => queryRows<{ n: number }>(threaded.db, sql`select count(*)::int as n from rolled`);
    for (let attempt = 0; attempt < 2; attempt++) {
      await expect(
        threaded.db.transaction(async (tx) => {
          for (let i = 0; i < 3; i++) await tx.execute(sql`select count(*)::int as n from rolled`);
          await tx.execute(sql`insert into rolled values (${attempt})`);
          throw new Error("roll back");
        }),
      ).rejects.toThrow("roll back");
    }
    expect(await times(2, count)).toEqual([[{ n: 0 }], [{ n: 0 }]]);
    const seen: string[] = [];
    // The count from outside is sent while the transaction is open, after its statement.
    const [opened, asked] = [signal(), signal()];
    await Promise.all([
      threaded.db.transaction(async (tx) => {
        await tx.execute(sql`insert into rolled values (1)`);
        opened.done();
        await asked.promise;
        seen.push("committed");
      }),
      (async () => {
        await opened.promise;
        const sent = statementsSent(1);
        const counting = count();
        await sent;
        asked.done();
        seen.push(`outside saw ${(await counting)[0].n}`);
      })(),
    ]);
    expect(seen).toEqual(["committed", "outside saw 1"]);
  });

  it("keeps at most its size of statements prepared, closing the least recently used", async () => {
    const dir = tempDir();
    const small = new PGliteThread(path.join(dir, "pglite"), { statementCacheSize: 3 });
    await small.waitReady;
    try {
      const texts = Array.from({ length: 6 }, (_, i) => `select ${i}::int + $1::int as n`);
      for (let round = 0; round < 3; round++) {
        for (const [i, text] of texts.entries()) expect((await small.query(text, [round])).rows).toEqual([{ n: i + round }]);
      }
      const { rows } = await small.query("select count(*)::int as n from pg_prepared_statements where not from_sql");
      expect(rows).toEqual([{ n: 3 }]);
    } finally {
      await small.close();
    }
  });
});
