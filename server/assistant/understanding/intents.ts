import "server-only";
import { ASSISTANT_EVENTS_MAX, type AssistantToolName } from "@/lib/assistant/tools";
import type { GuideTask, RuleTopic } from "@/lib/assistant/tool-schemas";
import type { AlarmSeverity } from "@/lib/alarms/schema";
import type { ConnectorKind } from "@/lib/connectors/constants";
import type { Locale } from "@/lib/constants";
import { fold, UUID } from "../text";
import type { NamedKind } from "../names/name-index";
import { screenAsked, screenNodeKind } from "./screens";
import { timeInstant, timeRange, type TimeRange } from "./time";
import { mentions, type Concept } from "./vocabulary";

// The understanding layer's intent catalogue (issue 16, scope 1): what users ask a network console, each intent a
// rule over the concepts a question mentions (vocabulary.ts) and the objects it names, in the order they are tried —
// the most specific first. Each intent names the tool that answers it and reads that tool's input from the question.
// Objects are named here as the user wrote them; the tools resolve them among what the caller sees.

export interface PageFocus {
  pathId?: string;
  siteId?: string;
  nodeId?: string;
  connectorId?: string;
}

/** What a question says, read once: its concepts, the objects it names and its time expressions. */
export interface Reading {
  text: string;
  folded: string;
  locale: Locale;
  now: number;
  focus: PageFocus;
  has(concept: Concept): boolean;
  /** A device serial number ("MX-E400-0101"). */
  serial: string | null;
  /** A node name ("nw-edge-par-01"). */
  node: string | null;
  /** An object named in the question once its words are set aside (a path "A ⇄ B", a site, a connector). */
  named: string | null;
  /** What `named` is, when the names the user sees tell it apart. */
  namedKind: NamedKind | null;
  /** Every name the question gives, in its order, when the names the user sees are known. */
  namedAll: { name: string; kind: NamedKind | null }[];
  /** The path the question names, or the one on the page. */
  path: string | null;
  /** A bandwidth in Mbps ("500 Mbps", "1 Gbps"). */
  bandwidthMbps: number | null;
  severity: AlarmSeverity | null;
  metric: "latencyMs" | "jitterMs" | "lossPercent" | null;
  range: TimeRange | null;
  /** Proper names that are not the question's words (a site, an organization): "Fabrikam". */
  properNames: string[];
  /** What a creation question already says (names, ends, layer, type), as the guides take it. */
  pathCreation: Record<string, unknown>;
  siteCreation: Record<string, unknown>;
  /** What a request to create a site says (understanding/site-request.ts), with the answers read after it. */
  siteAction: Record<string, unknown>;
  /** The verb a request starts with ("restart", "crée", "please cancel"), when it asks for something to be done. */
  imperative: string | null;
  /** When the request asks it to happen ("on Sunday at 03:30", "demain à 14 h"). */
  at: Date | null;
  /** A VLAN id the request gives ("vlan 345", "VLAN id 12"). */
  vlan: number | null;
  /** IP prefixes written in the request (CIDR). */
  prefixes: string[];
  /** A software version ("24.3.2"). */
  version: string | null;
  /** A note the request gives ("with the note 'checking with the carrier'"). */
  note: string | null;
  /** The question as the intent classifier reads it: each name it gives replaced by its kind's token ("zpath"). */
  shape: string;
  /** A ranking the question asks for ("top 3 paths by latency", "le plus chargé", "classe … par …"), or null. */
  rank: Ranking | null;
}

/** What a ranking is by, as the question says it; each rule maps it onto its tool's sort. */
export type RankFigure = "latency" | "jitter" | "loss" | "bandwidth" | "load" | "sites" | "paths";
export interface Ranking {
  /** desc: the highest, worst, busiest first; asc: the lowest first. */
  order: "desc" | "asc";
  /** "top 3", "les 5 premiers": how many; null when not said. */
  limit: number | null;
  by: RankFigure | null;
}

export type ToolIntent = {
  kind: "tool";
  toolName: AssistantToolName;
  input: Record<string, unknown>;
  /** A plan of several reads answered together: compare two paths, alarms and events of a site (issue 40, scope 3). */
  also?: { toolName: AssistantToolName; input: Record<string, unknown> }[];
};
export type Understanding =
  | ToolIntent
  | { kind: "ask-path" }
  | { kind: "help" }
  | { kind: "out-of-scope" }
  /** The classifier's two best guesses, when it is not sure enough of either (issue 40, scope 2). */
  | { kind: "clarify"; guesses: [string, string] };

interface IntentRule {
  /** The intent's name, as the catalogue lists it. */
  name: string;
  tool: AssistantToolName | null;
  when(reading: Reading): boolean;
  answer(reading: Reading): Understanding;
}

const SERIAL = /\b[A-Z]{2}-[A-Z0-9]{2,8}-\d{3,5}\b/i;
// Other vendors' serials ("FDO2231X0AB", "JN11F2A3BAFA", "E2E-7QK2-R"): a token in capitals with letters and digits,
// 6 to 64 long. Lower-case words, versions, prefixes and times ("2026-12-01T02:00Z") are not serials.
const OTHER_SERIAL = /(?<![\w./:-])(?=[A-Z0-9._/-]*\d)(?=[A-Z0-9._/-]*[A-Z])[A-Z0-9][A-Z0-9._/-]{4,62}[A-Z0-9](?![\w./:-])/;
const serialIn = (text: string) => (SERIAL.exec(text) ?? OTHER_SERIAL.exec(text))?.[0]?.toUpperCase() ?? null;
const NODE_NAME = /\b[a-z]{2,5}-(?:edge|cpe|core)-[a-z0-9-]*[a-z0-9]\b/i;
const BANDWIDTH = /(\d+(?:[.,]\d+)?)\s*(mbps|mbit\/?s?|mb\/s|gbps|gbit\/?s?|gb\/s|m|g)\b/i;

