import type { LanguageModelV4Prompt } from "@ai-sdk/provider";

// A conversation as the prompt holds it: each earlier turn's question, its tool call and the tool's output, then the
// follow-up.
export function conversation(turns: { question: string; toolName: string; input: Record<string, unknown>; output?: unknown }[], followUp: string): LanguageModelV4Prompt {
  const prompt: LanguageModelV4Prompt = [{ role: "system", content: "You are the assistant." }];
  turns.forEach((turn, index) => {
    const toolCallId = `call-${index}`;
    prompt.push({ role: "user", content: [{ type: "text", text: turn.question }] });
    prompt.push({ role: "assistant", content: [{ type: "tool-call", toolCallId, toolName: turn.toolName, input: turn.input }] });
    prompt.push({ role: "tool", content: [{ type: "tool-result", toolCallId, toolName: turn.toolName, output: { type: "json", value: (turn.output ?? {}) as never } }] });
    prompt.push({ role: "assistant", content: [{ type: "text", text: "…" }] });
  });
  prompt.push({ role: "user", content: [{ type: "text", text: followUp }] });
  return prompt;
}
