import "server-only";
import { randomUUID } from "node:crypto";
import type { LanguageModelV4, LanguageModelV4Content, LanguageModelV4StreamPart } from "@ai-sdk/provider";

// Tool-call ids must be unique across a stored conversation: the chat matches each call to its result, and its
// display, by id. Some OpenAI-compatible servers (llama.cpp, some vLLM versions) number their calls afresh in every
// answer ("call_0"), so a configured model's ids are replaced by random UUIDs, the same call keeping the same UUID.

function renamer(newId: () => string) {
  const ids = new Map<string, string>();
  return (id: string) => {
    let renamed = ids.get(id);
    if (!renamed) {
      renamed = newId();
      ids.set(id, renamed);
    }
    return renamed;
  };
}

function renameContent(part: LanguageModelV4Content, rename: (id: string) => string): LanguageModelV4Content {
  return part.type === "tool-call" || part.type === "tool-result" ? { ...part, toolCallId: rename(part.toolCallId) } : part;
}

function renameStreamPart(part: LanguageModelV4StreamPart, rename: (id: string) => string): LanguageModelV4StreamPart {
  switch (part.type) {
    case "tool-input-start":
    case "tool-input-delta":
    case "tool-input-end":
      return { ...part, id: rename(part.id) };
    case "tool-call":
    case "tool-result":
      return { ...part, toolCallId: rename(part.toolCallId) };
    default:
      return part;
  }
}

/** The model with every tool-call id of each answer replaced by a fresh UUID. */
export function withUniqueToolCallIds(model: LanguageModelV4, newId: () => string = randomUUID): LanguageModelV4 {
  return {
    specificationVersion: "v4",
    provider: model.provider,
    modelId: model.modelId,
    get supportedUrls() {
      return model.supportedUrls;
    },
    async doGenerate(call) {
      const result = await model.doGenerate(call);
      const rename = renamer(newId);
      return { ...result, content: result.content.map((part) => renameContent(part, rename)) };
    },
    async doStream(call) {
      const result = await model.doStream(call);
      const rename = renamer(newId);
      return {
        ...result,
        stream: result.stream.pipeThrough(
          new TransformStream<LanguageModelV4StreamPart, LanguageModelV4StreamPart>({
            transform: (part, controller) => controller.enqueue(renameStreamPart(part, rename)),
          }),
        ),
      };
    },
  };
}
