import "server-only";
import { logger } from "@/server/core/log";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModelV4 } from "@ai-sdk/provider";
import type { Locale } from "@/lib/constants";
import { createEmbeddedModel, type EmbeddedModelOptions } from "./embedded-model";
import { withFallback } from "./fallback";
import { withUniqueToolCallIds } from "./unique-tool-ids";

const log = logger("assistant");

// Which model answers: an OpenAI-compatible endpoint when ASSISTANT_BASE_URL is set (a local Ollama, vLLM, a hosted
// service), with the embedded model answering whenever it fails before its first output; the embedded model alone
// otherwise. Never a bare model id string: the AI SDK would send it to its hosted gateway.

const DEFAULT_TIMEOUT_MS = 10_000;
/** After the endpoint fails, the next turns go to the embedded model for this long before trying it again. */
export const ENDPOINT_BACKOFF_MS = 30_000;

export interface AssistantEndpoint {
  baseURL: string;
  model: string;
  apiKey?: string;
  /** How long the endpoint may take to answer (headers, then its first output) before the embedded model does. */
  timeoutMs: number;
}

let warnedMissingModel = false;

/** The configured endpoint from the environment, or null when none (or it names no model). */
export function assistantEndpoint(env: Record<string, string | undefined> = process.env): AssistantEndpoint | null {
  const baseURL = env.ASSISTANT_BASE_URL?.trim();
  if (!baseURL) return null;
  const model = env.ASSISTANT_MODEL?.trim();
  if (!model) {
    if (!warnedMissingModel) log.warn("ASSISTANT_BASE_URL is set without ASSISTANT_MODEL: the embedded model answers");
    warnedMissingModel = true;
    return null;
  }
  const timeout = Number(env.ASSISTANT_TIMEOUT_MS);
  return {
    baseURL,
    model,
    apiKey: env.ASSISTANT_API_KEY?.trim() || undefined,
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_TIMEOUT_MS,
  };
}

/** fetch that gives up when the response headers take longer than `ms` (a dead or hung endpoint). */
function fetchWithTimeout(ms: number): typeof fetch {
  return async (input, init) => {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(new Error(`the assistant endpoint did not answer within ${ms} ms`)), ms);
    try {
      return await fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, timeout.signal]) : timeout.signal });
    } finally {
      clearTimeout(timer);
    }
  };
}

export function configuredModel(endpoint: AssistantEndpoint): LanguageModelV4 {
  const provider = createOpenAICompatible({
    name: "assistant",
    baseURL: endpoint.baseURL,
    apiKey: endpoint.apiKey,
    includeUsage: true,
    fetch: fetchWithTimeout(endpoint.timeoutMs),
  });
  return withUniqueToolCallIds(provider.chatModel(endpoint.model));
}

export function assistantModel(locale: Locale, options: Pick<EmbeddedModelOptions, "names" | "timeZone"> = {}): LanguageModelV4 {
  const embedded = createEmbeddedModel(locale, options);
  const endpoint = assistantEndpoint();
  if (!endpoint) return embedded;
  return withFallback(configuredModel(endpoint), embedded, {
    firstOutputTimeoutMs: endpoint.timeoutMs,
    backoff: { key: endpoint.baseURL, ms: ENDPOINT_BACKOFF_MS },
    onFallback: (error) =>
      log.warn({ err: error, baseURL: endpoint.baseURL }, "the model endpoint failed: the embedded model answers"),
  });
}
