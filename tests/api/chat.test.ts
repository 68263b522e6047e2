import { createServer, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { CHAT_MESSAGE_MAX, CHAT_TITLE_MAX } from "@/lib/constants";
import { getApiApp } from "@/server/api/app";
import * as chatService from "@/server/chat/service";
import { fillAnswer, reserveAnswer, saveChatMessages, storeQuestion } from "@/server/chat/service";
import { getDb } from "@/server/db/client";
import { chatMessages, chats } from "@/server/db/schema";
import { call, organizationId, signIn } from "./helpers";
import { BW_ADMIN, CONTOSO_ADMIN, CONTOSO_READONLY, INITECH_ADMIN, NW_ADMIN, OPERATOR } from "./operations-fixtures";

// The assistant's chats (GET/POST /chat, GET/PATCH/DELETE /chat/{chatId}): a chat is its author's alone, about one
// organization the author sees. Anyone else — a colleague, the MSP, the operator, another customer — gets a 404.
// The demo network is seeded: the assistant answers from it.
process.env.TEST_SEED_NETWORK = "1";

let contoso: string;
let northwind: string;
let initech: string;

beforeAll(async () => {
  contoso = await organizationId("Contoso");
  northwind = await organizationId("Northwind Networks");
  initech = await organizationId("Initech");
});

async function newChat(email: string, organization: string, title?: string) {
  const response = await call("POST", "/chat", { cookie: await signIn(email), body: { organizationId: organization, ...(title ? { title } : {}) } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string; organizationId: string; title: string; messageCount: number; updatedAt: string };
}

const userMessage = (id: string, text: string) => ({ id, role: "user" as const, parts: [{ type: "text" as const, text }] });

describe("chats", () => {
  it("creates an empty, untitled chat about a visible organization and reads it back", async () => {
    const chat = await newChat(CONTOSO_ADMIN, contoso);
    expect(chat).toMatchObject({ organizationId: contoso, title: "", messageCount: 0 });
    const read = await call("GET", `/chat/${chat.id}`, { cookie: await signIn(CONTOSO_ADMIN) });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ chat: expect.objectContaining({ id: chat.id, title: "" }), messages: [] });
  });

  it("lets read-only users and staff chat too (chat has no guard), each about what they see", async () => {
    expect((await newChat(CONTOSO_READONLY, contoso)).organizationId).toBe(contoso);
    // The MSP's staff may chat about their customer; the operator about any organization.
    expect((await newChat(NW_ADMIN, contoso)).organizationId).toBe(contoso);
    expect((await newChat(OPERATOR, northwind)).organizationId).toBe(northwind);
  });

  it("refuses a chat about an organization out of sight as not found", async () => {
    const response = await call("POST", "/chat", { cookie: await signIn(CONTOSO_ADMIN), body: { organizationId: initech } });
    expect(response.status).toBe(404);
    expect(response.body.error).toBe("Not found");
  });

  it("stores messages in order, names the chat after its first question and lists the latest chat first", async () => {
    const db = await getDb();
    const older = await newChat(INITECH_ADMIN, initech);
    const newer = await newChat(INITECH_ADMIN, initech);
    await saveChatMessages(db, older.id, [userMessage("m1", "Why is Lyon ⇄ Paris bad?\nIt was fine yesterday.")]);
    await saveChatMessages(db, older.id, [{ id: "m2", role: "assistant", parts: [{ type: "text", text: "Latency is above 150 ms." }] }]);
    // A second question keeps the title the first one gave.
    await saveChatMessages(db, older.id, [userMessage("m3", "And jitter?")]);

    const detail = await call("GET", `/chat/${older.id}`, { cookie: await signIn(INITECH_ADMIN) });
    expect(detail.body.chat).toMatchObject({ title: "Why is Lyon ⇄ Paris bad?", messageCount: 3 });
    expect(detail.body.messages.map((message: { id: string; role: string }) => [message.id, message.role])).toEqual([
      ["m1", "user"],
      ["m2", "assistant"],
      ["m3", "user"],
    ]);
    expect(detail.body.messages[1].parts).toEqual([{ type: "text", text: "Latency is above 150 ms." }]);

    const list = await call("GET", `/chat?organizationId=${initech}`, { cookie: await signIn(INITECH_ADMIN) });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(2);
    expect(list.body.items.map((chat: { id: string }) => chat.id)).toEqual([older.id, newer.id]);
    expect(list.body.items[0]).toMatchObject({ title: "Why is Lyon ⇄ Paris bad?", messageCount: 3 });
  });

  it("replaces a message stored again under its id (a retried question is not duplicated)", async () => {
    const db = await getDb();
    const chat = await newChat(INITECH_ADMIN, initech);
    await saveChatMessages(db, chat.id, [userMessage("q1", "List my sites")]);
    await saveChatMessages(db, chat.id, [userMessage("q1", "List my sites")]);
    expect(await db.select().from(chatMessages).where(eq(chatMessages.chatId, chat.id))).toHaveLength(1);
  });

  it("cuts a long first question to the title's length", async () => {
    const db = await getDb();
    const chat = await newChat(INITECH_ADMIN, initech);
    await saveChatMessages(db, chat.id, [userMessage("long", "x".repeat(500))]);
    const [row] = await db.select().from(chats).where(eq(chats.id, chat.id));
    expect(row.title).toHaveLength(CHAT_TITLE_MAX);
    expect(row.title.endsWith("…")).toBe(true);
  });

  it("pages the list with a cursor, newest activity first, without repeats", async () => {
    const cookie = await signIn(BW_ADMIN);
    const bluewave = await organizationId("Bluewave Telecom");
    const made: string[] = [];
    for (let index = 0; index < 5; index++) made.push((await newChat(BW_ADMIN, bluewave, `Chat ${index}`)).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const response: { status: number; body: { items: { id: string }[]; nextCursor: string | null; total: number } } = await call(
        "GET",
        `/chat?organizationId=${bluewave}&limit=2${cursor ? `&cursor=${cursor}` : ""}`,
        { cookie },
      );
      expect(response.status).toBe(200);
      expect(response.body.total).toBe(5);
      seen.push(...response.body.items.map((item) => item.id));
      cursor = response.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...made].reverse());
  });

  it("renames and deletes a chat with its messages", async () => {
    const db = await getDb();
    const cookie = await signIn(CONTOSO_ADMIN);
    const chat = await newChat(CONTOSO_ADMIN, contoso);
    await saveChatMessages(db, chat.id, [userMessage("r1", "Hello")]);
    const renamed = await call("PATCH", `/chat/${chat.id}`, { cookie, body: { title: "  Paris troubleshooting  " } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: chat.id, title: "Paris troubleshooting", messageCount: 1 });
    expect((await call("DELETE", `/chat/${chat.id}`, { cookie })).status).toBe(204);
    expect((await call("GET", `/chat/${chat.id}`, { cookie })).status).toBe(404);
    expect(await db.select().from(chatMessages).where(eq(chatMessages.chatId, chat.id))).toEqual([]);
  });
});

