import { describe, expect, it } from "vitest";
import { editDistance, jaroWinkler, wordScore } from "@/server/assistant/names/fuzzy";
import { linkNames, topCandidates } from "@/server/assistant/names/link";
import { NameIndex, type NamedEntry } from "@/server/assistant/names/name-index";

const site = (name: string): NamedEntry => ({ kind: "site", id: `site:${name}`, name });
const path = (name: string, ...aliases: string[]): NamedEntry => ({ kind: "path", id: `path:${name}`, name, aliases });
const node = (name: string): NamedEntry => ({ kind: "node", id: `node:${name}`, name });

const ENTRIES: NamedEntry[] = [
  site("Paris HQ"),
  site("Paris DR"),
  site("Frankfurt DC"),
  site("Lyon Branch"),
  site("Madrid Office"),
  path("Paris ⇄ Frankfurt", "Paris HQ ⇄ Frankfurt DC"),
  path("Madrid ⇄ Oracle", "Madrid Office ⇄ Oracle Cloud"),
  path("Lyon ⇄ Paris", "Lyon Branch ⇄ Paris HQ"),
  path("Nowhere-Link"),
  path("Path 00042"),
  path("Path 3"),
  node("nw-edge-sea-01"),
  node("nw-edge-sea-02"),
];
// The product's own words (a subset of what the assistant's vocabulary holds).
const VOCABULARY = new Set(["path", "paths", "site", "sites", "link", "node", "latency", "branch", "office", "down", "why", "is", "the"]);
const index = new NameIndex(ENTRIES);
const link = (question: string) => linkNames(question, index, VOCABULARY);
const best = (question: string) => link(question).map((span) => topCandidates(span).map((candidate) => candidate.entry.name));

describe("fuzzy word matching, tuned on names", () => {
  it("takes a slip in a long word, never in a short word or a number", () => {
    expect(wordScore("frankfurt", "frankfurt")).toBe(1);
    expect(wordScore("frankfrut", "frankfurt")).toBeGreaterThan(0.7);
    expect(wordScore("madird", "madrid")).toBeGreaterThan(0.6);
    expect(wordScore("dc", "de")).toBe(0);
    expect(wordScore("01", "02")).toBe(0);
    expect(wordScore("sea01", "sea02")).toBe(0);
    expect(wordScore("paris", "azure")).toBe(0);
    expect(wordScore("monday", "madrid")).toBe(0);
  });

  it("reads a clipped word and a number with other leading zeros", () => {
    expect(wordScore("frank", "frankfurt")).toBe(0.8);
    expect(wordScore("fra", "frankfurt")).toBe(0);
    expect(wordScore("42", "00042")).toBe(0.9);
  });

  it("measures edits and similarity as typists slip", () => {
    expect(editDistance("latncy", "latency", 2)).toBe(1);
    expect(editDistance("frankfrut", "frankfurt", 2)).toBe(1);
    expect(editDistance("paris", "oracle", 2)).toBe(3);
    expect(jaroWinkler("martha", "marhta")).toBeCloseTo(0.961, 3);
    expect(jaroWinkler("abc", "xyz")).toBe(0);
  });
});

describe("linking a question's words to the names the user may see", () => {
  it("turns no leftover word into a name", () => {
    expect(link("how many sites do we have and which are inactive?")).toEqual([]);
    expect(link("what changed since monday?")).toEqual([]);
    expect(link("which path has the highest latency?")).toEqual([]);
    expect(link("combien de sites avons-nous ?")).toEqual([]);
    expect(link("how do I configure an external fabric with Equinix?")).toEqual([]);
  });

  it("finds a path by its ends, however they are joined or typed", () => {
    for (const question of ["is the paris-frankfurt link ok?", "whats the latncy on paris to frankfrut", "Paris ⇄ Frankfurt", "paris hq to frankfurt dc"]) {
      expect(best(question), question).toEqual([["Paris ⇄ Frankfurt"]]);
    }
  });

  it("keeps a name's digits: the node ending in 01, not 02", () => {
    expect(best("reboot nw-edge-sea-01 tomorrow at 3am")).toEqual([["nw-edge-sea-01"]]);
    expect(best("path 42 status")).toEqual([["Path 00042"]]);
    // A bare number is a time or a figure, never a name by itself.
    expect(link("restart it on Sunday at 03:30")).toEqual([]);
    expect(best("path 3")).toEqual([["Path 3"]]);
  });

  it("splits two names in one question", () => {
    expect(best("compare paris-frankfurt and madrid ⇄ oracle")).toEqual([["Paris ⇄ Frankfurt"], ["Madrid ⇄ Oracle"]]);
  });

  it("takes a quoted-like whole name with a hyphen", () => {
    expect(best("Why is path 'Nowhere-Link' down?")).toEqual([["Nowhere-Link"]]);
  });

  it("lists the names a word cannot tell apart, and needs a word of its own", () => {
    const [span] = link("delete the Paris site");
    expect(span.text).toBe("Paris");
    const sites = topCandidates(span).filter((candidate) => candidate.entry.kind === "site").map((candidate) => candidate.entry.name);
    expect(sites).toEqual(["Paris DR", "Paris HQ"]);
    // The product's words alone name nothing.
    expect(link("the path is down")).toEqual([]);
    expect(best("the lyon branch")).toEqual([["Lyon Branch"]]);
  });
});
