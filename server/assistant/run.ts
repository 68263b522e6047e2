import "server-only";
import { logger } from "@/server/core/log";
import { convertToModelMessages, isStepCount, safeValidateUIMessages, streamText, type UIMessage } from "ai";
import type { Locale } from "@/lib/constants";
import type { ServiceContext } from "@/server/core/service-context";
import { assistantInstructions } from "./instructions";
import { assistantModel } from "./model";
import { chatNames } from "./names/lexicon";
import { answerLanguage } from "./understanding/language";
import { assistantToolApproval, assistantTools, type AssistantToolSet } from "./tools";
import { toolEnvironment } from "./tools/shared";

const log = logger("assistant");

// One answer of the assistant: the stored conversation checked against the tools, then the AI SDK's tool loop on the
// configured model (or the embedded one), streamed back to the route.

export interface AssistantRequest {
  /** db, principal (the caller), requestId */
  context: ServiceContext;
  /** The organization the chat is about; the route has already checked it is visible to the caller. */
  organizationId: string;
  /** The language the assistant answers in. */
  locale: Locale;
  /** The whole stored conversation, the new user message last. */
  messages: UIMessage[];
  /** The console route the user is looking at, relative to /organization/{id}/ (from the contextual chat panel). */
  page?: string;
  /** The user's IANA time zone (checked: server/chat/answer.ts); UTC when unknown. */
  timeZone?: string;
}

/** Tool calls, then the answer: a question takes a step or two; five leaves room for a model that checks twice. */
export const ASSISTANT_MAX_STEPS = 5;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The stored messages as the tools define them. A conversation stored under older tool schemas keeps its words: its
 * tool parts are left out rather than failing the whole chat.
 */
async function validConversation(messages: UIMessage[], tools: AssistantToolSet): Promise<UIMessage[]> {
  const checked = await safeValidateUIMessages<UIMessage>({ messages, tools });
  if (checked.success) return checked.data;
  log.warn({ problem: errorText(checked.error) }, "stored messages do not match the tools: keeping their text only");
  const textOnly = messages
    .map((message) => ({ ...message, parts: message.parts.filter((part) => part.type === "text") }))
    .filter((message) => message.parts.length > 0);
  const retried = await safeValidateUIMessages<UIMessage>({ messages: textOnly, tools });
  if (!retried.success) throw retried.error;
  return retried.data;
}

/**
 * Validates the stored messages against the tools, then runs streamText (tools, stopWhen: isStepCount(5),
 * instructions, maxRetries low, onError logging). Returns the StreamTextResult; the route calls
 * result.toUIMessageStreamResponse({ originalMessages, generateMessageId, onFinish }).
 */
export async function streamAssistantReply(consoleRequest: AssistantRequest) {
  // The turn is answered in its question's language (a French question in an English console), tools' texts included.
  const questions = consoleRequest.messages
    .filter((message) => message.role === "user")
    .map((message) => message.parts.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n"));
  const request = { ...consoleRequest, locale: answerLanguage(questions, consoleRequest.locale) };
  const { requestId } = request.context;
  // One environment: the chat's organization is read once for the instructions and every tool call.
  const environment = toolEnvironment(request);
  const tools = assistantTools(request, environment);
  const [messages, instructions] = await Promise.all([validConversation(request.messages, tools), assistantInstructions(request, environment)]);
  return streamText({
    // The names the question may give, read with the caller's visibility (a chat out of sight has none).
    model: assistantModel(request.locale, { names: () => environment.scope().then(chatNames), timeZone: environment.timeZone }),
    tools,
    toolApproval: assistantToolApproval(environment),
    instructions,
    messages: await convertToModelMessages(messages, { tools, ignoreIncompleteToolCalls: true }),
    stopWhen: isStepCount(ASSISTANT_MAX_STEPS),
    // A dead endpoint falls back to the embedded model inside the model itself; a retry would only make them wait.
    maxRetries: 1,
    onError: ({ error }) => log.error({ requestId, problem: errorText(error) }, "answer stream failed"),
  });
}
