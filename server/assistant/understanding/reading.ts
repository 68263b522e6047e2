import "server-only";
import type { AssistantToolName } from "@/lib/assistant/tools";
import type { GuideScreen } from "@/lib/assistant/tool-schemas";
import type { AlarmSeverity } from "@/lib/alarms/schema";
import type { Locale } from "@/lib/constants";
import { fold, UUID } from "../text";
import type { NamedKind } from "../names/name-index";
import { timeInstant, timeRange, type TimeRange } from "./time";
import { type Concept, mentions } from "./vocabulary";

// What a question says, read once (issue 40): its concepts, the names it gives, its figures and times.

export interface PageFocus {
  pathId?: string;
  siteId?: string;
  nodeId?: string;
  connectorId?: string;
  /** The screen of the page the user is on (understanding/screens.ts). */
  screen?: GuideScreen;
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
type RankFigure = "latency" | "jitter" | "loss" | "bandwidth" | "load" | "sites" | "paths";
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

export interface IntentRule {
  /** The intent's name, as the catalogue lists it. */
  name: string;
  tool: AssistantToolName | null;
  when(reading: Reading): boolean;
  answer(reading: Reading): Understanding;
}


export const SERIAL = /\b[A-Z]{2}-[A-Z0-9]{2,8}-\d{3,5}\b/i;
// Other vendors' serials ("FDO2231X0AB", "JN11F2A3BAFA", "E2E-7QK2-R"): a token in capitals with letters and digits,
// 6 to 64 long. Lower-case words, versions, prefixes and times ("2026-12-01T02:00Z") are not serials.
const OTHER_SERIAL = /(?<![\w./:-])(?=[A-Z0-9._/-]*\d)(?=[A-Z0-9._/-]*[A-Z])[A-Z0-9][A-Z0-9._/-]{4,62}[A-Z0-9](?![\w./:-])/;
const serialIn = (text: string) => (SERIAL.exec(text) ?? OTHER_SERIAL.exec(text))?.[0]?.toUpperCase() ?? null;
export const NODE_NAME = /\b[a-z]{2,5}-(?:edge|cpe|core)-[a-z0-9-]*[a-z0-9]\b/i;
const BANDWIDTH = /(\d+(?:[.,]\d+)?)\s*(mbps|mbit\/?s?|mb\/s|gbps|gbit\/?s?|gb\/s|m|g)\b/i;

const PREFIX = /\b\d{1,3}(?:\.\d{1,3}){3}\/\d{1,2}\b/g;
const VERSION = /\b\d{1,3}\.\d{1,3}(?:\.\d{1,4})?\b(?!\.\d|\/)/;
const NOTE = /(?:note|commentaire)\s*[:=]?\s*(?:«\s*([^»]+?)\s*»|“([^”]+)”|"([^"]+)"|‘([^’]+)’|'([^']+)'|(.+)$)/i;
// A request starts with its verb, perhaps after a polite word (folded).
/** The verbs a request starts with (folded). */
export const REQUEST_VERBS = (
  "create|add|set up|setup|provision|make|remove|delete|drop|restart|reboot|cancel|acknowledge|ack|install|upgrade|schedule|" +
  "cree|creez|creer|ajoute|ajoutez|mets en place|supprime|supprimez|retire|redemarre|redemarrez|annule|annulez|acquitte|acquittez|installe|installez|planifie|planifiez|" +
  // Requests written with the infinitive ("installer la 24.3.2 sur … demain 2h", "je veux redémarrer …").
  "ajouter|supprimer|redemarrer|rebooter|annuler|acquitter|installer|planifier"
).split("|");
const IMPERATIVE = new RegExp(
  "^(?:(?:ok|okay|alright|right|yes|yep|then|so|oui|bon|alors|ok alors|d accord|vas y|go on|and|et) )*" +
    "(?:please |pls |can you |could you |would you |go ahead and |i want to |i d like to |peux tu |pouvez vous |merci de |je veux |je voudrais |s il te plait |s il vous plait )?" +
    `(${REQUEST_VERBS.join("|")})(?= |$)`,
);

export const SEVERITY_WORDS: Record<string, AlarmSeverity> = {
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

export const METRIC_WORDS: [RegExp, "latencyMs" | "jitterMs" | "lossPercent"][] = [
  [/(?:^| )(?:jitter|gigue)(?= |$)/, "jitterMs"],
  [/(?:^| )(?:loss|perte|pertes|packet loss|lost)(?= |$)/, "lossPercent"],
  [/(?:^| )(?:latency|latence|delay|delai|rtt|ping|lat|latences|latencies)(?= |$)/, "latencyMs"],
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
  [/(?:^| )(?:bandwidth|bw|bande passante|throughput|debit|mbps|gros|grosse|biggest|largest|smallest|plus petit|capacity|capacite|traffic|trafic)(?= |$)/, "bandwidth"],
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


/** Node names, serial numbers, prefixes and figures as the classifier's slot tokens. */
function slotted(text: string): string {
  return text
    .replace(PREFIX, " zprefix ")
    .replace(new RegExp(NODE_NAME.source, "gi"), " znode ")
    .replace(new RegExp(SERIAL.source, "gi"), " zserial ")
    .replace(/(?<![\p{L}])\d+(?:[.,]\d+)?(?![\p{L}\d])/gu, " znum ");
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
    // One severity narrows ("the major alarms"); two or more ("critiques ou majeures") are each counted, none dropped.
    severity: (() => {
      const named = new Set(folded.split(" ").flatMap((word) => (SEVERITY_WORDS[word] ? [SEVERITY_WORDS[word]] : [])));
      return named.size === 1 ? [...named][0] : null;
    })(),
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
