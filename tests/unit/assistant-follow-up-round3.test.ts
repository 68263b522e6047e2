import type { LanguageModelV4Prompt } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import { ASSISTANT_TOOL_NAMES } from "@/lib/assistant/tools";
import { decide } from "@/server/assistant/decide";
import { readIntent } from "@/server/assistant/intent";
import { summarizeToolResult } from "@/server/assistant/summaries";
import { timeRange } from "@/server/assistant/understanding/time";
import { cityCodeAliases, exonymAliases } from "@/server/assistant/names/exonyms";
import { NameIndex, type NamedEntry } from "@/server/assistant/names/name-index";
import { fold } from "@/server/assistant/text";
import { conversation } from "./assistant-prompt";

// Follow-ups of issue 40's third round: a go-ahead that names its verb ("book it", "crée-le"), a new time for the
// proposal before ("make it 5am"), "list em" after a count, "the day before", "the l2 one" among a list, "and <a name
// no one sees>?", "là-dessus", a metric alone after a path's state, sites "down"; and an acknowledgement that keeps
// to the path it names.

const ENTRIES: NamedEntry[] = [
  { kind: "site", id: "s1", name: "Paris HQ" },
  { kind: "site", id: "s2", name: "Frankfurt DC" },
  { kind: "site", id: "s3", name: "Seattle Office" },
  { kind: "site", id: "s4", name: "Dublin Office" },
  { kind: "organization", id: "o1", name: "Contoso" },
  { kind: "path", id: "p1", name: "Paris ⇄ Frankfurt", aliases: ["Paris HQ ⇄ Frankfurt DC"] },
  { kind: "path", id: "p2", name: "Frankfurt ⇄ AWS", aliases: ["Frankfurt DC ⇄ AWS eu-central-1"] },
  { kind: "path", id: "p3", name: "Lyon ⇄ Paris", aliases: ["Lyon Branch ⇄ Paris HQ"] },
  { kind: "node", id: "n1", name: "nw-edge-fra-01", aliases: ["MX-E200-0102"] },
];
const names = new NameIndex(ENTRIES);
const NOW = Date.parse("2026-12-07T12:00:00Z");
const decideAfter = (prompt: LanguageModelV4Prompt, locale: "en" | "fr" = "en") => decide(prompt, locale, ASSISTANT_TOOL_NAMES, { names, timeZone: "UTC" });
const read = (text: string, locale: "en" | "fr" = "en") => readIntent(text, {}, ASSISTANT_TOOL_NAMES, { names, locale, now: NOW, timeZone: "UTC" });

/** A turn answered by text alone (a proposal waiting for approval holds no tool result), then the follow-up. */
const afterText = (question: string, followUp: string): LanguageModelV4Prompt => [
  { role: "system", content: "You are the assistant." },
  { role: "user", content: [{ type: "text", text: question }] },
  { role: "assistant", content: [{ type: "text", text: "…" }] },
  { role: "user", content: [{ type: "text", text: followUp }] },
];

const PATH_LIST = {
  paths: [
    { name: "Paris ⇄ Frankfurt", sla: "healthy", prefixes: [] },
    { name: "Frankfurt ⇄ AWS", sla: "warning", prefixes: ["10.0.0.0/16"] },
  ],
};

describe("a go-ahead that names its verb", () => {
  const guide = { question: "how do i make a l2 path seattle office -> dublin office, 30mbps, vlan 333", toolName: "guidePathCreation", input: { layer: "layer2", source: "Seattle Office", destination: "Dublin Office" } };
  it("'yes pls create it', 'yep go ahead and create it', 'ok crée-le' make the how-to's request a proposal", () => {
    for (const [text, locale] of [["yes pls create it", "en"], ["yep go ahead and create it", "en"], ["ok crée-le", "fr"]] as const) {
      const decision = decideAfter(conversation([guide], text), locale);
      expect(decision).toMatchObject({ type: "tool-call", toolName: "createPath", input: { source: "Seattle Office", destination: "Dublin Office", layer: "layer2", vlanId: 333 } });
    }
  });
  it("'sure, book it' after how to schedule a reboot proposes that reboot", () => {
    const howTo = { question: "how do i schedule a reboot of MX-E200-0102 on saturday at 4am?", toolName: "guideTask", input: { task: "schedule" } };
    expect(decideAfter(conversation([howTo], "sure, book it"))).toMatchObject({ type: "tool-call", toolName: "scheduleOperation", input: { device: "MX-E200-0102", operation: "reboot" } });
  });
});

