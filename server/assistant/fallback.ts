import "server-only";
import type { LanguageModelV4, LanguageModelV4CallOptions, LanguageModelV4StreamPart, LanguageModelV4StreamResult } from "@ai-sdk/provider";

// A configured model with the embedded one behind it: when the configured endpoint fails before saying anything
// (connection refused, an HTTP error, an error as its first part, or silence past the timeout), the embedded model
// answers the same call instead, so the user always gets an answer. Once the endpoint has produced output, its answer
// stands (a failure after that is the stream's error, as with any model).
// A failure costs one wait per turn at most: the rest of the turn (this wrapper: one per answer) goes to the embedded
// model at once, and so do the next turns for a short back-off, after which the endpoint is tried again.

export interface FallbackOptions {
  /** How long the primary may take to produce its first output before the fallback answers. */
  firstOutputTimeoutMs: number;
  /** Told when the fallback answers instead of the primary (for the logs). */
  onFallback?: (error: unknown) => void;
  /**
   * After a failure, the turns that start within `ms` skip the endpoint (named by `key`, e.g. its base URL) too.
   * `now` is the clock (tests).
   */
  backoff?: { key: string; ms: number; now?: () => number };
}

/** Until when each endpoint is left alone after a failure (one process, every chat). */
const restingUntil = new Map<string, number>();

/** Forgets every back-off (tests). */
export function resetFallbackBackoff() {
  restingUntil.clear();
}

// Parts that carry what the model says (or does): after one of these the primary's answer has started.
const OUTPUT_PARTS = new Set<LanguageModelV4StreamPart["type"]>([
  "text-start",
  "text-delta",
  "reasoning-start",
  "reasoning-delta",
  "tool-input-start",
  "tool-input-delta",
  "tool-call",
  "tool-result",
  "tool-approval-request",
  "file",
  "source",
  "finish",
]);

class PrimaryTimeout extends Error {
  constructor(ms: number) {
    super(`the assistant model produced no output within ${ms} ms`);
  }
}

/** Rejects when the signal aborts: a hung read must not outlive the timeout. */
function abortion(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
}

/** The primary's stream again: the parts already read, then the rest as it comes. */
function replay(head: LanguageModelV4StreamPart[], reader: ReadableStreamDefaultReader<LanguageModelV4StreamPart>) {
  return new ReadableStream<LanguageModelV4StreamPart>({
    start(controller) {
      for (const part of head) controller.enqueue(part);
    },
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        // A connection lost mid-answer is the answer's error (a part of the stream, as the protocol reports it), so the
        // tool loop ends the answer with it instead of breaking the whole response.
        controller.enqueue({ type: "error", error });
        controller.close();
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

export function withFallback(primary: LanguageModelV4, fallback: LanguageModelV4, options: FallbackOptions): LanguageModelV4 {
  /** Runs `attempt` on the primary with a timeout of its own; the caller's abort still wins. */
  async function tryPrimary<T>(call: LanguageModelV4CallOptions, attempt: (call: LanguageModelV4CallOptions, timeout: AbortSignal) => Promise<T>) {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(new PrimaryTimeout(options.firstOutputTimeoutMs)), options.firstOutputTimeoutMs);
    const signal = call.abortSignal ? AbortSignal.any([call.abortSignal, timeout.signal]) : timeout.signal;
    try {
      return await attempt({ ...call, abortSignal: signal }, signal);
    } finally {
      clearTimeout(timer);
    }
  }

  const now = () => (options.backoff?.now ?? Date.now)();
  // Whether this turn already saw the endpoint fail, or it rests after a failure of another turn.
  let failed = options.backoff ? (restingUntil.get(options.backoff.key) ?? 0) > now() : false;

  const shouldFallBack = (call: LanguageModelV4CallOptions, error: unknown) => {
    // The caller gave up: nobody waits for an answer.
    if (call.abortSignal?.aborted) return false;
    failed = true;
    if (options.backoff) restingUntil.set(options.backoff.key, now() + options.backoff.ms);
    options.onFallback?.(error);
    return true;
  };

  return {
    specificationVersion: "v4",
    provider: primary.provider,
    modelId: primary.modelId,
    get supportedUrls() {
      return primary.supportedUrls;
    },
    async doGenerate(call) {
      if (failed) return fallback.doGenerate(call);
      try {
        return await tryPrimary(call, (options, signal) => Promise.race([Promise.resolve(primary.doGenerate(options)), abortion(signal)]));
      } catch (error) {
        if (!shouldFallBack(call, error)) throw error;
        return fallback.doGenerate(call);
      }
    },
    async doStream(call): Promise<LanguageModelV4StreamResult> {
      if (failed) return fallback.doStream(call);
      try {
        return await tryPrimary(call, async (options, signal) => {
          const result = await Promise.race([Promise.resolve(primary.doStream(options)), abortion(signal)]);
          const reader = result.stream.getReader();
          const head: LanguageModelV4StreamPart[] = [];
          try {
            for (;;) {
              const { done, value } = await Promise.race([reader.read(), abortion(signal)]);
              // A stream that ends before any output (not even a finish) is broken, not an empty answer.
              if (done) throw new Error("the assistant model's stream ended without output");
              if (value.type === "error") throw value.error;
              head.push(value);
              if (OUTPUT_PARTS.has(value.type)) break;
            }
          } catch (error) {
            reader.cancel(error).catch(() => undefined);
            throw error;
          }
          return { ...result, stream: replay(head, reader) };
        });
      } catch (error) {
        if (!shouldFallBack(call, error)) throw error;
        return fallback.doStream(call);
      }
    },
  };
}