const PREFIX = /\b\d{1,3}(?:\.\d{1,3}){3}\/\d{1,2}\b/g;
const VERSION = /\b\d{1,3}\.\d{1,3}(?:\.\d{1,4})?\b(?!\.\d|\/)/;
const NOTE = /(?:note|commentaire)\s*[:=]?\s*(?:«\s*([^»]+?)\s*»|“([^”]+)”|"([^"]+)"|‘([^’]+)’|'([^']+)'|(.+)$)/i;
// A request starts with its verb, perhaps after a polite word (folded).
/** The verbs a request starts with (folded). */
export const REQUEST_VERBS = (
  "create|add|set up|setup|provision|make|remove|delete|drop|restart|reboot|cancel|acknowledge|ack|install|upgrade|schedule|" +
  "cree|creez|creer|ajoute|ajoutez|mets en place|supprime|supprimez|retire|redemarre|redemarrez|annule|annulez|acquitte|acquittez|installe|installez|planifie|planifiez"
).split("|");
const IMPERATIVE = new RegExp(
  "^(?:(?:ok|okay|alright|right|yes|yep|then|so|oui|bon|alors|ok alors|d accord|vas y|go on|and|et) )*" +
    "(?:please |pls |can you |could you |would you |go ahead and |i want to |i d like to |peux tu |pouvez vous |merci de |je veux |je voudrais |s il te plait |s il vous plait )?" +
    `(${REQUEST_VERBS.join("|")})(?= |$)`,
);

const SEVERITY_WORDS: Record<string, AlarmSeverity> = {
  critical: "critical",
  critique: "critical",
  critiques: "critical",
  major: "major",
  majeure: "major",
  majeures: "major",
  minor: "minor",
  mineure: "minor",
  mineures: "minor",
};

const METRIC_WORDS: [RegExp, "latencyMs" | "jitterMs" | "lossPercent"][] = [
  [/(?:^| )(?:jitter|gigue)(?= |$)/, "jitterMs"],
  [/(?:^| )(?:loss|perte|pertes|packet loss|lost)(?= |$)/, "lossPercent"],
  [/(?:^| )(?:latency|latence|delay|delai|rtt|ping)(?= |$)/, "latencyMs"],
];

// Ranking words (folded). "le plus"/"la plus" ask for the first of a ranking whatever follows; the order is the first
// directional word ("du plus gros au plus petit": biggest first).
const RANK_WORDS =
  /(?:^| )(?:worst|pire|pires|best|meilleur|meilleure|meilleurs|meilleures|top|ranking|classement|rank|ranked|classe|classer|classez|trie|trier|triez|sort|sorted|highest|lowest|most|least|biggest|largest|smallest|busiest|heaviest|le plus|la plus|les plus|du plus|le moins|la moins|les moins)(?= |$)/;
const DESCENDING = /(?:^| )(?:worst|pire|pires|top|highest|most|biggest|largest|busiest|heaviest|plus gros|plus grosse|plus grand|plus grande|plus eleve|plus elevee|plus haut|plus haute|plus charge|plus chargee|plus de|plus lent|plus lente|plus mauvais|plus mauvaise|decroissant)(?= |$)/;
const ASCENDING = /(?:^| )(?:best|meilleur|meilleure|meilleurs|meilleures|lowest|least|smallest|plus petit|plus petite|plus faible|plus bas|plus basse|moins|croissant)(?= |$)/;
const RANK_LIMIT = /(?:^| )(?:top|first|premiers|premieres|les)\s*(\d{1,2})(?= |$)|(?:^| )(\d{1,2}) (?:worst|best|highest|lowest|busiest|biggest|pires|meilleurs|premiers|plus)(?= |$)/;
const RANK_FIGURES: [RegExp, RankFigure][] = [
  [/(?:^| )(?:most sites|plus de sites)(?= |$)/, "sites"],
  [/(?:^| )(?:most paths|plus de chemins)(?= |$)/, "paths"],
  [/(?:^| )(?:bandwidth|bande passante|throughput|debit|mbps|gros|grosse|biggest|largest|smallest|plus petit|capacity|capacite|traffic|trafic)(?= |$)/, "bandwidth"],
  [/(?:^| )(?:busiest|busy|charge|chargee|charges|load|loaded|utilisation|utilization|used|utilise|consomme|consome|consume|consumes|consumption|consommation)(?= |$)/, "load"],
];

function rankingOf(folded: string, metric: Reading["metric"]): Ranking | null {
  if (!RANK_WORDS.test(folded)) return null;
  const first = (pattern: RegExp) => pattern.exec(folded)?.index ?? Infinity;
  const limit = RANK_LIMIT.exec(folded);
  const figure = RANK_FIGURES.find(([pattern]) => pattern.test(folded))?.[1] ?? null;
  return {
    order: first(ASCENDING) < first(DESCENDING) ? "asc" : "desc",
    limit: limit ? Math.min(Number(limit[1] ?? limit[2]), 20) || null : null,
    // A metric the question names ranks by it.
    by: metric === "latencyMs" ? "latency" : metric === "jitterMs" ? "jitter" : metric === "lossPercent" ? "loss" : figure,
  };
}

function bandwidthOf(text: string): number | null {
  const match = BANDWIDTH.exec(text);
  if (!match) return null;
  const value = Number(match[1].replace(",", "."));
  return /^g/i.test(match[2]) ? value * 1000 : value;
}

const rule = (name: string, tool: AssistantToolName | null, when: IntentRule["when"], answer: IntentRule["answer"]): IntentRule => ({ name, tool, when, answer });
export const call = (toolName: AssistantToolName, input: Record<string, unknown>): ToolIntent => ({ kind: "tool", toolName, input });
const defined = (input: Record<string, unknown>) => Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined && value !== null && value !== ""));

