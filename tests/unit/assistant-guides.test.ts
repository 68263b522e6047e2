import { describe, expect, it } from "vitest";
import { ASSISTANT_TOOL_NAMES } from "@/lib/assistant/tools";
import { readIntent } from "@/server/assistant/intent";

// How-to answers for every task of the console, and what each role may do (issue 40, scope 6).
const task = (text: string, locale: "en" | "fr" = "en") => {
  const intent = readIntent(text, {}, ASSISTANT_TOOL_NAMES, { locale });
  return intent.kind === "tool" && intent.toolName === "guideTask" ? intent.input.task : `${intent.kind}:${intent.kind === "tool" ? intent.toolName : ""}`;
};

describe("how-to answers", () => {
  it.each([
    ["how do I set up a core fabric?", "coreFabric"],
    ["comment configurer une fabric externe Equinix ?", "externalFabric"],
    ["how do i create an edge node with a switch?", "edgeNode"],
    ["comment ajouter un nœud CPE ?", "cpeNode"],
    ["comment ajouter un lien entre deux nœuds ?", "link"],
    ["how do I add a subinterface on a node?", "subinterface"],
    ["comment affecter un boîtier à un nœud ?", "assignDevice"],
    ["how do i unack an alarm", "unacknowledge"],
    ["how do I onboard a new customer organization?", "customer"],
    ["how do I add an MSP?", "msp"],
    ["how do I invite a colleague?", "invite"],
  ] as const)("%s → %s", (text, expected) => {
    expect(task(text, /[àâçéèêëîïôûùœ]|comment/.test(text) ? "fr" : "en")).toBe(expected);
  });

  it.each([
    "what can a configure-only user do?",
    "que peut faire un utilisateur en lecture seule ?",
    "what's my role and what am I allowed to do?",
  ])("%s → what each role may do", (text) => {
    expect(task(text, text.startsWith("que") ? "fr" : "en")).toBe("roles");
  });

  // Whether the user may do one task: that task's guide, which says whether their role allows it.
  it.each([
    ["can i invite people?", "en", "invite"],
    ["puis-je inviter des collègues ?", "fr", "invite"],
    ["am i allowed to claim devices?", "en", "claim"],
  ] as const)("%s → the %s guide, with whether the role allows it", (text, locale, expected) => {
    expect(task(text, locale)).toBe(expected);
  });

  it("keeps 'what can you do' for what the assistant does", () => {
    expect(task("hello, what can you do for us?")).toBe("help:");
  });
});
