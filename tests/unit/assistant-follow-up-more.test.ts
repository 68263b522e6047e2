import type { LanguageModelV4Prompt } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import { ASSISTANT_TOOL_NAMES } from "@/lib/assistant/tools";
import { decide } from "@/server/assistant/decide";
import { readIntent } from "@/server/assistant/intent";
import { abbreviationAliases } from "@/server/assistant/names/exonyms";
import { NameIndex, type NamedEntry } from "@/server/assistant/names/name-index";
import { conversation } from "./assistant-prompt";
import { ordinalOf } from "@/server/assistant/understanding/follow-up";

// Follow-ups by place ("the second one"), by verdict ("which one is worse?"), by another name ("and lyon?"), bare
// words asked of what the turn before showed ("uptime?", "et ses connecteurs ?"); names by abbreviation, by the kind
// the question's noun asks for, and never from leftover words.

const ENTRIES: NamedEntry[] = [
  { kind: "site", id: "s1", name: "Paris HQ" },
  { kind: "site", id: "s2", name: "Frankfurt DC" },
  { kind: "site", id: "s3", name: "Lyon Branch" },
  { kind: "site", id: "s4", name: "Seattle Office" },
  { kind: "organization", id: "o1", name: "Contoso" },
  { kind: "path", id: "p1", name: "Paris ⇄ Frankfurt", aliases: ["Paris HQ ⇄ Frankfurt DC"] },
  { kind: "path", id: "p2", name: "Paris ⇄ Azure", aliases: ["Paris HQ ⇄ Azure West Europe"] },
  { kind: "path", id: "p3", name: "Frankfurt ⇄ AWS", aliases: ["Frankfurt DC ⇄ AWS eu-central-1"] },
  { kind: "path", id: "p4", name: "Seattle ⇄ Dublin", aliases: ["Seattle Office ⇄ Dublin Office"] },
  { kind: "connector", id: "c1", name: "Frankfurt cross-connect", aliases: ["Frankfurt DC Frankfurt cross-connect", ...abbreviationAliases("frankfurt cross connect")] },
  { kind: "node", id: "n1", name: "nw-edge-sea-01", aliases: ["MX-E200-0103", "Seattle edge"] },
  { kind: "node", id: "n2", name: "nw-core-fra", aliases: ["MX-C9000-0001"] },
];
const names = new NameIndex(ENTRIES);

const decideAfter = (prompt: LanguageModelV4Prompt, locale: "en" | "fr" = "en") => decide(prompt, locale, ASSISTANT_TOOL_NAMES, { names });
const read = (text: string) => readIntent(text, {}, ASSISTANT_TOOL_NAMES, { names });

const CANDIDATES = { status: "ambiguous", query: "frankfurt", candidates: [{ name: "Frankfurt ⇄ AWS" }, { name: "Paris ⇄ Frankfurt" }] };
const found = (name: string, sla: string, latencyMs: number) => ({ status: "found", query: name, path: { name, sla }, measurement: { latencyMs } });

describe("ordinals", () => {
  it("reads places in English and French, and nothing else", () => {
    expect(ordinalOf("the second one")).toBe(1);
    expect(ordinalOf("2nd")).toBe(1);
    expect(ordinalOf("le deuxieme")).toBe(1);
    expect(ordinalOf("et le premier")).toBe(0);
    expect(ordinalOf("the third path")).toBe(2);
    expect(ordinalOf("la cinquieme")).toBe(4);
    expect(ordinalOf("the last one")).toBe(-1);
    expect(ordinalOf("le dernier stp")).toBe(-1);
    expect(ordinalOf("the second path is slow")).toBeNull();
    expect(ordinalOf("why")).toBeNull();
  });

  it("picks that place among the candidates the turn before listed, with its tool", () => {
    const turn = { question: "hows the frankfurt path", toolName: "explainPathSla", input: { path: "frankfurt" }, output: CANDIDATES };
    expect(decideAfter(conversation([turn], "the second one"))).toEqual({ type: "tool-call", toolName: "explainPathSla", input: { path: "Paris ⇄ Frankfurt" } });
    expect(decideAfter(conversation([turn], "le premier"), "fr")).toEqual({ type: "tool-call", toolName: "explainPathSla", input: { path: "Frankfurt ⇄ AWS" } });
    expect(decideAfter(conversation([turn], "the last one"))).toEqual({ type: "tool-call", toolName: "explainPathSla", input: { path: "Paris ⇄ Frankfurt" } });
  });
});

