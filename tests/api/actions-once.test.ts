import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { assistantTools } from "@/server/assistant/tools";
import { getDb } from "@/server/db/client";
import { devices, lifecycleOperations, paths, sites } from "@/server/db/schema";
import { assistantContext, streamParts } from "./assistant-helpers";
import { call, organizationId, signIn } from "./helpers";

// An assistant action runs once (issue 41, scope 2): the user's answer to a preview is a conditional update of the
// waiting approval, so of two answers sent at once (a double click, two tabs, a retried request) one runs the action
// and the other is refused with 409 in the user's language; the action itself claims its approval in its own
// transaction, so it can never run twice even through another way in.
process.env.TEST_SEED_NETWORK = "1";
delete process.env.ASSISTANT_BASE_URL;

const CONTOSO_ADMIN = "admin@contoso.example";
const NORTHWIND_ADMIN = "admin@northwind.example";
const org: Record<string, string> = {};

beforeAll(async () => {
  for (const name of ["Contoso", "Northwind Networks"]) org[name] = await organizationId(name);
});

/** Asks for an action in a new chat and returns the id of the approval its preview waits for. */
async function proposed(email: string, organization: string, text: string) {
  const cookie = await signIn(email);
  const chat = await call("POST", "/chat", { cookie, body: { organizationId: org[organization] } });
  const answer = await call("POST", `/chat/${chat.body.id}/message`, { cookie, body: { message: { id: randomUUID(), role: "user", parts: [{ type: "text", text }] } } });
  expect(answer.status).toBe(200);
  const request = streamParts(answer.body).find((part) => part.type === "tool-approval-request" && part.isAutomatic !== true);
  expect(request, String(answer.body)).toBeDefined();
  return { cookie, chatId: chat.body.id as string, approvalId: request!.approvalId as string };
}

/** Two answers to one approval sent at once: their statuses, sorted, and the 409's body. */
async function answeredTwice(asked: { cookie: string; chatId: string; approvalId: string }, approved: boolean, language?: string) {
  const send = () => call("POST", `/chat/${asked.chatId}/message`, { cookie: asked.cookie, body: { approval: { id: asked.approvalId, approved } }, language });
  const answers = await Promise.all([send(), send()]);
  const refused = answers.find((answer) => answer.status === 409);
  return { statuses: answers.map((answer) => answer.status).sort(), refused: refused?.body as { error: string } | undefined };
}

describe("two approvals of one proposal sent at once", () => {
  it("create one site, and the second answer is 409", async () => {
    const name = `Lyon Once ${randomUUID().slice(0, 6)}`;
    const asked = await proposed(CONTOSO_ADMIN, "Contoso", `create a standard site called ${name} in Lyon`);
    const { statuses, refused } = await answeredTwice(asked, true);
    expect(await (await getDb()).select().from(sites).where(eq(sites.name, name))).toHaveLength(1);
    expect(statuses).toEqual([200, 409]);
    expect(refused?.error).toBe("This proposal has already been answered: its action runs only once.");
    // And once more, later: still 409, still one site.
    const again = await call("POST", `/chat/${asked.chatId}/message`, { cookie: asked.cookie, body: { approval: { id: asked.approvalId, approved: true } }, language: "fr" });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("Cette proposition a déjà reçu une réponse : son action ne s’exécute qu’une fois.");
    expect(await (await getDb()).select().from(sites).where(eq(sites.name, name))).toHaveLength(1);
  });

  it("create one path", async () => {
    const asked = await proposed(CONTOSO_ADMIN, "Contoso", "Create a layer 2 path from Frankfurt DC to Paris HQ at 10 Mbps");
    const db = await getDb();
    const before = await db.select({ id: paths.id }).from(paths).where(eq(paths.name, "Frankfurt DC ⇄ Paris HQ"));
    const { statuses } = await answeredTwice(asked, true);
    expect(statuses).toEqual([200, 409]);
    expect(await db.select({ id: paths.id }).from(paths).where(eq(paths.name, "Frankfurt DC ⇄ Paris HQ"))).toHaveLength(before.length + 1);
  });

  it("schedule one reboot", async () => {
    const db = await getDb();
    const [device] = await db.select({ id: devices.id }).from(devices).where(eq(devices.serialNumber, "MX-E200-0103"));
    const scheduled = () => db.select({ id: lifecycleOperations.id }).from(lifecycleOperations).where(and(eq(lifecycleOperations.deviceId, device.id), eq(lifecycleOperations.status, "scheduled")));
    const before = await scheduled();
    const asked = await proposed(NORTHWIND_ADMIN, "Northwind Networks", "restart MX-E200-0103 on Sunday at 03:30");
    // A device takes one operation at a time, so a second run was already stopped by that rule: the answer says it.
    const { statuses } = await answeredTwice(asked, true);
    expect(statuses).toEqual([200, 409]);
    expect(await scheduled()).toHaveLength(before.length + 1);
  });

  it("record one refusal: a second rejection is 409 too", async () => {
    const name = `Lyon Refused ${randomUUID().slice(0, 6)}`;
    const asked = await proposed(CONTOSO_ADMIN, "Contoso", `create a standard site called ${name} in Lyon`);
    const { statuses, refused } = await answeredTwice(asked, false, "fr");
    expect(statuses).toEqual([200, 409]);
    expect(await (await getDb()).select().from(sites).where(eq(sites.name, name))).toHaveLength(0);
    expect(refused?.error).toBe("Cette proposition a déjà reçu une réponse : son action ne s’exécute qu’une fois.");
  });
});

describe("an approved tool call run a second time", () => {
  it("fails at the claim its first run took in its own transaction, and creates nothing more", async () => {
    const tools = assistantTools({ context: await assistantContext(CONTOSO_ADMIN), organizationId: org.Contoso, locale: "en" });
    const execute = tools.createSite.execute as unknown as (input: unknown, options: { toolCallId: string; messages: [] }) => Promise<{ done: string }>;
    const name = `Lyon Twice ${randomUUID().slice(0, 6)}`;
    const toolCallId = randomUUID();
    expect((await execute({ name, location: "Lyon" }, { toolCallId, messages: [] })).done).toContain(name);
    await expect(execute({ name, location: "Lyon" }, { toolCallId, messages: [] })).rejects.toThrow("This action has already been run: it runs only once.");
    expect(await (await getDb()).select().from(sites).where(eq(sites.name, name))).toHaveLength(1);
    // Another call (another approval) of the same action is another run.
    await execute({ name, location: "Lyon" }, { toolCallId: randomUUID(), messages: [] });
    expect(await (await getDb()).select().from(sites).where(eq(sites.name, name))).toHaveLength(2);
  });
});