describe("a new time for the proposal before", () => {
  it("keeps the proposal's day when only the hour changes, in English and French", () => {
    const first = decideAfter(afterText("x", "reboot MX-E200-0102 sunday 2am"));
    if (first.type !== "tool-call") throw new Error("no proposal");
    const day = String(first.input.at).slice(0, 10);
    const later = decideAfter(afterText("reboot MX-E200-0102 sunday 2am", "hmm make it 4am instead"));
    expect(later).toMatchObject({ type: "tool-call", toolName: "scheduleOperation", input: { device: "MX-E200-0102", operation: "reboot" } });
    if (later.type !== "tool-call") throw new Error("no proposal");
    expect(String(later.input.at)).toBe(`${day}T04:00:00.000Z`);
    const french = decideAfter(afterText("redémarre MX-E200-0102 dimanche à 2h", "plutôt à 5h"), "fr");
    if (french.type !== "tool-call") throw new Error("no proposal");
    expect(String(french.input.at)).toBe(`${day}T05:00:00.000Z`);
  });
  it("is nothing after a question that proposed nothing", () => {
    expect(decideAfter(afterText("latency paris ⇄ frankfurt", "make it 5am"))).not.toMatchObject({ toolName: "scheduleOperation" });
  });
});

describe("the list before, again or narrowed", () => {
  it("'list em', 'lesquels ?' after a count list the same rows", () => {
    const count = { question: "how many are unassigned?", toolName: "inventory", input: { status: "unassigned", byStatus: true } };
    expect(decideAfter(conversation([count], "list em"))).toEqual({ type: "tool-call", toolName: "inventory", input: { status: "unassigned" } });
    expect(decideAfter(conversation([count], "lesquels ?"), "fr")).toEqual({ type: "tool-call", toolName: "inventory", input: { status: "unassigned" } });
  });
  it("'the l3 one' and 'celui en l2' pick the listed path of that layer, asked what the follow-up asks", () => {
    const list = { question: "list paths at frankfurt dc", toolName: "listPaths", input: { query: "Frankfurt DC", health: "all" }, output: PATH_LIST };
    expect(decideAfter(conversation([list], "the l3 one - prefixes?"))).toEqual({ type: "tool-call", toolName: "pathDetail", input: { path: "Frankfurt ⇄ AWS" } });
    expect(decideAfter(conversation([list], "et celui en l2, il va bien ?"), "fr")).toMatchObject({ type: "tool-call", input: { path: "Paris ⇄ Frankfurt" } });
  });
  it("'the unknown one' when none is unknown lists the paths of that state (none), not a definition", () => {
    const list = { question: "list our paths w/ status", toolName: "listPaths", input: { health: "all" }, output: PATH_LIST };
    expect(decideAfter(conversation([list], "why's the unknown one unknown?"))).toEqual({ type: "tool-call", toolName: "listPaths", input: { health: "unknown" } });
    expect(decideAfter(conversation([list], "the warning one, why?"))).toEqual({ type: "tool-call", toolName: "explainPathSla", input: { path: "Frankfurt ⇄ AWS" } });
  });
  it("'which of those are down?' after the sites lists the inactive sites", () => {
    const sites = { question: "list our sites", toolName: "listSites", input: {} };
    expect(decideAfter(conversation([sites], "which of those are down?"))).toEqual({ type: "tool-call", toolName: "listSites", input: { active: false } });
    expect(read("which sites are down atm?")).toMatchObject({ kind: "tool", toolName: "listSites", input: { active: false } });
  });
});

