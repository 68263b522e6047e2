import http from "node:http";
import type { AddressInfo } from "node:net";
import type { LanguageModelV4StreamPart } from "@ai-sdk/provider";
import { generateText, isStepCount, simulateReadableStream, streamText, tool } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { captureLogs } from "../fixtures/log-capture";
import {
  explainPathSlaInputSchema,
  listOpenAlarmsInputSchema,
  listSitesInputSchema,
  type ListOpenAlarmsOutput,
  type ListSitesOutput,
} from "@/lib/assistant/tools";
import { createEmbeddedModel, EMBEDDED_MODEL_ID, lineChunks } from "@/server/assistant/embedded-model";
import { resetFallbackBackoff, withFallback } from "@/server/assistant/fallback";
import { assistantEndpoint, assistantModel, ENDPOINT_BACKOFF_MS } from "@/server/assistant/model";

// The embedded model in the AI SDK's own tool loop (with fake tools), and the wrapper that lets it answer when a
// configured endpoint fails before its first output.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const SITES: ListSitesOutput = {
  organizationName: "Contoso",
  query: null,
  withoutPaths: false,
          kind: null,
          pick: null,
  total: 2,
  sites: [
    { id: "s1", name: "Frankfurt DC", organizationId: "c", organizationName: "Contoso", type: "standard", city: "Frankfurt, Germany", active: true, connectors: 1, paths: 2, sla: "healthy" },
    { id: "s2", name: "Paris HQ", organizationId: "c", organizationName: "Contoso", type: "standard", city: "Paris, France", active: true, connectors: 2, paths: 3, sla: "bad" },
  ],
  links: [{ label: "Sites", path: "customer/site" }],
};

function fakeTools(calls: unknown[]) {
  return {
    listSites: tool({
      description: "sites",
      inputSchema: listSitesInputSchema,
      execute: async (input) => {
        calls.push(input);
        return SITES;
      },
    }),
    listOpenAlarms: tool({
      description: "alarms",
      inputSchema: listOpenAlarmsInputSchema,
      execute: async (): Promise<ListOpenAlarmsOutput> => {
        throw new Error("the alarms are out of reach");
      },
    }),
    explainPathSla: tool({
      description: "sla",
      inputSchema: explainPathSlaInputSchema,
      execute: async (input) => {
        calls.push(input);
        return { status: "not-found" as const, query: input.path, candidates: [], links: [] };
      },
    }),
  };
}

const embedded = (locale: "en" | "fr" = "en") => createEmbeddedModel(locale, { chunkDelayInMs: null });
const user = (text: string) => [{ role: "user" as const, content: text }];

