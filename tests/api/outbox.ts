import { expect } from "vitest";
import { latestMessageTo, readOutbox } from "@/server/mail/outbox";

export { readOutbox };

/** The newest message the console mailed to an address (from this test file's outbox); fails when there is none. */
export async function latestMailTo(address: string) {
  const message = await latestMessageTo(address);
  expect(message, `no mail to ${address}`).not.toBeNull();
  return message!;
}

/** The invitation token of the newest invitation mailed to an address, read from its link (/invite/{token}). */
export async function invitationTokenFor(address: string): Promise<string> {
  const { link } = await latestMailTo(address);
  const match = /\/invite\/([^/?#]+)$/.exec(new URL(link).pathname);
  expect(match, link).not.toBeNull();
  return decodeURIComponent(match![1]);
}