function ruleTopic(reading: Reading): RuleTopic | null {
  const { folded } = reading;
  if (/(?:^| )(?:layer ?2|l2|couche ?2|niveau ?2)(?= |$).*(?:^| )(?:or|ou|vs|versus)(?= |$)|(?:^| )(?:layer ?3|l3|couche ?3)(?= |$).*(?: or | ou | vs )/.test(folded)) return "layers";
  // "Which layer is Paris ⇄ Frankfurt?" asks the path's configuration (pathDetail), not the rule.
  if (/(?:^| )(?:which layer|quelle couche|layer 2 or|l2 or l3)/.test(folded) && reading.namedKind !== "path") return "layers";
  if (/(?:^| )vlan/.test(folded) && /(?:range|plage|allowed|autorise|valid|valide|values|valeurs|can i use|puis je|min|max|between|entre|limit)/.test(folded)) return "vlan";
  // "what interface types can a node port be set to?": the interface form's types (SPEC §3).
  if (/(?:^| )(?:interface|interfaces|port|ports)(?= |$)/.test(folded) && /(?:^| )(?:type|types|kind|kinds|mode|modes)(?= |$)/.test(folded) && !reading.serial && !reading.node) return "interfaceTypes";
  if (/(?:^| )mtu(?= |$)/.test(folded)) return "mtu";
  // "can I put more than one prefix on a Layer 3 path?": the layers' rule says how many and how they are written.
  if (
    /(?:^| )(?:prefix|prefixes|prefixe|subnet|subnets|cidr)(?= |$)/.test(folded) &&
    /(?:^| )(?:more than one|several|multiple|many|plusieurs|how many|combien|format|separated|separe|separes|allowed|autorise)(?= |$)/.test(folded) &&
    reading.namedKind !== "path"
  )
    return "layers";
  if (/(?:claim code|code de reclamation|code d enrolement|claim codes)/.test(folded) && /(?:long|length|characters|caracteres|longueur|combien|how many|digits)/.test(folded)) return "claimCode";
  if (/(?:^| )(?:name|names|nom|noms)(?= |$)/.test(folded) && /(?:long|length|characters|caracteres|longueur|short|court|minimum)/.test(folded)) return "name";
  if (/(?:threshold|thresholds|seuil|seuils|limits of the sla|sla limits)/.test(folded)) return "slaThresholds";
  if (/(?:probe|probes|sonde|sondes)/.test(folded) && /(?:level|levels|niveau|niveaux|health|sante|mean|signifi)/.test(folded)) return "probeLevels";
  if (/(?:unknown|inconnu|inconnue)/.test(folded) && /(?:sla|mean|signifi|veut dire|why|pourquoi)/.test(folded) && !reading.path) return "unknownSla";
  return null;
}

const CONNECTOR_KIND_WORDS: [RegExp, ConnectorKind][] = [
  [/(?:^| )(?:ipsec|vpn|tunnel|site to site)(?= |$)/, "ipsec"],
  [/(?:^| )(?:fiber|fibre|physical|physique|cross connect|xconnect|dark fiber)(?= |$)/, "physical"],
  [/(?:^| )(?:external|externe|hosted|expressroute|direct connect|interconnect|fastconnect)(?= |$)/, "external"],
  [/(?:^| )(?:virtual|virtuel|virtuelle)(?= |$)/, "virtual"],
  [/(?:^| )(?:internet|dia)(?= |$)/, "internet"],
];

/** The kind of connector a question names ("an ipsec connector", "un connecteur fibre"), if any. */
export const connectorKindOf = (folded: string): ConnectorKind | undefined => CONNECTOR_KIND_WORDS.find(([pattern]) => pattern.test(folded))?.[1];

function guideTopic(reading: Reading): GuideTask | "site" | "path" | null {
  const { folded } = reading;
  const has = (pattern: string) => new RegExp(`(?:^| )(?:${pattern})(?= |$)`).test(folded);
  if (has("unack|unacknowledge|un acknowledge|desacquitter|desacquitte|desacquittez")) return "unacknowledge";
  if (reading.has("invite")) return "invite";
  if (has("core fabric|core fabrics|fabric core|fabric coeur|fabrics coeur")) return "coreFabric";
  if (has("external fabric|external fabrics|fabric externe|fabrics externes|equinix")) return "externalFabric";
  if (has("subinterface|subinterfaces|sub interface|sub interfaces|sous interface|sous interfaces")) return "subinterface";
  if (has("core node|core nodes|noeud core|noeuds core|noeud coeur|noeuds coeur|core router|routeur coeur")) return "coreFabric";
  if (has("cpe|cpe node|noeud cpe")) return "cpeNode";
  if (has("edge node|edge nodes|noeud edge|noeuds edge|edge")) return "edgeNode";
  if (has("link|links|lien|liens") && has("node|nodes|noeud|noeuds|between|entre")) return "link";
  if (has("assign|affecter|affecte|attach|rattacher") && (reading.has("device") || has("node|noeud"))) return "assignDevice";
  if (has("customer organization|customer organisation|customer org|new customer|a customer|organisation cliente|nouveau client|un client")) return "customer";
  if (has("msp|msps") && reading.has("create")) return "msp";
  if (has("upgrade|mettre a jour|mise a jour|update the software|mettre a jour le logiciel")) return "schedule";
  // "cancel a scheduled operation": the lifecycle guide says how one is cancelled.
  if (has("cancel|annuler|annule|unschedule|deprogrammer") && reading.has("lifecycle")) return "schedule";
  if (/(?:^| )(?:claim|reclamer|reclame|enroler|onboard a device|add a device)(?= |$)/.test(folded)) return "claim";
  // "add new boxes to the stock": devices come into the inventory by being claimed.
  if (reading.has("device") && has("add|adding|ajouter|ajoute|rajouter|register|enregistrer|new|nouveaux|nouvelles")) return "claim";
  if (reading.has("acknowledge")) return "acknowledge";
  if (reading.has("connector")) return "connector";
  if (reading.has("lifecycle") || /(?:schedule|planifier)/.test(folded)) return "schedule";
  if (reading.has("path")) return "path";
  if (reading.has("site")) return "site";
  return null;
}

/** The range a list of alarms or events is narrowed to: the one asked, not the span a comparison would read before it. */
const listRange = (r: Reading) => (r.range ? { from: r.range.from, to: r.range.to } : {});

const pathStats = (reading: Reading) =>
  call("pathStatistics", defined({ path: reading.path, metric: reading.metric ?? undefined, from: reading.range?.from, to: reading.range?.to }));

/** "How is the Paris HQ site doing?": a question about one site, not a path. */
const aboutOneSite = (r: Reading) => /(?:^| )site(?= |$)/.test(r.folded) && !r.has("path") && !/⇄|->|→/.test(r.text);

