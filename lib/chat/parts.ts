import { assistantLinkSchema, type AssistantLink } from "@/lib/assistant/tools";

// What the chat UI reads of a tool's output: the links it offers (a label and a console route relative to
// /organization/{organizationId}/). Outputs are stored data, so they are parsed, never trusted.

/** The valid links of a tool's output; none when it has none or is not an object. */
export function toolLinks(output: unknown): AssistantLink[] {
  const links = (output as { links?: unknown } | null)?.links;
  if (!Array.isArray(links)) return [];
  return links.flatMap((link) => {
    const parsed = assistantLinkSchema.safeParse(link);
    return parsed.success ? [parsed.data] : [];
  });
}

// A tool's states that end an answer: its output, its error, its refusal, or a preview waiting for the user's approval.
const SETTLED = new Set(["output-available", "output-error", "output-denied", "approval-requested"]);

/**
 * Whether an answer is whole enough to keep: some text, or a tool that finished (with its output or its error) or
 * waits for the user's approval, and no tool left running.
 */
export function isWholeAnswer(message: { parts: readonly { type: string; state?: string; text?: string }[] }): boolean {
  const tools = message.parts.filter((part) => part.type.startsWith("tool-") || part.type === "dynamic-tool");
  if (tools.some((part) => !SETTLED.has(part.state ?? ""))) return false;
  return tools.length > 0 || message.parts.some((part) => part.type === "text" && (part.text ?? "").trim() !== "");
}
