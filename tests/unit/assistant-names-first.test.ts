import { describe, expect, it } from "vitest";
import { ASSISTANT_TOOL_NAMES } from "@/lib/assistant/tools";
import { readIntent } from "@/server/assistant/intent";
import { nodeShortAliases } from "@/server/assistant/names/lexicon";
import { NameIndex, type NamedEntry } from "@/server/assistant/names/name-index";

// Reading a question names first (issue 40, scope 1): with the names the user may see, a word that is no name is never
// turned into one, a name is found however it is typed, and a name's digits are not read as a time.

const NOW = Date.parse("2026-11-26T15:00:00Z");
const PATH_ID = "0b7d4e3f-2c10-4d2e-9a61-6f1c2a7e8c3b";
const ENTRIES: NamedEntry[] = [
  { kind: "site", id: "s1", name: "Paris HQ" },
  { kind: "site", id: "s2", name: "Frankfurt DC" },
  { kind: "site", id: "s3", name: "Lyon Branch" },
  { kind: "path", id: "p1", name: "Paris ⇄ Frankfurt", aliases: ["Paris HQ ⇄ Frankfurt DC"] },
  { kind: "path", id: "p2", name: "Lyon ⇄ Paris", aliases: ["Lyon Branch ⇄ Paris HQ"] },
  { kind: "node", id: "n1", name: "nw-edge-sea-01" },
  { kind: "node", id: "n2", name: "nw-cpe-contoso-lyon", aliases: ["MX-C100-0104"] },
];
const names = new NameIndex(ENTRIES);
const read = (text: string, options: { locale?: "en" | "fr"; focus?: { pathId?: string } } = {}) =>
  readIntent(text, options.focus ?? {}, ASSISTANT_TOOL_NAMES, { locale: options.locale ?? "en", now: NOW, names });
const asked = (text: string, options?: Parameters<typeof read>[1]) => {
  const intent = read(text, options);
  return intent.kind === "tool" ? { tool: intent.toolName, input: intent.input } : { kind: intent.kind };
};

describe("names first", () => {
  it("leaves a word that is no name out of the question's names", () => {
    // "Inactive" is what is asked (the inactive sites, with how many there are in all), never a name.
    expect(asked("how many sites do we have and which are inactive?")).toEqual({ tool: "listSites", input: { active: false } });
    expect(asked("combien de sites avons-nous ?", { locale: "fr" })).toEqual({ tool: "listSites", input: {} });
    expect(asked("what changed since Monday?").input).not.toHaveProperty("about");
  });

  it("reads the page's path when the question names none", () => {
    expect(asked("why is this one unknown?", { focus: { pathId: PATH_ID } })).toEqual({ tool: "explainPathSla", input: { path: PATH_ID } });
    // "path degraded" is no "path de <name>".
    expect(asked("why is this path degraded?", { focus: { pathId: PATH_ID } })).toEqual({ tool: "explainPathSla", input: { path: PATH_ID } });
  });

  it("finds a path however its name is typed", () => {
    expect(asked("is the paris-frankfurt link ok?")).toEqual({ tool: "explainPathSla", input: { path: "Paris ⇄ Frankfurt" } });
    expect(asked("whats the latncy on paris to frankfrut")).toEqual({ tool: "explainPathSla", input: { path: "Paris ⇄ Frankfurt" } });
  });

  it("answers a path between ends the user does not both see as named, not as a path sharing one end", () => {
    expect(asked("how is paris ⇄ azure doing?")).toEqual({ tool: "explainPathSla", input: { path: "paris ⇄ azure" } });
    expect(asked("latence de seattle vers dublin ?", { locale: "fr" })).toEqual({ tool: "explainPathSla", input: { path: "seattle ⇄ dublin" } });
  });

  it("never takes an identifier the names do not hold for the one sharing its prefix", () => {
    // MX-C100-0151 is a spare on no node: not the node whose device is MX-C100-0104.
    expect(asked("why isn't MX-C100-0151 reporting?")).toEqual({ tool: "inventory", input: { serial: "MX-C100-0151" } });
    expect(asked("status of MX-C100-0104")).toEqual({ tool: "nodeStatus", input: { node: "nw-cpe-contoso-lyon" } });
  });

  it("reads a word typed with a slip as the vocabulary's, never as a name", () => {
    expect(asked("pourqoi le chemin paris francfort rame ?", { locale: "fr" })).toEqual({ tool: "explainPathSla", input: { path: "Paris ⇄ Frankfurt" } });
    expect(asked("any opne alarms on lyon branch?")).toMatchObject({ tool: "listOpenAlarms", input: { about: "Lyon Branch" } });
  });

  it("keeps an unknown proper name, so that it is answered as not found", () => {
    expect(asked("why is path Atlantis down?")).toEqual({ tool: "explainPathSla", input: { path: "Atlantis" } });
  });

  it("reads the time after the node's name: tomorrow at 3am is 03:00, not 01:00", () => {
    expect(asked("reboot nw-edge-sea-01 tomorrow at 3am")).toEqual({
      tool: "scheduleOperation",
      input: { device: "nw-edge-sea-01", operation: "reboot", at: "2026-11-27T03:00:00.000Z" },
    });
    // The same without the names: the node's name is set aside by its shape.
    expect(readIntent("reboot nw-edge-sea-01 tomorrow at 3am", {}, ASSISTANT_TOOL_NAMES, { now: NOW })).toMatchObject({
      input: { at: "2026-11-27T03:00:00.000Z" },
    });
  });
});