describe("the period, the metric or the name changed", () => {
  const stats = { question: "avg loss on madrid ⇄ oracle yesterday?", toolName: "pathStatistics", input: { path: "Madrid ⇄ Oracle", metric: "lossPercent", from: "2026-12-06T00:00:00.000Z", to: "2026-12-07T00:00:00.000Z" } };
  it("'and the day before?', 'et la veille ?' shift the range back by a day; 'the week before that' by a week", () => {
    const dayBefore = { type: "tool-call", toolName: "pathStatistics", input: { ...stats.input, from: "2026-12-05T00:00:00.000Z", to: "2026-12-06T00:00:00.000Z" } };
    expect(decideAfter(conversation([stats], "and the day before?"))).toEqual(dayBefore);
    expect(decideAfter(conversation([stats], "et la veille ?"), "fr")).toEqual(dayBefore);
    const week = { ...stats, input: { ...stats.input, from: "2026-11-23T00:00:00.000Z", to: "2026-11-30T00:00:00.000Z" } };
    expect(decideAfter(conversation([week], "and the week before that?"))).toMatchObject({ input: { from: "2026-11-16T00:00:00.000Z", to: "2026-11-23T00:00:00.000Z" } });
  });
  it("a metric alone after a path's state is its figure now; with a statistic, its statistics", () => {
    const state = { question: "latency on frankfurt to aws right now?", toolName: "explainPathSla", input: { path: "Frankfurt ⇄ AWS" } };
    expect(decideAfter(conversation([state], "and the jittr?"))).toEqual({ type: "tool-call", toolName: "explainPathSla", input: { path: "Frankfurt ⇄ AWS" } });
    expect(decideAfter(conversation([state], "and the avg jitter?"))).toMatchObject({ toolName: "pathStatistics", input: { path: "Frankfurt ⇄ AWS", metric: "jitterMs" } });
  });
  it("'and globex?' that no name matches asks the same about the words as written", () => {
    const count = { question: "how many paths has contoso got", toolName: "listPaths", input: { query: "Contoso", health: "all" } };
    expect(decideAfter(conversation([count], "and globex?"))).toEqual({ type: "tool-call", toolName: "listPaths", input: { query: "globex", health: "all" } });
    expect(decideAfter(conversation([count], "and the jitter?"))).not.toMatchObject({ input: { query: "the jitter" } });
  });
  it("'des alarmes là-dessus ?' asks for the alarms of what the turn before was about", () => {
    const state = { question: "latence de paris ⇄ frankfurt ?", toolName: "explainPathSla", input: { path: "Paris ⇄ Frankfurt" } };
    expect(decideAfter(conversation([state], "des alarmes là-dessus ?"), "fr")).toMatchObject({ type: "tool-call", toolName: "listOpenAlarms", input: { about: "Paris ⇄ Frankfurt" } });
  });
});

describe("an acknowledgement keeps to what it names", () => {
  it("'ack alarms on paris ⇄ frankfurt' acknowledges that path's alarms only, in either language", () => {
    expect(read("ack alarms on paris ⇄ frankfurt")).toMatchObject({ kind: "tool", toolName: "acknowledgeAlarms", input: { about: "Paris ⇄ Frankfurt" } });
    expect(read("acquitte les alarmes de lyon ⇄ paris", "fr")).toMatchObject({ kind: "tool", toolName: "acknowledgeAlarms", input: { about: "Lyon ⇄ Paris" } });
    expect(read("ack the major alarms, note: seen with the NOC")).toMatchObject({ kind: "tool", toolName: "acknowledgeAlarms", input: { severity: "major" } });
  });
});

describe("two reads in one question, and what the answers now say", () => {
  const json = (value: unknown) => ({ type: "json" as const, value: value as never });
  it("'unhealthy paths + their open alarms' lists both; an alarm question alone does not", () => {
    expect(read("unhealthy paths + their open alarms")).toMatchObject({ kind: "tool", toolName: "listPaths", input: { health: "unhealthy" }, also: [{ toolName: "listOpenAlarms", input: {} }] });
    expect(read("chemins pas sains + leurs alarmes", "fr")).toMatchObject({ toolName: "listPaths", also: [{ toolName: "listOpenAlarms" }] });
    expect(read("any open alarms?")).toMatchObject({ toolName: "listOpenAlarms" });
    expect(read("any open alarms?")).not.toHaveProperty("also");
  });
  it("an active site says so; a connector with no sample says its status is unknown; no alarm about a name says which", () => {
    const site = { status: "found", site: { id: "s", name: "Frankfurt DC", type: "standard", city: "Frankfurt", active: true, description: "", organizationName: "Contoso" }, connectors: [], paths: [], probes: [], links: [] };
    expect(summarizeToolResult("siteDetail", json(site), "en")).toContain("It is active.");
    expect(summarizeToolResult("siteDetail", json({ ...site, site: { ...site.site, active: false } }), "fr")).not.toContain("Il est actif.");
    const connector = { status: "found", connector: { id: "c", name: "Lyon IPsec", siteName: "Lyon Branch", bandwidthMbps: 200 }, usedMbps: 200, freeMbps: 0, paths: [], traffic: null, now: null, request: null, links: [] };
    expect(summarizeToolResult("connectorUsage", json(connector), "en")).toContain("status is unknown");
    const alarms = { total: 0, alarms: [], bySeverity: {}, filters: { severity: null, type: null, about: "Lyon ⇄ Paris" }, range: null, links: [] };
    expect(summarizeToolResult("listOpenAlarms", json(alarms), "en")).toBe("There is no open alarm on Lyon ⇄ Paris.");
  });
});

