import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { migrateDatabase, openDatabase, setDatabase, type DatabaseHandle } from "@/server/db/client";
import { seedDemo } from "@/server/db/seed";
import { DEMO_PASSWORD } from "./helpers";

// Every test file gets a fresh, migrated, seeded database: PGlite in memory by default,
// or a new database on the PostgreSQL server named by TEST_DATABASE_URL (CI runs both).
let handle: DatabaseHandle | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  let databaseUrl: string | undefined;
  if (adminUrl) {
    const name = `maia_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    // The multi-process tests start console processes on this file's database.
    process.env.TEST_FILE_DATABASE_URL = databaseUrl;
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  handle = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: "memory://" });
  await migrateDatabase(handle);
  // The demo network is left out unless a file asks for it: each test builds the objects it reasons about.
  await seedDemo(handle.db, DEMO_PASSWORD, { network: process.env.TEST_SEED_NETWORK === "1" });
  setDatabase(handle);
});

afterAll(async () => {
  setDatabase(undefined);
  await handle?.close();
  await dropDatabase?.();
});
