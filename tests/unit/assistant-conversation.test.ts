import type { LanguageModelV4Prompt } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import { ASSISTANT_TOOL_NAMES } from "@/lib/assistant/tools";
import { decide } from "@/server/assistant/decide";
import { NameIndex, type NamedEntry } from "@/server/assistant/names/name-index";
import { conversation } from "./assistant-prompt";

// A conversation (issue 40, scope 4): a follow-up read against the turn before — its question, its tool calls and
// what they found.

const ENTRIES: NamedEntry[] = [
  { kind: "site", id: "s1", name: "Paris HQ" },
  { kind: "site", id: "s2", name: "Frankfurt DC" },
  { kind: "path", id: "p1", name: "Paris ⇄ Frankfurt", aliases: ["Paris HQ ⇄ Frankfurt DC"] },
  { kind: "path", id: "p2", name: "Paris ⇄ Azure", aliases: ["Paris HQ ⇄ Azure West Europe"] },
  { kind: "path", id: "p3", name: "Frankfurt ⇄ AWS", aliases: ["Frankfurt DC ⇄ AWS eu-central-1"] },
  { kind: "node", id: "n1", name: "nw-edge-sea-01", aliases: ["MX-E200-0103"] },
];
const names = new NameIndex(ENTRIES);

const decideAfter = (prompt: LanguageModelV4Prompt, locale: "en" | "fr" = "en") => decide(prompt, locale, ASSISTANT_TOOL_NAMES, { names });

const WORST_FIRST = { paths: [{ name: "Paris ⇄ Azure" }, { name: "Paris ⇄ Frankfurt" }] };