describe("names as engineers write them", () => {
  it("a city by its metro code, one or every one at once; never a common word", () => {
    expect(cityCodeAliases("frankfurt dc")).toContain("fra dc");
    expect(cityCodeAliases("seattle office ⇄ dublin office")).toEqual(expect.arrayContaining(["sea office ⇄ dublin office", "seattle office ⇄ dub office", "sea office ⇄ dub office"]));
    expect(cityCodeAliases("paris hq")).toEqual([]);
    expect(exonymAliases("frankfurt dc")).not.toContain("fra dc");
  });
  it("'pkt loss fra -> aws' is Frankfurt ⇄ AWS, 'le edge de paris' the Paris edge node", () => {
    const coded = new NameIndex(
      [
        { kind: "path" as const, id: "p", name: "Frankfurt ⇄ AWS", aliases: ["Frankfurt DC ⇄ AWS eu-central-1"] },
        { kind: "node" as const, id: "n", name: "nw-edge-par-01", aliases: ["Paris edge", "edge de Paris"] },
        { kind: "site" as const, id: "s", name: "Paris HQ" },
      ].map((entry) => ({ ...entry, aliases: [...entry.aliases ?? [], ...[entry.name, ...(entry.aliases ?? [])].flatMap((text) => cityCodeAliases(fold(text)))] })),
    );
    const readCoded = (text: string) => readIntent(text, {}, ASSISTANT_TOOL_NAMES, { names: coded, locale: "fr" });
    expect(readCoded("pkt loss fra -> aws?")).toMatchObject({ toolName: "explainPathSla", input: { path: "Frankfurt ⇄ AWS" } });
    expect(readCoded("le edge de paris tourne en quelle version ?")).toMatchObject({ toolName: "nodeStatus", input: { node: "nw-edge-par-01" } });
  });
});

describe("'since' a part of the day", () => {
  it("runs from its start until now; the part alone stays the part", () => {
    const afternoon = Date.parse("2026-12-07T15:30:00Z");
    expect(timeRange("any alarms since this morning?", afternoon, "UTC")).toMatchObject({ from: "2026-12-07T00:00:00.000Z", to: "2026-12-07T15:30:00.000Z" });
    expect(timeRange("perte moyenne depuis ce matin ?", afternoon, "UTC")).toMatchObject({ from: "2026-12-07T00:00:00.000Z", to: "2026-12-07T15:30:00.000Z" });
    expect(timeRange("changes since yesterday evening", afternoon, "UTC")).toMatchObject({ from: "2026-12-06T18:00:00.000Z", to: "2026-12-07T15:30:00.000Z" });
    expect(timeRange("alarms this morning", afternoon, "UTC")).toMatchObject({ from: "2026-12-07T00:00:00.000Z", to: "2026-12-07T12:00:00.000Z" });
  });
});

describe("a threshold asked of no path", () => {
  it("'at what loss % does a path go from warning to bad' and its French are the SLA thresholds; a named path's latency is not", () => {
    expect(read("at what loss % does a path go from warning to bad")).toMatchObject({ toolName: "explainRules", input: { topic: "slaThresholds" } });
    expect(read("à partir de quelle perte un chemin passe en mauvais ?", "fr")).toMatchObject({ toolName: "explainRules", input: { topic: "slaThresholds" } });
    expect(read("how much latency on paris ⇄ frankfurt before it goes bad?")).not.toMatchObject({ toolName: "explainRules" });
  });
});

describe("a state none of the paths is in", () => {
  it("says none is, with the count", () => {
    const output = { organizationName: "Fabrikam", health: "unknown", scanned: 2, total: 0, paths: [], links: [] };
    const json = (value: unknown) => ({ type: "json" as const, value: value as never });
    expect(summarizeToolResult("listPaths", json(output), "en")).toBe("0 of the 2 paths of Fabrikam are unknown: none is right now.");
    expect(summarizeToolResult("listPaths", json(output), "fr")).toContain("aucun");
  });
});
