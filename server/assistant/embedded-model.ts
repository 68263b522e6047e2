import "server-only";
import { randomUUID } from "node:crypto";
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4FinishReason,
  LanguageModelV4StreamPart,
  LanguageModelV4Usage,
} from "@ai-sdk/provider";
import { simulateReadableStream } from "ai";
import type { Locale } from "@/lib/constants";
import { decide, type Decision } from "./decide";
import type { NameIndex } from "./names/name-index";

// The assistant's own model: no network, no weights. Each step it reads the prompt with decide() — call the tool the
// question asks for, or write the answer from the tool results — and speaks the AI SDK's LanguageModelV4 protocol, so
// streamText, the tools and the chat UI work with it exactly as with a hosted model.

export const EMBEDDED_MODEL_ID = "maia-embedded";

export interface EmbeddedModelOptions {
  /** Pause between streamed lines, so the answer reads as written; null streams at once (tests). */
  chunkDelayInMs?: number | null;
  /** The names the chat may speak of (read once per answer, when first needed); without them, names are read as written. */
  names?: () => Promise<NameIndex | null>;
  /** The user's IANA time zone, in which the questions' days and times are read and answers write times; UTC by default. */
  timeZone?: string;
}

// Per line, not per word: a 20-site listing takes a quarter of a second to appear, not three (npm run bench:assistant).
const DEFAULT_CHUNK_DELAY_MS = 12;

/** The tools the call offers the model (none when the caller forbids tools). */
function offeredTools(options: LanguageModelV4CallOptions): string[] {
  const choice = options.toolChoice;
  if (choice?.type === "none") return [];
  const names = (options.tools ?? []).filter((tool) => tool.type === "function").map((tool) => tool.name);
  return choice?.type === "tool" ? names.filter((name) => name === choice.toolName) : names;
}

/** A rough token count (four characters a token), so usage reads like a real model's. */
function usageOf(options: LanguageModelV4CallOptions, output: string): LanguageModelV4Usage {
  const input = Math.ceil(JSON.stringify(options.prompt).length / 4);
  const produced = Math.ceil(output.length / 4);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: produced, text: produced, reasoning: 0 },
  };
}

const finishReason = (decision: Decision): LanguageModelV4FinishReason =>
  decision.type === "tool-call" ? { unified: "tool-calls", raw: "tool-calls" } : { unified: "stop", raw: "stop" };

/** Every tool call of a decision: the first, then the plan's others. */
const callsOf = (decision: Decision & { type: "tool-call" }) => [{ toolName: decision.toolName, input: decision.input }, ...(decision.also ?? [])];

const outputText = (decision: Decision) => (decision.type === "tool-call" ? JSON.stringify(callsOf(decision)) : decision.text);

// A long answer (ten events and their changes: 80 lines) streams in at most this many pieces of whole lines, so its
// pacing stays under a third of a second however long it is.
const MAX_TEXT_CHUNKS = 20;

/** The answer a line or a few at a time, line breaks kept, so the stream reads as it is written. */
export function lineChunks(text: string): string[] {
  const lines = text.match(/[^\n]*\n|[^\n]+$/g) ?? [text];
  const perChunk = Math.ceil(lines.length / MAX_TEXT_CHUNKS);
  if (perChunk <= 1) return lines;
  const chunks: string[] = [];
  for (let index = 0; index < lines.length; index += perChunk) chunks.push(lines.slice(index, index + perChunk).join(""));
  return chunks;
}

function streamParts(decision: Decision, usage: LanguageModelV4Usage): LanguageModelV4StreamPart[] {
  const start: LanguageModelV4StreamPart[] = [
    { type: "stream-start", warnings: [] },
    { type: "response-metadata", id: randomUUID(), modelId: EMBEDDED_MODEL_ID, timestamp: new Date() },
  ];
  const finish: LanguageModelV4StreamPart = { type: "finish", finishReason: finishReason(decision), usage };
  if (decision.type === "tool-call") {
    return [
      ...start,
      ...callsOf(decision).flatMap(({ toolName, input: object }): LanguageModelV4StreamPart[] => {
        // Ids are unique across a stored conversation: a tool part is found again by its id.
        const id = randomUUID();
        const input = JSON.stringify(object);
        return [
          { type: "tool-input-start", id, toolName },
          { type: "tool-input-delta", id, delta: input },
          { type: "tool-input-end", id },
          { type: "tool-call", toolCallId: id, toolName, input },
        ];
      }),
      finish,
    ];
  }
  const id = randomUUID();
  return [
    ...start,
    { type: "text-start", id },
    ...lineChunks(decision.text).map((delta): LanguageModelV4StreamPart => ({ type: "text-delta", id, delta })),
    { type: "text-end", id },
    finish,
  ];
}

export function createEmbeddedModel(locale: Locale, options: EmbeddedModelOptions = {}): LanguageModelV4 {
  const chunkDelayInMs = options.chunkDelayInMs === undefined ? DEFAULT_CHUNK_DELAY_MS : options.chunkDelayInMs;
  let names: Promise<NameIndex | null> | undefined;
  const namesOnce = () => (names ??= options.names ? options.names().catch(() => null) : Promise.resolve(null));
  return {
    specificationVersion: "v4",
    provider: "maia",
    modelId: EMBEDDED_MODEL_ID,
    supportedUrls: {},
    async doGenerate(call) {
      const decision = decide(call.prompt, locale, offeredTools(call), { names: await namesOnce(), timeZone: options.timeZone });
      const content: LanguageModelV4Content[] =
        decision.type === "tool-call"
          ? callsOf(decision).map(({ toolName, input }): LanguageModelV4Content => ({ type: "tool-call", toolCallId: randomUUID(), toolName, input: JSON.stringify(input) }))
          : [{ type: "text", text: decision.text }];
      return {
        content,
        finishReason: finishReason(decision),
        usage: usageOf(call, outputText(decision)),
        response: { id: randomUUID(), modelId: EMBEDDED_MODEL_ID, timestamp: new Date() },
        warnings: [],
      };
    },
    async doStream(call) {
      const decision = decide(call.prompt, locale, offeredTools(call), { names: await namesOnce(), timeZone: options.timeZone });
      const chunks = streamParts(decision, usageOf(call, outputText(decision)));
      return { stream: simulateReadableStream({ chunks, initialDelayInMs: null, chunkDelayInMs }) };
    },
  };
}