// Verbs that join two sites ("connect A to B", "relier A à B") and words that ask whether something can be done.
const CONNECT_WORDS = /(?:^| )(?:connect|interconnect|hook up|link up|relier|relie|reliez|raccorder|interconnecter)(?= |$)/;
const FEASIBLE = /(?:^| )(?:feasible|possible|doable|can i|can we|could i|could we|would it fit|faisable|je peux|on peut|puis je|pouvons nous|est ce possible)(?= |$)/;
const verbIs = (r: Reading, pattern: RegExp) => r.imperative !== null && pattern.test(r.imperative);
const CREATE_VERB = /^(?:create|add|set up|setup|provision|make|cree|creez|creer|ajoute|ajoutez|mets en place)$/;
// The verb's object is a site: "create a site", "add a cloud site", "ajoute un nouveau site Azure" (not "add a
// connector to the Paris site").
const CREATES_SITE = new RegExp(
  "(?:^| )(?:create|add|set up|setup|provision|make|cree|creez|creer|ajoute|ajoutez|mets en place)" +
    "(?: (?:a|an|the|new|one|another|un|une|nouveau|nouvel|nouvelle|le|la|cloud|standard|aws|amazon|azure|microsoft|gcp|google|oracle|oci|direct|connect|dx|physical|physique|classique))* site(?= |$)",
);
const NEEDS_SITE =
  /^(?:(?:i|we|ok|so|hi|hello|bonjour) )*(?:need|want|would like|d like|require|j ai besoin d|on a besoin d|nous avons besoin d|il nous faut|il me faut|je voudrais|on voudrait)(?: (?:a|an|one|another|un|une|1))?(?: (?:new|nouveau|nouvel|nouvelle|cloud|standard|aws|azure|gcp|oracle))* site(?= |$)/;
const REMOVE_VERB = /^(?:remove|delete|drop|supprime|supprimez|retire)$/;
const REBOOT_VERB = /^(?:restart|reboot|redemarre|redemarrez)$/;
const INSTALL_VERB = /^(?:install|upgrade|installe|installez|schedule|planifie|planifiez)$/;
const CANCEL_VERB = /^(?:cancel|annule|annulez)$/;
const ACK_VERB = /^(?:acknowledge|ack|acquitte|acquittez)$/;

/** The catalogue, most specific first. */
/** The network's own subjects: a question about one of them is the console's, whatever else it says. */
const NETWORK_CONCEPTS = ["path", "alarm", "device", "connector", "lifecycle", "inventory", "sla", "traffic", "port", "change"] as const;

const COMPARE = /(?:^| )(?:compare|comparer|comparez|compared|comparison|comparaison|vs|versus|against|contre)(?= |$)/;
const COUNT = /(?:^| )(?:how many|combien|count|nombre|total)(?= |$)/;

// Aggregates (issue 40, scope 3): a count per group ("per state", "par type", "of each kind", "L2 vs L3") or a sum.
const PER_GROUP = /(?:^| )(?:per|each|every|by|par|chaque|breakdown|repartition|split|grouped|vs|versus)(?= |$)/;
/** A grouping asked in so many words ("breakdown by layer"), not a comparison of two things ("L2 vs L3?"). */
const GROUPING = /(?:^| )(?:per|by|par|breakdown|repartition|split|grouped) (?:sla |the )?(?:layer|couche|state|status|etat|statut|health)s?(?= |$)/;
const LAYER_WORDS: [RegExp, "layer2" | "layer3"][] = [
  [/(?:^| )(?:layer ?2|l2|couche ?2|niveau ?2)(?= |$)/, "layer2"],
  [/(?:^| )(?:layer ?3|l3|couche ?3|niveau ?3)(?= |$)/, "layer3"],
];
const layersOf = (folded: string) => LAYER_WORDS.filter(([pattern]) => pattern.test(folded)).map(([, layer]) => layer);
/** What a count of paths is grouped by: both layers named or "per layer"; "per (SLA) state". */
function pathGroupOf(folded: string): "layer" | "state" | null {
  if (layersOf(folded).length === 2 || /(?:^| )(?:per|by|each|par|chaque) (?:layer|couche)(?= |$)/.test(folded)) return "layer";
  if (/(?:^| )(?:per|by|each|every|par|chaque|in each)(?: sla)? (?:state|status|health|etat|statut)s?(?= |$)|(?:^| )(?:sla states|etats sla|etat sla)(?= |$)/.test(folded)) return "state";
  return null;
}
const SUM = /(?:^| )(?:total|totale|sum|somme|combined|cumul|cumulee?|altogether|en tout|au total)(?= |$)/;
const BANDWIDTH_WORDS = /(?:^| )(?:bandwidth|bande passante|throughput|debit|capacity|capacite|mbps)(?= |$)/;
/** A path metric (latency, jitter, loss) ranks paths, whoever owns them: "top 5 customer paths by latency". */
const ranksByPathMetric = (r: Reading) => r.rank !== null && (r.rank.by === "latency" || r.rank.by === "jitter" || r.rank.by === "loss");
const ACKNOWLEDGED = /(?:^| )(?:acknowledged|acked|acquittee?s?)(?= |$)/;
const UNACKNOWLEDGED = /(?:^| )(?:unacknowledged|unacked|not acknowledged|not acked|non acquittee?s?|pas acquittee?s?)(?= |$)/;
const ACTIVE_WORDS = /(?:^| )(?:active|actif|actifs|active|actives|inactive|inactives|inactif|inactifs|enabled|disabled|desactive|desactives)(?= |$)/;

/** One SLA state a question names ("in warning", "dégradés"), to count or list exactly that state; null for none or several. */
function slaStateOf(folded: string): "warning" | "bad" | "healthy" | "unknown" | null {
  const states = (
    [
      [/(?:^| )(?:warning|warnings|en alerte|avertissement)(?= |$)/, "warning"],
      // "Degraded" / "dégradé" is said of any path not healthy (warning or bad), though the French label of bad is it.
      [/(?:^| )(?:bad|mauvais|mauvaise|mauvaises)(?= |$)/, "bad"],
      [/(?:^| )(?:healthy|sain|sains|saine|saines)(?= |$)/, "healthy"],
      [/(?:^| )(?:unknown|inconnu|inconnus|inconnue|inconnues)(?= |$)/, "unknown"],
    ] as const
  ).filter(([pattern]) => pattern.test(folded));
  return states.length === 1 ? states[0][1] : null;
}

/** A ranking's order and size as a tool takes them (desc and no limit are the tools' defaults). */
const rankInput = (r: Reading) => defined({ order: r.rank?.order === "asc" ? "asc" : undefined, limit: r.rank?.limit ?? undefined });