describe("chat privacy", () => {
  it("answers every chat endpoint of someone else's chat exactly like a missing chat", async () => {
    const chat = await newChat(CONTOSO_ADMIN, contoso, "Private");
    const missing = "00000000-0000-4000-8000-000000000000";
    // A colleague in the same customer, its MSP's admin, the operator and another customer.
    for (const email of [CONTOSO_READONLY, NW_ADMIN, OPERATOR, INITECH_ADMIN]) {
      const cookie = await signIn(email);
      for (const [method, suffix, body] of [
        ["GET", "", undefined],
        ["PATCH", "", { title: "Taken" }],
        ["DELETE", "", undefined],
        ["POST", "/message", { message: userMessage("x1", "List my sites") }],
      ] as const) {
        const theirs = await call(method, `/chat/${chat.id}${suffix}`, { cookie, body });
        const none = await call(method, `/chat/${missing}${suffix}`, { cookie, body });
        expect(theirs.status, `${method} ${suffix} as ${email}`).toBe(404);
        expect(theirs.body.error).toBe(none.body.error);
      }
      const list = await call("GET", `/chat?organizationId=${contoso}`, { cookie });
      expect(list.body.items?.map((item: { id: string }) => item.id) ?? []).not.toContain(chat.id);
    }
    // Untouched: still the author's, with its title.
    const own = await call("GET", `/chat/${chat.id}`, { cookie: await signIn(CONTOSO_ADMIN) });
    expect(own.body.chat.title).toBe("Private");
    const db = await getDb();
    expect(await db.select().from(chatMessages).where(eq(chatMessages.chatId, chat.id))).toEqual([]);
  });

  it("does not list chats of an organization out of sight", async () => {
    const response = await call("GET", `/chat?organizationId=${initech}`, { cookie: await signIn(CONTOSO_ADMIN) });
    expect(response.status).toBe(404);
  });

  it("needs a session", async () => {
    expect((await call("GET", `/chat?organizationId=${contoso}`)).status).toBe(401);
    expect((await call("POST", "/chat", { body: { organizationId: contoso } })).status).toBe(401);
  });
});

