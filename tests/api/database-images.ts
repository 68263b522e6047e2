import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { migrateDatabase, openDatabase, type DatabaseHandle } from "@/server/db/client";
import { seedDemo } from "@/server/seed";

// initdb + migrate + seed cost seconds; a test run does them once per image and every file gets a clone:
// on PGlite a dump of the data directory opened in memory, on PostgreSQL a database created from a template.

export const DEMO_PASSWORD = "test-demo-password";

/** Migrated only; with the demo tenants and people; with the demo network too (files that set TEST_SEED_NETWORK=1). */
export type ImageName = "migrated" | "tenants" | "network";

export type DatabaseImages =
  | { kind: "pglite"; dir: string; files: Record<ImageName, string> }
  | { kind: "postgres"; adminUrl: string; templates: Record<ImageName, string> };

declare module "vitest" {
  export interface ProvidedContext {
    apiDatabaseImages: DatabaseImages;
  }
}

export interface ClonedDatabase {
  handle: DatabaseHandle;
  /** The clone's URL on PostgreSQL, for the tests that start console processes on it. */
  url?: string;
  /** Closes the clone and, on PostgreSQL, drops it. */
  close(): Promise<void>;
}

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const uniqueName = (prefix: string) => `${prefix}_${randomBytes(6).toString("hex")}`;

async function dumpTo(handle: DatabaseHandle, file: string): Promise<void> {
  const tarball = await handle.pglite!.dumpDataDir("gzip");
  await fs.promises.writeFile(file, new Uint8Array(await tarball.arrayBuffer()));
}

async function buildPgliteImages(): Promise<DatabaseImages> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "maia-api-images-"));
  const files = {
    migrated: path.join(dir, "migrated.tgz"),
    tenants: path.join(dir, "tenants.tgz"),
    network: path.join(dir, "network.tgz"),
  };
  const first = await openDatabase({ dataDir: "memory://" });
  try {
    await migrateDatabase(first);
    await dumpTo(first, files.migrated);
    await seedDemo(first.db, DEMO_PASSWORD, { network: false });
    await dumpTo(first, files.tenants);
  } finally {
    await first.close();
  }
  const second = await openDatabase({ dataDir: "memory://", image: await fs.openAsBlob(files.migrated) });
  try {
    await seedDemo(second.db, DEMO_PASSWORD, { network: true });
    await dumpTo(second, files.network);
  } finally {
    await second.close();
  }
  return { kind: "pglite", dir, files };
}

async function buildPostgresTemplates(adminUrl: string): Promise<DatabaseImages> {
  const base = uniqueName("maia_template");
  const templates = { migrated: `${base}_migrated`, tenants: `${base}_tenants`, network: `${base}_network` };
  const build = async (name: string, from: string | undefined, work: (handle: DatabaseHandle) => Promise<unknown>) => {
    await withAdmin(adminUrl, (client) => client.query(`create database ${name}${from ? ` template ${from}` : ""}`));
    // The pool is closed before anything clones the template: PostgreSQL copies only a database nobody is connected to.
    const handle = await openDatabase({ databaseUrl: databaseUrl(adminUrl, name) });
    try {
      await work(handle);
    } finally {
      await handle.close();
    }
  };
  await build(templates.migrated, undefined, migrateDatabase);
  await build(templates.tenants, templates.migrated, (handle) => seedDemo(handle.db, DEMO_PASSWORD, { network: false }));
  await build(templates.network, templates.migrated, (handle) => seedDemo(handle.db, DEMO_PASSWORD, { network: true }));
  return { kind: "postgres", adminUrl, templates };
}

/** The images of this run: PGlite dumps in a temporary directory, or template databases on TEST_DATABASE_URL's server. */
export function buildDatabaseImages(adminUrl: string | undefined): Promise<DatabaseImages> {
  return adminUrl ? buildPostgresTemplates(adminUrl) : buildPgliteImages();
}

export async function removeDatabaseImages(images: DatabaseImages): Promise<void> {
  if (images.kind === "pglite") {
    await fs.promises.rm(images.dir, { recursive: true, force: true });
    return;
  }
  await withAdmin(images.adminUrl, async (client) => {
    for (const name of Object.values(images.templates)) await client.query(`drop database if exists ${name} with (force)`);
  });
}

/** A database of its own, holding what the image holds. */
export async function cloneDatabase(images: DatabaseImages, image: ImageName): Promise<ClonedDatabase> {
  if (images.kind === "pglite") {
    const handle = await openDatabase({ dataDir: "memory://", image: await fs.openAsBlob(images.files[image]) });
    return { handle, close: () => handle.close() };
  }
  const { adminUrl } = images;
  const name = uniqueName("maia_test");
  await withAdmin(adminUrl, (client) => client.query(`create database ${name} template ${images.templates[image]}`));
  const url = databaseUrl(adminUrl, name);
  const handle = await openDatabase({ databaseUrl: url });
  return {
    handle,
    url,
    close: async () => {
      await handle.close();
      await withAdmin(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}