/** A ranking of paths: by the figure the question names, else by SLA state (worst first). */
function pathRanking(r: Reading): Record<string, unknown> {
  const by = r.rank?.by;
  const sort = by === "latency" || by === "jitter" || by === "loss" ? by : by === "bandwidth" || by === "load" ? "bandwidth" : undefined;
  return sort ? { health: "all", sort, ...rankInput(r) } : defined({ health: "all", limit: r.rank?.limit ?? undefined });
}

const NODE_KIND: [RegExp, "edge" | "cpe" | "core"][] = [
  [/(?:^| )(?:edge|peripherie|bordure)(?= |$)/, "edge"],
  [/(?:^| )cpe(?= |$)/, "cpe"],
  [/(?:^| )(?:core|coeur)(?= |$)/, "core"],
];
const NODES = /(?:^| )(?:node|nodes|noeud|noeuds)(?= |$)/;
const LINKS = /(?:^| )(?:link|links|lien|liens|backbone|dorsale|interconnexions?)(?= |$)/;

/** Whether the question names a time ("over the last 24 hours", "since Monday"), not only a comparison ("compare"). */
const namesATime = (r: Reading) =>
  r.range !== null && (!r.range.compare || /(?:^| )(?:last|past|over|since|yesterday|today|week|hour|hours|day|days|month|hier|depuis|derniere?s?|semaine|heures?|jours?|mois)(?= |$)/.test(r.folded));

// A node's, a path's or the organization's details (issue 40, scope 6).
const NOW = /(?:^| )(?:now|right now|currently|current|at the moment|atm|rn|live|actuel|actuelle|actuellement|en ce moment|maintenant|instantane)(?= |$)/;
// "invitations", "invited", "invitees" and their slips ("invitaions"), not the verb ("invite bob", "comment inviter").
const INVITATIONS = /(?:^| )invit(?!e(?= |$)|er(?= |$)|ez(?= |$))[a-z]+(?= |$)/;
const INVITATION_STATUS: [RegExp, "pending" | "accepted" | "expired"][] = [
  [/(?:^| )(?:pending|outstanding|open|waiting|unanswered|not accepted|not yet accepted|en attente|en cours|non acceptees?|pas encore acceptees?)(?= |$)/, "pending"],
  [/(?:^| )(?:accepted|acceptees?|joined|ont rejoint)(?= |$)/, "accepted"],
  [/(?:^| )(?:expired|expirees?|lapsed|perimees?)(?= |$)/, "expired"],
];
/** The sites a node serves are asked for: "which sites hang off nw-edge-par-01", "quels clients sont derrière". */
const asksServedSites = (r: Reading) => r.has("attached") || r.has("organizations") || (r.has("site") && !r.has("path"));
const nodeStatusCall = (r: Reading, node: string | null) => call("nodeStatus", defined({ node, sites: asksServedSites(r) || undefined }));
/** A question about the network as it is: no request to act, no how-to, nothing to create. */
const asksForFacts = (r: Reading) => r.imperative === null && !r.has("howTo") && !r.has("create");

/** The new path a question describes, as createPath takes it. */
const createPathCall = (r: Reading) =>
  call(
    "createPath",
    defined({
      source: r.pathCreation.source,
      destination: r.pathCreation.destination,
      layer: r.pathCreation.layer,
      bandwidthMbps: r.bandwidthMbps ?? undefined,
      prefix: r.prefixes.length > 0 ? r.prefixes.join(", ") : undefined,
      vlanId: r.vlan ?? undefined,
    }),
  );

/** Several reads answered together. */
const plan = (calls: ToolIntent[]): ToolIntent => ({ ...calls[0], also: calls.slice(1).map(({ toolName, input }) => ({ toolName, input })) });

