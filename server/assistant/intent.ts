import "server-only";
import {
  ASSISTANT_EVENTS_MAX,
  type AssistantToolName,
  type ExplainPathSlaInput,
  type GuidePathCreationInput,
  type GuideSiteCreationInput,
  type ListSitesInput,
  type RecentEventsInput,
} from "@/lib/assistant/tools";
import { fold, siteTypeFromWords, UUID } from "./text";

// The embedded model's reading of a question: which tool answers it and with what input, from the user's words in
// English or French (case and accents ignored), and the page they are on. Pure: the same words give the same intent.

export type Intent =
  | { kind: "tool"; toolName: "listSites"; input: ListSitesInput }
  | { kind: "tool"; toolName: "explainPathSla"; input: ExplainPathSlaInput }
  | { kind: "tool"; toolName: "listOpenAlarms"; input: Record<string, never> }
  | { kind: "tool"; toolName: "recentEvents"; input: RecentEventsInput }
  | { kind: "tool"; toolName: "guideSiteCreation"; input: GuideSiteCreationInput }
  | { kind: "tool"; toolName: "guidePathCreation"; input: GuidePathCreationInput }
  | { kind: "ask-path" }
  | { kind: "help" };

/** What the open console page says about the question: the path or site it shows. */
export interface PageFocus {
  pathId?: string;
  siteId?: string;
}

const ID = "([0-9a-fA-F-]{36})";
const PAGE_PATH = [new RegExp(`customer/(?:dashboard|site)/${ID}/path/${ID}`), new RegExp(`(?:^|[\\s/])paths/${ID}`)];
const PAGE_SITE = [new RegExp(`customer/(?:dashboard|site)/${ID}`), new RegExp(`msp/dashboard/${ID}/${ID}`)];

/** The path and site ids of a console route ("customer/dashboard/<site>/path/<path>", "paths/<path>", …) in a text. */
export function pageFocus(text: string): PageFocus {
  const focus: PageFocus = {};
  const customerPath = PAGE_PATH[0].exec(text);
  const mspPath = PAGE_PATH[1].exec(text);
  if (customerPath) focus.pathId = customerPath[2];
  else if (mspPath) focus.pathId = mspPath[1];
  const customerSite = PAGE_SITE[0].exec(text);
  const mspSite = PAGE_SITE[1].exec(text);
  if (customerSite) focus.siteId = customerSite[1];
  else if (mspSite) focus.siteId = mspSite[2];
  return focus;
}

const words = (list: string) => new RegExp(`(?:^| )(?:${list})(?= |$)`);

// Folded words (lib/locations/text.ts: no accents, punctuation as spaces).
const CREATE = words(
  "create|creating|creation|add|adding|new|set up|setup|provision|build|make|onboard|creer|cree|creez|ajouter|ajout|ajoutez|nouveau|nouvelle|mettre en place|configurer un|configurer une",
);
const PATH_WORD = words("path|paths|chemin|chemins|circuit|circuits|liaison|liaisons|tunnel|tunnels");
const SITE_WORD = words("site|sites");
const ALARM_WORD = words("alarm|alarms|alarme|alarmes|alert|alerts|alerte|alertes|alerting|alarming");
const EVENT_WORD = words(
  "event|events|evenement|evenements|activity|activite|history|historique|changes|changed|changements|modifications|modifie|audit|journal|logs|what happened|s est passe",
);
const SLA_WORD = words(
  "sla|slas|latency|latence|jitter|gigue|loss|perte|pertes|degraded|degrading|degrade|degradee|degradation|bad|mauvais|mauvaise|slow|lent|lente|lenteur|unhealthy|health|sante|warning|alerte|status|etat|down|wrong|problem|probleme|issue|issues|souci|performance|quality|qualite|explain|explique|expliquer|why|pourquoi",
);
const LIST_WORD = words(
  "list|show|my|all|which|what|how many|our|mes|nos|liste|lister|listez|quels|quelles|affiche|afficher|montre|montrez|tous|toutes|combien|voir",
);
const ARROW = /⇄|↔|⟷|<->|<=>|->|→|=>|⟶/;

