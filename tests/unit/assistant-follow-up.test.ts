import type { LanguageModelV4Prompt } from "@ai-sdk/provider";
import { convertToModelMessages, type UIMessage } from "ai";
import { describe, expect, it } from "vitest";
import { ASSISTANT_TOOL_NAMES } from "@/lib/assistant/tools";
import { decide } from "@/server/assistant/decide";

// A request completed over two messages, as the chat stores it and reads it back: the assistant refused the path for
// want of its prefix, and the user's next message gives the prefix alone. The SDK turns the stored refusal into an
// error text; the embedded model still reads both messages together.

const ask = "set up a layer 3 path between Frankfurt DC and Paris HQ, 50 Mbps";

function stored(refusal: UIMessage["parts"][number], reply: string): UIMessage[] {
  return [
    { id: "u1", role: "user", parts: [{ type: "text", text: ask }] },
    { id: "a1", role: "assistant", parts: [{ type: "step-start" }, refusal] },
    { id: "u2", role: "user", parts: [{ type: "text", text: reply }] },
  ];
}

const refused = {
  type: "tool-createPath",
  toolCallId: "call-1",
  state: "output-denied",
  input: { source: "Frankfurt DC", destination: "Paris HQ", layer: "layer3", bandwidthMbps: 50 },
  approval: { id: "approval-1", approved: false, reason: "To prepare it I need: the IP prefixes for Layer 3." },
} as unknown as UIMessage["parts"][number];

async function decideAfter(messages: UIMessage[]) {
  const prompt = (await convertToModelMessages(messages)) as unknown as LanguageModelV4Prompt;
  return decide(prompt, "en", ASSISTANT_TOOL_NAMES);
}

describe("a refused action completed by the next message", () => {
  it("reads the prefix given alone with the request it completes", async () => {
    expect(await decideAfter(stored(refused, "10.20.0.0/24"))).toEqual({
      type: "tool-call",
      toolName: "createPath",
      input: expect.objectContaining({ source: "Frankfurt DC", destination: "Paris HQ", layer: "layer3", bandwidthMbps: 50, prefix: "10.20.0.0/24" }),
    });
  });

  it("another action naming its own subject is a new request, not the refused one's missing piece", async () => {
    const busy = {
      type: "tool-scheduleOperation",
      toolCallId: "call-2",
      state: "output-denied",
      input: { device: "MX-E400-0101", operation: "reboot" },
      approval: { id: "approval-2", approved: false, reason: "MX-E400-0101 already has an operation pending." },
    } as unknown as UIMessage["parts"][number];
    const messages = stored(busy, "restart MX-E200-0150 now");
    messages[0] = { id: "u1", role: "user", parts: [{ type: "text", text: "restart MX-E400-0101 on Sunday at 03:30" }] };
    expect(await decideAfter(messages)).toMatchObject({ type: "tool-call", toolName: "scheduleOperation", input: { device: "MX-E200-0150", operation: "reboot" } });
    // The same action again, now with the missing piece: still read with the request.
    expect(await decideAfter(stored(refused, "set up a layer 3 path between Frankfurt DC and Paris HQ with 10.20.0.0/24"))).toMatchObject({
      toolName: "createPath",
      input: expect.objectContaining({ prefix: "10.20.0.0/24", bandwidthMbps: 50 }),
    });
  });

  it("a question of its own after the refusal stands on its own", async () => {
    expect(await decideAfter(stored(refused, "list my sites"))).toMatchObject({ type: "tool-call", toolName: "listSites" });
  });
});