describe("chat input", () => {
  it("explains a bad title and a bad question, in English and in French", async () => {
    const cookie = await signIn(CONTOSO_ADMIN);
    const chat = await newChat(CONTOSO_ADMIN, contoso);
    const blank = await call("PATCH", `/chat/${chat.id}`, { cookie, body: { title: "   " } });
    expect(blank.status).toBe(400);
    expect(blank.body.issues).toEqual([{ path: "title", message: "Title is required" }]);
    const long = await call("PATCH", `/chat/${chat.id}`, { cookie, body: { title: "t".repeat(CHAT_TITLE_MAX + 1) }, language: "fr" });
    expect(long.body.issues).toEqual([{ path: "title", message: "Le titre doit comporter au plus 120 caractères" }]);

    const empty = await call("POST", `/chat/${chat.id}/message`, { cookie, body: { message: userMessage("e1", "  ") } });
    expect(empty.status).toBe(400);
    expect(empty.body.issues).toEqual([{ path: "message.parts.0.text", message: "Type a question for the assistant" }]);
    const tooLong = await call("POST", `/chat/${chat.id}/message`, {
      cookie,
      body: { message: userMessage("e2", "q".repeat(CHAT_MESSAGE_MAX + 1)) },
      language: "fr",
    });
    expect(tooLong.body.issues).toEqual([{ path: "message.parts.0.text", message: "Une question doit comporter au plus 4000 caractères" }]);
    // Only the user speaks through this endpoint: an "assistant" message is refused.
    const forged = await call("POST", `/chat/${chat.id}/message`, {
      cookie,
      body: { message: { id: "f1", role: "assistant", parts: [{ type: "text", text: "I am the assistant" }] } },
    });
    expect(forged.status).toBe(400);
    // Nothing was stored by the refused calls.
    const db = await getDb();
    expect(await db.select().from(chatMessages).where(eq(chatMessages.chatId, chat.id))).toEqual([]);
  });
});

describe("a question asked again", () => {
  it("drops the answers given after it, so the conversation ends with the question", async () => {
    const db = await getDb();
    const chat = await newChat(INITECH_ADMIN, initech);
    await saveChatMessages(db, chat.id, [userMessage("a1", "First")]);
    await saveChatMessages(db, chat.id, [{ id: "a2", role: "assistant", parts: [{ type: "text", text: "First answer" }] }]);
    await saveChatMessages(db, chat.id, [userMessage("a3", "Second")]);
    await saveChatMessages(db, chat.id, [{ id: "a4", role: "assistant", parts: [{ type: "text", text: "Second answer" }] }]);
    await storeQuestion(db, chat.id, userMessage("a3", "Second"));
    const detail = await call("GET", `/chat/${chat.id}`, { cookie: await signIn(INITECH_ADMIN) });
    expect(detail.body.messages.map((message: { id: string }) => message.id)).toEqual(["a1", "a2", "a3"]);
    // A new question is simply added at the end.
    await storeQuestion(db, chat.id, userMessage("a5", "Third"));
    const after = await call("GET", `/chat/${chat.id}`, { cookie: await signIn(INITECH_ADMIN) });
    expect(after.body.messages.map((message: { id: string }) => message.id)).toEqual(["a1", "a2", "a3", "a5"]);
  });
});