describe("follow-ups", () => {
  it("ranks by the metric a follow-up names, and lets a how-to with a time in it stand on its own", () => {
    const ranking = conversation([{ question: "top 3 paths by latency", toolName: "listPaths", input: { health: "all", sort: "latency", limit: 3 } }], "and the jitter?");
    expect(decideAfter(ranking)).toEqual({ type: "tool-call", toolName: "listPaths", input: { health: "all", sort: "jitter", limit: 3 } });
    const inventory = conversation([{ question: "devices by version", toolName: "inventory", input: { groupBy: "version" } }], "comment comparer la bande passante avec la semaine dernière sur le tableau de bord ?");
    expect(decideAfter(inventory, "fr")).toMatchObject({ type: "tool-call", toolName: "guideScreen", input: { screen: "dashboard" } });
  });

  it("asks the same question of another object: 'and frankfurt?', 'et pour azure ?'", () => {
    const site = conversation([{ question: "how's the paris hq site doing?", toolName: "siteDetail", input: { site: "Paris HQ" } }], "and frankfurt?");
    expect(decideAfter(site)).toEqual({ type: "tool-call", toolName: "siteDetail", input: { site: "Frankfurt DC" } });
    // A path named by one end is the one sharing the other end with the path before.
    const path = conversation([{ question: "latence de paris ⇄ frankfurt ?", toolName: "explainPathSla", input: { path: "Paris ⇄ Frankfurt" } }], "et pour azure ?");
    expect(decideAfter(path, "fr")).toEqual({ type: "tool-call", toolName: "explainPathSla", input: { path: "Paris ⇄ Azure" } });
    // A name of another kind than the question's object is not taken for it.
    const node = conversation([{ question: "show me nw-edge-sea-01", toolName: "nodeStatus", input: { node: "nw-edge-sea-01" } }], "and paris hq?");
    expect(decideAfter(node)).not.toMatchObject({ toolName: "nodeStatus", input: { node: "Paris HQ" } });
  });

  it("takes a correction or 'same for' as the question before about the name meant", () => {
    const site = conversation([{ question: "hows the paris site", toolName: "siteDetail", input: { site: "Paris HQ" } }], "no i meant frankfurt");
    expect(decideAfter(site)).toEqual({ type: "tool-call", toolName: "siteDetail", input: { site: "Frankfurt DC" } });
    const french = conversation([{ question: "comment va le site de paris ?", toolName: "siteDetail", input: { site: "Paris HQ" } }], "non, je voulais dire frankfurt");
    expect(decideAfter(french, "fr")).toEqual({ type: "tool-call", toolName: "siteDetail", input: { site: "Frankfurt DC" } });
    // A search takes a name of any kind.
    const search = conversation([{ question: "how many paths does paris hq have", toolName: "listPaths", input: { health: "all", query: "Paris HQ" } }], "same for frankfurt dc");
    expect(decideAfter(search)).toEqual({ type: "tool-call", toolName: "listPaths", input: { health: "all", query: "Frankfurt DC" } });
  });

  it("compares the path before with the one a follow-up names, with the same tool", () => {
    const prompt = conversation([{ question: "latency of paris ⇄ frankfurt", toolName: "pathStatistics", input: { path: "Paris ⇄ Frankfurt", metric: "latencyMs" } }], "compare w/ paris ⇄ azure");
    expect(decideAfter(prompt)).toMatchObject({ type: "tool-call", toolName: "pathStatistics", input: { path: "Paris ⇄ Frankfurt", metric: "latencyMs" } });
  });

  it("asks why about what the turn before was about, when it listed nothing", () => {
    const prompt = conversation([{ question: "any alarms on paris ⇄ azure?", toolName: "listOpenAlarms", input: { about: "Paris ⇄ Azure" } }], "why?");
    expect(decideAfter(prompt)).toEqual({ type: "tool-call", toolName: "explainPathSla", input: { path: "Paris ⇄ Azure" } });
  });

  it("reads what follows a go-ahead as part of the request: 'ok vas-y, demain 2h'", () => {
    const prompt = conversation([{ question: "comment installer la 24.3.2 sur nw-edge-sea-01 ?", toolName: "guideTask", input: { task: "schedule" } }], "ok vas-y, demain 2h");
    expect(decideAfter(prompt, "fr")).toMatchObject({ type: "tool-call", toolName: "scheduleOperation", input: { device: "nw-edge-sea-01", version: "24.3.2" } });
  });

  it("lets a whole question of its own stand, even when it names a metric", () => {
    const prompt = conversation([{ question: "qui a accès à notre console ?", toolName: "listUsers", input: {} }], "quel lien du backbone a la pire latence ?");
    expect(decideAfter(prompt, "fr")).toEqual({ type: "tool-call", toolName: "listLinks", input: { health: "all", core: true, sort: "latency" } });
    // A short one changes the question before.
    const ranking = conversation([{ question: "top 3 paths by latency", toolName: "listPaths", input: { health: "all", sort: "latency", limit: 3 } }], "and the loss?");
    expect(decideAfter(ranking)).toEqual({ type: "tool-call", toolName: "listPaths", input: { health: "all", sort: "loss", limit: 3 } });
  });

  it("asks why about the first of a ranking", () => {
    const prompt = conversation([{ question: "which path is worst right now?", toolName: "listPaths", input: { health: "all" }, output: WORST_FIRST }], "why?");
    expect(decideAfter(prompt)).toEqual({ type: "tool-call", toolName: "explainPathSla", input: { path: "Paris ⇄ Azure" } });
    const french = conversation([{ question: "c'est quoi le pire chemin ?", toolName: "listPaths", input: { health: "all" }, output: WORST_FIRST }], "pourquoi ?");
    expect(decideAfter(french, "fr")).toEqual({ type: "tool-call", toolName: "explainPathSla", input: { path: "Paris ⇄ Azure" } });
  });

  it("after why?, takes the other one of the ranking two turns back", () => {
    const prompt = conversation(
      [
        { question: "which path is worst right now?", toolName: "listPaths", input: { health: "all" }, output: WORST_FIRST },
        { question: "why?", toolName: "explainPathSla", input: { path: "Paris ⇄ Azure" } },
      ],
      "and the other one?",
    );
    expect(decideAfter(prompt)).toEqual({ type: "tool-call", toolName: "explainPathSla", input: { path: "Paris ⇄ Frankfurt" } });
  });

  it("takes the other one, or the one the follow-up points at", () => {
    const frankfurt = conversation([{ question: "status of frankfurt ⇄ aws", toolName: "explainPathSla", input: { path: "Frankfurt ⇄ AWS" } }], "and the other frankfurt one?");
    expect(decideAfter(frankfurt)).toEqual({ type: "tool-call", toolName: "explainPathSla", input: { path: "Paris ⇄ Frankfurt" } });
    const paris = conversation([{ question: "how's the paris path?", toolName: "explainPathSla", input: { path: "paris" } }], "the one to azure");
    expect(decideAfter(paris)).toEqual({ type: "tool-call", toolName: "explainPathSla", input: { path: "Paris ⇄ Azure" } });
  });

  it("asks the same again over another time range, or another metric", () => {
    const stats = { question: "avg latency of paris ⇄ azure over the last hour", toolName: "pathStatistics", input: { path: "Paris ⇄ Azure", metric: "latencyMs", from: "x", to: "y" } };
    const later = decideAfter(conversation([stats], "what about over the last 24 hours?"));
    expect(later).toMatchObject({ type: "tool-call", toolName: "pathStatistics", input: { path: "Paris ⇄ Azure", metric: "latencyMs" } });
    const input = (later as unknown as { input: { from: string; to: string } }).input;
    expect(Date.parse(input.to) - Date.parse(input.from)).toBe(24 * 3600_000);
    expect(decideAfter(conversation([stats], "and the jitter?"))).toMatchObject({ toolName: "pathStatistics", input: { path: "Paris ⇄ Azure", metric: "jitterMs" } });
    const alarms = conversation([{ question: "how many alarms are open?", toolName: "listOpenAlarms", input: {} }], "which of them are major?");
    expect(decideAfter(alarms)).toEqual({ type: "tool-call", toolName: "listOpenAlarms", input: { severity: "major" } });
  });

  it("makes a how-to's request a proposal on 'do it', and acts on what the turn before showed", () => {
    const howTo = conversation([{ question: "how would I reboot MX-E200-0103 on saturday at 04:00?", toolName: "guideTask", input: { task: "schedule" } }], "ok do it");
    expect(decideAfter(howTo)).toMatchObject({ type: "tool-call", toolName: "scheduleOperation", input: { device: "MX-E200-0103", operation: "reboot" } });
    expect((decideAfter(howTo) as unknown as { input: { at: string } }).input.at).toMatch(/T04:00:00/);
    const shown = conversation([{ question: "montre-moi nw-edge-sea-01", toolName: "nodeStatus", input: { node: "nw-edge-sea-01" } }], "redémarre-le demain à 3h");
    expect(decideAfter(shown, "fr")).toMatchObject({ type: "tool-call", toolName: "scheduleOperation", input: { device: "nw-edge-sea-01", operation: "reboot" } });
  });

  it("acknowledges the alarms the turn before listed", () => {
    const alarms = conversation([{ question: "show the open alarms", toolName: "listOpenAlarms", input: {} }], "ack them all with note 'carrier ticket 4411'");
    expect(decideAfter(alarms)).toMatchObject({ type: "tool-call", toolName: "acknowledgeAlarms", input: { note: "carrier ticket 4411" } });
  });

  it("leaves a question of its own as it is", () => {
    const prompt = conversation([{ question: "which path is worst right now?", toolName: "listPaths", input: { health: "all" }, output: WORST_FIRST }], "how is paris ⇄ frankfurt?");
    expect(decideAfter(prompt)).toEqual({ type: "tool-call", toolName: "explainPathSla", input: { path: "Paris ⇄ Frankfurt" } });
  });
});
