import "server-only";
import { ASSISTANT_EVENTS_MAX } from "@/lib/assistant/tools";
import type { IntentRule } from "./reading";
import { ACTIVE_WORDS, asksForFacts, call, COUNT, defined, LINKS, listRange, NOW, pathStats, PER_GROUP, rankInput, ranksByPathMetric, rule } from "./intent-parts";

const SITES_DOWN = /(?:^| )(?:down|offline|hors service|hors ligne|out of service|dead)(?= |$)/;

// Rankings and counts of sites, connectors, organizations and links; traffic and changes.
export const RANKING_RULES: readonly IntentRule[] = [
  // "Which site has the most traffic?", "quel site consomme le plus ?": the sites by their traffic now (or paths).
  rule(
    "rank-sites",
    "listSites",
    (r) => r.has("site") && !r.has("path") && !r.has("organizations") && r.named === null && r.rank !== null && (r.rank.by === "bandwidth" || r.rank.by === "load" || r.has("traffic")),
    (r) => call("listSites", { sort: "traffic", ...defined({ limit: r.rank?.limit ?? undefined }) }),
  ),
  // "Which of our sites has the most paths on it?": the sites by their paths, with the counts.
  rule(
    "rank-sites-by-paths",
    "listSites",
    (r) => r.has("site") && !r.has("organizations") && r.named === null && r.rank?.by === "paths",
    (r) => call("listSites", { sort: "paths", ...defined({ limit: r.rank?.limit ?? undefined }) }),
  ),
  // "Combien de sites par type, cloud vs standard ?": the sites counted by type.
  rule(
    "sites-by-type",
    "listSites",
    (r) =>
      r.has("site") &&
      !r.has("path") &&
      r.named === null &&
      r.imperative === null &&
      (COUNT.test(r.folded) || PER_GROUP.test(r.folded)) &&
      /(?:^| )(?:per|by|each|par|chaque|of each) (?:type|kind)s?(?= |$)|(?:^| )(?:cloud (?:vs|versus|or|ou|and|et) standard|standard (?:vs|versus|or|ou|and|et) cloud)(?= |$)/.test(r.folded),
    () => call("listSites", { groupBy: "type" }),
  ),
  // "Are all our sites active?", "which sites are inactive?", "sites down atm?": the inactive ones, with how many
  // there are in all (a site is up or down by being active; its paths' health is the paths').
  rule(
    "sites-active",
    "listSites",
    (r) => r.has("site") && !r.has("path") && r.named === null && r.imperative === null && !r.has("howTo") && (ACTIVE_WORDS.test(r.folded) || SITES_DOWN.test(r.folded)),
    () => call("listSites", { active: false }),
  ),
  // "Quel connecteur est le plus chargé ?", "top 5 connectors by reserved bandwidth": the connectors ranked.
  rule(
    "rank-connectors",
    "listConnectors",
    (r) => r.has("connector") && r.named === null && (r.rank !== null || r.has("utilisation")),
    (r) =>
      call("listConnectors", {
        sort: /(?:^| )(?:reserved|reserve|reservee|allocated|alloue|allouee|provisioned)(?= |$)/.test(r.folded) ? "allocated" : r.rank?.by === "bandwidth" && !r.has("utilisation") ? "bandwidth" : "utilization",
        ...rankInput(r),
      }),
  ),
  rule(
    "top-talkers",
    "siteTraffic",
    (r) => r.has("talkers") && Boolean(r.named ?? r.properNames[0] ?? r.focus.siteId),
    (r) => call("siteTraffic", defined({ site: r.named ?? r.properNames[0] ?? r.focus.siteId, talkers: true, from: r.range?.from, to: r.range?.to })),
  ),
  // "Paris HQ's connectors", "et ses connecteurs ?" after a site: a site's connectors are in its details.
  rule(
    "site-connectors",
    "siteDetail",
    (r) => r.has("connector") && r.namedKind === "site" && asksForFacts(r) && !r.has("headroom") && !r.has("utilisation"),
    (r) => call("siteDetail", { site: r.named }),
  ),
  rule(
    "connector-utilisation",
    "connectorUsage",
    (r) => r.has("connector") && r.named !== null,
    (r) => call("connectorUsage", defined({ connector: r.named, bandwidthMbps: r.bandwidthMbps ?? undefined })),
  ),
  rule(
    "site-traffic",
    "siteTraffic",
    (r) => r.has("traffic") && !r.has("path") && (r.named !== null || r.focus.siteId !== undefined),
    (r) =>
      call(
        "siteTraffic",
        defined({ site: r.named ?? r.focus.siteId, from: r.range?.from, to: r.range?.to, compare: r.range?.compare ? true : undefined, now: (NOW.test(r.folded) && !r.range) || undefined }),
      ),
  ),
  rule("sites-without-paths", "listSites", (r) => r.has("withoutPaths"), () => call("listSites", { withoutPaths: true })),
  rule(
    "path-statistics",
    "pathStatistics",
    (r) => r.path !== null && (r.has("statistic") || (r.range !== null && r.metric !== null)),
    pathStats,
  ),
  rule(
    "changes",
    "recentEvents",
    (r) => r.has("change") && !(r.has("why") && r.path !== null),
    (r) => {
      // "the last 5 changes" asks for a count; the digits of a range ("the last 3 hours", "since 8am") are the range's.
      const count = r.named === null && r.range === null ? /(?:^|\D)(\d{1,3})(?!\d)/.exec(r.text)?.[1] : undefined;
      return call("recentEvents", defined({ about: r.named ?? undefined, limit: count ? Math.min(Math.max(Number(count), 1), ASSISTANT_EVENTS_MAX) : undefined, ...listRange(r) }));
    },
  ),
  // "Which of our customers has the most sites?": the customers ranked by their sites (or paths), with the counts.
  rule(
    "rank-organizations",
    "listOrganizations",
    (r) => r.has("organizations") && !ranksByPathMetric(r) && (r.rank?.by === "sites" || r.rank?.by === "paths" || (r.rank !== null && (r.has("site") || r.has("path")))),
    (r) => call("listOrganizations", { sort: r.rank?.by === "paths" || (r.has("path") && !r.has("site")) ? "paths" : "sites", ...rankInput(r) }),
  ),
  // "List the MSPs and how many customers each has": the MSPs, each with its customers counted.
  rule("msps", "listOrganizations", (r) => /(?:^| )(?:msps|msp organizations|managed service providers)(?= |$)/.test(r.folded) && asksForFacts(r) && !r.has("path") && !r.has("site"), () => call("listOrganizations", { type: "msp" })),
  rule("organizations", "listOrganizations", (r) => r.has("organizations") && !r.has("path") && !r.has("site"), () => call("listOrganizations", {})),
  // "Latency on the lon-ash core link?": one link named, with its state, latency and loss.
  rule("named-link", "listLinks", (r) => r.namedKind === "link" && r.named !== null && r.imperative === null && !r.has("howTo"), (r) => call("listLinks", { health: "all", link: r.named })),
  // "Any unhealthy links in the backbone?", "how many links are down?": the links between the MSP's nodes.
  rule(
    "links",
    "listLinks",
    (r) =>
      LINKS.test(r.folded) &&
      r.named === null &&
      r.imperative === null &&
      !r.has("howTo") &&
      (r.has("unhealthy") || r.has("sla") || r.rank !== null || COUNT.test(r.folded) || /(?:^| )(?:list|show|all|any|which|quel|quels|quelles|liste)(?= |$)/.test(r.folded)),
    (r) =>
      call(
        "listLinks",
        defined({
          health: r.has("unhealthy") ? "unhealthy" : "all",
          core: /(?:^| )(?:backbone|dorsale|core|coeur)(?= |$)/.test(r.folded) || undefined,
          // "Quel lien du backbone a la pire latence ?": ranked by the figure named.
          sort: r.metric === "latencyMs" ? "latency" : r.metric === "lossPercent" ? "loss" : undefined,
        }),
      ),
  ),
];
