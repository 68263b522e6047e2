import { describe, expect, it } from "vitest";
import { ASSISTANT_TOOL_NAMES } from "@/lib/assistant/tools";
import { decide } from "@/server/assistant/decide";
import { questionLanguage } from "@/server/assistant/understanding/language";

// The question's own language (issue 40, scope 8).
describe("the language of a question", () => {
  it.each([
    ["quels chemins sont en panne ?", "fr"],
    ["combien de sites avons-nous", "fr"],
    ["pourquoi le chemin Paris ⇄ Frankfurt est lent", "fr"],
    ["which paths are down right now?", "en"],
    ["how many sites do we have", "en"],
    ["why is paris to frankfurt slow", "en"],
  ] as const)("%s → %s", (text, language) => {
    expect(questionLanguage(text)).toBe(language);
  });

  it("keeps the console's language when the words do not tell", () => {
    expect(questionLanguage("Paris HQ")).toBeNull();
    expect(questionLanguage("ok")).toBeNull();
    expect(questionLanguage("MX-E200-0103")).toBeNull();
  });

  it("answers a short follow-up in the language the conversation was in", () => {
    const prompt = [
      { role: "user" as const, content: [{ type: "text" as const, text: "c'est quoi le pire chemin en ce moment ?" }] },
      { role: "assistant" as const, content: [{ type: "text" as const, text: "…" }] },
      { role: "user" as const, content: [{ type: "text" as const, text: "bof ?" }] },
    ];
    expect(decide(prompt, "en", ASSISTANT_TOOL_NAMES)).toMatchObject({ type: "text", text: expect.stringContaining("Je") });
  });

  it("answers a French question in French in an English console", () => {
    const help = decide([{ role: "user", content: [{ type: "text", text: "bonjour, tu peux faire quoi pour nous ?" }] }], "en", ASSISTANT_TOOL_NAMES);
    expect(help).toMatchObject({ type: "text", text: expect.stringContaining("Je") });
    const english = decide([{ role: "user", content: [{ type: "text", text: "hello, what can you do for us?" }] }], "fr", ASSISTANT_TOOL_NAMES);
    expect(english).toMatchObject({ type: "text", text: expect.stringContaining("I") });
  });
});

describe("questions outside the console", () => {
  it.each([
    ["whats the wheather like in frankfurt tomorow?", "en", "outside what I can help with"],
    ["tell me a joke", "en", "outside what I can help with"],
    ["qui a gagné le match hier soir ?", "fr", "hors de ce que je peux faire"],
    ["quelle météo à Lyon ce week-end ?", "fr", "hors de ce que je peux faire"],
  ] as const)("%s is said to be out of scope", (text, locale, words) => {
    const answer = decide([{ role: "user", content: [{ type: "text", text }] }], locale, ASSISTANT_TOOL_NAMES);
    expect(answer).toMatchObject({ type: "text", text: expect.stringContaining(words) });
  });

  it("keeps a network question that shares a word with the world", () => {
    const answer = decide([{ role: "user", content: [{ type: "text", text: "which paths match the weather station's traffic?" }] }], "en", ASSISTANT_TOOL_NAMES);
    expect(answer).not.toMatchObject({ type: "text", text: expect.stringContaining("outside what I can help with") });
  });
});
