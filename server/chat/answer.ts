import "server-only";
import { randomUUID } from "node:crypto";
import { consumeStream } from "ai";
import { isWholeAnswer } from "@/lib/chat/parts";
import type { ChatMessageSend, ChatSummary } from "@/lib/chat/schema";
import type { Locale } from "@/lib/constants";
import { translatorFor } from "@/lib/i18n/messages";
import type { ServiceContext } from "@/server/audit/record";
import { streamAssistantReply } from "@/server/assistant/run";
import { fillAnswer, loadChatMessages, releaseAnswer, reserveAnswer, storeQuestion } from "./service";

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
  const { db } = context;
  if (!(await storeQuestion(db, chat.id, question.message))) return null;
  const answerId = randomUUID();
  await reserveAnswer(db, chat.id, answerId);
  const messages = await loadChatMessages(db, chat.id);
  let result: Awaited<ReturnType<typeof streamAssistantReply>>;
  try {
    result = await streamAssistantReply({ context, organizationId: chat.organizationId, locale, messages, page: question.page });
  } catch (error) {
    await releaseAnswer(db, chat.id, answerId);
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
      } else {
        await releaseAnswer(db, chat.id, answerId);
      }
    },
    onError: (error) => {
      console.error(`[assistant] ${context.requestId}:`, error instanceof Error ? error.message : error);
      return translatorFor(locale)("chat.answerFailed");
    },
  });
}
