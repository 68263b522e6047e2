import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect } from "@playwright/test";

/** The invitation token of the newest mail the console wrote to the outbox for an address (embedded default: no SMTP). */
export async function invitationTokenFor(address: string): Promise<string> {
  const directory = path.join(process.env.E2E_DATA_DIR!, "outbox");
  let link: string | undefined;
  await expect(async () => {
    const names = (await readdir(directory)).filter((name) => name.endsWith(".json")).sort();
    const messages = await Promise.all(names.map(async (name) => JSON.parse(await readFile(path.join(directory, name), "utf8"))));
    link = messages.findLast((message) => message.to === address)?.link;
    expect(link, `no mail to ${address}`).toBeDefined();
  }).toPass({ timeout: 5_000 });
  return decodeURIComponent(new URL(link!).pathname.replace(/^\/invite\//, ""));
}
