import "server-only";
import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { MailMessage } from "./message";

/** A message as the outbox keeps it (with its HTML part): one JSON file per message, named so that the names sort by time. */
export interface OutboxEntry extends MailMessage {
  id: string;
  createdAt: string;
  html?: string;
}

/** Where messages go without SMTP_URL: `outbox/` in the data directory (DATA_DIR, as for the embedded database). */
export function outboxDirectory(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(env.DATA_DIR || "./data", "outbox");
}

/** Writes the message as `<time>-<id>.json` (written aside, then renamed: a reader never sees half a message). */
export async function writeToOutbox(message: MailMessage & { html?: string }, directory = outboxDirectory()): Promise<string> {
  const entry: OutboxEntry = { id: randomUUID(), createdAt: new Date().toISOString(), ...message };
  await mkdir(directory, { recursive: true });
  const file = path.join(directory, `${entry.createdAt.replace(/[:.]/g, "-")}-${entry.id}.json`);
  await writeFile(`${file}.part`, `${JSON.stringify(entry, null, 2)}\n`, { mode: 0o600 });
  await rename(`${file}.part`, file);
  return file;
}

/** The messages in the outbox, oldest first. */
export async function readOutbox(directory = outboxDirectory()): Promise<OutboxEntry[]> {
  let names: string[];
  try {
    // The data directory is the operator's, not the project's: nothing for the build to trace.
    names = await readdir(/*turbopackIgnore: true*/ directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const files = names.filter((name) => name.endsWith(".json")).sort();
  return Promise.all(files.map(async (name) => JSON.parse(await readFile(path.join(directory, name), "utf8")) as OutboxEntry));
}

/** The newest message to an address, or null. */
export async function latestMessageTo(address: string, directory = outboxDirectory()): Promise<OutboxEntry | null> {
  const wanted = address.trim().toLowerCase();
  const messages = await readOutbox(directory);
  return messages.findLast((message) => message.to.toLowerCase() === wanted) ?? null;
}
