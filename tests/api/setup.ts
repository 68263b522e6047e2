import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import { setDatabase } from "@/server/db/client";
import { cloneDatabase, type ClonedDatabase } from "./database-images";

// Every test file gets a database of its own, cloned from the run's migrated and seeded image (global-setup.ts):
// PGlite in memory by default, or a new database on the PostgreSQL server named by TEST_DATABASE_URL (CI runs both).
// The demo network is left out unless a file asks for it: each test builds the objects it reasons about.
let clone: ClonedDatabase | undefined;
// A data directory of the file's own, where the mail outbox is written (tests/api/outbox.ts reads it).
let dataDir: string | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "maia-api-data-"));
  process.env.DATA_DIR = dataDir;
  clone = await cloneDatabase(inject("apiDatabaseImages"), process.env.TEST_SEED_NETWORK === "1" ? "network" : "tenants");
  // The multi-process tests start console processes on this file's database.
  if (clone.url) process.env.TEST_FILE_DATABASE_URL = clone.url;
  setDatabase(clone.handle);
});

afterAll(async () => {
  // A file asks for the demo network by setting this before its tests; the next file in the same worker must not
  // inherit it (telemetry fixtures homed their connectors on the demo's nodes instead of their own).
  delete process.env.TEST_SEED_NETWORK;
  setDatabase(undefined);
  await clone?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});
