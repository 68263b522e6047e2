import "server-only";
import type { IntentRule } from "./reading";
import { aboutOneSite, bandwidthBound, siteKindOf, call, COUNT, defined, layersOf, pathRanking, rule, slaStateOf } from "./intent-parts";

/** A ranking asked with the bounds ("the biggest paths over 100 Mbps"), else none. */
const pathRankingIfAsked = (r: Parameters<typeof pathRanking>[0]) => (r.rank ? pathRanking(r) : {});

// Paths by state, ranked or named; then one object named alone.
export const PATH_RULES: readonly IntentRule[] = [
  // "Paths over 500 Mbps?", "chemins de moins de 100 Mb": the paths within the bandwidth bounds, with their bandwidth.
  rule(
    "paths-by-bandwidth",
    "listPaths",
    (r) => r.has("path") && r.named === null && r.bandwidthMbps !== null && bandwidthBound(r) !== null && r.imperative === null && !r.has("howTo"),
    (r) => call("listPaths", defined({ health: "all", [bandwidthBound(r) === "min" ? "minBandwidthMbps" : "maxBandwidthMbps"]: r.bandwidthMbps, ...pathRankingIfAsked(r) })),
  ),
  // "How many paths are in warning?", "quels chemins sont dégradés ?": exactly the state asked, counted.
  rule(
    "paths-in-state",
    "listPaths",
    (r) =>
      r.has("path") &&
      r.named === null &&
      !r.focus.pathId &&
      !r.has("why") &&
      slaStateOf(r.folded) !== null &&
      (COUNT.test(r.folded) || /(?:^| )(?:paths|chemins|circuits|liaisons|tunnels|which|quels|quelles|lesquels|list|liste)(?= |$)/.test(r.folded)),
    (r) => call("listPaths", { health: slaStateOf(r.folded) }),
  ),
  // "Which path is worst?", "le pire chemin", "top 3 paths by latency", "classe nos chemins par bande passante": every
  // path ranked, by the figure named (with its value) or by SLA state.
  rule(
    "rank-paths",
    "listPaths",
    (r) => r.has("path") && r.named === null && (r.rank !== null || /(?:^| )(?:worst|pire|pires|best|meilleur|meilleurs|top|ranking|classement|rank)(?= |$)/.test(r.folded)),
    (r) => call("listPaths", pathRanking(r)),
  ),
  rule(
    "unhealthy-paths",
    "listPaths",
    // Paths in the plural, or "which/any/my path": "why is this path bad?" is about one path, and asks which.
    (r) =>
      r.has("path") &&
      r.named === null &&
      !r.focus.pathId &&
      (r.has("unhealthy") || r.has("sla")) &&
      /(?:^| )(?:paths|chemins|circuits|liaisons|tunnels|any|which|my|our|mes|nos|quels|quelles|certains|lesquels)(?= |$)/.test(r.folded),
    (r) => call("listPaths", { health: r.has("unhealthy") || r.has("why") ? "unhealthy" : "all" }),
  ),
  // "How many paths do we have?", "list all my circuits": every path.
  rule(
    "all-paths",
    "listPaths",
    (r) => r.has("path") && r.named === null && !r.focus.pathId && (COUNT.test(r.folded) || /(?:^| )(?:list|show|all|every|tous|toutes|liste|listez|montre|montrez)(?= |$)/.test(r.folded)),
    // "Liste les chemins L3": one layer's paths (Layer 3 ones with their prefixes).
    (r) => call("listPaths", defined({ health: "all", layer: layersOf(r.folded).length === 1 ? layersOf(r.folded)[0] : undefined })),
  ),
  rule("unhealthy-paths-any", "listPaths", (r) => r.has("unhealthy") && /(?:^| )(?:any|which|quels|quelles|lesquels|certains)(?= |$)/.test(r.folded) && r.named === null, () => call("listPaths", { health: "unhealthy" })),
  // "Which paths go through Frankfurt DC?", "les chemins de Lyon Branch": a site's paths, listed.
  rule(
    "site-paths",
    "listPaths",
    (r) => r.has("path") && r.namedKind === "site" && r.named !== null && /(?:^| )(?:paths|chemins|circuits|liaisons|which|what|quels|quelles|lesquels|list|liste|all|tous)(?= |$)/.test(r.folded),
    (r) => call("listPaths", { health: r.has("unhealthy") ? "unhealthy" : "all", query: r.named }),
  ),
  // "Initech's paths", "les chemins de Fabrikam": a customer organization's paths, listed.
  rule(
    "organization-paths",
    "listPaths",
    (r) => r.has("path") && r.namedKind === "organization" && r.named !== null,
    (r) => call("listPaths", { health: r.has("unhealthy") ? "unhealthy" : "all", query: r.named }),
  ),
  rule(
    "path-sla",
    "explainPathSla",
    (r) => r.path !== null && (r.has("path") || r.has("sla") || r.has("why") || r.has("unhealthy") || /⇄|->|→/.test(r.text)) && !aboutOneSite(r),
    (r) => call("explainPathSla", { path: r.path }),
  ),
  // One site ("the site X", "X site") is described; sites ("my sites", "sites named X") are listed.
  rule("site-detail", "siteDetail", (r) => /(?:^| )site(?= |$)/.test(r.folded) && r.named !== null, (r) => call("siteDetail", { site: r.named })),
  // "How many cloud sites across our customers?": the kind said narrows the list.
  rule("sites", "listSites", (r) => r.has("site"), (r) => call("listSites", defined({ query: r.named ?? undefined, kind: siteKindOf(r.folded) }))),
  rule("path-on-page", "explainPathSla", (r) => (r.has("sla") || r.has("why") || r.has("path")) && r.focus.pathId !== undefined, (r) => call("explainPathSla", { path: r.focus.pathId })),
  rule("which-path", null, (r) => r.has("path") || r.has("sla"), () => ({ kind: "ask-path" })),
  // A question that gives one object and asks nothing this catalogue knows asks how that object is.
  rule("named-path", "explainPathSla", (r) => r.namedKind === "path", (r) => call("explainPathSla", { path: r.named })),
  rule("named-site", "siteDetail", (r) => r.namedKind === "site", (r) => call("siteDetail", { site: r.named })),
  rule("named-node", "nodeStatus", (r) => r.namedKind === "node", (r) => call("nodeStatus", { node: r.named })),
  rule("named-connector", "connectorUsage", (r) => r.namedKind === "connector", (r) => call("connectorUsage", { connector: r.named })),
  rule("organization-named", "listSites", (r) => r.properNames.length > 0, (r) => call("listSites", { query: r.properNames[0] })),
];
