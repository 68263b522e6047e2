import "server-only";
import { and, asc, count, eq, gt, sql, type SQL } from "drizzle-orm";
import type { UIMessage } from "ai";
import { titleFromQuestion, type ChatCreate, type ChatDetail, type ChatSummary } from "@/lib/chat/schema";
import type { ServiceContext, Transaction } from "@/server/core/service-context";
import type { Db } from "@/server/db/client";
import { chatMessages, chats } from "@/server/db/schema";
import { findVisibleOrganization, tenantWhere, visibleRead } from "@/server/core/tenancy";
import type { PageQuery } from "@/lib/pagination";
import { keyset, timeKey } from "@/server/core/pagination";
import { NotFoundError } from "@/server/core/errors";

// The assistant's conversations. A chat is its author's alone: every query is on the caller's own chats, in
// organizations the caller still sees (a user moved out of a customer no longer reads the chats about it).
// Another user's chat is a 404, like a missing one.

type ChatRow = typeof chats.$inferSelect;

// Qualified by hand: inside the subquery an unqualified "id" would be the message's. An answer still being written
// (its place reserved, no parts yet) is not a message yet.
const messageCount = sql<number>`(select count(*)::int from chat_messages m where m.chat_id = "chats"."id" and jsonb_array_length(m.parts) > 0)`;
const hasParts = sql`jsonb_array_length(${chatMessages.parts}) > 0`;

function toSummary(row: ChatRow, messages: number): ChatSummary {
  return {
    id: row.id,
    organizationId: row.organizationId,
    title: row.title,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    messageCount: messages,
  };
}

function ownChat(context: ServiceContext, chatId: string): SQL | undefined {
  const { db, principal } = context;
  return and(eq(chats.id, chatId), eq(chats.userId, principal.userId), tenantWhere(principal, chats.organizationId, db));
}

// GET /api/v1/chat — the caller's chats about an organization, most recently active first; null if it is not visible.
export async function listChats(context: ServiceContext, organizationId: string, page: PageQuery) {
  const { db, principal } = context;
  const organization = await findVisibleOrganization(db, principal, organizationId);
  if (!organization) throw new NotFoundError();
  // Kept until a chat or a message changes (every page's assistant panel asks for it): the key names the author.
  return visibleRead(db, principal, "chats", { userId: principal.userId, organizationId: organization.id, page }, async () => {
    const list = keyset({ column: chats.updatedAt, id: chats.id, time: true, direction: "desc" }, page);
    const mine = and(eq(chats.userId, principal.userId), eq(chats.organizationId, organization.id));
    const [rows, [{ total }]] = await Promise.all([
      db
        .select({ chat: chats, messages: messageCount, sortKey: timeKey(chats.updatedAt) })
        .from(chats)
        .where(and(mine, list.after))
        .orderBy(...list.orderBy)
        .limit(list.limit),
      db.select({ total: count() }).from(chats).where(mine),
    ]);
    const result = list.page(rows, (row) => ({ value: row.sortKey, id: row.chat.id }));
    return { items: result.items.map((row) => toSummary(row.chat, row.messages)), nextCursor: result.nextCursor, total };
  });
}

// POST /api/v1/chat — a new chat of the caller about a visible organization; null if it is not visible.
export async function createChat(context: ServiceContext, input: ChatCreate): Promise<ChatSummary> {
  const { db, principal } = context;
  const organization = await findVisibleOrganization(db, principal, input.organizationId);
  if (!organization) throw new NotFoundError();
  const [row] = await db
    .insert(chats)
    .values({ organizationId: organization.id, userId: principal.userId, title: input.title ?? "" })
    .returning();
  return toSummary(row, 0);
}

/** The caller's chat, or null when it is missing, someone else's, or about an organization out of sight. */
export async function findChat(context: ServiceContext, chatId: string): Promise<ChatSummary> {
  const [row] = await context.db.select({ chat: chats, messages: messageCount }).from(chats).where(ownChat(context, chatId));
  if (!row) throw new NotFoundError();
  return toSummary(row.chat, row.messages);
}

/** The stored conversation of a chat, in the order it was said, as the AI SDK's UI messages. */
export async function loadChatMessages(db: Db, chatId: string) {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.chatId, chatId), hasParts))
    .orderBy(asc(chatMessages.position));
  return rows.map((row) => ({ id: row.id, role: row.role, parts: row.parts as UIMessage["parts"], createdAt: row.createdAt.toISOString() }));
}

// GET /api/v1/chat/{chatId}
export async function getChat(context: ServiceContext, chatId: string): Promise<ChatDetail> {
  const chat = await findChat(context, chatId);
  if (!chat) throw new NotFoundError();
  return { chat, messages: (await loadChatMessages(context.db, chatId)) as ChatDetail["messages"] };
}

// PATCH /api/v1/chat/{chatId}
export async function renameChat(context: ServiceContext, chatId: string, title: string): Promise<ChatSummary> {
  const [row] = await context.db.update(chats).set({ title }).where(ownChat(context, chatId)).returning({ id: chats.id });
  if (!row) throw new NotFoundError();
  return findChat(context, row.id);
}

