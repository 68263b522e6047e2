import "server-only";
import type { GuidePathCreationInput } from "@/lib/assistant/tools";
import type { Locale } from "@/lib/constants";
import { matchConsoleRoute } from "@/lib/routes";
import { editDistance } from "./names/fuzzy";
import { linkNames, topCandidates, type LinkedSpan, type NameCandidate } from "./names/link";
import type { NameIndex } from "./names/name-index";
import { fold, quotedNames, UUID } from "./text";
import { understandQuestion } from "./understanding/classified";
import { readQuestion, REQUEST_VERBS, type NameReaders, type PageFocus, type Reading, type Understanding } from "./understanding/reading";
import { screenOfPage } from "./understanding/screens";
import { siteActionInput, siteCreationInput } from "./understanding/site-request";
import { mentions, VOCABULARY_WORDS, type Concept } from "./understanding/vocabulary";

// The embedded model's reading of a question: the names it gives (a path "A ⇄ B", a site, a connector, the new site or
// path of a creation question), the page the user is on, and through the intent catalogue
// (understanding/intents.ts) which tool answers it with what input. Pure: the same words give the same intent.

export type { PageFocus };

const ID = "([0-9a-fA-F-]{36})";
const PAGE_PATH = [new RegExp(`customer/(?:dashboard|site)/${ID}/path/${ID}`), new RegExp(`(?:^|[\\s/])paths/${ID}`)];
const PAGE_SITE = [new RegExp(`customer/(?:dashboard|site)/${ID}`), new RegExp(`msp/dashboard/${ID}/${ID}`)];

const PAGE_ROUTE = /([\w/:.-]+), (?:relative to|relative à) \/organization\//;

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
  // The page's screen: the route the instructions give, just before "relative to /organization/…"
  // (assistant.instructions.page in either language): "alarms", "msp/edgeNode/<id>/monitor".
  const page = PAGE_ROUTE.exec(text)?.[1];
  const match = page ? matchConsoleRoute(page) : null;
  const screen = match ? screenOfPage(match.route.pattern) : null;
  if (screen) focus.screen = screen;
  return focus;
}

// Courtesies typed around a request ("… stp", "pls", "thanks"): never part of a name.
const POLITE_WORDS = "please pls plz pleas thanks thank thx ty cheers stp svp merci sil".split(" ");

const ARROW = /⇄|↔|⟷|<->|<=>|->|→|=>|⟶/;

// Words around a name that are part of the question, not of the name (folded): the question's own words, and every
// word of the intent vocabulary (understanding/vocabulary.ts).
// The questions' own words (folded), as people write them around a name.
const OWN_WORDS = new Set(
  (
    "why whats what s is are was were the a an my our this that these its it of for on in at with path paths sla slas bad degraded " +
    "degrading slow unhealthy healthy health warning status state down wrong problem problems issue issues explain check show me " +
    "tell about how does do doing so currently now today latency jitter loss packet packets high please going performance quality " +
    "between from site sites link circuit there any has have been network being look looking still again their them they some " +
    "right much many did will would should could can which who whom whose when where all every each other by per us you your i " +
    "describe details detail info information give list display see seen over last past previous next hour hours day days week weeks " +
    "month months minute minutes ago since yesterday tonight tomorrow morning evening current value values number numbers unknown " +
    "mbps gbps mbit gbit ms percent against versus vs compared compare than like behaving anything something happened most recent " +
    "pourquoi quel quelle quels quelles qu que quoi le la les l un une des du de d mon ma mes notre nos ce cet cette ces chemin " +
    "chemins est sont il elle ils t y a en sur dans avec pour par etat sante mauvais mauvaise degrade degradee degrades lent lente " +
    "lenteur probleme problemes souci explique expliquer expliquez montre montrez moi me latence gigue perte pertes paquets alerte " +
    "entre depuis reseau ne pas va bien marche fonctionne se passe ca donc actuellement encore toujours lien liaison n c j bonne " +
    "leur leurs certains certaines tous toutes tout chaque autre autres combien quand ou qui dis decris parle moyenne dernier derniers " +
    "derniere dernieres heure heures jour jours semaine semaines mois hier demain aujourd hui ce soir moment maintenant inconnu inconnue " +
    "plus moins par rapport contre quelque chose ainsi comme ete recently lately recemment dernierement named called matching " +
    "containing nommes nomme appeles appele contenant recent recents recentes pkt pkts edge edges peripherie bordure b4 before after avant apres premier premiere premiers first fait faire need needs besoin au juste exactement exactly actually basically sert servent servir used subinterface subinterfaces"
  ).split(" "),
);
const QUESTION_WORDS = new Set([...OWN_WORDS, ...POLITE_WORDS, ...VOCABULARY_WORDS]);
const OWN_LONG_WORDS = [...OWN_WORDS].filter((word) => word.length >= 6);