// Words around a name that are part of the question, not of the name (folded).
const QUESTION_WORDS = new Set(
  (
    "why whats what s is are was were the a an my our this that these its it of for on in at with path paths sla slas bad degraded " +
    "degrading slow unhealthy healthy health warning status state down wrong problem problems issue issues explain check show me " +
    "tell about how does do doing so currently now today latency jitter loss packet packets high please going performance quality " +
    "between from site sites link circuit there any has have been network being look looking still again " +
    "pourquoi quel quelle quels quelles qu que quoi le la les l un une des du de d mon ma mes notre nos ce cet cette ces chemin " +
    "chemins est sont il elle ils t y a en sur dans avec pour par etat sante mauvais mauvaise degrade degradee degrades lent lente " +
    "lenteur probleme problemes souci explique expliquer expliquez montre montrez moi me latence gigue perte pertes paquets alerte " +
    "entre depuis reseau ne pas va bien marche fonctionne se passe ca donc actuellement encore toujours lien liaison n c j"
  ).split(" "),
);

const CREATION_WORDS = new Set(
  (
    "create creating creation add adding new set up setup provision build make onboard i we you can could would like want need " +
    "how do does a an the path paths please me help site sites from between layer l2 l3 2 3 configure with one two both my our of " +
    "creer cree creez ajouter ajout ajoutez nouveau nouvelle mettre en place comment je j on nous puis peut pourrais voudrais veux " +
    "souhaite faut faire un une le la les l chemin chemins de d depuis entre couche niveau configurer avec s il vous plait moi deux mes nos"
  ).split(" "),
);

// Connectors between two ends of a path: arrows, and these words (folded; "à" only as written, since "a" is also "has").
const LINK_WORDS = new Set(["to", "vers", "and", "et"]);

