import { describe, expect, it } from "vitest";
import { ASSISTANT_TOOL_NAMES } from "@/lib/assistant/tools";
import { readIntent } from "@/server/assistant/intent";
import { NameIndex } from "@/server/assistant/names/name-index";

// Aggregates, lists with filters and plans as typed readings (issue 40, scope 3): the object a question counts, ranks
// or lists, the group it counts by, the sum it asks and the filter it names become one tool's input (or a plan of
// several), whatever the sentence around them.

const NOW = Date.parse("2026-11-26T15:00:00Z");
const names = new NameIndex([
  { kind: "site", id: "s1", name: "Paris HQ" },
  { kind: "site", id: "s2", name: "Frankfurt DC" },
  { kind: "site", id: "s3", name: "Madrid Office" },
  { kind: "path", id: "p1", name: "Paris ⇄ Frankfurt", aliases: ["Paris HQ ⇄ Frankfurt DC"] },
  { kind: "node", id: "n1", name: "nw-core-lon" },
  { kind: "node", id: "n2", name: "nw-core-ash" },
  { kind: "link", id: "l1", name: "nw-lon-ash", aliases: ["lon-ash", "nw-core-lon ⇄ nw-core-ash"] },
  { kind: "organization", id: "o1", name: "Contoso" },
  { kind: "organization", id: "o2", name: "Fabrikam" },
]);
const read = (text: string, locale: "en" | "fr" = "en") => readIntent(text, {}, ASSISTANT_TOOL_NAMES, { locale, now: NOW, names });

describe("aggregates and filtered lists as plans", () => {
  it.each([
    // Paths counted by group, their bandwidth summed, one layer listed.
    ["how many paths per sla state?", "en", "aggregate-paths", "listPaths", { health: "all", groupBy: "state" }],
    ["combien de chemins par état ?", "fr", "aggregate-paths", "listPaths", { health: "all", groupBy: "state" }],
    ["how many L2 vs L3 paths do we have", "en", "aggregate-paths", "listPaths", { health: "all", groupBy: "layer" }],
    ["count our circuits per layer", "en", "aggregate-paths", "listPaths", { health: "all", groupBy: "layer" }],
    ["bande passante totale de tous nos chemins ?", "fr", "aggregate-paths", "listPaths", { health: "all", total: "bandwidth" }],
    ["what's the combined bandwidth of our L3 paths", "en", "aggregate-paths", "listPaths", { health: "all", total: "bandwidth", layer: "layer3" }],
    ["liste les chemins L3 avec leurs préfixes", "fr", "all-paths", "listPaths", { health: "all", layer: "layer3" }],
    ["show all layer 2 paths", "en", "all-paths", "listPaths", { health: "all", layer: "layer2" }],
    // Sites by type, active or not, by their paths.
    ["combien de sites par type, cloud vs standard ?", "fr", "sites-by-type", "listSites", { groupBy: "type" }],
    ["how many sites of each type do we have", "en", "sites-by-type", "listSites", { groupBy: "type" }],
    ["nos sites sont tous actifs ?", "fr", "sites-active", "listSites", { active: false }],
    ["are all our sites active?", "en", "sites-active", "listSites", { active: false }],
    ["which of our sites has the most paths on it?", "en", "rank-sites-by-paths", "listSites", { sort: "paths" }],
    // Nodes of every kind, devices by version or model.
    ["how many nodes of each kind do we run? edge/cpe/core", "en", "nodes", "listNodes", { groupBy: "kind" }],
    ["combien de nœuds edge et core ?", "fr", "nodes", "listNodes", { groupBy: "kind" }],
    ["how many boxes per sw version?", "en", "devices-by-status", "inventory", { groupBy: "version" }],
    ["combien d'équipements par modèle ?", "fr", "devices-by-status", "inventory", { groupBy: "model" }],
    // A path metric ranks paths, even when the customers are named as their owners.
    ["top 5 customer paths by latency", "en", "rank-paths", "listPaths", { health: "all", sort: "latency", limit: 5 }],
    ["quel chemin client a la pire gigue ?", "fr", "rank-paths", "listPaths", { health: "all", sort: "jitter" }],
    // Alarms acknowledged, MSPs, external fabrics, one link named.
    ["show me the acknowledged alarms, with their notes", "en", "alarms", "listOpenAlarms", { acknowledged: true }],
    ["alarmes acquittées ?", "fr", "alarms", "listOpenAlarms", { acknowledged: true }],
    ["list the msps and how many customers each has", "en", "msps", "listOrganizations", { type: "msp" }],
    ["what external fabrics have we got configured?", "en", "fabric-status", "fabricStatus", { external: true }],
    ["latency on the lon-ash core link?", "en", "named-link", "listLinks", { health: "all", link: "nw-lon-ash" }],
  ])("%s (%s) → %s", (text, locale, intent, toolName, input) => {
    const understood = read(text, locale as "en" | "fr");
    expect(understood.intent).toBe(intent);
    expect(understood).toMatchObject({ kind: "tool", toolName });
    expect((understood as { input: Record<string, unknown> }).input).toEqual(input);
  });

  it("keeps counts that are not by group, and the customers ranked by their own sites or paths", () => {
    expect(read("how many paths are in warning rn?")).toMatchObject({ toolName: "listPaths", input: { health: "warning" } });
    expect(read("how many devices do we have?")).toMatchObject({ toolName: "inventory", input: { byStatus: true } });
    expect(read("how many edge nodes do we run, and are any unreachable?")).toMatchObject({ toolName: "listNodes", input: { kind: "edge" } });
    expect(read("which customer has the most paths?")).toMatchObject({ toolName: "listOrganizations", input: { sort: "paths" } });
    expect(read("L2 vs L3, what's the difference?")).toMatchObject({ toolName: "explainRules" });
  });

  it("plans two sites' traffic compared, and a site's alarms with its paths", () => {
    const compared = read("compare traffic at paris hq vs frankfurt dc right now, which is busier?");
    expect(compared).toMatchObject({ kind: "tool", toolName: "siteTraffic", input: { site: "Paris HQ", now: true } });
    expect((compared as { also?: unknown[] }).also).toEqual([{ toolName: "siteTraffic", input: { site: "Frankfurt DC", now: true } }]);
    const both = read("open alarms and paths for madrid office");
    expect(both).toMatchObject({ kind: "tool", toolName: "listOpenAlarms", input: { about: "Madrid Office" } });
    expect((both as { also?: unknown[] }).also).toEqual([{ toolName: "listPaths", input: { health: "all", query: "Madrid Office" } }]);
  });
});