/** A question's own word typed with a slip ("pourqoi", "explian"), never part of a name. */
const ownWordSlip = (word: string) => word.length >= 6 && OWN_LONG_WORDS.some((own) => editDistance(word, own, 1) <= 1);

/** Numbers with a unit ("50 Mbps", "24h") and bare numbers are figures, not names. */
const FIGURE = /^\d+(?:[.,]\d+)?(?:mbps|gbps|mbit|gbit|ms|h|d|j|%)?$/i;

const CREATION_WORDS = new Set(
  (
    "create creating creation add adding new set up setup provision build make onboard i we you can could would like want need " +
    "how do does a an the path paths please me help site sites from between layer l2 l3 2 3 configure with one two both my our of " +
    "creer cree creez ajouter ajout ajoutez nouveau nouvelle mettre en place comment je j on nous puis peut pourrais voudrais veux " +
    "mbps gbps mbit gbit prefix prefixes prefixe at a au avec le la mets vlan ip " +
    "souhaite faut faire un une le la les l chemin chemins de d depuis entre couche niveau configurer avec s il vous plait moi deux mes nos " +
    "connect interconnect hook link relier relie reliez raccorder interconnecter monter monte veut veux faisable feasible possible doable " +
    "est c ce notre votre site sites fit it would is"
  )
    .split(" ")
    .concat(POLITE_WORDS)
    // A question's own words are no site's name either ("what do I need for my first path?", "a connector b4 a path?").
    .concat([...QUESTION_WORDS]),
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
    if (FIGURE.test(token) || /^\d+(?:\.\d+){1,3}$/.test(token)) continue;
    const parts = token.split(/['’-]/).filter(Boolean);
    // A question's word typed with a slip ("pourqoi") is still the question's.
    const kept = parts.filter((part) => !skip.has(fold(part)) && !ownWordSlip(fold(part)));
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


// A name that is an object's noun and a number ("Path 00042", "Site 12", "chemin 7"): the number is not a figure there,
// unless a unit follows it ("a path 10 Mbps").
const NUMBERED_NAME = /(?<![\p{L}\p{N}])(?:path|chemin|site|connector|connecteur|node|noeud|nœud) \d+(?![\p{L}\p{N}.,]|\s*(?:mbps|gbps|mbit|gbit|ms|%))/iu;

/** The path a question names: quoted, an id, or the words left around a connector once the question is set aside. */
export function pathReference(text: string): string | null {
  const [name] = quotedNames(text);
  if (name) return name;
  const id = UUID.exec(text)?.[0];
  if (id) return id;
  const ends = namedEnds(text, QUESTION_WORDS);
  if (ends.length >= 2) return `${ends[0]} ⇄ ${ends[1]}`;
  return ends[0] ?? NUMBERED_NAME.exec(text)?.[0] ?? null;
}

const LAYER = /(?:^| )(?:layer ?([23])|l([23])|couche ?([23])|niveau ?([23]))(?= |$)/;

function pathCreationInput(text: string, focus: PageFocus): GuidePathCreationInput {
  const input: GuidePathCreationInput = {};
  const layer = LAYER.exec(fold(text));
  if (layer) input.layer = `layer${layer.slice(1).find(Boolean)}`;
  const ends = quotedNames(text).length > 0 ? quotedNames(text) : namedEnds(text, CREATION_WORDS);
  if (ends[0]) input.source = ends[0];
  else if (focus.siteId) input.source = focus.siteId;
  if (ends[1]) input.destination = ends[1];
  return input;
}

/** Proper names in a question (capitalised, not its first word, not one of its words): an organization, a site. */
export function properNames(text: string): string[] {
  const tokens = text.match(/[\p{L}\p{N}][\p{L}\p{N}._-]*/gu) ?? [];
  return tokens.slice(1).filter((token) => /^\p{Lu}/u.test(token) && !QUESTION_WORDS.has(fold(token)) && !FIGURE.test(token) && token.length > 2);
}

/** The object a question names: quoted, an id, or the words left once the question's own are set aside. */
function namedObject(text: string): string | null {
  const reference = pathReference(text);
  return reference && reference.length > 1 ? reference : null;
}

// The words a slip is read as: the vocabulary's and the catalogue's own (severities, rankings, objects), five letters
// or more ("ack" misspelt is anything).
const SPELLED = [
  ...new Set([
    ...VOCABULARY_WORDS,
    ..."critical critique critiques major majeure majeures minor mineure mineures worst pire pires best meilleur highest lowest average moyenne fabric fabrics node nodes noeud noeuds uptime memory memoire prefix prefixes prefixe vlan customers clients invitations invitation pending attente connector connectors connecteur connecteurs".split(" "),
  ]),
].filter((word) => word.length >= 5);
const SPELLED_BY_LENGTH = new Map<number, string[]>();
for (const word of SPELLED) SPELLED_BY_LENGTH.set(word.length, [...(SPELLED_BY_LENGTH.get(word.length) ?? []), word]);

// Shorthand engineers type, read as the word it stands for (folded): "rename our org", "bw on the xconnect".
const SHORTHANDS: Record<string, string> = {
  org: "organization", orgs: "organizations", config: "configuration", cfg: "configuration", conf: "configuration",
  perms: "permissions", perm: "permission", bw: "bandwidth", lat: "latency", util: "utilisation", utilization: "utilisation",
  xconnect: "cross connect", xconnects: "cross connects", alm: "alarm", alms: "alarms", evt: "event", evts: "events",
  cust: "customer", custs: "customers", pkt: "packet", pkts: "packets", pwd: "password", passwd: "password",
  yday: "yesterday", yest: "yesterday", tmrw: "tomorrow", tmr: "tomorrow", tomorow: "tomorrow", hr: "hour", hrs: "hours",
  mins: "minutes", wk: "week", wks: "weeks", b4: "before", w: "with", info: "information",
  lnk: "link", lnks: "links", invit: "invitation", invits: "invitations",
  "1st": "first", "2nd": "second", "3rd": "third", "1er": "premier", "1ere": "premiere",
};

// Words read as they are: the question's own, the requests' verbs and the creation questions' words.
const KNOWN_WORDS = new Set([...QUESTION_WORDS, ...REQUEST_VERBS, ...CREATION_WORDS]);

/** A word typed with a slip, as the one vocabulary word it is closest to; itself when none or several are as close. */
function spelledWord(word: string): string {
  if (word.length < 5 || /\d/.test(word) || KNOWN_WORDS.has(word)) return word;
  const max = 1;
  let best: string | null = null;
  let bestDistance = max + 1;
  let tied = false;
  for (let length = word.length - max; length <= word.length + max; length++) {
    for (const known of SPELLED_BY_LENGTH.get(length) ?? []) {
      const distance = editDistance(word, known, max);
      if (distance < bestDistance) [best, bestDistance, tied] = [known, distance, false];
      else if (distance === bestDistance && known !== best) tied = true;
    }
  }
  return best && !tied ? best : word;
}

// "le site de berlin", "the site named atlantis": the word the object's noun introduces is its name, even in lower
// case and though no visible name holds it (the answer then says it is not seen).
const NOUN_NAMED = /(?:^|\s)(?:site|sites|chemin|path|connector|connecteur|node|noeud|nœud)\s+(?:(?:de|du|of|named|called|nommé|nomme|appelé|appele)\s+|d['’]\s*)([\p{L}][\p{L}\p{N}-]{2,})(?=[\s?!.,;]|$)/iu;

function nounNamed(text: string): string | null {
  const word = NOUN_NAMED.exec(text)?.[1];
  if (!word) return null;
  const folded = fold(word);
  return KNOWN_WORDS.has(folded) || CALENDAR_WORDS.has(folded) || FIGURE.test(word) ? null : word;
}

/** Shorthand read as the word it stands for, the other words as typed (no names known to protect). */
const unabbreviated = (folded: string) =>
  folded
    .split(" ")
    .map((word) => SHORTHANDS[word] ?? word)
    .join(" ");

const READERS: NameReaders = {
  named: namedObject,
  properNames,
  pathCreation: pathCreationInput,
  siteCreation: siteCreationInput,
  siteAction: siteActionInput,
  spell: unabbreviated,
};

// Weekdays and months are times, never names, however they are written.
const CALENDAR_WORDS = new Set(
  (
    "monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september " +
    "october november december lundi mardi mercredi jeudi vendredi samedi dimanche janvier fevrier mars avril mai juin juillet " +
    "aout septembre octobre novembre decembre"
  ).split(" "),
);

/**
 * Names first: the object a question names is one the user may see, found by its words (exactly, with a slip,
 * clipped, by a path's ends): the best name when the question tells it apart, else the words the user wrote (the tool
 * then lists the names they may mean). Quoted names and ids stand as written; a capitalised word that is no name the
 * user sees stays a name (so an unknown "Atlantis" is answered as not found); any other leftover word is ignored.
 */
// One question is read several times in a step (its names, their kind, every name, the masked time text, a
// follow-up read again): its spans are linked once per name index.
const SPANS_KEPT = 32;
const spansByIndex = new WeakMap<NameIndex, Map<string, LinkedSpan[]>>();

function linkedIn(text: string, index: NameIndex): LinkedSpan[] {
  let kept = spansByIndex.get(index);
  if (!kept) spansByIndex.set(index, (kept = new Map()));
  let spans = kept.get(text);
  if (!spans) {
    spans = linkNames(text, index, QUESTION_WORDS);
    if (kept.size >= SPANS_KEPT) kept.delete(kept.keys().next().value!);
    kept.set(text, spans);
  }
  return spans;
}

// The kind of object a question's nouns ask for ("which box…" is a node, "the site…" a site): among names a span
// cannot tell apart, the one of that kind.
const KIND_NOUNS: [Concept, string[]][] = [
  ["device", ["node", "device"]],
  ["backbone", ["node", "link"]],
  ["site", ["site"]],
  ["path", ["path"]],
  ["connector", ["connector"]],
  ["fabric", ["fabric"]],
];

const REQUEST_LEAD = new RegExp(`^(?:(?:please|pls|ok|okay|so|then|can you|could you|would you|go ahead and|i want to|je veux|peux tu|pouvez vous) )*(?:${REQUEST_VERBS.join("|")})(?= |$)`);

function toldApart(span: LinkedSpan, text: string): NameCandidate[] {
  const top = topCandidates(span);
  if (top.length < 2) return top;
  const folded = fold(text);
  // A request acts on the name as written: the action's dry run asks which one is meant ("delete the Paris site").
  if (REQUEST_LEAD.test(folded)) return top;
  const kinds = new Set(KIND_NOUNS.filter(([concept]) => mentions(folded, concept)).flatMap(([, kinds]) => kinds));
  // Only when no other name of that kind is among its candidates at all (the oracle path: two of them, asked which).
  const ofKind = span.candidates.filter((candidate) => kinds.has(candidate.entry.kind));
  return ofKind.length === 1 && top.includes(ofKind[0]) ? ofKind : top;
}

/** "The OCI path": the one path over the connector a span names, when the question speaks of a path and not of a connector. */
function connectorPath(top: NameCandidate[], text: string): string | null {
  const [entry] = top.map((candidate) => candidate.entry);
  if (top.length !== 1 || entry.kind !== "connector" || !entry.paths?.length) return null;
  const folded = fold(text);
  // "A new path on Paris DIA" is about the connector's room for one, not the paths already over it.
  if (!mentions(folded, "path") || mentions(folded, "connector") || mentions(folded, "create")) return null;
  // Several paths over it: its site's, and the answer asks which.
  return entry.paths.length === 1 ? entry.paths[0] : (entry.site ?? null);
}

/** The span a question is about: an organization named next to another name is who it is about ("contoso says paris⇄azure …"), not what. */
function mainSpan(spans: LinkedSpan[], text: string): LinkedSpan | undefined {
  const isOrganization = (span: LinkedSpan) => {
    const top = toldApart(span, text);
    return top.length === 1 && top[0].entry.kind === "organization";
  };
  return spans.length > 1 ? (spans.find((span) => !isOrganization(span)) ?? spans[0]) : spans[0];
}

function readersWith(index: NameIndex): NameReaders {
  const linked = (text: string) => linkedIn(text, index);
  // "A to B" whose ends the names do not both hold: a path the user named that they cannot see (or that does not
  // exist), answered as such, not as the one name that shares a word with one end.
  const unseenPath = (text: string, span: LinkedSpan | undefined) => {
    // Only a path's shape names two ends: an arrow, "to", "vers", "à" ("and" joins two questions as often).
    if (!/⇄|↔|⟷|<->|->|→|=>|(?:^|\s)(?:to|vers|à)(?:\s|$)/i.test(text)) return null;
    const ends = namedEnds(text, QUESTION_WORDS);
    if (ends.length < 2) return null;
    const said = span ? fold(span.text) : "";
    const covered = (end: string) => fold(end).split(" ").some((word) => said.split(" ").includes(word));
    return ends.slice(0, 2).every(covered) ? null : `${ends[0]} ⇄ ${ends[1]}`;
  };
  return {
    ...READERS,
    // "for fabrikam": the customer a site is for, however it is written, when the names hold it.
    siteAction(request, answers) {
      const input = READERS.siteAction(request, answers);
      if (input.organization) return input;
      const customer = linked(request)
        .map((span) => topCandidates(span))
        .find((top) => top.length === 1 && top[0].entry.kind === "organization");
      return customer ? { ...input, organization: customer[0].entry.name } : input;
    },
    // A new path's ends are sites the user sees: "connect lyon branch" is Lyon Branch, "notre site aws L2" the one AWS
    // site; an end no site name tells apart stays as written (the tool then says it does not see it).
    pathCreation(text, focus) {
      const input = READERS.pathCreation(text, focus);
      if (quotedNames(text).length > 0) return input;
      for (const key of ["source", "destination"] as const) {
        const end = input[key];
        if (typeof end !== "string" || !end || UUID.test(end)) continue;
        const sites = linked(end).flatMap((span) => [...new Set(span.candidates.filter((candidate) => candidate.entry.kind === "site").map((candidate) => candidate.entry.name))]);
        const best = linked(end).flatMap((span) => topCandidates(span).filter((candidate) => candidate.entry.kind === "site"));
        if (best.length === 1) input[key] = best[0].entry.name;
        else if (sites.length === 1) input[key] = sites[0];
      }
      return input;
    },
    named(text) {
      const [quoted] = quotedNames(text);
      if (quoted) return quoted;
      const id = UUID.exec(text)?.[0];
      if (id) return id;
      const span = mainSpan(linked(text), text);
      const unseen = unseenPath(text, span);
      if (unseen) return unseen;
      if (span) {
        const top = toldApart(span, text);
        return connectorPath(top, text) ?? (top.length === 1 ? top[0].entry.name : span.text);
      }
      const [proper] = properNames(text).filter((name) => !CALENDAR_WORDS.has(fold(name)));
      return proper ?? NUMBERED_NAME.exec(text)?.[0] ?? nounNamed(text);
    },
    properNames: (text) => properNames(text).filter((name) => !CALENDAR_WORDS.has(fold(name))),
    namedAll(text) {
      return linked(text).map((span) => {
        const top = topCandidates(span);
        return top.length === 1 ? { name: top[0].entry.name, kind: top[0].entry.kind } : { name: span.text, kind: null };
      });
    },
    namedKind(text) {
      if (quotedNames(text).length > 0 || UUID.test(text)) return null;
      const span = mainSpan(linked(text), text);
      const top = span && !unseenPath(text, span) ? toldApart(span, text) : [];
      if (connectorPath(top, text)) return "path";
      return top.length === 1 ? top[0].entry.kind : null;
    },
    spell(folded, text) {
      const named = new Set(linked(text).flatMap((span) => fold(span.text).split(" ")));
      return folded
        .split(" ")
        .map((word) => (named.has(word) ? word : (SHORTHANDS[word] ?? spelledWord(word))))
        .join(" ");
    },
    shape(text) {
      let shaped = text;
      // From the last span back, so that the earlier spans' offsets still hold.
      for (const span of [...linked(text)].sort((a, b) => b.start - a.start)) {
        const [top] = topCandidates(span);
        shaped = `${shaped.slice(0, span.start)} z${top?.entry.kind ?? "site"} ${shaped.slice(span.end)}`;
      }
      return shaped;
    },
    mask(text) {
      let masked = text;
      for (const span of linked(text)) masked = masked.slice(0, span.start) + " ".repeat(span.end - span.start) + masked.slice(span.end);
      return masked;
    },
  };
}

/** A question read (its concepts, names, time range, metric…), as the catalogue reads it. */
export function readReading(text: string, focus: PageFocus, options: { locale?: Locale; now?: number; names?: NameIndex; timeZone?: string } = {}): Reading {
  const readers = options.names ? readersWith(options.names) : READERS;
  return readQuestion(text, { locale: options.locale ?? "en", now: options.now ?? Date.now(), focus, readers, timeZone: options.timeZone });
}

/** The names each span of a text may mean, all of its top candidates, in the text's order. */
export function namesIn(text: string, names: NameIndex): { name: string; kind: string; words: string[] }[] {
  return linkedIn(text, names).flatMap((span) =>
    topCandidates(span).map((candidate) => ({ name: candidate.entry.name, kind: candidate.entry.kind, words: fold(span.text).split(" ") })),
  );
}

/** The intent of a question among the available tools (the catalogue of understanding/intents.ts); help when none applies. */
export function readIntent(
  text: string,
  focus: PageFocus,
  available: readonly string[],
  options: { locale?: Locale; now?: number; answers?: readonly string[]; names?: NameIndex; timeZone?: string } = {},
): Understanding & { intent: string } {
  const readers = options.names ? readersWith(options.names) : READERS;
  const reading = readQuestion(text, { locale: options.locale ?? "en", now: options.now ?? Date.now(), focus, readers, answers: options.answers, timeZone: options.timeZone });
  return understandQuestion(reading, available);
}