describe("plans of several reads", () => {
  const plan = (text: string) => {
    const intent = read(text);
    return intent.kind === "tool" ? [{ tool: intent.toolName, input: intent.input }, ...(intent.also ?? []).map((call) => ({ tool: call.toolName, input: call.input }))] : [];
  };

  it("compares the paths a question names", () => {
    expect(plan("compare paris-frankfurt vs lyon to paris")).toEqual([
      { tool: "explainPathSla", input: { path: "Paris ⇄ Frankfurt" } },
      { tool: "explainPathSla", input: { path: "Lyon ⇄ Paris" } },
    ]);
    // A metric alone is compared now; over a range, from the measurements.
    expect(plan("compare latency of paris-frankfurt and lyon-paris").map((call) => call.tool)).toEqual(["explainPathSla", "explainPathSla"]);
    expect(plan("compare latency of paris-frankfurt and lyon-paris over the last 24 hours").map((call) => call.tool)).toEqual(["pathStatistics", "pathStatistics"]);
  });

  it("answers a site's alarms and its events together, and counts sites and paths", () => {
    expect(plan("alarms + recent events for lyon branch")).toEqual([
      { tool: "listOpenAlarms", input: { about: "Lyon Branch" } },
      { tool: "recentEvents", input: { about: "Lyon Branch" } },
    ]);
    expect(plan("combien de sites et combien de chemins on a ?").map((call) => call.tool)).toEqual(["listSites", "listPaths"]);
  });
});

describe("questions that name nothing", () => {
  it("does not read two questions joined by 'and' as a path's ends", () => {
    expect(asked("how many sites have we got, and which ones are inactive?")).toEqual({ tool: "listSites", input: { active: false } });
  });

  it("counts or lists every path", () => {
    expect(asked("combien de chemins avons-nous ?", { locale: "fr" })).toEqual({ tool: "listPaths", input: { health: "all" } });
    expect(asked("list all my circuits")).toEqual({ tool: "listPaths", input: { health: "all" } });
  });

  it("reads 'yesterday' as the calendar day and 'since Monday' from Monday's midnight", () => {
    // NOW is Thursday 26 November 2026, 15:00 UTC.
    expect(asked("average latency on paris to frankfurt yesterday").input).toMatchObject({ from: "2026-11-25T00:00:00.000Z", to: "2026-11-26T00:00:00.000Z" });
    expect(asked("latence moyenne de Paris ⇄ Frankfurt depuis lundi", { locale: "fr" }).input).toMatchObject({ from: "2026-11-23T00:00:00.000Z", to: "2026-11-26T15:00:00.000Z" });
  });
});

