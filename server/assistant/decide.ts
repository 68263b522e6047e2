import "server-only";
import type { LanguageModelV4Prompt, LanguageModelV4ToolResultPart } from "@ai-sdk/provider";
import type { Locale } from "@/lib/constants";
import { translatorFor } from "@/lib/i18n/messages";
import { pageFocus, readIntent } from "./intent";
import { summarizeToolResult } from "./summaries";

// The embedded model's one decision per step, from the prompt alone: when the latest turn already holds tool results,
// write the answer from them; otherwise pick the tool the user's last words ask for, or answer with what it can do.

export type Decision = { type: "tool-call"; toolName: string; input: Record<string, unknown> } | { type: "text"; text: string };

/** The messages after the user's last one: what the assistant already did to answer it. */
function latestTurn(prompt: LanguageModelV4Prompt) {
  const lastUser = prompt.findLastIndex((message) => message.role === "user");
  return { question: lastUser >= 0 ? prompt[lastUser] : null, after: prompt.slice(lastUser + 1) };
}

export function decide(prompt: LanguageModelV4Prompt, locale: Locale, toolNames: readonly string[]): Decision {
  const { question, after } = latestTurn(prompt);
  const results = after.flatMap((message) =>
    message.role === "tool" || message.role === "assistant"
      ? message.content.filter((part): part is LanguageModelV4ToolResultPart => part.type === "tool-result")
      : [],
  );
  if (results.length > 0) {
    return { type: "text", text: results.map((result) => summarizeToolResult(result.toolName, result.output, locale)).join("\n\n") };
  }
  const text =
    question?.role === "user"
      ? question.content
          .filter((part) => part.type === "text")
          .map((part) => part.text)
          .join("\n")
      : "";
  // The instructions name the page the user is on ("…/path/<id>"): "why is this path bad?" means that path.
  const system = prompt.flatMap((message) => (message.role === "system" ? [message.content] : [])).join("\n");
  const intent = readIntent(text, pageFocus(system), toolNames, { locale });
  const t = translatorFor(locale);
  switch (intent.kind) {
    case "tool":
      return { type: "tool-call", toolName: intent.toolName, input: intent.input };
    case "ask-path":
      return { type: "text", text: t("assistant.askPath") };
    case "help":
      return { type: "text", text: t("assistant.help") };
  }
}
