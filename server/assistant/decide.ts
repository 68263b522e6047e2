import "server-only";
import { logger } from "@/server/core/log";
import type { LanguageModelV4Prompt, LanguageModelV4ToolResultPart } from "@ai-sdk/provider";
import type { Locale } from "@/lib/constants";
import { isAssistantAction } from "@/lib/assistant/tools";
import { translatorFor } from "@/lib/i18n/messages";
import { namesIn, pageFocus, readIntent, readReading } from "./intent";
import { NAME_ONLY_RULES } from "./understanding/intents";
import { listedBy, readFollowUp, type PreviousTurn, type ToolCallSeen } from "./understanding/follow-up";
import { answerLanguage } from "./understanding/language";
import type { NameIndex } from "./names/name-index";
import { summarizePlan } from "./summaries";

const log = logger("assistant");

// The embedded model's one decision per step, from the prompt alone: when the latest turn already holds tool results,
// write the answer from them; otherwise pick the tool the user's last words ask for, or answer with what it can do.

export type Decision =
  | {
      type: "tool-call";
      toolName: string;
      input: Record<string, unknown>;
      /** More reads in the same step, answered together (a plan: compare two paths, a site's alarms and events). */
      also?: { toolName: string; input: Record<string, unknown> }[];
    }
  | { type: "text"; text: string };

/** The messages after the user's last one: what the assistant already did to answer it. */
function latestTurn(prompt: LanguageModelV4Prompt) {
  const lastUser = prompt.findLastIndex((message) => message.role === "user");
  return { question: lastUser >= 0 ? prompt[lastUser] : null, after: prompt.slice(lastUser + 1) };
}

const userText = (message: LanguageModelV4Prompt[number] | null | undefined) =>
  message?.role === "user"
    ? message.content
        .filter((part) => part.type === "text")
        .map((part) => part.text)
        .join("\n")
    : "";

// An action refused by its dry run: "execution-denied" within the answer that refused it; once the chat is stored and
// read back, the SDK turns the refused call ("output-denied") into an error text.
const REFUSED_OUTPUTS = new Set(["execution-denied", "error-text"]);

/**
 * The request the user's last words complete: when the answer before them refused an action for want of a field
 * ("I need the prefix"), the next message gives it ("10.20.0.0/24"), and both are read together. A request may take
 * several answers (the name, then the place): the user's messages since the request, each one answered by a refusal,
 * oldest first. Empty otherwise.
 */
function followedUp(prompt: LanguageModelV4Prompt): string[] {
  const users = prompt.flatMap((message, index) => (message.role === "user" ? [index] : []));
  const refusedBetween = (from: number, to: number) =>
    prompt
      .slice(from + 1, to)
      .some(
        (message) =>
          message.role === "tool" &&
          message.content.some((part) => part.type === "tool-result" && isAssistantAction(part.toolName) && REFUSED_OUTPUTS.has(part.output.type)),
      );
  const earlier: string[] = [];
  for (let index = users.length - 2; index >= 0 && refusedBetween(users[index], users[index + 1]); index--) earlier.unshift(userText(prompt[users[index]]));
  return earlier;
}

/** What an action is about, as its request names it (the device, the site, the new site's name, the path's ends); null otherwise. */
function actionSubject(intent: ReturnType<typeof readIntent>): string | null {
  if (intent.kind !== "tool" || !isAssistantAction(intent.toolName)) return null;
  const input = intent.input as Record<string, unknown>;
  const subject = input.device ?? input.site ?? input.name ?? (input.source && input.destination ? `${String(input.source)} ⇄ ${String(input.destination)}` : undefined);
  return typeof subject === "string" && subject ? `${intent.toolName}:${subject}` : null;
}

/** The tools called between two messages, with what they found. */
function callsBetween(prompt: LanguageModelV4Prompt, from: number, to: number): ToolCallSeen[] {
  const calls: (ToolCallSeen & { toolCallId: string })[] = [];
  const outputs = new Map<string, unknown>();
  for (const message of prompt.slice(from + 1, to)) {
    if (message.role !== "assistant" && message.role !== "tool") continue;
    for (const part of message.content) {
      if (part.type === "tool-call" && typeof part.input === "object" && part.input !== null) {
        calls.push({ toolCallId: part.toolCallId, toolName: part.toolName, input: part.input as Record<string, unknown> });
      }
      if (part.type === "tool-result" && part.output.type === "json") outputs.set(part.toolCallId, part.output.value);
    }
  }
  return calls.map(({ toolCallId, ...call }) => ({ ...call, output: outputs.get(toolCallId) }));
}

