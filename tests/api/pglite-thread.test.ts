import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows, type DatabaseHandle } from "@/server/db/client";
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

  it("makes a query from outside wait until an open transaction ends", async () => {
    await threaded.db.execute(sql`create table waits (id integer primary key)`);
    const seen: string[] = [];
    await Promise.all([
      threaded.db.transaction(async (tx) => {
        await tx.execute(sql`insert into waits values (1)`);
        await new Promise((resolve) => setTimeout(resolve, 100));
        await tx.execute(sql`insert into waits values (2)`);
        seen.push("committed");
      }),
      (async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        const [count] = await queryRows<{ n: number }>(threaded.db, sql`select count(*)::int as n from waits`);
        seen.push(`outside saw ${count.n}`);
      })(),
    ]);
    expect(seen).toEqual(["committed", "outside saw 2"]);
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