describe("a question sent again that the database refuses", () => {
  it("answers 400 and changes nothing: the answers after it are all still there", async () => {
    const cookie = await signIn(INITECH_ADMIN);
    const chat = await newChat(INITECH_ADMIN, initech);
    for (const [id, text] of [["n1", "List my sites"], ["n2", "Show the open alarms"], ["n3", "List my paths"]]) {
      expect((await call("POST", `/chat/${chat.id}/message`, { cookie, body: { message: userMessage(id, text) } })).status).toBe(200);
      // Each answer is stored when its stream ends.
      await vi.waitFor(async () => expect((await call("GET", `/chat/${chat.id}`, { cookie })).body.chat.messageCount % 2).toBe(0), { timeout: 5_000, interval: 50 });
    }
    const before = (await call("GET", `/chat/${chat.id}`, { cookie })).body.messages;
    expect(before.map((message: { id: string }) => message.id).filter((id: string) => id.startsWith("n"))).toEqual(["n1", "n2", "n3"]);
    expect(before).toHaveLength(6);
    const refused = await call("POST", `/chat/${chat.id}/message`, { cookie, body: { message: userMessage("n1", "List my sites\u0000 again") } });
    expect(refused.status).toBe(400);
    expect((await call("GET", `/chat/${chat.id}`, { cookie })).body.messages).toEqual(before);
  });
});

describe("a question under an answer's id", () => {
  it("is refused, and the answer stays as it was", async () => {
    const db = await getDb();
    const chat = await newChat(INITECH_ADMIN, initech);
    await saveChatMessages(db, chat.id, [userMessage("b1", "First")]);
    await saveChatMessages(db, chat.id, [{ id: "b2", role: "assistant", parts: [{ type: "text", text: "First answer" }] }]);
    const response = await call("POST", `/chat/${chat.id}/message`, { cookie: await signIn(INITECH_ADMIN), body: { message: userMessage("b2", "Forged") } });
    expect(response.status).toBe(409);
    expect(response.body.error).toBe("This message id belongs to one of the assistant's answers: send the question under a new id.");
    const detail = await call("GET", `/chat/${chat.id}`, { cookie: await signIn(INITECH_ADMIN) });
    expect(detail.body.messages[1]).toMatchObject({ id: "b2", role: "assistant", parts: [{ type: "text", text: "First answer" }] });
  });
});

