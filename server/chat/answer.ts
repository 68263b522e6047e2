import "server-only";
import { logger } from "@/server/core/log";
import { randomUUID } from "node:crypto";
import { consumeStream } from "ai";
import { isWholeAnswer } from "@/lib/chat/parts";
import type { UIMessage } from "ai";
import type { ChatApproval, ChatMessageSend, ChatSummary } from "@/lib/chat/schema";
import type { Locale } from "@/lib/constants";
import { translatorFor } from "@/lib/i18n/messages";
import { validTimeZone } from "@/lib/lifecycle/zoned-time";
import type { ServiceContext } from "@/server/core/service-context";
import { streamAssistantReply } from "@/server/assistant/run";
import { ConflictError } from "@/server/core/errors";
import { answerWaitingApproval, fillAnswer, loadChatMessages, releaseAnswer, reserveAnswer, storeQuestion } from "./service";

const log = logger("assistant");

/**
 * Answers a question in one of the caller's chats, as an AI SDK UI message stream (server-sent events); null when the
 * question's id is one of the assistant's answers.
 *
 * The question is stored at once (nothing is lost if the model fails) and the answer's place is kept right after it.
 * The answer fills that place when it ends whole — even if the browser has gone away (a closed panel, another page) —
 * and gives it up otherwise: an answer broken off half-way would read as complete and mislead the next turn. An answer
 * whose question was asked again meanwhile (a retry) finds its place gone and is dropped: the retry's answer stands.
 */
export async function answerQuestion(context: ServiceContext, chat: ChatSummary, question: ChatMessageSend, locale: Locale): Promise<Response | null> {
  const timeZone = validTimeZone(question.timeZone) ?? undefined;
  if (question.approval) return answerApproval(context, chat, question.approval, { locale, page: question.page, timeZone });
  const { db } = context;
  if (!question.message || !(await storeQuestion(db, chat.id, question.message))) return null;
  const answerId = randomUUID();
  await reserveAnswer(db, chat.id, answerId);
  const messages = await loadChatMessages(db, chat.id);
  return streamAnswer(context, chat, { messages, answerId, locale, page: question.page, timeZone, release: true });
}

type StoredMessage = Awaited<ReturnType<typeof loadChatMessages>>[number];

/**
 * The user's answer to an action's preview: written into the stored tool part that asked for it (only a pending
 * request of this chat's last answer can be answered, once: a second answer is a ConflictError), then the answer goes on
 * from there — the AI SDK runs the approved tool (or records the refusal) and the model writes what happened, in the
 * same answer. Null when the chat has no such request.
 */
async function answerApproval(
  context: ServiceContext,
  chat: ChatSummary,
  approval: ChatApproval,
  reader: { locale: Locale; page?: string; timeZone?: string },
): Promise<Response | null> {
  const messages = await loadChatMessages(context.db, chat.id);
  const last = messages.at(-1);
  if (!last || last.role !== "assistant") return null;
  let answered = false;
  const parts = last.parts.map((part) => {
    const pending = part as { state?: string; approval?: { id: string } };
    if (pending.state !== "approval-requested" || pending.approval?.id !== approval.id) return part;
    answered = true;
    return { ...part, state: "approval-responded", approval: { ...pending.approval, approved: approval.approved, ...(approval.reason ? { reason: approval.reason } : {}) } } as UIMessage["parts"][number];
  });
  if (!answered) {
    if (messages.some((message) => message.parts.some((part) => (part as { approval?: { id: string } }).approval?.id === approval.id))) throw new ConflictError("apiErrors.approvalAnswered");
    return null;
  }
  const updated: StoredMessage = { ...last, parts };
  // Of two answers sent at once, only the one that finds the request still waiting goes on (and runs the action).
  if (!(await answerWaitingApproval(context.db, chat.id, last.id, approval.id, parts))) throw new ConflictError("apiErrors.approvalAnswered");
  return streamAnswer(context, chat, { messages: [...messages.slice(0, -1), updated], answerId: last.id, ...reader, release: false });
}

async function streamAnswer(
  context: ServiceContext,
  chat: ChatSummary,
  options: { messages: StoredMessage[]; answerId: string; locale: Locale; page?: string; timeZone?: string; release: boolean },
): Promise<Response> {
  const { db } = context;
  const { messages, answerId, locale } = options;
  let result: Awaited<ReturnType<typeof streamAssistantReply>>;
  try {
    result = await streamAssistantReply({ context, organizationId: chat.organizationId, locale, messages, page: options.page, timeZone: options.timeZone });
  } catch (error) {
    if (options.release) await releaseAnswer(db, chat.id, answerId);
    throw error;
  }
  return result.toUIMessageStreamResponse({
    originalMessages: messages,
    generateMessageId: () => answerId,
    // Reads the answer to its end whoever reads the response.
    consumeSseStream: ({ stream }) => consumeStream({ stream }),
    onFinish: async ({ responseMessage, finishReason, outcome }) => {
      if (outcome.status === "completed" && finishReason !== "error" && isWholeAnswer(responseMessage)) {
        await fillAnswer(db, chat.id, responseMessage);
      } else if (options.release) {
        await releaseAnswer(db, chat.id, answerId);
      }
    },
    onError: (error) => {
      log.error({ err: error, requestId: context.requestId }, "answer failed");
      return translatorFor(locale)("chat.answerFailed");
    },
  });
}