async function collect(stream: ReadableStream<LanguageModelV4StreamPart>) {
  const parts: LanguageModelV4StreamPart[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}

describe("the embedded model in streamText", () => {
  it("runs a tool round trip and writes the answer from the tool's output", async () => {
    const calls: unknown[] = [];
    const result = streamText({ model: embedded(), tools: fakeTools(calls), stopWhen: isStepCount(5), messages: user("list my sites") });
    const text = await result.text;
    const steps = await result.steps;
    expect(steps).toHaveLength(2);
    expect(steps[0].toolCalls.map((call) => [call.toolName, call.input])).toEqual([["listSites", {}]]);
    expect(steps[0].toolCalls[0].toolCallId).toMatch(UUID);
    expect(steps[0].toolResults[0].output).toEqual(SITES);
    expect(calls).toEqual([{}]);
    expect(text).toBe(
      "Contoso has 2 sites:\n- Frankfurt DC (standard, Frankfurt, Germany): 1 connector, 2 paths, worst path SLA healthy\n- Paris HQ (standard, Paris, France): 2 connectors, 3 paths, worst path SLA bad",
    );
    expect((await result.totalUsage).outputTokens).toBeGreaterThan(0);
  });

  it("answers in French, with the tool input taken from the question", async () => {
    const calls: unknown[] = [];
    const result = streamText({
      model: embedded("fr"),
      tools: fakeTools(calls),
      stopWhen: isStepCount(5),
      messages: user("Pourquoi le chemin de Lyon à Oslo est-il dégradé ?"),
    });
    expect(await result.text).toBe("Je ne vois pas « Lyon ⇄ Oslo » : rien de ce nom ne vous est visible ici.\nIl n’y a encore aucun chemin ici.");
    expect(calls).toEqual([{ path: "Lyon ⇄ Oslo" }]);
  });

  it("explains a failed tool instead of failing the answer", async () => {
    const result = streamText({ model: embedded(), tools: fakeTools([]), stopWhen: isStepCount(5), messages: user("open alarms") });
    expect(await result.text).toBe("I could not get the open alarms: the alarms are out of reach");
  });

  it("answers without tools when none fits, in one step", async () => {
    const result = streamText({ model: embedded(), tools: fakeTools([]), stopWhen: isStepCount(5), messages: user("hi there") });
    expect(await result.text).toContain("I can:");
    expect(await result.steps).toHaveLength(1);
  });

  it("streams the protocol's parts: tool input, a JSON-string tool call with a fresh UUID, a finish with usage", async () => {
    const model = embedded();
    const options = {
      prompt: [{ role: "user" as const, content: [{ type: "text" as const, text: "open alarms" }] }],
      tools: [{ type: "function" as const, name: "listOpenAlarms", inputSchema: { type: "object" as const } }],
    };
    const first = await collect((await model.doStream(options)).stream);
    const second = await collect((await model.doStream(options)).stream);
    expect(first.map((part) => part.type)).toEqual([
      "stream-start",
      "response-metadata",
      "tool-input-start",
      "tool-input-delta",
      "tool-input-end",
      "tool-call",
      "finish",
    ]);
    const call = first.find((part) => part.type === "tool-call");
    expect(call).toMatchObject({ toolName: "listOpenAlarms", input: "{}" });
    const secondCall = second.find((part) => part.type === "tool-call");
    expect(call?.type === "tool-call" && call.toolCallId).toMatch(UUID);
    expect(secondCall?.type === "tool-call" && secondCall.toolCallId).not.toBe(call?.type === "tool-call" && call.toolCallId);
    expect(first.at(-1)).toMatchObject({ type: "finish", finishReason: { unified: "tool-calls" }, usage: { inputTokens: { total: expect.any(Number) } } });

    const text = await collect((await model.doStream({ prompt: [{ role: "user", content: [{ type: "text", text: "hello" }] }] })).stream);
    expect(text.filter((part) => part.type === "text-delta").length).toBeGreaterThan(5);
    expect(text.at(-1)).toMatchObject({ type: "finish", finishReason: { unified: "stop" } });
  });

  it("streams a short answer a line at a time and a long one in at most 20 pieces of whole lines", () => {
    const short = "one\ntwo\nthree";
    expect(lineChunks(short)).toEqual(["one\n", "two\n", "three"]);
    const long = Array.from({ length: 83 }, (_, index) => `line ${index}\n`).join("");
    const chunks = lineChunks(long);
    expect(chunks.length).toBeLessThanOrEqual(20);
    expect(chunks.join("")).toBe(long);
    for (const chunk of chunks) expect(chunk).toMatch(/\n$/);
  });

  it("works with generateText too (doGenerate)", async () => {
    const result = await generateText({ model: embedded(), tools: fakeTools([]), stopWhen: isStepCount(5), messages: user("list my sites") });
    expect(result.steps).toHaveLength(2);
    expect(result.text).toContain("- Paris HQ (standard, Paris, France)");
  });
});

function primaryStream(parts: LanguageModelV4StreamPart[]) {
  return { stream: simulateReadableStream({ chunks: parts, initialDelayInMs: null, chunkDelayInMs: null }) };
}

const PRIMARY_TEXT: LanguageModelV4StreamPart[] = [
  { type: "stream-start", warnings: [] },
  { type: "text-start", id: "t" },
  { type: "text-delta", id: "t", delta: "Answer from the configured model." },
  { type: "text-end", id: "t" },
  {
    type: "finish",
    finishReason: { unified: "stop", raw: "stop" },
    usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 5, text: 5, reasoning: 0 } },
  },
];

describe("the fallback to the embedded model", () => {
  const quiet = { firstOutputTimeoutMs: 2_000 };

  it("answers with the embedded model when the primary's doStream throws (connection refused)", async () => {
    const failures: unknown[] = [];
    const primary = new MockLanguageModelV4({
      doStream: async () => {
        throw new Error("connect ECONNREFUSED 127.0.0.1:11434");
      },
    });
    const model = withFallback(primary, embedded(), { ...quiet, onFallback: (error) => failures.push(error) });
    const result = streamText({ model, tools: fakeTools([]), stopWhen: isStepCount(5), messages: user("list my sites"), maxRetries: 0 });
    expect(await result.text).toContain("Contoso has 2 sites:");
    // Two steps (the tool call, then the answer): the endpoint is tried once, the rest of the turn does not wait for it.
    expect(primary.doStreamCalls).toHaveLength(1);
    expect(failures).toHaveLength(1);
    expect(String(failures[0])).toContain("ECONNREFUSED");
  });

  it("falls back when the primary's stream opens with an error, or says nothing in time", async () => {
    const erroring = new MockLanguageModelV4({
      doStream: primaryStream([{ type: "stream-start", warnings: [] }, { type: "error", error: new Error("HTTP 503") }]),
    });
    const first = streamText({ model: withFallback(erroring, embedded(), quiet), messages: user("hello") });
    expect(await first.text).toContain("I can:");

    const silent = new MockLanguageModelV4({ doStream: () => new Promise(() => undefined) });
    const started = Date.now();
    const second = streamText({ model: withFallback(silent, embedded(), { firstOutputTimeoutMs: 50 }), messages: user("hello") });
    expect(await second.text).toContain("I can:");
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("uses the primary when it works, and keeps its answer", async () => {
    const primary = new MockLanguageModelV4({ doStream: primaryStream(PRIMARY_TEXT) });
    const onFallback = vi.fn();
    const result = streamText({ model: withFallback(primary, embedded(), { ...quiet, onFallback }), messages: user("list my sites") });
    expect(await result.text).toBe("Answer from the configured model.");
    expect(primary.doStreamCalls).toHaveLength(1);
    expect(onFallback).not.toHaveBeenCalled();

    const generating = new MockLanguageModelV4({
      doGenerate: {
        content: [{ type: "text", text: "Generated by the configured model." }],
        finishReason: { unified: "stop", raw: "stop" },
        usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } },
        warnings: [],
      },
    });
    expect((await generateText({ model: withFallback(generating, embedded(), quiet), messages: user("hello") })).text).toBe(
      "Generated by the configured model.",
    );
    const failing = new MockLanguageModelV4({
      doGenerate: async () => {
        throw new Error("HTTP 500");
      },
    });
    expect((await generateText({ model: withFallback(failing, embedded(), quiet), messages: user("hello"), maxRetries: 0 })).text).toContain("I can:");
  });

  it("does not answer for a caller who gave up", async () => {
    const controller = new AbortController();
    const primary = new MockLanguageModelV4({
      doStream: async () => {
        controller.abort(new Error("the user left"));
        throw new Error("aborted");
      },
    });
    const fallback = embedded();
    const spy = vi.spyOn(fallback, "doStream");
    const model = withFallback(primary, fallback, quiet);
    await expect(model.doStream({ prompt: [], abortSignal: controller.signal })).rejects.toThrow();
    expect(spy).not.toHaveBeenCalled();
  });
});

