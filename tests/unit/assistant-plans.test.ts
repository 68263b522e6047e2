import { describe, expect, it } from "vitest";
import { ASSISTANT_TOOL_NAMES } from "@/lib/assistant/tools";
import { readIntent } from "@/server/assistant/intent";
import { NameIndex } from "@/server/assistant/names/name-index";

// Rankings and counts as typed plans (issue 40, scope 3): the question's ranking words (worst, top N, le plus, classe …
// par …) and the state, kind or figure it names become one tool's sort, order, limit and filter.

const NOW = Date.parse("2026-11-26T15:00:00Z");
// Read names first, as the chat does: a ranking word ("highest", "busiest") is never a name.
const names = new NameIndex([
  { kind: "site", id: "s1", name: "Paris HQ" },
  { kind: "site", id: "s2", name: "Frankfurt DC" },
  { kind: "path", id: "p1", name: "Paris ⇄ Frankfurt", aliases: ["Paris HQ ⇄ Frankfurt DC"] },
  { kind: "connector", id: "c1", name: "Paris fiber A" },
  { kind: "node", id: "n1", name: "nw-edge-par-01" },
]);
const read = (text: string, locale: "en" | "fr" = "en") => readIntent(text, {}, ASSISTANT_TOOL_NAMES, { locale, now: NOW, names });

describe("rankings and counts as plans", () => {
  it.each([
    // Paths ranked by a figure, the values said; limited when a number is given; the lowest first when asked.
    ["top 3 paths by latency", "en", "rank-paths", "listPaths", { health: "all", sort: "latency", limit: 3 }],
    // A typo the rules miss: the classifier's guess ranks as the rule would.
    // "pahts" is read as "paths" (a slip of a vocabulary word), so the ranking rule itself reads it.
    ["top 3 pahts by latency", "en", "rank-paths", "listPaths", { health: "all", sort: "latency", limit: 3 }],
    ["which path has the highest jitter?", "en", "rank-paths", "listPaths", { health: "all", sort: "jitter" }],
    ["quel chemin a la pire latence ?", "fr", "rank-paths", "listPaths", { health: "all", sort: "latency" }],
    ["les 5 chemins avec le plus de pertes", "fr", "rank-paths", "listPaths", { health: "all", sort: "loss", limit: 5 }],
    ["which paths have the lowest latency?", "en", "rank-paths", "listPaths", { health: "all", sort: "latency", order: "asc" }],
    ["classe nos chemins par bande passante, du plus gros au plus petit", "fr", "rank-paths", "listPaths", { health: "all", sort: "bandwidth" }],
    ["rank my circuits by bandwidth, smallest first", "en", "rank-paths", "listPaths", { health: "all", sort: "bandwidth", order: "asc" }],
    // Without a figure, the worst by SLA state, as before.
    ["which path is worst?", "en", "rank-paths", "listPaths", { health: "all" }],
    // Exactly the state asked for, counted: warning is not bad.
    ["how many paths are in warning rn?", "en", "paths-in-state", "listPaths", { health: "warning" }],
    ["combien de chemins sont mauvais ?", "fr", "paths-in-state", "listPaths", { health: "bad" }],
    // "Dégradé" is said of any path not healthy: warning and bad, counted together.
    ["combien de chemins sont dégradés ?", "fr", "unhealthy-paths", "listPaths", { health: "unhealthy" }],
    ["which paths are healthy?", "en", "paths-in-state", "listPaths", { health: "healthy" }],
    // Sites by their traffic now; customers by their sites; connectors by their load.
    ["quel site consome le plus de bande passante en ce moment ?", "fr", "rank-sites", "listSites", { sort: "traffic" }],
    ["which site has the most traffic?", "en", "rank-sites", "listSites", { sort: "traffic" }],
    ["top 2 busiest sites", "en", "rank-sites", "listSites", { sort: "traffic", limit: 2 }],
    ["which of our customers has the most sites?", "en", "rank-organizations", "listOrganizations", { sort: "sites" }],
    ["quel client a le plus de chemins ?", "fr", "rank-organizations", "listOrganizations", { sort: "paths" }],
    ["quel conecteur est le plus chargé ?", "fr", "rank-connectors", "listConnectors", { sort: "utilization" }],
    ["which connectors are the least used?", "en", "rank-connectors", "listConnectors", { sort: "utilization", order: "asc" }],
    ["top 3 connectors by reserved bandwidth", "en", "rank-connectors", "listConnectors", { sort: "allocated", limit: 3 }],
    // Devices by status, nodes by kind and reachability, links by state.
    ["répartition de mes équipements par statut ?", "fr", "devices-by-status", "inventory", { byStatus: true }],
    ["how many devices do we have?", "en", "devices-by-status", "inventory", { byStatus: true }],
    ["how many edge nodes do we run, and are any unreachable?", "en", "nodes", "listNodes", { kind: "edge" }],
    ["quels nœuds CPE sont injoignables ?", "fr", "nodes", "listNodes", { kind: "cpe", unreachable: true }],
    ["any unhealthy links in the backbone?", "en", "links", "listLinks", { health: "unhealthy", core: true }],
    ["quel lien du backbone a la pire latence ?", "fr", "links", "listLinks", { health: "all", core: true, sort: "latency" }],
    ["paths over 500 mbps?", "en", "paths-by-bandwidth", "listPaths", { health: "all", minBandwidthMbps: 500 }],
    ["how many cloud sites across all our customers?", "en", "sites", "listSites", { kind: "cloud" }],
    ["compare cpu nw-core-fra vs nw-core-lon", "en", "compare-nodes", "nodeStatus", { node: "nw-core-fra" }],
    ["combien de liens avons-nous ?", "fr", "links", "listLinks", { health: "all" }],
  ])("%s (%s) → %s", (text, locale, intent, toolName, input) => {
    const understood = read(text, locale as "en" | "fr");
    expect(understood.intent).toBe(intent);
    expect(understood).toMatchObject({ kind: "tool", toolName });
    expect((understood as { input: Record<string, unknown> }).input).toEqual(input);
  });

  it("leaves a question about one path, one connector or how to create a link to their own rules", () => {
    expect(read("why is this path bad?")).toMatchObject({ kind: "ask-path" });
    expect(read("What is the utilisation of connector Paris fiber A?")).toMatchObject({ toolName: "connectorUsage" });
    expect(read("how do I create a link between two nodes?")).toMatchObject({ toolName: "guideTask", input: { task: "link" } });
    expect(read("Which devices have stopped reporting?")).toMatchObject({ toolName: "inventory", input: { silent: true } });
  });
});