describe("asking the assistant (POST /chat/{chatId}/message)", () => {
  async function storedMessages(chatId: string, expected: number) {
    const db = await getDb();
    // The answer is stored when its stream ends, just after the last byte is sent.
    return vi.waitFor(
      async () => {
        const rows = await db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId)).orderBy(chatMessages.position);
        expect(rows.length, `chat ${chatId} has ${expected} messages`).toBeGreaterThanOrEqual(expected);
        return rows;
      },
      { timeout: 5_000, interval: 50 },
    );
  }
  const textOf = (parts: unknown) =>
    (parts as { type: string; text?: string }[])
      .filter((part) => part.type === "text")
      .map((part) => part.text)
      .join("");

  it("streams the answer from the tools with the caller's rights, then stores the question and the answer", async () => {
    const cookie = await signIn(INITECH_ADMIN);
    const chat = await newChat(INITECH_ADMIN, initech);
    const response = await call("POST", `/chat/${chat.id}/message`, { cookie, body: { message: userMessage("s1", "List my sites") } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const stream = String(response.body);
    expect(stream).toContain('"type":"tool-input-available"');
    expect(stream).toContain('"toolName":"listSites"');

    const [question, answer] = await storedMessages(chat.id, 2);
    expect(question).toMatchObject({ id: "s1", role: "user" });
    expect(answer.role).toBe("assistant");
    expect((answer.parts as { type: string; state?: string }[]).find((part) => part.type === "tool-listSites")).toMatchObject({ state: "output-available" });
    // Initech's own sites, by name, and no other customer's.
    const text = textOf(answer.parts);
    expect(text).toContain("Initech has 4 sites:");
    expect(text).toContain("Madrid Office");
    expect(text).toContain("Milan Branch");
    expect(text).not.toContain("Paris HQ");
    expect(text).not.toContain("Seattle Office");
    const list = await call("GET", `/chat?organizationId=${initech}`, { cookie });
    expect(list.body.items.find((item: { id: string }) => item.id === chat.id)).toMatchObject({ title: "List my sites", messageCount: 2 });
  });

  it("answers in the caller's language", async () => {
    const cookie = await signIn(INITECH_ADMIN);
    const chat = await newChat(INITECH_ADMIN, initech);
    const response = await call("POST", `/chat/${chat.id}/message`, { cookie, body: { message: userMessage("f1", "mes sites") }, language: "fr" });
    expect(response.status).toBe(200);
    const [, answer] = await storedMessages(chat.id, 2);
    expect(textOf(answer.parts)).toContain("Initech a 4 sites\u202f:");
  });

  it("reads the conversation so far: a follow-up is answered in its context", async () => {
    const cookie = await signIn(CONTOSO_ADMIN);
    const chat = await newChat(CONTOSO_ADMIN, contoso);
    await call("POST", `/chat/${chat.id}/message`, { cookie, body: { message: userMessage("c1", "List my sites") } });
    await storedMessages(chat.id, 2);
    await call("POST", `/chat/${chat.id}/message`, { cookie, body: { message: userMessage("c2", "Show the open alarms") } });
    const rows = await storedMessages(chat.id, 4);
    expect(rows.map((row) => row.role)).toEqual(["user", "assistant", "user", "assistant"]);
    expect((rows[3].parts as { type: string }[]).some((part) => part.type === "tool-listOpenAlarms")).toBe(true);
  });

  /** The preview of the action an answer proposes (its approval request's reason), and the request's id. */
  function proposal(body: unknown) {
    const request = String(body)
      .split("\n")
      .filter((line) => line.startsWith("data: {"))
      .map((line) => JSON.parse(line.slice(6)) as { type: string; approvalId?: string; reason?: string })
      .find((part) => part.type === "tool-approval-request");
    expect(request, String(body)).toBeDefined();
    return { id: request!.approvalId!, preview: request!.reason ?? "" };
  }

  it("reads and writes the time of a proposal in the browser's time zone, and ignores a zone it does not know", async () => {
    const cookie = await signIn(NW_ADMIN);
    const ask = async (text: string, timeZone: unknown, language?: string) => {
      const chat = await newChat(NW_ADMIN, northwind);
      const response = await call("POST", `/chat/${chat.id}/message`, { cookie, body: { message: userMessage(`z${Math.random()}`, text), timeZone }, language });
      expect(response.status).toBe(200);
      return proposal(response.body).preview;
    };
    // "01" in the node's name is not the hour; 3am is the zone's 03:00, the day after the zone's today.
    const wallDate = (zone: string, days: number, locale: string) =>
      new Intl.DateTimeFormat(locale, { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: zone }).format(Date.now() + days * 86_400_000);
    const inLosAngeles = await ask("reboot nw-edge-sea-01 tomorrow at 3am", "America/Los_Angeles");
    expect(inLosAngeles).toContain(`${wallDate("America/Los_Angeles", 1, "en-GB")}, 03:00 (America/Los_Angeles)`);
    const inParis = await ask("redémarre nw-edge-sea-01 demain à 3h", "Europe/Paris", "fr");
    expect(inParis).toContain(`${wallDate("Europe/Paris", 1, "fr-FR")}, 03:00 (Europe/Paris)`);
    // No zone, or one that is none: UTC.
    for (const zone of [undefined, "Mars/Olympus_Mons", "+05:00"]) {
      expect(await ask("reboot nw-edge-sea-01 tomorrow at 3am", zone)).toContain(`${wallDate("UTC", 1, "en-GB")}, 03:00 (UTC)`);
    }
    // Not a string at all: refused as a bad request, never a server error.
    const chat = await newChat(NW_ADMIN, northwind);
    expect((await call("POST", `/chat/${chat.id}/message`, { cookie, body: { message: userMessage("bad-zone", "list my sites"), timeZone: 7 } })).status).toBe(400);
  });

  it("says the operation it schedules on approval in the zone the approval is sent with", async () => {
    const cookie = await signIn(NW_ADMIN);
    const chat = await newChat(NW_ADMIN, northwind);
    const asked = await call("POST", `/chat/${chat.id}/message`, { cookie, body: { message: userMessage("tz-approve", "reboot nw-edge-sea-01 tomorrow at 3am"), timeZone: "America/Los_Angeles" } });
    const { id } = proposal(asked.body);
    await storedMessages(chat.id, 2);
    const approved = await call("POST", `/chat/${chat.id}/message`, { cookie, body: { approval: { id, approved: true }, timeZone: "America/Los_Angeles" } });
    expect(approved.status).toBe(200);
    expect(String(approved.body)).toMatch(/scheduled for \w{3}, \d{1,2} \w{3} \d{4}, 03:00 \(America\/Los_Angeles\)/);
  });
});