describe("the configured model", () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const key of ["ASSISTANT_BASE_URL", "ASSISTANT_MODEL", "ASSISTANT_API_KEY", "ASSISTANT_TIMEOUT_MS"]) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  });

  it("reads the endpoint from the environment", () => {
    expect(assistantEndpoint({})).toBeNull();
    expect(assistantEndpoint({ ASSISTANT_BASE_URL: "http://localhost:11434/v1", ASSISTANT_MODEL: "llama3.2" })).toEqual({
      baseURL: "http://localhost:11434/v1",
      model: "llama3.2",
      apiKey: undefined,
      timeoutMs: 10_000,
    });
    expect(assistantEndpoint({ ASSISTANT_BASE_URL: "http://h/v1", ASSISTANT_MODEL: "m", ASSISTANT_API_KEY: "k", ASSISTANT_TIMEOUT_MS: "500" })).toMatchObject({
      apiKey: "k",
      timeoutMs: 500,
    });
  });

  it("is the embedded model when no endpoint is configured", () => {
    delete process.env.ASSISTANT_BASE_URL;
    expect(assistantModel("en").modelId).toBe(EMBEDDED_MODEL_ID);
  });

  it("answers with the embedded model when the configured endpoint refuses the connection", async () => {
    process.env.ASSISTANT_BASE_URL = "http://127.0.0.1:9/v1";
    process.env.ASSISTANT_MODEL = "llama3.2";
    process.env.ASSISTANT_TIMEOUT_MS = "2000";
    const logs = captureLogs();
    onTestFinished(logs.restore);
    const model = assistantModel("fr");
    expect(model.modelId).toBe("llama3.2");
    const result = streamText({ model, messages: user("bonjour"), maxRetries: 0 });
    expect(await result.text).toContain("Je peux :");
    expect(logs.lines).toContainEqual(expect.objectContaining({ level: "warn", area: "assistant", baseURL: "http://127.0.0.1:9/v1" }));
  });
});

describe("a slow OpenAI-compatible endpoint", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
    resetFallbackBackoff();
  });

  it("costs one wait per turn at most, the next turns skip it for the back-off, then it is tried again", async () => {
    // A real HTTP endpoint that takes every request and never answers.
    const requests: string[] = [];
    const server = http.createServer((request) => void requests.push(request.url ?? ""));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      vi.stubEnv("ASSISTANT_BASE_URL", `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`);
      vi.stubEnv("ASSISTANT_MODEL", "slow-model");
      vi.stubEnv("ASSISTANT_TIMEOUT_MS", "150");
      vi.useFakeTimers({ toFake: ["Date"] });
      const calls: unknown[] = [];
      const turn = () =>
        streamText({ model: assistantModel("en"), tools: fakeTools(calls), stopWhen: isStepCount(5), messages: user("list my sites"), maxRetries: 1 });

      // A turn of two steps (the tool call, then the answer) asks the endpoint once.
      expect(await turn().text).toContain("Contoso has 2 sites:");
      expect(calls).toHaveLength(1);
      expect(requests).toEqual(["/v1/chat/completions"]);

      // The next turn, within the back-off, does not wait for it at all.
      expect(await turn().text).toContain("Contoso has 2 sites:");
      expect(requests).toHaveLength(1);

      // After the back-off, the endpoint is tried again.
      vi.setSystemTime(Date.now() + ENDPOINT_BACKOFF_MS + 1);
      expect(await turn().text).toContain("Contoso has 2 sites:");
      expect(requests).toHaveLength(2);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