// DELETE /api/v1/chat/{chatId} — the chat and its messages.
export async function deleteChat(context: ServiceContext, chatId: string): Promise<void> {
  const rows = await context.db.delete(chats).where(ownChat(context, chatId)).returning({ id: chats.id });
  if (rows.length === 0) throw new NotFoundError();
}

/**
 * Stores the user's question. A question sent again (a retry, or a new answer asked for) replaces itself and drops
 * whatever was answered after it, so the conversation the model reads ends with it.
 */
export async function storeQuestion(db: Db, chatId: string, question: Pick<UIMessage, "id" | "role" | "parts">): Promise<boolean> {
  // One transaction: a question the database refuses (a NUL in its text) drops nothing that came after it.
  return db.transaction(async (tx) => {
    const [stored] = await tx
      .select({ position: chatMessages.position, role: chatMessages.role })
      .from(chatMessages)
      .where(and(eq(chatMessages.chatId, chatId), eq(chatMessages.id, question.id)));
    // An id of one of the assistant's answers cannot be taken over by a question.
    if (stored && stored.role !== "user") return false;
    if (stored) await tx.delete(chatMessages).where(and(eq(chatMessages.chatId, chatId), gt(chatMessages.position, stored.position)));
    await saveChatMessages(tx, chatId, [question]);
    return true;
  });
}

/**
 * Writes the user's answer into the waiting approval request of an answer, if it is still waiting (a conditional
 * update: its state goes from approval-requested to approval-responded once); false when it was answered already.
 */
export async function answerWaitingApproval(db: Db, chatId: string, messageId: string, approvalId: string, parts: UIMessage["parts"]): Promise<boolean> {
  const waiting = JSON.stringify([{ state: "approval-requested", approval: { id: approvalId } }]);
  return db.transaction(async (tx) => {
    const answered = await tx
      .update(chatMessages)
      .set({ parts })
      .where(and(eq(chatMessages.chatId, chatId), eq(chatMessages.id, messageId), sql`${chatMessages.parts} @> ${waiting}::jsonb`))
      .returning({ id: chatMessages.id });
    if (answered.length === 0) return false;
    await tx.update(chats).set({ updatedAt: new Date() }).where(eq(chats.id, chatId));
    return true;
  });
}

/**
 * Keeps the place of the answer about to be written, right after its question: a question sent while this answer is
 * still being written goes after it. The place stays empty (and unlisted) until `fillAnswer` fills it.
 */
export async function reserveAnswer(db: Db, chatId: string, answerId: string): Promise<void> {
  await db.insert(chatMessages).values({ chatId, id: answerId, role: "assistant", parts: [] });
}

/**
 * Writes an answer into its reserved place; false when that place is gone (the question was asked again meanwhile, or
 * the chat deleted): the answer is then dropped rather than added after whatever came since.
 */
export async function fillAnswer(db: Db, chatId: string, answer: Pick<UIMessage, "id" | "parts">): Promise<boolean> {
  return db.transaction(async (tx) => {
    const filled = await tx
      .update(chatMessages)
      .set({ parts: answer.parts })
      .where(and(eq(chatMessages.chatId, chatId), eq(chatMessages.id, answer.id), eq(chatMessages.role, "assistant")))
      .returning({ id: chatMessages.id });
    if (filled.length === 0) return false;
    await tx.update(chats).set({ updatedAt: new Date() }).where(eq(chats.id, chatId));
    return true;
  });
}

/** Gives up a reserved answer that was never written (the model failed, or the answer broke off). */
export async function releaseAnswer(db: Db, chatId: string, answerId: string): Promise<void> {
  await db.delete(chatMessages).where(and(eq(chatMessages.chatId, chatId), eq(chatMessages.id, answerId), sql`jsonb_array_length(${chatMessages.parts}) = 0`));
}

/**
 * Stores messages of a chat (a message already stored under its id is replaced: a continued answer) and marks the
 * chat active now. An untitled chat takes its title from its first question.
 */
export async function saveChatMessages(db: Db | Transaction, chatId: string, messages: Pick<UIMessage, "id" | "role" | "parts">[]): Promise<void> {
  if (messages.length === 0) return;
  await db.transaction(async (tx) => {
    for (const message of messages) {
      await tx
        .insert(chatMessages)
        .values({ chatId, id: message.id, role: message.role, parts: message.parts })
        .onConflictDoUpdate({ target: [chatMessages.chatId, chatMessages.id], set: { parts: message.parts } });
    }
    const question = messages.find((message) => message.role === "user");
    const text = question?.parts.map((part) => (part.type === "text" ? part.text : "")).join(" ").trim();
    await tx
      .update(chats)
      .set({ updatedAt: new Date(), ...(text ? { title: sql`case when ${chats.title} = '' then ${titleFromQuestion(text)} else ${chats.title} end` } : {}) })
      .where(eq(chats.id, chatId));
  });
}