describe("follow-ups", () => {
  const compared = (first: ReturnType<typeof found>, second: ReturnType<typeof found>) =>
    conversation([{ question: "compare paris ⇄ azure and frankfurt ⇄ aws", toolName: "explainPathSla", input: { path: "Paris ⇄ Azure" }, output: first }], "x").slice(0, -1).concat([
      { role: "assistant", content: [{ type: "tool-call", toolCallId: "call-b", toolName: "explainPathSla", input: { path: "Frankfurt ⇄ AWS" } }] },
      { role: "tool", content: [{ type: "tool-result", toolCallId: "call-b", toolName: "explainPathSla", output: { type: "json", value: second as never } }] },
    ] as LanguageModelV4Prompt);

  it("'which one is worse?' after a comparison explains the worse: worst state, then highest latency", () => {
    const ask = (prompt: LanguageModelV4Prompt, text: string) => decideAfter([...prompt, { role: "user", content: [{ type: "text", text }] }]);
    const byState = compared(found("Paris ⇄ Azure", "healthy", 12), found("Frankfurt ⇄ AWS", "bad", 110));
    expect(ask(byState, "which one is worse?")).toEqual({ type: "tool-call", toolName: "explainPathSla", input: { path: "Frankfurt ⇄ AWS" } });
    expect(ask(byState, "lequel est le meilleur ?")).toEqual({ type: "tool-call", toolName: "explainPathSla", input: { path: "Paris ⇄ Azure" } });
    const byLatency = compared(found("Paris ⇄ Azure", "healthy", 40), found("Frankfurt ⇄ AWS", "healthy", 12));
    expect(ask(byLatency, "which is worse")).toEqual({ type: "tool-call", toolName: "explainPathSla", input: { path: "Paris ⇄ Azure" } });
  });

  it("'which is lower?' after a comparison explains the one with the lower figure of the metric asked", () => {
    const ask = (prompt: LanguageModelV4Prompt, text: string) => decideAfter([...prompt, { role: "user", content: [{ type: "text", text }] }]);
    const measured = (name: string, sla: string, measurement: { latencyMs: number; jitterMs: number; lossPercent: number }) => ({ status: "found", query: name, path: { name, sla }, measurement });
    // Paris ⇄ Azure is the worse by state, but the lower by latency; Frankfurt ⇄ AWS has the lower jitter.
    const both = compared(measured("Paris ⇄ Azure", "bad", { latencyMs: 8, jitterMs: 3, lossPercent: 6 }), measured("Frankfurt ⇄ AWS", "healthy", { latencyMs: 20, jitterMs: 1, lossPercent: 0 }));
    expect(ask(both, "which is lower?")).toEqual({ type: "tool-call", toolName: "explainPathSla", input: { path: "Paris ⇄ Azure" } });
    expect(ask(both, "which one has the higher latency?")).toEqual({ type: "tool-call", toolName: "explainPathSla", input: { path: "Frankfurt ⇄ AWS" } });
    expect(ask(both, "which has the lowest jitter?")).toEqual({ type: "tool-call", toolName: "explainPathSla", input: { path: "Frankfurt ⇄ AWS" } });
    expect(ask(both, "laquelle a la perte la plus faible ?")).toEqual({ type: "tool-call", toolName: "explainPathSla", input: { path: "Frankfurt ⇄ AWS" } });
    expect(ask(both, "laquelle a la latence la plus faible ?")).toEqual({ type: "tool-call", toolName: "explainPathSla", input: { path: "Paris ⇄ Azure" } });
  });

  it("'and lyon?' asks the question before about that name, of the same kind", () => {
    const site = { question: "how's the paris hq site doing?", toolName: "siteDetail", input: { site: "Paris HQ" } };
    expect(decideAfter(conversation([site], "and lyon?"))).toEqual({ type: "tool-call", toolName: "siteDetail", input: { site: "Lyon Branch" } });
  });

  it("a bare word is asked of what the turn before showed; a time or metric changes the question instead", () => {
    const node = { question: "show me nw-core-fra", toolName: "nodeStatus", input: { node: "nw-core-fra" } };
    expect(decideAfter(conversation([node], "uptime?"))).toMatchObject({ type: "tool-call", toolName: "nodeStatus", input: { node: "nw-core-fra" } });
    const site = { question: "parle moi de paris hq", toolName: "siteDetail", input: { site: "Paris HQ" } };
    expect(decideAfter(conversation([site], "et ses connecteurs ?"), "fr")).toEqual({ type: "tool-call", toolName: "siteDetail", input: { site: "Paris HQ" } });
    const path = { question: "latency on frankfurt to aws?", toolName: "explainPathSla", input: { path: "Frankfurt ⇄ AWS" } };
    expect(decideAfter(conversation([path], "and yesterday?"))).toMatchObject({ toolName: "pathStatistics", input: { path: "Frankfurt ⇄ AWS", from: expect.any(String) } });
  });

  it("'the aws one, …' asks the question's own tool of the path it picks", () => {
    const list = { question: "status of our cloud paths", toolName: "listPaths", input: { health: "all" }, output: { paths: [{ name: "Paris ⇄ Azure" }, { name: "Frankfurt ⇄ AWS" }] } };
    expect(decideAfter(conversation([list], "the aws one, what bandwidth is it provisioned at?"))).toEqual({ type: "tool-call", toolName: "pathDetail", input: { path: "Frankfurt ⇄ AWS" } });
  });

  it("'ok reboot it' after a device is a request about it", () => {
    const node = { question: "what's running on nw-edge-sea-01?", toolName: "lifecycleOperations", input: { device: "nw-edge-sea-01" } };
    expect(decideAfter(conversation([node], "ok reboot it"))).toMatchObject({ type: "tool-call", toolName: "scheduleOperation", input: { device: "nw-edge-sea-01", operation: "reboot" } });
  });
});