describe("names as engineers shorten them", () => {
  const shortNames = new NameIndex([
    { kind: "site", id: "s1", name: "Madrid Office" },
    { kind: "site", id: "s2", name: "Oracle Frankfurt" },
    { kind: "site", id: "s3", name: "Milan Branch" },
    { kind: "site", id: "s4", name: "AWS Direct Connect Paris" },
    { kind: "path", id: "p1", name: "Madrid ⇄ Oracle", aliases: ["Madrid Office ⇄ Oracle Frankfurt"] },
    { kind: "path", id: "p2", name: "Madrid ⇄ Milan", aliases: ["Madrid Office ⇄ Milan Branch"] },
    { kind: "path", id: "p3", name: "Oracle ⇄ AWS Paris", aliases: ["Oracle Frankfurt ⇄ AWS Direct Connect Paris"] },
    { kind: "connector", id: "c1", name: "OCI FastConnect", paths: ["Madrid ⇄ Oracle", "Oracle ⇄ AWS Paris"], site: "Oracle Frankfurt" },
    { kind: "connector", id: "c2", name: "Milan virtual", paths: ["Madrid ⇄ Milan"], site: "Milan Branch" },
    { kind: "connector", id: "c3", name: "Madrid DIA", paths: [], site: "Madrid Office" },
    { kind: "node", id: "n1", name: "nw-edge-fra-01", aliases: nodeShortAliases("nw-edge-fra-01") },
    { kind: "node", id: "n2", name: "nw-core-fra", aliases: nodeShortAliases("nw-core-fra") },
    { kind: "device", id: "d1", name: "MX-C100-0151" },
  ]);
  const ask = (text: string) => {
    const intent = readIntent(text, {}, ASSISTANT_TOOL_NAMES, { locale: "en", now: NOW, names: shortNames });
    return intent.kind === "tool" ? { tool: intent.toolName, input: intent.input } : { kind: intent.kind };
  };

  it("drops a numbered node's network prefix and its number's zero", () => {
    expect(nodeShortAliases("nw-edge-fra-01")).toEqual(["edge-fra-01", "edge-fra-1", "edge-fra1", "edge-fra01"]);
    // Unnumbered names are already found word for word; "lon-ash" is a link's, not a node's.
    expect(nodeShortAliases("nw-core-fra")).toEqual([]);
    expect(ask("versoin on edge-fra1?")).toMatchObject({ tool: "nodeStatus", input: { node: "nw-edge-fra-01" } });
  });

  it("reads 'the X path' after a connector as its one path, or asks which of its site's paths", () => {
    expect(ask("is the milan virtual path healthy?")).toEqual({ tool: "explainPathSla", input: { path: "Madrid ⇄ Milan" } });
    expect(ask("is the oci fastconnect path healthy?")).toEqual({ tool: "explainPathSla", input: { path: "Oracle Frankfurt" } });
    // A connector asked as such, or a new path over it, stays the connector.
    expect(ask("how busy is the OCI FastConnect connector?").input).toMatchObject({ connector: "OCI FastConnect" });
    expect(ask("what's the max bandwidth I could give a new path on Madrid DIA?")).toMatchObject({ tool: "connectorUsage", input: { connector: "Madrid DIA" } });
  });

  it("answers a path's bandwidth with what it is provisioned with, its traffic with the charts", () => {
    expect(ask("bandwith of the madrid-milan path")).toEqual({ tool: "pathDetail", input: { path: "Madrid ⇄ Milan" } });
    expect(ask("what bw is madrid ⇄ oracle on?")).toEqual({ tool: "pathDetail", input: { path: "Madrid ⇄ Oracle" } });
    expect(ask("bandwidth on madrid ⇄ oracle over the last hour")).not.toMatchObject({ tool: "pathDetail" });
  });

  it("knows a spare device by its serial number and asks the inventory about it", () => {
    expect(ask("why is there a major alarm on MX-C100-0151?")).toEqual({ tool: "inventory", input: { serial: "MX-C100-0151" } });
  });

  it("never reads a how-to's own words as a new path's ends", () => {
    for (const question of ["do i need a connector b4 i can add a path?", "what do i need for my first layer 3 path?"]) {
      const intent = ask(question);
      expect(intent).toMatchObject({ tool: "guidePathCreation" });
      expect(intent.input).not.toHaveProperty("source");
      expect(intent.input).not.toHaveProperty("destination");
    }
  });
});