const TOKEN = /⇄|↔|⟷|<->|<=>|->|→|=>|⟶|[\p{L}\p{N}][\p{L}\p{N}'’._-]*/gu;

type Piece = { text: string; link: boolean };

/** The text's words (split at apostrophes and hyphens, to drop "l'", "est-il"), with path connectors marked. */
function pieces(text: string, skip: Set<string>): Piece[] {
  const out: Piece[] = [];
  for (const token of text.match(TOKEN) ?? []) {
    if (ARROW.test(token) || token.toLowerCase() === "à" || LINK_WORDS.has(fold(token))) {
      out.push({ text: token, link: true });
      continue;
    }
    const parts = token.split(/['’-]/).filter(Boolean);
    const kept = parts.filter((part) => !skip.has(fold(part)));
    const clean = (word: string) => word.replace(/[._]+$/, "");
    if (kept.length === parts.length) out.push({ text: clean(token), link: false });
    else for (const part of kept) out.push({ text: clean(part), link: false });
  }
  return out;
}

/** The names between the question's words: one, or two when a connector ("to", "⇄", "et") separates them. */
function namedEnds(text: string, skip: Set<string>): string[] {
  const ends: string[][] = [[]];
  for (const piece of pieces(text, skip)) {
    if (piece.link) ends.push([]);
    else ends[ends.length - 1].push(piece.text);
  }
  return ends.map((end) => end.join(" ")).filter(Boolean);
}

/** A quoted name: "…", “…”, «…». */
function quoted(text: string): string[] {
  return [...text.matchAll(/["“«]\s*([^"”»]+?)\s*["”»]/g)].map((match) => match[1].trim()).filter(Boolean);
}

/** The path a question names: quoted, an id, or the words left around a connector once the question is set aside. */
export function pathReference(text: string): string | null {
  const [name] = quoted(text);
  if (name) return name;
  const id = UUID.exec(text)?.[0];
  if (id) return id;
  const ends = namedEnds(text, QUESTION_WORDS);
  if (ends.length >= 2) return `${ends[0]} ⇄ ${ends[1]}`;
  return ends[0] ?? null;
}

const NAME_AFTER = /(?:^|\s)(?:named|called|name it|nommée?s?|appelée?s?|intitulée?)\s+["“«]?(.+?)["”»]?(?=\s*[,.?!;]|\s*$|\s+(?:in|at|à|en|near|with|avec|près|pres|dans|of type|de type|type|on|sur|pour|for)(?=\s|$))/iu;
const CITY_AFTER = /(?:^|\s)(?:in|at|à|near|près de|pres de|dans)\s+(\p{Lu}[\p{L}\p{N}' .-]*?)(?=\s*[,.?!;]|\s*$|\s+(?:named|called|nommée?|appelée?|with|avec|of type|de type|type|for|pour)(?=\s|$))/u;

function siteCreationInput(text: string): GuideSiteCreationInput {
  const input: GuideSiteCreationInput = {};
  const name = quoted(text)[0] ?? NAME_AFTER.exec(text)?.[1]?.trim();
  if (name) input.name = name;
  const city = CITY_AFTER.exec(text)?.[1]?.trim();
  if (city && !siteTypeFromWords(city) && city !== name) input.city = city;
  const type = siteTypeFromWords(text.replace(name ?? "", " "));
  if (type) input.type = type;
  return input;
}

const LAYER = /(?:^| )(?:layer ?([23])|l([23])|couche ?([23])|niveau ?([23]))(?= |$)/;

function pathCreationInput(text: string, focus: PageFocus): GuidePathCreationInput {
  const input: GuidePathCreationInput = {};
  const layer = LAYER.exec(fold(text));
  if (layer) input.layer = `layer${layer.slice(1).find(Boolean)}`;
  const ends = quoted(text).length > 0 ? quoted(text) : namedEnds(text, CREATION_WORDS);
  if (ends[0]) input.source = ends[0];
  else if (focus.siteId) input.source = focus.siteId;
  if (ends[1]) input.destination = ends[1];
  return input;
}

// Words of a question about sites that are not a site's name (folded).
const SITE_QUESTION_WORDS = new Set([
  ...QUESTION_WORDS,
  ..."list show all every which how many much doing going named called matching containing like liste lister listez affiche afficher montrer voir tous toutes combien sont nommes appeles contenant comme give donne donnez".split(" "),
]);

/** A site name to filter by: quoted, after "named", or the words left once the question is set aside. */
function sitesInput(text: string): ListSitesInput {
  const named = /(?:^|\s)(?:named|called|matching|containing|like|nommés?|appelés?|contenant|comme)\s+(.+?)\s*[?.!]*$/iu.exec(text)?.[1];
  const query = quoted(text)[0] ?? named ?? namedEnds(text, SITE_QUESTION_WORDS).join(" ");
  return query.trim() ? { query: query.trim() } : {};
}

function eventsInput(text: string): RecentEventsInput {
  const count = /(?:^|\D)(\d{1,3})(?!\d)/.exec(text)?.[1];
  return count ? { limit: Math.min(Math.max(Number(count), 1), ASSISTANT_EVENTS_MAX) } : {};
}

/** The intent of a question among the available tools; help when it asks for nothing the tools answer. */
export function readIntent(text: string, focus: PageFocus, available: readonly string[]): Intent {
  const folded = fold(text);
  const can = (name: AssistantToolName) => available.includes(name);
  const pathish = PATH_WORD.test(folded) || ARROW.test(text) || UUID.test(text);
  const explainPath = (): Intent => {
    const reference = pathReference(text) ?? focus.pathId ?? null;
    return reference ? { kind: "tool", toolName: "explainPathSla", input: { path: reference } } : { kind: "ask-path" };
  };

  if (CREATE.test(folded) && PATH_WORD.test(folded) && can("guidePathCreation")) {
    return { kind: "tool", toolName: "guidePathCreation", input: pathCreationInput(text, focus) };
  }
  if (CREATE.test(folded) && SITE_WORD.test(folded) && can("guideSiteCreation")) {
    return { kind: "tool", toolName: "guideSiteCreation", input: siteCreationInput(text) };
  }
  if (pathish && SLA_WORD.test(folded) && can("explainPathSla")) return explainPath();
  if (ALARM_WORD.test(folded) && can("listOpenAlarms")) return { kind: "tool", toolName: "listOpenAlarms", input: {} };
  if (EVENT_WORD.test(folded) && can("recentEvents")) return { kind: "tool", toolName: "recentEvents", input: eventsInput(text) };
  if (SITE_WORD.test(folded) && LIST_WORD.test(folded) && can("listSites")) return { kind: "tool", toolName: "listSites", input: sitesInput(text) };
  if ((SLA_WORD.test(folded) || pathish) && can("explainPathSla")) return explainPath();
  if (SITE_WORD.test(folded) && can("listSites")) return { kind: "tool", toolName: "listSites", input: sitesInput(text) };
  return { kind: "help" };
}