describe("names", () => {
  it("finds a name by an abbreviation of its long form, never by a common word of it", () => {
    expect(abbreviationAliases("frankfurt data center")).toEqual(["frankfurt dc"]);
    expect(abbreviationAliases("paris hq")).toEqual([]);
    expect(read("how much bw is left on the frankfurt xconnect for a new path")).toMatchObject({ toolName: "connectorUsage", input: { connector: "Frankfurt cross-connect" } });
  });

  it("a courtesy is never part of a name, and a path's new ends are linked sites", () => {
    expect(read("i want to connect lyon branch to frankfurt dc, 100 mbps layer 3")).toMatchObject({
      toolName: "createPath",
      input: { source: "Lyon Branch", destination: "Frankfurt DC", bandwidthMbps: 100, layer: "layer3" },
    });
    expect(read("crée un chemin L3 entre frankfurt dc et paris hq, 25 Mbps, préfixe 10.88.0.0/24 stp")).toMatchObject({
      toolName: "createPath",
      input: { source: "Frankfurt DC", destination: "Paris HQ", prefix: "10.88.0.0/24" },
    });
  });

  it("the question's noun tells apart names a span cannot; an organization beside another name is not the object", () => {
    expect(read("which box sits in seattle")).toMatchObject({ toolName: "nodeStatus", input: { node: "nw-edge-sea-01" } });
    expect(read("contoso says paris⇄azure is slow, whats going on")).toMatchObject({ input: { path: "Paris ⇄ Azure" } });
  });

  it("a lower-case word after 'le site de' is the site's name, said not seen by the tool", () => {
    expect(read("état du site de berlin ?")).toMatchObject({ toolName: "siteDetail", input: { site: "berlin" } });
  });
});

describe("destructive requests", () => {
  it("keep the name as written, for the dry run to ask which is meant, where a read picks by the noun", () => {
    expect(read("delete the Paris site")).toMatchObject({ toolName: "deleteSite", input: { site: "Paris" } });
    expect(read("how is the paris site")).toMatchObject({ input: { site: "Paris HQ" } });
  });
});

describe("rules", () => {
  it("a node interface's types are the interface form's rule", () => {
    expect(read("what interface types can a node port be set to?")).toMatchObject({ toolName: "explainRules", input: { topic: "interfaceTypes" } });
    expect(read("for a layer3 path can i put more than one prefix, like 10.1.0.0/24 and 10.2.0.0/24?")).toMatchObject({ toolName: "explainRules", input: { topic: "layers" } });
  });
});
