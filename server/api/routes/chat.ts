import "server-only";
import { z } from "zod";
import {
  chatCreateSchema,
  chatDetailSchema,
  chatListQuerySchema,
  chatMessageSendSchema,
  chatRenameSchema,
  chatSummarySchema,
} from "@/lib/chat/schema";
import { answerQuestion } from "@/server/chat/answer";
import { createChat, deleteChat, findChat, getChat, listChats, renameChat } from "@/server/chat/service";
import { serviceContext } from "../context";
import { conflict, createRouter, deleted, idSchema, jsonBody, jsonResponse, route, standardErrors } from "../openapi";
import { pageQuerySchema, pageSchema } from "@/lib/pagination-schema";
import { ConflictError } from "@/server/core/errors";

export const chatRouter = createRouter();

const chatParams = z.object({ chatId: idSchema });

// Chat has no guard (SPEC §6): every signed-in user may talk to the assistant, whose tools act with their own scopes.

// GET /api/v1/chat — the caller's chats about an organization, most recently active first, with their total.
chatRouter.openapi(
  route({
    method: "get",
    path: "/chat",
    scopes: [],
    tags: ["chat"],
    request: { query: pageQuerySchema.extend(chatListQuerySchema.shape) },
    responses: { 200: jsonResponse(pageSchema(chatSummarySchema).extend({ total: z.number().int() }), "A page of chats"), ...standardErrors },
  }),
  async (c) => {
    const { organizationId, ...page } = c.req.valid("query");
    const chats = await listChats(serviceContext(c), organizationId, page);
    return c.json(chats, 200);
  },
);

// POST /api/v1/chat — a new, empty chat about an organization the caller sees.
chatRouter.openapi(
  route({
    method: "post",
    path: "/chat",
    idempotent: true,
    scopes: [],
    tags: ["chat"],
    request: { body: jsonBody(chatCreateSchema) },
    responses: { 201: jsonResponse(chatSummarySchema, "The new chat"), ...standardErrors },
  }),
  async (c) => {
    const chat = await createChat(serviceContext(c), c.req.valid("json"));
    return c.json(chat, 201);
  },
);

// GET /api/v1/chat/{chatId} — the chat and its messages.
chatRouter.openapi(
  route({
    method: "get",
    path: "/chat/{chatId}",
    scopes: [],
    tags: ["chat"],
    request: { params: chatParams },
    responses: { 200: jsonResponse(chatDetailSchema, "The chat and its messages"), ...standardErrors },
  }),
  async (c) => {
    const chat = await getChat(serviceContext(c), c.req.valid("param").chatId);
    return c.json(chat, 200);
  },
);

// PATCH /api/v1/chat/{chatId} — renames the chat.
chatRouter.openapi(
  route({
    method: "patch",
    path: "/chat/{chatId}",
    scopes: [],
    tags: ["chat"],
    request: { params: chatParams, body: jsonBody(chatRenameSchema) },
    responses: { 200: jsonResponse(chatSummarySchema, "The renamed chat"), ...standardErrors },
  }),
  async (c) => {
    const chat = await renameChat(serviceContext(c), c.req.valid("param").chatId, c.req.valid("json").title);
    return c.json(chat, 200);
  },
);

// DELETE /api/v1/chat/{chatId} — the chat and its messages.
chatRouter.openapi(
  route({
    method: "delete",
    path: "/chat/{chatId}",
    scopes: [],
    tags: ["chat"],
    request: { params: chatParams },
    responses: { ...deleted, ...standardErrors },
  }),
  async (c) => {
    await deleteChat(serviceContext(c), c.req.valid("param").chatId);
    return c.body(null, 204);
  },
);

// POST /api/v1/chat/{chatId}/message — the user's question, answered as an AI SDK UI message stream (server/chat/answer.ts).
chatRouter.openapi(
  route({
    method: "post",
    path: "/chat/{chatId}/message",
    scopes: [],
    tags: ["chat"],
    request: { params: chatParams, body: jsonBody(chatMessageSendSchema) },
    responses: {
      200: { description: "The answer, as a UI message stream", content: { "text/event-stream": { schema: z.string() } } },
      ...standardErrors,
      ...conflict("The message id is one of the assistant's answers, or the proposal the answer is for was answered already"),
    },
  }),
  async (c) => {
    const context = serviceContext(c);
    const chat = await findChat(context, c.req.valid("param").chatId);
    const answer = await answerQuestion(context, chat, c.req.valid("json"), c.get("locale"));
    if (!answer) throw new ConflictError("apiErrors.chatMessageTaken");
    return answer as never;
  },
);
