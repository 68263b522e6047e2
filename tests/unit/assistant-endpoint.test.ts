import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { isStepCount, streamText, tool } from "ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listSitesInputSchema } from "@/lib/assistant/tools";
import { configuredModel } from "@/server/assistant/model";

// The configured model over HTTP, as with a local Ollama or vLLM: a small server speaking OpenAI's streamed chat
// completions asks for a tool, receives its result, then answers. The same tool loop serves it and the embedded model.

interface Received {
  authorization: string | undefined;
  body: { model: string; stream: boolean; tools?: { function: { name: string } }[]; messages: { role: string; content?: unknown; tool_call_id?: string }[] };
}

const received: Received[] = [];
let server: Server;
let baseURL: string;

const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: "chatcmpl-1", object: "chat.completion.chunk", created: 1, model: "test-model", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

async function readBody(request: IncomingMessage) {
  let text = "";
  for await (const piece of request) text += piece;
  return JSON.parse(text) as Received["body"];
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = await readBody(request);
    received.push({ authorization: request.headers.authorization, body });
    response.writeHead(200, { "content-type": "text/event-stream" });
    const answered = body.messages.some((message) => message.role === "tool");
    if (!answered) {
      response.write(chunk({ role: "assistant", tool_calls: [{ index: 0, id: "call_1", type: "function", function: { name: "listSites", arguments: "" } }] }));
      response.write(chunk({ tool_calls: [{ index: 0, function: { arguments: '{"query":"Paris"}' } }] }));
      response.write(chunk({}, "tool_calls"));
    } else {
      response.write(chunk({ role: "assistant", content: "Contoso has one site matching Paris: " }));
      response.write(chunk({ content: "Paris HQ." }));
      response.write(chunk({}, "stop"));
    }
    response.end("data: [DONE]\n\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("an OpenAI-compatible endpoint", () => {
  it("runs the tool loop: the tool call, its result sent back, then the answer", async () => {
    const calls: unknown[] = [];
    const model = configuredModel({ baseURL, model: "test-model", apiKey: "secret-key", timeoutMs: 5_000 });
    const result = streamText({
      model,
      instructions: "Answer in English.",
      messages: [{ role: "user", content: "Which sites match Paris?" }],
      tools: {
        listSites: tool({
          description: "The organization's sites",
          inputSchema: listSitesInputSchema,
          execute: async (input) => {
            calls.push(input);
            return { total: 1, sites: [{ name: "Paris HQ" }] };
          },
        }),
      },
      stopWhen: isStepCount(3),
      maxRetries: 0,
    });
    expect(await result.text).toBe("Contoso has one site matching Paris: Paris HQ.");
    expect(calls).toEqual([{ query: "Paris" }]);

    expect(received).toHaveLength(2);
    const [first, second] = received;
    expect(first.authorization).toBe("Bearer secret-key");
    expect(first.body).toMatchObject({ model: "test-model", stream: true });
    expect(first.body.tools?.map((each) => each.function.name)).toEqual(["listSites"]);
    expect(first.body.messages[0]).toMatchObject({ role: "system", content: "Answer in English." });
    // The server's own call id ("call_1", which servers reuse from answer to answer) is replaced by a UUID, unique
    // across the stored conversation; the tool's output goes back under it.
    const steps = await result.steps;
    const callId = steps[0].toolCalls[0].toolCallId;
    expect(callId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const toolMessage = second.body.messages.find((message) => message.role === "tool");
    expect(toolMessage).toMatchObject({ tool_call_id: callId });
    expect(String(toolMessage?.content)).toContain("Paris HQ");
  });
});
