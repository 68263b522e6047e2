import "server-only";
import type { IntentRule } from "./reading";
import { definesEntity, guideTopic, isGuideTask, nodeKindGuides, nodesNamed, BANDWIDTH_WORDS, call, COMPARE, COUNT, defined, GROUPING, layersOf, listRange, namesATime, NETWORK_CONCEPTS, pathGroupOf, plan, rule, ruleTopic, SUM } from "./intent-parts";

// Questions outside the product, plans of several reads, and rules or definitions asked.
export const PLAN_RULES: readonly IntentRule[] = [
  // "What's the weather in Frankfurt tomorrow?", "tell me a joke": said to be outside what the assistant does.
  rule(
    "out-of-scope",
    null,
    (r) => r.has("elsewhere") && !NETWORK_CONCEPTS.some((concept) => r.has(concept)),
    () => ({ kind: "out-of-scope" }),
  ),
  // Plans of several reads (scope 3): two paths compared, a site's alarms and its events, how many sites and paths.
  rule(
    "compare-paths",
    "explainPathSla",
    (r) => COMPARE.test(r.folded) && r.namedAll.filter((name) => name.kind === "path").length >= 2,
    (r) =>
      plan(
        r.namedAll
          .filter((name) => name.kind === "path")
          .slice(0, 4)
          .map((name) =>
            // "compare" alone is no time range (it is the word that asks for the comparison).
            // A metric alone is compared now; over a time range, or as a statistic, from the measurements.
            (r.metric && namesATime(r)) || r.has("statistic")
              ? call("pathStatistics", defined({ path: name.name, metric: r.metric ?? undefined, from: r.range?.compare ? undefined : r.range?.from, to: r.range?.compare ? undefined : r.range?.to }))
              : call("explainPathSla", { path: name.name }),
          ),
      ),
  ),
  // "Compare cpu nw-core-fra vs nw-core-lon": each node's status (uptime, CPU, memory, ports) side by side.
  rule(
    "compare-nodes",
    "nodeStatus",
    (r) => COMPARE.test(r.folded) && nodesNamed(r).length >= 2,
    (r) => plan(nodesNamed(r).slice(0, 4).map((node) => call("nodeStatus", { node }))),
  ),
  // "Unhealthy paths + their open alarms", "chemins dégradés et leurs alarmes": the paths not healthy, and the alarms.
  rule(
    "unhealthy-paths-and-alarms",
    "listPaths",
    (r) => r.has("path") && r.has("unhealthy") && r.has("alarm") && !r.has("change") && r.named === null && r.imperative === null && !r.has("howTo") && !r.has("why"),
    () => plan([call("listPaths", { health: "unhealthy" }), call("listOpenAlarms", {})]),
  ),
  rule(
    "alarms-and-events",
    "listOpenAlarms",
    (r) => r.has("alarm") && r.has("change") && r.imperative === null,
    (r) => {
      const about = r.named ?? r.properNames[0];
      return plan([call("listOpenAlarms", defined({ about, ...listRange(r) })), call("recentEvents", defined({ about, ...listRange(r) }))]);
    },
  ),
  rule(
    "count-sites-and-paths",
    "listSites",
    (r) => COUNT.test(r.folded) && r.has("site") && r.has("path") && r.named === null,
    () => plan([call("listSites", {}), call("listPaths", { health: "all" })]),
  ),
  // "How many paths per SLA state?", "how many L2 vs L3 paths", "bande passante totale de nos chemins": the paths
  // counted by group or their bandwidth summed, by the database.
  rule(
    "aggregate-paths",
    "listPaths",
    (r) =>
      r.has("path") &&
      r.named === null &&
      r.imperative === null &&
      !r.has("howTo") &&
      (((COUNT.test(r.folded) || GROUPING.test(r.folded)) && pathGroupOf(r.folded) !== null) || (SUM.test(r.folded) && BANDWIDTH_WORDS.test(r.folded))),
    (r) => {
      const group = COUNT.test(r.folded) || GROUPING.test(r.folded) ? pathGroupOf(r.folded) : null;
      const layers = layersOf(r.folded);
      return call(
        "listPaths",
        defined({ health: "all", groupBy: group ?? undefined, total: SUM.test(r.folded) && BANDWIDTH_WORDS.test(r.folded) ? "bandwidth" : undefined, layer: layers.length === 1 ? layers[0] : undefined }),
      );
    },
  ),
  // "Compare traffic at Paris HQ vs Frankfurt DC": each site's traffic, and the busier named.
  rule(
    "compare-sites",
    "siteTraffic",
    (r) => COMPARE.test(r.folded) && r.namedAll.filter((name) => name.kind === "site").length >= 2 && !r.has("path"),
    (r) =>
      plan(
        r.namedAll
          .filter((name) => name.kind === "site")
          .slice(0, 4)
          .map((name) => call("siteTraffic", defined({ site: name.name, from: r.range?.compare ? undefined : r.range?.from, to: r.range?.compare ? undefined : r.range?.to, now: !namesATime(r) || undefined }))),
      ),
  ),
  // "Open alarms and paths for Madrid Office": the site's alarms and its paths.
  rule(
    "alarms-and-paths",
    "listOpenAlarms",
    (r) => r.has("alarm") && /(?:^| )(?:paths|chemins|circuits)(?= |$)/.test(r.folded) && r.namedKind === "site" && r.named !== null && r.imperative === null,
    (r) => plan([call("listOpenAlarms", defined({ about: r.named, ...listRange(r) })), call("listPaths", { health: "all", query: r.named })]),
  ),
  // "What's a connector?", "diff between an edge node and a cpe": the entity's guide (both kinds' side by side).
  rule(
    "define-entity",
    "guideTask",
    (r) => definesEntity(r) && ruleTopic(r) === null && (nodeKindGuides(r).length >= 2 || isGuideTask(guideTopic(r))),
    (r) => {
      const kinds = nodeKindGuides(r);
      if (kinds.length >= 2) return plan(kinds.map((task) => call("guideTask", { task, define: true })));
      return call("guideTask", { task: guideTopic(r), define: true });
    },
  ),
  rule("rule-or-definition", "explainRules", (r) => ruleTopic(r) !== null && !r.serial && r.imperative === null, (r) => call("explainRules", { topic: ruleTopic(r) })),
];