describe("what is kept of an answer", () => {
  /** One chunk of OpenAI's streamed chat completions. */
  const completionChunk = (delta: Record<string, unknown>, finish: string | null = null) =>
    `data: ${JSON.stringify({ id: "x", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

  /** Runs `work` with the assistant configured for an OpenAI-compatible endpoint answering with `handler`. */
  async function withEndpoint(handler: RequestListener, work: () => Promise<void>) {
    const server = createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const saved = { url: process.env.ASSISTANT_BASE_URL, model: process.env.ASSISTANT_MODEL };
    process.env.ASSISTANT_BASE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    process.env.ASSISTANT_MODEL = "test-model";
    try {
      await work();
    } finally {
      for (const [key, value] of [["ASSISTANT_BASE_URL", saved.url], ["ASSISTANT_MODEL", saved.model]] as const) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
      server.close();
    }
  }

  /** Asks a question as a browser would, and leaves after the first bytes of the answer. */
  async function askAndLeave(cookie: string, chatId: string, message: ReturnType<typeof userMessage>) {
    const response = await getApiApp().fetch(
      new Request(`http://localhost/api/v1/chat/${chatId}/message`, {
        method: "POST",
        headers: { host: "localhost", cookie, "content-type": "application/json" },
        body: JSON.stringify({ message }),
      }),
    );
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
  }

  async function rowsOf(chatId: string) {
    const db = await getDb();
    return db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId)).orderBy(chatMessages.position);
  }
  function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    return vi.waitFor(
      async () => {
        const value = await read();
        expect(done(value)).toBe(true);
        return value;
      },
      { timeout: 5_000, interval: 50 },
    );
  }
  const textOf = (parts: unknown) =>
    (parts as { type: string; text?: string }[])
      .filter((part) => part.type === "text")
      .map((part) => part.text)
      .join("");

  it("keeps the whole answer when the browser goes away after its first words", async () => {
    const cookie = await signIn(INITECH_ADMIN);
    const chat = await newChat(INITECH_ADMIN, initech);
    await askAndLeave(cookie, chat.id, userMessage("d1", "List my sites"));
    const rows = await until(
      () => rowsOf(chat.id),
      (found) => found.length === 2 && (found[1].parts as unknown[]).length > 0,
    );
    const text = textOf(rows[1].parts);
    expect(text).toContain("Initech has 4 sites:");
    for (const site of ["Madrid Office", "Milan Branch", "Oracle Frankfurt", "AWS Direct Connect Paris"]) expect(text).toContain(site);
  });

  it("keeps nothing of an answer that breaks off, and keeps the question for a retry", async () => {
    // An OpenAI-compatible endpoint that starts answering, then drops the connection.
    const breaking: RequestListener = (_request, response) => {
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.write(completionChunk({ role: "assistant", content: "Your sites are" }));
      setTimeout(() => response.destroy(), 50);
    };
    await withEndpoint(breaking, async () => {
      const cookie = await signIn(INITECH_ADMIN);
      const chat = await newChat(INITECH_ADMIN, initech);
      const response = await call("POST", `/chat/${chat.id}/message`, { cookie, body: { message: userMessage("p1", "List my sites") } });
      expect(response.status).toBe(200);
      expect(String(response.body)).toContain("The assistant could not answer. Your question is saved: try again.");
      // The reserved place of the answer is given up: only the question remains.
      const rows = await until(
        () => rowsOf(chat.id),
        (found) => found.length === 1,
      );
      expect(rows.map((row) => [row.id, row.role])).toEqual([["p1", "user"]]);

      // The endpoint is back (here: the embedded model): the same question again is answered, once.
      delete process.env.ASSISTANT_BASE_URL;
      const retry = await call("POST", `/chat/${chat.id}/message`, { cookie, body: { message: userMessage("p1", "List my sites") } });
      expect(retry.status).toBe(200);
      const after = await until(
        () => rowsOf(chat.id),
        (found) => found.length === 2 && (found[1].parts as unknown[]).length > 0,
      );
      expect(after.map((row) => row.role)).toEqual(["user", "assistant"]);
      expect(textOf(after[1].parts)).toContain("Initech has 4 sites:");
    });
  });

  it("keeps only the retry's answer when a question is asked again while its first answer is still being written", async () => {
    // A slow OpenAI-compatible endpoint: its answer takes about a second to write.
    const slow: RequestListener = (_request, response) => {
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.write(completionChunk({ role: "assistant", content: "Slow answer" }));
      let sent = 0;
      const timer = setInterval(() => {
        if (++sent < 8) response.write(completionChunk({ content: " ..." }));
        else {
          clearInterval(timer);
          response.write(completionChunk({}, "stop"));
          response.end("data: [DONE]\n\n");
        }
      }, 100);
    };
    // Each answer that ends whole is offered to its place: the retry's takes it, the slow one finds it gone.
    const filled = vi.spyOn(chatService, "fillAnswer");
    onTestFinished(() => filled.mockRestore());
    await withEndpoint(slow, async () => {
      const cookie = await signIn(INITECH_ADMIN);
      const chat = await newChat(INITECH_ADMIN, initech);
      // The browser gives up on the slow answer (which goes on being written) and the user retries.
      await askAndLeave(cookie, chat.id, userMessage("r1", "List my sites"));
      delete process.env.ASSISTANT_BASE_URL;
      const retry = await call("POST", `/chat/${chat.id}/message`, { cookie, body: { message: userMessage("r1", "List my sites") } });
      expect(retry.status).toBe(200);
      // Both answers have ended and been offered to their places.
      await vi.waitFor(() => expect(filled).toHaveBeenCalledTimes(2), { timeout: 5_000, interval: 50 });
      expect((await Promise.all(filled.mock.results.map((result) => result.value))).sort()).toEqual([false, true]);
      const written = (await rowsOf(chat.id)).filter((row) => (row.parts as unknown[]).length > 0);
      expect(written.map((row) => row.role)).toEqual(["user", "assistant"]);
      expect(textOf(written[1].parts)).toContain("Initech has 4 sites:");
      expect(textOf(written[1].parts)).not.toContain("Slow answer");
    });
  });

  it("places a question asked while an answer is still being written after that answer", async () => {
    const db = await getDb();
    const chat = await newChat(INITECH_ADMIN, initech);
    await saveChatMessages(db, chat.id, [userMessage("o1", "First")]);
    await reserveAnswer(db, chat.id, "o2");
    // Not shown, not counted, not read by the model while empty.
    const during = await call("GET", `/chat/${chat.id}`, { cookie: await signIn(INITECH_ADMIN) });
    expect(during.body.messages.map((message: { id: string }) => message.id)).toEqual(["o1"]);
    expect(during.body.chat.messageCount).toBe(1);
    await saveChatMessages(db, chat.id, [userMessage("o3", "Second")]);
    expect(await fillAnswer(db, chat.id, { id: "o2", parts: [{ type: "text", text: "First answer" }] })).toBe(true);
    const after = await call("GET", `/chat/${chat.id}`, { cookie: await signIn(INITECH_ADMIN) });
    expect(after.body.messages.map((message: { id: string }) => message.id)).toEqual(["o1", "o2", "o3"]);
  });
});