export const INTENT_CATALOGUE: readonly IntentRule[] = [
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
  rule("rule-or-definition", "explainRules", (r) => ruleTopic(r) !== null && !r.serial && r.imperative === null, (r) => call("explainRules", { topic: ruleTopic(r) })),
  // Actions (scope 5): requests that start with their verb. Each tool runs its dry run before asking for approval.
  rule(
    "action-create-path",
    "createPath",
    (r) => verbIs(r, CREATE_VERB) && r.has("path") && Boolean(r.pathCreation.source && r.pathCreation.destination),
    createPathCall,
  ),
  // "i want to connect Lyon Branch to Frankfurt DC, 100 Mbps", "je peux monter un chemin de 800 Mbps entre A et B ?":
  // whether it fits is the createPath dry run's answer (the ends' headroom first, then what is missing), never a preview
  // the user did not ask for unless everything is given and fits.
  rule(
    "path-feasibility",
    "createPath",
    (r) =>
      r.bandwidthMbps !== null &&
      !r.has("howTo") &&
      Boolean(r.pathCreation.source && r.pathCreation.destination) &&
      (CONNECT_WORDS.test(r.folded) || (r.has("path") && FEASIBLE.test(r.folded))),
    createPathCall,
  ),
  rule("action-create-site", "createSite", (r) => verbIs(r, CREATE_VERB) && CREATES_SITE.test(r.folded), (r) => call("createSite", r.siteAction)),
  // "need a new site for fabrikam in amsterdam, call it Amsterdam Lab": a request once it names the site.
  rule(
    "action-create-site-needed",
    "createSite",
    (r) => NEEDS_SITE.test(r.folded) && typeof r.siteAction.name === "string" && !r.has("howTo"),
    (r) => call("createSite", r.siteAction),
  ),
  // "delete Lyon Branch", "supprime le site X"; "delete our cloud site" names none: asked which, never guessed.
  rule("action-delete-site", "deleteSite", (r) => verbIs(r, REMOVE_VERB) && (r.has("site") || r.namedKind === "site") && r.named !== null, (r) => call("deleteSite", { site: r.named })),
  rule(
    "action-delete-site-unnamed",
    "listSites",
    (r) => verbIs(r, REMOVE_VERB) && r.has("site") && r.named === null,
    (r) =>
      call(
        "listSites",
        defined({
          kind: /(?:^| )(?:cloud|aws|azure|gcp|oracle)(?= |$)/.test(r.folded) ? "cloud" : /(?:^| )(?:standard|physical|physique|on prem|on premises)(?= |$)/.test(r.folded) ? "standard" : undefined,
          pick: "delete",
        }),
      ),
  ),
  rule(
    "action-reboot",
    "scheduleOperation",
    (r) => verbIs(r, REBOOT_VERB) && (r.serial !== null || r.node !== null),
    (r) => call("scheduleOperation", defined({ device: r.serial ?? r.node, operation: "reboot", at: r.at?.toISOString() })),
  ),
  rule(
    "action-install",
    "scheduleOperation",
    (r) => verbIs(r, INSTALL_VERB) && (r.serial !== null || r.node !== null),
    (r) => call("scheduleOperation", defined({ device: r.serial ?? r.node, operation: "install-version", version: r.version ?? undefined, at: r.at?.toISOString() })),
  ),
  rule("action-cancel", "cancelOperation", (r) => verbIs(r, CANCEL_VERB) && (r.serial !== null || r.node !== null), (r) => call("cancelOperation", { device: r.serial ?? r.node })),
  rule(
    "action-acknowledge",
    "acknowledgeAlarms",
    (r) => verbIs(r, ACK_VERB) && r.has("alarm"),
    // A capitalised word of the note ("vu avec le NOC") is the note's, not what the alarms are about.
    (r) => call("acknowledgeAlarms", defined({ severity: r.severity ?? undefined, note: r.note ?? undefined, about: r.properNames.find((name) => !r.note?.includes(name)) })),
  ),
  rule(
    "headroom-check",
    "connectorUsage",
    // "What's the max bandwidth I could give a new path on Paris DIA?": what the connector leaves free.
    (r) =>
      r.named !== null &&
      ((r.has("headroom") && (r.bandwidthMbps !== null || r.has("connector"))) ||
        (r.namedKind === "connector" && /(?:^| )(?:max|maximum|most|how much|combien|au plus|le plus)(?= |$)/.test(r.folded) && r.has("traffic"))),
    (r) => call("connectorUsage", defined({ connector: r.named, bandwidthMbps: r.bandwidthMbps ?? undefined })),
  ),
  // "Where do I change my language?", "what does the topology page show?", "how do I filter paths?" (scope 6).
  rule(
    "screen-guide",
    "guideScreen",
    (r) => screenAsked(r, guideTopic(r)) !== null,
    (r) => {
      const screen = screenAsked(r, guideTopic(r));
      return call("guideScreen", defined({ screen, nodeKind: screen === "nodeMonitor" || screen === "nodeLink" || screen === "nodeConfiguration" ? screenNodeKind(r) : undefined }));
    },
  ),
  rule(
    "how-to",
    null,
    (r) => r.has("howTo") && guideTopic(r) !== null,
    (r) => {
      const topic = guideTopic(r)!;
      if (topic === "site") return call("guideSiteCreation", r.siteCreation);
      if (topic === "path") return call("guidePathCreation", r.pathCreation);
      return call("guideTask", defined({ task: topic, connectorKind: topic === "connector" ? connectorKindOf(r.folded) : undefined }));
    },
  ),
  // "What can a configure-only user do?", "what's my role?", "can I invite people?": the role → scopes table.
  rule(
    "permissions",
    "guideTask",
    (r) =>
      r.imperative === null &&
      /(?:^| )(?:what can i|what may i|what can a|what can an|what can the|what am i allowed|am i allowed|allowed to|permission|permissions|my role|mon role|quel role|quel est mon role|que puis je faire|que peut faire|peut faire un|peut faire une|droits|can i invite|puis je inviter|role|roles|read only user|configure only user|ai le droit|le droit de faire|mes droits|my rights|my permissions|what can i do|what am i able to do|avec mon compte|with my account)(?= |$)/.test(r.folded),
    // "Can I invite people?", "am I allowed to claim devices?": that task's guide, which says whether the role may.
    (r) => {
      const topic = /(?:^| )(?:can i|may i|am i allowed to|puis je|ai je le droit de|est ce que je peux)(?= |$)/.test(r.folded) ? guideTopic(r) : null;
      return topic && topic !== "site" && topic !== "path" ? call("guideTask", { task: topic }) : call("guideTask", { task: "roles" });
    },
  ),
  rule(
    "invitations",
    "listInvitations",
    (r) => asksForFacts(r) && INVITATIONS.test(r.folded),
    (r) => call("listInvitations", defined({ status: INVITATION_STATUS.find(([pattern]) => pattern.test(r.folded))?.[1] })),
  ),
  rule("create-path", "guidePathCreation", (r) => r.has("create") && r.has("path"), (r) => call("guidePathCreation", r.pathCreation)),
  rule("create-site", "guideSiteCreation", (r) => r.has("create") && r.has("site") && !r.has("path"), (r) => call("guideSiteCreation", r.siteCreation)),
  rule(
    "device-lifecycle",
    "lifecycleOperations",
    (r) => (r.serial !== null || r.node !== null) && r.has("lifecycle") && !r.has("reach"),
    (r) => call("lifecycleOperations", { device: r.serial ?? r.node }),
  ),
  rule("device-claim", "inventory", (r) => r.serial !== null && r.has("inventory"), (r) => call("inventory", { serial: r.serial })),
  // "Why isn't MX-C100-0151 reporting?": a device's reachability is the inventory's (a spare on no node included).
  rule("device-reach", "inventory", (r) => r.serial !== null && r.node === null && r.has("reach"), (r) => call("inventory", { serial: r.serial })),
  rule("device-or-node", "nodeStatus", (r) => r.serial !== null || r.node !== null, (r) => nodeStatusCall(r, r.node ?? r.serial)),
  // "Which VLAN is Paris ⇄ Frankfurt on?", "quels préfixes passent sur frankfurt ⇄ aws ?": the path's configuration.
  rule("path-detail", "pathDetail", (r) => r.path !== null && r.has("pathConfig") && asksForFacts(r) && !r.has("why"), (r) => call("pathDetail", { path: r.path })),
  // "Status of the global core fabric", "is the backbone ok?": a core fabric's nodes and links.
  rule(
    "fabric-status",
    "fabricStatus",
    // "Any unhealthy links in the backbone?" asks for the links (the "links" rule), not one fabric's status.
    (r) => asksForFacts(r) && (r.namedKind === "fabric" || (r.has("fabric") && r.named === null && !LINKS.test(r.folded))),
    // "What external fabrics have we got?", "nos fabrics Equinix": the external fabrics configured, with their type.
    (r) =>
      /(?:^| )(?:external|externe|externes|equinix)(?= |$)/.test(r.folded) && r.namedKind !== "fabric"
        ? call("fabricStatus", { external: true })
        : call("fabricStatus", defined({ fabric: r.namedKind === "fabric" ? r.named : undefined })),
  ),
  // "Répartition de mes équipements par statut ?", "how many devices do we have?": each status counted.
  rule(
    "devices-by-status",
    "inventory",
    (r) =>
      r.has("device") &&
      r.serial === null &&
      r.node === null &&
      !r.has("reach") &&
      (COUNT.test(r.folded) || /(?:^| )(?:repartition|breakdown|by status|par statut|per status|par etat|statuts|split)(?= |$)/.test(r.folded)),
    // "How many boxes per software version?", "par modèle": each version or model counted instead.
    (r) =>
      PER_GROUP.test(r.folded) && /(?:^| )(?:version|versions|firmware|software|sw|os|logiciel|logicielle)(?= |$)/.test(r.folded)
        ? call("inventory", { groupBy: "version" })
        : PER_GROUP.test(r.folded) && /(?:^| )(?:model|models|modele|modeles|hardware|materiel)(?= |$)/.test(r.folded)
          ? call("inventory", { groupBy: "model" })
          : call("inventory", { byStatus: true }),
  ),
  // "How many edge nodes do we run, and are any unreachable?": the MSP's nodes of a kind, counted, unreachable first.
  rule(
    "nodes",
    "listNodes",
    (r) =>
      NODES.test(r.folded) &&
      r.node === null &&
      r.serial === null &&
      r.named === null &&
      r.imperative === null &&
      !r.has("howTo") &&
      !r.has("device") &&
      !r.has("inventory") &&
      !r.has("alarm") &&
      (COUNT.test(r.folded) || r.has("reach") || /(?:^| )(?:list|show|all|which|quels|quelles|liste|any)(?= |$)/.test(r.folded)),
    (r) => {
      // "Of each kind", "edge/cpe/core": every kind counted.
      const kinds = NODE_KIND.filter(([pattern]) => pattern.test(r.folded)).map(([, kind]) => kind);
      if (kinds.length >= 2 || /(?:^| )(?:each|every|per|by|par|chaque) (?:kind|type)s?(?= |$)|(?:^| )(?:kinds|types)(?= |$)/.test(r.folded)) return call("listNodes", { groupBy: "kind" });
      return call("listNodes", defined({ kind: kinds[0], unreachable: r.has("reach") && !COUNT.test(r.folded) ? true : undefined }));
    },
  ),
  rule("silent-devices", "inventory", (r) => r.has("reach") && (r.has("device") || /(?:stopped|ne remontent)/.test(r.folded)), () => call("inventory", { silent: true })),
  rule(
    "lifecycle-operations",
    "lifecycleOperations",
    (r) => r.has("lifecycle") && !r.has("path"),
    (r) => {
      const failed = /(?:fail|failed|echoue|echec)/.test(r.folded);
      const running = /(?:running|en cours|in progress)/.test(r.folded);
      const scheduled = /(?:scheduled|planifie|upcoming|a venir|prevue?s?)/.test(r.folded);
      return call("lifecycleOperations", failed ? { tab: "finished", status: "failed" } : running ? { tab: "running" } : scheduled ? { tab: "scheduled" } : {});
    },
  ),
  rule(
    "inventory",
    "inventory",
    (r) => r.has("inventory") && (r.has("device") || /(?:inventory|inventaire)/.test(r.folded)),
    (r) => call("inventory", /(?:unassigned|not assigned|aucun noeud|spare|ne sont affectes|non affectes)/.test(r.folded) ? { status: "unassigned" } : /unclaimed|non reclame/.test(r.folded) ? { status: "unclaimed" } : {}),
  ),
  rule(
    "alarms",
    "listOpenAlarms",
    // "Is path X in alert?" asks about the path's state, not for the alarm list.
    (r) => r.has("alarm") && !(r.has("path") && r.named !== null && !/(?:^| )(?:alarm|alarms|alarme|alarmes)(?= |$)/.test(r.folded)),
    (r) =>
      call(
        "listOpenAlarms",
        // As written: "acknowledged" is not read as the verb's slip.
        defined({ severity: r.severity ?? undefined, about: (r.namedKind ? r.named : null) ?? r.properNames[0], acknowledged: ACKNOWLEDGED.test(fold(r.text)) && !UNACKNOWLEDGED.test(fold(r.text)) ? true : undefined, ...listRange(r) }),
      ),
  ),
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
  // "Are all our sites active?", "which sites are inactive?": the inactive ones, with how many there are in all.
  rule(
    "sites-active",
    "listSites",
    (r) => r.has("site") && !r.has("path") && r.named === null && r.imperative === null && !r.has("howTo") && ACTIVE_WORDS.test(r.folded),
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
    (r) => LINKS.test(r.folded) && r.named === null && r.imperative === null && !r.has("howTo") && (r.has("unhealthy") || r.has("sla") || COUNT.test(r.folded) || /(?:^| )(?:list|show|all|any|which|quels|quelles|liste)(?= |$)/.test(r.folded)),
    (r) => call("listLinks", { health: r.has("unhealthy") ? "unhealthy" : "all" }),
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
  rule("sites", "listSites", (r) => r.has("site"), (r) => call("listSites", defined({ query: r.named ?? undefined }))),
  rule("path-on-page", "explainPathSla", (r) => (r.has("sla") || r.has("why") || r.has("path")) && r.focus.pathId !== undefined, (r) => call("explainPathSla", { path: r.focus.pathId })),
  rule("which-path", null, (r) => r.has("path") || r.has("sla"), () => ({ kind: "ask-path" })),
  // A question that gives one object and asks nothing this catalogue knows asks how that object is.
  rule("named-path", "explainPathSla", (r) => r.namedKind === "path", (r) => call("explainPathSla", { path: r.named })),
  rule("named-site", "siteDetail", (r) => r.namedKind === "site", (r) => call("siteDetail", { site: r.named })),
  rule("named-node", "nodeStatus", (r) => r.namedKind === "node", (r) => call("nodeStatus", { node: r.named })),
  rule("named-connector", "connectorUsage", (r) => r.namedKind === "connector", (r) => call("connectorUsage", { connector: r.named })),
  rule("organization-named", "listSites", (r) => r.properNames.length > 0, (r) => call("listSites", { query: r.properNames[0] })),
];

/** A rule's own answer to a reading, whether or not the rule applies: the classifier's labels answer through them. */
export function ruleAnswer(name: string, reading: Reading): Understanding {
  const found = INTENT_CATALOGUE.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no intent rule ${name}`);
  return found.answer(reading);
}

/** Node names, serial numbers, prefixes and figures as the classifier's slot tokens. */
function slotted(text: string): string {
  return text
    .replace(PREFIX, " zprefix ")
    .replace(new RegExp(NODE_NAME.source, "gi"), " znode ")
    .replace(new RegExp(SERIAL.source, "gi"), " zserial ")
    .replace(/(?<![\p{L}])\d+(?:[.,]\d+)?(?![\p{L}\d])/gu, " znum ");
}

/** The rules that read a name alone, not what is asked of it ("Lyon DC", "Contoso"). */
export const NAME_ONLY_RULES: ReadonlySet<string> = new Set(["organization-named", "named-path", "named-site", "named-node", "named-connector"]);

/** The intent of a reading among the tools on offer: the first rule that applies whose tool is offered. */
export function understand(reading: Reading, available: readonly string[]): Understanding & { intent: string } {
  for (const candidate of INTENT_CATALOGUE) {
    if (!candidate.when(reading)) continue;
    const answer = candidate.answer(reading);
    if (answer.kind === "tool" && !available.includes(answer.toolName)) continue;
    return { ...answer, intent: candidate.name };
  }
  return { kind: "help", intent: "help" };
}

/** How the question's names are read (intent.ts: the words left once the question's own are set aside). */
export interface NameReaders {
  named(text: string): string | null;
  properNames(text: string): string[];
  pathCreation(text: string, focus: PageFocus): Record<string, unknown>;
  siteCreation(text: string): Record<string, unknown>;
  siteAction(request: string, answers: readonly string[]): Record<string, unknown>;
  /** The text with the names it gives blanked out, so that their digits are not read as times ("nw-edge-sea-01"). */
  mask?(text: string): string;
  /** What the name the question gives is (a path, a site…), when the names the user sees tell it apart. */
  namedKind?(text: string): NamedKind | null;
  /** Every name the question gives, in its order. */
  namedAll?(text: string): { name: string; kind: NamedKind | null }[];
  /** The text with each name it gives replaced by its kind's token ("how is zpath doing"). */
  shape?(text: string): string;
  /** The folded text with its misspelt vocabulary words corrected ("latncy" → "latency"), the names' words untouched. */
  spell?(folded: string, text: string): string;
}

/**
 * Reads a question, or a request with the answers to the questions its action asked ("create a site in Lyon" + "Lyon
 * DC"): those are read with it, line after line.
 */
export function readQuestion(
  question: string,
  options: { locale: Locale; now: number; focus: PageFocus; readers: NameReaders; answers?: readonly string[]; timeZone?: string },
): Reading {
  const answers = options.answers ?? [];
  const text = [question, ...answers].join("\n");
  // The question's words typed with a slip ("latncy", "alarmmes") read as the vocabulary's, names left as written.
  const folded = options.readers.spell?.(fold(text), text) ?? fold(text);
  const named = options.readers.named(text);
  const namedKind = options.readers.namedKind?.(text) ?? null;
  // A node or device the names know, however clipped ("edge-fra-01" for nw-edge-fra-01), is that node or device.
  const serial = serialIn(text) ?? (namedKind === "device" ? named : null);
  const node = NODE_NAME.exec(text)?.[0] ?? (namedKind === "node" ? named : null);
  // Times are read once names, node names and serial numbers are set aside: "reboot nw-edge-sea-01 tomorrow at 3am".
  const blank = (value: string) => " ".repeat(value.length);
  const timeText = (options.readers.mask?.(text) ?? text).replace(new RegExp(NODE_NAME.source, "gi"), blank).replace(new RegExp(SERIAL.source, "gi"), blank);
  return {
    text,
    folded,
    locale: options.locale,
    now: options.now,
    focus: options.focus,
    has: (concept) => mentions(folded, concept),
    serial,
    node,
    named,
    namedKind,
    namedAll: options.readers.namedAll?.(text) ?? [],
    // A link between nodes is not a path ("the lon-ash core link").
    path: (namedKind === "link" ? null : named) ?? UUID.exec(text)?.[0] ?? options.focus.pathId ?? null,
    bandwidthMbps: bandwidthOf(text),
    severity: folded.split(" ").map((word) => SEVERITY_WORDS[word]).find(Boolean) ?? null,
    metric: METRIC_WORDS.find(([pattern]) => pattern.test(folded))?.[1] ?? null,
    range: timeRange(timeText, options.now, options.timeZone),
    properNames: options.readers.properNames(text),
    pathCreation: options.readers.pathCreation(text, options.focus),
    siteCreation: options.readers.siteCreation(text),
    siteAction: options.readers.siteAction(question, answers),
    imperative: IMPERATIVE.exec(folded)?.[1] ?? null,
    at: timeInstant(timeText, options.locale, options.now, options.timeZone),
    prefixes: [...text.matchAll(PREFIX)].map((match) => match[0]),
    vlan: (() => {
      const id = /(?:^| )vlan(?: id)? (\d{1,4})(?= |$)/.exec(folded)?.[1];
      return id === undefined ? null : Number(id);
    })(),
    shape: slotted(options.readers.shape?.(question) ?? question),
    rank: rankingOf(folded, METRIC_WORDS.find(([pattern]) => pattern.test(folded))?.[1] ?? null),
    version: VERSION.exec(text.replace(PREFIX, " ").replace(SERIAL, " ").replace(OTHER_SERIAL, " "))?.[0] ?? null,
    note: (() => {
      const match = NOTE.exec(text);
      return match?.slice(1).find((group) => group !== undefined)?.trim() || null;
    })(),
  };
}