/** The turn before the user's last one: its question, the tools that answered it, and the latest earlier list. */
function previousTurn(prompt: LanguageModelV4Prompt): PreviousTurn | null {
  const users = prompt.flatMap((message, index) => (message.role === "user" ? [index] : []));
  if (users.length < 2) return null;
  const [from, to] = users.slice(-2);
  let earlierListed: string[] = [];
  for (let turn = users.length - 3; turn >= 0 && earlierListed.length === 0; turn--) earlierListed = listedBy(callsBetween(prompt, users[turn], users[turn + 1]));
  return { question: userText(prompt[from]), calls: callsBetween(prompt, from, to), earlierListed };
}

export function decide(
  prompt: LanguageModelV4Prompt,
  consoleLocale: Locale,
  toolNames: readonly string[],
  options: { names?: NameIndex | null; timeZone?: string } = {},
): Decision {
  const names = options.names ?? undefined;
  // The user's time zone: their days and wall-clock times ("yesterday", "tomorrow at 3am"), and the times answers write.
  const { timeZone } = options;
  const { question, after } = latestTurn(prompt);
  // A question in the other language than the console's is answered in its own; a short one ("pourquoi ?") in the
  // language the conversation was last clearly in.
  const locale = answerLanguage(
    prompt.filter((message) => message.role === "user").map((message) => userText(message)),
    consoleLocale,
  );
  const results = after.flatMap((message) =>
    message.role === "tool" || message.role === "assistant"
      ? message.content.filter((part): part is LanguageModelV4ToolResultPart => part.type === "tool-result")
      : [],
  );
  if (results.length > 0) {
    return { type: "text", text: summarizePlan(results, locale, timeZone) };
  }
  // The instructions name the page the user is on ("…/path/<id>"): "why is this path bad?" means that path.
  const system = prompt.flatMap((message) => (message.role === "system" ? [message.content] : [])).join("\n");
  const focus = pageFocus(system);
  const asked = readIntent(userText(question), focus, toolNames, { locale, names, timeZone });
  // A question of its own stands; words that only complete a refused request are read with it (a lone name — "Lyon
  // DC", "Contoso" — answers the question asked rather than asking about that name).
  const ownQuestion = asked.kind === "tool" && !isAssistantAction(asked.toolName) && !NAME_ONLY_RULES.has(asked.intent);
  const [request, ...answers] = ownQuestion ? [] : followedUp(prompt);
  // An action that names its own subject, another than the refused request's ("restart B" after "restart A" was
  // refused), is a new request, not the old one's missing piece.
  const newAction = request !== undefined && actionSubject(asked) !== null && actionSubject(asked) !== actionSubject(readIntent(request, focus, toolNames, { locale, names, timeZone }));
  const intent = request !== undefined && !newAction ? readIntent(request, focus, toolNames, { locale, names, timeZone, answers: [...answers, userText(question)] }) : asked;
  // A follow-up ("why?", "and the other one?", "what about yesterday?", "do it") is read against the turn before.
  const followUp =
    request === undefined
      ? readFollowUp(userText(question), asked, previousTurn(prompt), {
          read: (text) => readIntent(text, focus, toolNames, { locale, names, timeZone }),
          details: (text) => readReading(text, focus, { locale, names, timeZone }),
          names: names ? (text) => namesIn(text, names) : undefined,
        })
      : null;
  if (log.isLevelEnabled("debug")) log.debug({ q: userText(question), asked, request, followUp, prev: previousTurn(prompt)?.calls.map((c) => [c.toolName, c.input]) }, "decided");
  const chosen = followUp && (followUp.kind !== "tool" || toolNames.includes(followUp.toolName)) ? followUp : intent;
  const t = translatorFor(locale);
  switch (chosen.kind) {
    case "tool": {
      const also = chosen.also?.filter((extra) => toolNames.includes(extra.toolName));
      return { type: "tool-call", toolName: chosen.toolName, input: chosen.input, ...(also?.length ? { also } : {}) };
    }
    case "ask-path":
      return { type: "text", text: t("assistant.askPath") };
    case "help":
      return { type: "text", text: t("assistant.help") };
    case "out-of-scope":
      return { type: "text", text: t("assistant.outOfScope") };
    case "clarify": {
      const [first, second] = chosen.guesses.map((label) => t(`assistant.guesses.${label.replace(":", ".")}` as Parameters<typeof t>[0]));
      return { type: "text", text: t("assistant.clarify", { first, second }) };
    }
  }
}
