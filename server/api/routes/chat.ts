import { randomUUID } from "node:crypto";
import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import {
  chatCreateSchema,
  chatDetailSchema,
  chatListQuerySchema,
  chatMessageSendSchema,
  chatRenameSchema,
  chatSummarySchema,
} from "@/lib/chat/schema";
import { streamAssistantReply } from "@/server/assistant/run";
import { createChat, deleteChat, findChat, getChat, listChats, loadChatMessages, renameChat, saveChatMessages, storeQuestion } from "@/server/chat/service";
import { serviceContext } from "../context";
import { ApiError, notFound } from "../errors";
import { createRouter, errorBodySchema, jsonBody, jsonResponse, standardErrors } from "../openapi";
import { pageQuerySchema, pageSchema } from "../pagination";

export const chatRouter = createRouter();

const chatParams = z.object({ chatId: z.string().min(1).max(64) });

// Chat has no guard (SPEC §6): every signed-in user may talk to the assistant, whose tools act with their own scopes.

// GET /api/v1/chat — the caller's chats about an organization, most recently active first, with their total.
chatRouter.openapi(
  createRoute({
    method: "get",
    path: "/chat",
    tags: ["chat"],
    request: { query: pageQuerySchema.extend(chatListQuerySchema.shape) },
    responses: { 200: jsonResponse(pageSchema(chatSummarySchema).extend({ total: z.number().int() }), "A page of chats"), ...standardErrors },
  }),
  async (c) => {
    const { organizationId, ...page } = c.req.valid("query");
    const chats = await listChats(serviceContext(c), organizationId, page);
    if (!chats) throw notFound();
    return c.json(chats, 200);
  },
);

// POST /api/v1/chat — a new, empty chat about an organization the caller sees.
chatRouter.openapi(
  createRoute({
    method: "post",
    path: "/chat",
    tags: ["chat"],
    request: { body: jsonBody(chatCreateSchema) },
    responses: { 201: jsonResponse(chatSummarySchema, "The new chat"), ...standardErrors },
  }),
  async (c) => {
    const chat = await createChat(serviceContext(c), c.req.valid("json"));
    if (!chat) throw notFound();
    return c.json(chat, 201);
  },
);

// GET /api/v1/chat/{chatId} — the chat and its messages.
chatRouter.openapi(
  createRoute({
    method: "get",
    path: "/chat/{chatId}",
    tags: ["chat"],
    request: { params: chatParams },
    responses: { 200: jsonResponse(chatDetailSchema, "The chat and its messages"), ...standardErrors },
  }),
  async (c) => {
    const chat = await getChat(serviceContext(c), c.req.valid("param").chatId);
    if (!chat) throw notFound();
    return c.json(chat, 200);
  },
);

// PATCH /api/v1/chat/{chatId} — renames the chat.
chatRouter.openapi(
  createRoute({
    method: "patch",
    path: "/chat/{chatId}",
    tags: ["chat"],
    request: { params: chatParams, body: jsonBody(chatRenameSchema) },
    responses: { 200: jsonResponse(chatSummarySchema, "The renamed chat"), ...standardErrors },
  }),
  async (c) => {
    const chat = await renameChat(serviceContext(c), c.req.valid("param").chatId, c.req.valid("json").title);
    if (!chat) throw notFound();
    return c.json(chat, 200);
  },
);

// DELETE /api/v1/chat/{chatId} — the chat and its messages.
chatRouter.openapi(
  createRoute({
    method: "delete",
    path: "/chat/{chatId}",
    tags: ["chat"],
    request: { params: chatParams },
    responses: { 204: { description: "Deleted" }, ...standardErrors },
  }),
  async (c) => {
    if (!(await deleteChat(serviceContext(c), c.req.valid("param").chatId))) throw notFound();
    return c.body(null, 204);
  },
);

// POST /api/v1/chat/{chatId}/message — the user's question: stored at once (nothing is lost if the model fails), then
// answered as an AI SDK UI message stream (server-sent events); the answer is stored when it ends, even if the
// browser has gone away.
chatRouter.openapi(
  createRoute({
    method: "post",
    path: "/chat/{chatId}/message",
    tags: ["chat"],
    request: { params: chatParams, body: jsonBody(chatMessageSendSchema) },
    responses: {
      200: { description: "The answer, as a UI message stream", content: { "text/event-stream": { schema: z.string() } } },
      ...standardErrors,
      409: { description: "The message id is one of the assistant's answers", content: { "application/json": { schema: errorBodySchema } } },
    },
  }),
  async (c) => {
    const context = serviceContext(c);
    const chat = await findChat(context, c.req.valid("param").chatId);
    if (!chat) throw notFound();
    const { message, page } = c.req.valid("json");
    if (!(await storeQuestion(context.db, chat.id, message))) throw new ApiError(409, "apiErrors.chatMessageTaken");
    const messages = await loadChatMessages(context.db, chat.id);
    const result = await streamAssistantReply({
      context,
      organizationId: chat.organizationId,
      locale: c.get("locale"),
      messages,
      page,
    });
    // Runs the answer to its end even when nobody reads it, so onFinish stores it.
    void result.consumeStream();
    return result.toUIMessageStreamResponse({
      originalMessages: messages,
      generateMessageId: randomUUID,
      onFinish: async ({ responseMessage }) => {
        if (responseMessage.parts.length > 0) await saveChatMessages(context.db, chat.id, [responseMessage]);
      },
      onError: (error) => {
        console.error(`[assistant] ${c.get("requestId")}:`, error instanceof Error ? error.message : error);
        return c.get("t")("chat.answerFailed");
      },
    }) as never;
  },
);
