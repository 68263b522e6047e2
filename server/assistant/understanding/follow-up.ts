import "server-only";
import { isAssistantAction } from "@/lib/assistant/tools";
import { fold } from "../text";
import type { Reading, ToolIntent, Understanding } from "./reading";
import { mentions, VOCABULARY_WORDS } from "./vocabulary";

// A conversation (issue 40, scope 4): a follow-up is read against the turn before it — its question, the tool calls
// that answered it and what they found. "why?" after a ranking asks about its first; "and the other one?", "the one
// to AWS" pick among the names the turn before could mean; "what about yesterday?", "and the jitter?", "which are
// major?" ask the same again, changed; "do it" after a how-to makes it a proposal; "reboot it" acts on what it showed.

export interface ToolCallSeen {
  toolName: string;
  input: Record<string, unknown>;
  /** The tool's output (JSON), when it answered. */
  output?: unknown;
}

export interface PreviousTurn {
  question: string;
  calls: ToolCallSeen[];
  /** The names the latest list of an earlier turn showed (a ranking two turns back: "why?", then "and the other one?"). */
  earlierListed?: string[];
}

/** How a follow-up reads the names of a text: the best names its words stand for, any kind, best first. */
export type NameLister = (text: string) => { name: string; kind: string; words: string[] }[];

export interface FollowUpReaders {
  /** Reads a text as a question of its own. */
  read(text: string): Understanding & { intent: string };
  /** What a text changes of a question: its time range, metric and severity, and the instant a request names. */
  details(text: string): Pick<Reading, "range" | "metric" | "severity" | "at">;
  /** The names each span of a text may mean (all of its top candidates), in the text's order. */
  names?: NameLister;
}

const WHY = /^(?:why|pourquoi|how come|comment ca|why so|and why|et pourquoi)(?: (?:is that|that|so|it|ca|donc))?$/;
const DO_IT =
  /^(?:(?:ok|okay|yes|yep|yeah|yup|sure|oui|ouais|d accord|alright|great|super|parfait|bien|please|pls|plz|cool|bon|alors)\s*)*(?:do it|go ahead|go for it|proceed|please do|do that|let s do it|make it so|vas y|allez y|fais le|faites le|fais ca|faites ca|lance|lance le|on y va|c est parti|(?:create|book|schedule|submit|apply|send|set up|cree|creez|planifie|planifiez|envoie|applique)(?: it| that| them| le| la| les| ca)|set it up)(?: and (?:create|book|schedule|submit|apply|do|make|set up) (?:it|that|them))?(?: (?:please|pls|now|stp|svp|maintenant))?(?: (.+))?$/;
// "make it 5am", "actually 4am instead", "plutôt à 5h": the proposal before, at another time.
const RETIME =
  /^(?:(?:actually|hmm|hm|no|nope|non|euh|en fait|wait|oh|ok|sorry|rather|finalement|ah)\s+)*(?:make it|change it to|move it to|change to|move to|do it at|instead at|plutot(?: a)?|mets(?: le| la)?(?: plutot)? a|decale(?: le| la)?(?: a)?|fais le a)\s+(.+?)(?:\s+(?:instead|plutot|please|pls|stp|svp))?$/;
// A day named in a new time ("make it friday 5am"): taken as said; a time of day alone keeps the proposal's day.
const DAY_NAMED = /(?:^| )(?:today|tomorrow|tonight|aujourd|demain|ce soir|monday|tuesday|wednesday|thursday|friday|saturday|sunday|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|\d{1,2} (?:jan|feb|fev|mar|apr|avr|may|mai|jun|juin|jul|juil|aug|aou|sep|oct|nov|dec)\S*)(?= |$)|\d{1,2}[/.]\d{1,2}|\d{4} \d{2} \d{2}/;
// "the day before", "la veille", "the week before that": the range before the one the turn before asked about.
const BEFORE_THAT =
  /(?:^| )(?:(?:the )?(day|week|month|hour) before(?: that| it)?|(?:the )?previous (day|week|month)|(la) veille|(?:le|la) (jour|semaine|mois) (?:d avant|precedente?|d avant ca|d avant)|before that|avant ca|the one before)(?= |$)/;
const UNIT_MS: Record<string, number> = { hour: 3600_000, day: 86_400_000, jour: 86_400_000, la: 86_400_000, week: 7 * 86_400_000, semaine: 7 * 86_400_000, month: 30 * 86_400_000, mois: 30 * 86_400_000 };
// "list em", "show me them", "lesquels ?" after a count: the same list, with its rows.
const LIST_THEM =
  /^(?:(?:ok|so|and|then|et|alors|now|cool|great|pls|please|can you|could you)\s+)*(?:(?:list|show|name|give|display|montre|montrez|liste|listez|donne|donnez|affiche|affichez|cite)(?: me| moi| nous)?\s+(?:them|em|those|these|les|them all|all of them|the list|la liste|which ones)|which ones|which are they|what are they|lesquels|lesquelles|c est lesquels|quels sont ils|quelles sont elles)(?:\s+(?:please|pls|stp|svp|then|alors|all|tous|toutes))*$/;
// "the l2 one", "the unknown one", "celui en l2": one of the paths the turn before listed, by its layer or state.
const HINTED_ONE =
  /(?:^| )(?:(?:the|that) (l2|l3|layer 2|layer 3|bad|warning|healthy|unknown|degraded|red|green) (?:one|path)|(?:celui|celle|le chemin) (?:en |de |du |qui est |qui est en )?(l2|l3|couche 2|couche 3|mauvais|bad|warning|sain|inconnu|unknown|degrade))(?= |$)/;
const HINTS: Record<string, { layer?: "layer2" | "layer3"; sla?: "bad" | "warning" | "healthy" | "unknown" }> = {
  l2: { layer: "layer2" }, "layer 2": { layer: "layer2" }, "couche 2": { layer: "layer2" },
  l3: { layer: "layer3" }, "layer 3": { layer: "layer3" }, "couche 3": { layer: "layer3" },
  bad: { sla: "bad" }, red: { sla: "bad" }, mauvais: { sla: "bad" }, degraded: { sla: "bad" }, degrade: { sla: "bad" },
  warning: { sla: "warning" }, healthy: { sla: "healthy" }, green: { sla: "healthy" }, sain: { sla: "healthy" },
  unknown: { sla: "unknown" }, inconnu: { sla: "unknown" },
};
const OTHER = /(?:^| )(?:other|another|autre|l autre)(?= |$)/;
// "the one to AWS", "the aws one", "that one", "celui vers Oracle", "le chemin de lyon".
const THE_ONE = /^(?:and |et )?(?:the (?:[a-z0-9]+ ){0,3}(?:one|path)|that one|celui|celle|ceux|le chemin)(?= |$)/;
// "the second one", "le deuxième", "the last": a place in what the turn before listed.
const ORDINALS: [RegExp, number][] = [
  [/^(?:first|1st|premier|premiere|1er|1ere)$/, 0],
  [/^(?:second|2nd|deuxieme|seconde|2e|2eme)$/, 1],
  [/^(?:third|3rd|troisieme|3e|3eme)$/, 2],
  [/^(?:fourth|4th|quatrieme|4e|4eme)$/, 3],
  [/^(?:fifth|5th|cinquieme|5e|5eme)$/, 4],
  [/^(?:last|dernier|derniere)$/, -1],
];
const ORDINAL_LEAD = /^(?:(?:and|et|ok|so|then|alors|puis|what about|and what about|et pour|show me|montre moi|the|le|la|l|number|numero|no)\s+)*([a-z0-9]+)(?:\s+(?:one|path|site|node|un|une|chemin|noeud|in the list|de la liste|please|pls|stp|svp|then|alors))*$/;
// "which one is worse?", "lequel est le pire ?", "which of them is better": the comparison's verdict.
const VERDICT =
  /^(?:(?:and|et|so|ok|alors|donc)\s+)?(?:which|lequel|laquelle|quel|quelle)(?: one| of them| of the two| of both| des deux| d entre eux)? (?:is |s |est |a |has |a la |a le |has the )?(?:(?:the |le |la |l )?(?:latency|latence|jitter|gigue|loss|perte|pertes|delay|delai) )?(?:the |le |la )?(worse|worst|better|best|pire|meilleur|meilleure|plus mauvais|plus mauvaise|in worse shape|en pire etat|lower|lowest|higher|highest|faster|fastest|slower|slowest|plus bas|plus basse|plus faible|plus haut|plus haute|plus eleve|plus elevee|plus rapide|plus lent|plus lente)(?= |$)/;
/** A figure compared: "which is lower?" is the smaller figure (the better path), "which is higher?" the larger. */
const FIGURE_VERDICT: Record<string, "lowest" | "highest"> = {
  lower: "lowest", lowest: "lowest", faster: "lowest", fastest: "lowest", "plus bas": "lowest", "plus basse": "lowest", "plus faible": "lowest", "plus rapide": "lowest",
  higher: "highest", highest: "highest", slower: "highest", slowest: "highest", "plus haut": "highest", "plus haute": "highest", "plus eleve": "highest", "plus elevee": "highest", "plus lent": "highest", "plus lente": "highest",
};
const METRIC_SAID: [RegExp, "latencyMs" | "jitterMs" | "lossPercent"][] = [
  [/(?:^| )(?:jitter|gigue)(?= |$)/, "jitterMs"],
  [/(?:^| )(?:loss|perte|pertes|packet loss)(?= |$)/, "lossPercent"],
  [/(?:^| )(?:latency|latence|delay|delai|rtt)(?= |$)/, "latencyMs"],
];
// "and lyon?", "et pour milan ?", "what about the frankfurt one?": the same question about another name.
// "no i meant lyon", "non, je voulais dire Milan", "not paris, lyon": the same question, about the name meant.
const AND_NAME =
  /^(?:and|et|and for|et pour|et avec|what about|how about|same for|same with|same thing for|same question for|now for|pareil pour|idem pour|meme chose pour|meme question pour|(?:no|nope|non|sorry|pardon|oops)?\s*(?:i meant|i mean|i said|je voulais dire|je parlais de|je pensais a)|(?:no|nope|non)(?: not \S+)?|not \S+|pas \S+)\s+(.+)$/;
const SLA_RANK: Record<string, number> = { healthy: 0, unknown: 1, warning: 2, bad: 3 };
// The inputs that name what a question is about, most specific first.
const NAME_KEYS = ["path", "site", "node", "device", "connector", "query", "about"] as const;
// As written (a serial number's or a time's punctuation matters when the request is read again).
const HOW_TO = /^\s*(?:how (?:would|do|can|should|could) (?:i|we|you)|how to|comment (?:puis[- ]je|je peux|on peut|faire pour|faut[- ]il|dois[- ]je)|comment(?= \S+er\s)|can you show me how to|tell me how to)\s+/i;
// Words that point back to what the turn before was about.
const BACK = /(?:^| )(?:it|them|em|those|these|that|this one|les|le|la|lui|eux|celui ci|celle ci|ceux ci|ca|its|their|ses|son|sa|leur|leurs|dessus|dedans|lesquels|lesquelles|of them|parmi eux)(?= |$)| (?:there|over there|la bas)$/;

// What a list the turn before showed is, in words a request can take ("ack them" after the alarms).
const TOPIC_WORDS: Record<string, string> = { listOpenAlarms: "alarms", listPaths: "paths", listSites: "sites" };

/** The object the turn before was about: the path, site, node or device its tools were called for. */
function subjectOf(previous: PreviousTurn, also: readonly string[] = []): string | null {
  for (const call of [...previous.calls].reverse()) {
    for (const key of ["path", "device", "node", "site", "connector", ...also]) {
      const value = call.input[key];
      if (typeof value === "string" && value.trim()) return value;
    }
  }
  return null;
}

/** The names a ranking or a list showed, in its order (the worst path first), from tool calls. */
export function listedBy(calls: ToolCallSeen[]): string[] {
  for (const call of calls) {
    const output = call.output as { paths?: { name?: unknown }[]; candidates?: { name?: unknown }[] } | undefined;
    const rows = output?.paths ?? output?.candidates;
    if (Array.isArray(rows)) return rows.map((row) => row.name).filter((name): name is string => typeof name === "string");
  }
  return [];
}

/** The paths a list showed, with their state and layer (a Layer 3 path lists its prefixes). */
function listedPaths(calls: ToolCallSeen[]): { name: string; sla: string | null; layer: "layer2" | "layer3" }[] {
  for (const call of calls) {
    const rows = (call.output as { paths?: { name?: unknown; sla?: unknown; prefixes?: unknown }[] } | undefined)?.paths;
    if (Array.isArray(rows))
      return rows.flatMap((row) =>
        typeof row.name === "string" ? [{ name: row.name, sla: typeof row.sla === "string" ? row.sla : null, layer: Array.isArray(row.prefixes) && row.prefixes.length > 0 ? ("layer3" as const) : ("layer2" as const) }] : [],
      );
  }
  return [];
}

const lastCall = (previous: PreviousTurn) => previous.calls.at(-1);

/** A question asked of one path the follow-up picked: its own tool when it reads one, else that path's state. */
function aboutPath(text: string, own: Understanding, chosen: string, readers: FollowUpReaders): Understanding {
  if (own.kind === "tool" && typeof own.input.path === "string" && !isAssistantAction(own.toolName)) return { ...own, input: { ...own.input, path: chosen } };
  const again = readers.read(`${text} ${chosen}`);
  if (again.kind === "tool" && !isAssistantAction(again.toolName) && again.input.path === chosen) return again;
  return { kind: "tool", toolName: "explainPathSla", input: { path: chosen } };
}

/** The instant a new time names, on the proposal's own day when it names a time of day alone. */
function retimed(before: number, at: Date, said: string): string {
  if (DAY_NAMED.test(said)) return at.toISOString();
  const day = 86_400_000;
  let shift = (((at.getTime() - before) % day) + day) % day;
  if (shift > day / 2) shift -= day;
  return new Date(before + shift).toISOString();
}

/** The place an ordinal names ("the second one" → 1, "the last" → -1), or null when the text is no ordinal. */
export function ordinalOf(folded: string): number | null {
  const word = ORDINAL_LEAD.exec(folded)?.[1];
  if (!word) return null;
  return ORDINALS.find(([pattern]) => pattern.test(word))?.[1] ?? null;
}

/** The same question about another object: the last call's tool (a list's answer is a path's state), with its name. */
function askedAbout(previous: PreviousTurn, name: string): ToolIntent {
  const call = lastCall(previous);
  const key = call && ["path", "site", "node", "device", "connector"].find((candidate) => typeof call.input[candidate] === "string");
  if (!call || !key || isAssistantAction(call.toolName)) return { kind: "tool", toolName: "explainPathSla", input: { path: name } };
  return { kind: "tool", toolName: call.toolName as ToolIntent["toolName"], input: { ...call.input, [key]: name } };
}

const COMPARE_WITH = /(?:^| )(?:compare|compared|comparer|comparez|compare le|compare la|vs|versus|against|contre|par rapport a)(?= |$)/;

/** "compare w/ madrid ⇄ oracle" after a question about one path: that path and the new one, with the same tool. */
function compareWith(folded: string, own: Understanding, previous: PreviousTurn): ToolIntent | null {
  if (!COMPARE_WITH.test(folded) || own.kind !== "tool" || typeof own.input.path !== "string") return null;
  const call = lastCall(previous);
  const before = call && typeof call.input.path === "string" ? call.input.path : null;
  if (!call || !before || before === own.input.path || isAssistantAction(call.toolName)) return null;
  const tool = call.toolName as ToolIntent["toolName"];
  return { kind: "tool", toolName: tool, input: { ...call.input, path: before }, also: [{ toolName: tool, input: { ...call.input, path: own.input.path } }] };
}

type Measured = { latencyMs?: number | null; jitterMs?: number | null; lossPercent?: number | null };

/**
 * Of the paths the turn before showed side by side, the worse (worst state, then highest latency) or the better; or,
 * for a figure compared ("which is lower?"), the one with the lowest or highest value of the metric asked (latency
 * unless another is named or was asked before). Paths without that figure are left out.
 */
function verdictOf(previous: PreviousTurn, worse: boolean, figure: { metric: keyof Measured; pick: "lowest" | "highest" } | null = null): string | null {
  const shown = previous.calls.flatMap((call) => {
    const output = call.output as { status?: string; path?: { name?: string; sla?: string }; measurement?: Measured | null } | undefined;
    if (output?.status !== "found" || typeof output.path?.name !== "string") return [];
    return [{ name: output.path.name, rank: SLA_RANK[output.path.sla ?? ""] ?? 1, latency: output.measurement?.latencyMs ?? 0, measured: output.measurement ?? null }];
  });
  if (shown.length < 2) return null;
  if (figure) {
    const valued = shown.flatMap((item) => {
      const value = item.measured?.[figure.metric];
      return typeof value === "number" ? [{ name: item.name, value }] : [];
    });
    if (valued.length < 2) return null;
    const sorted = [...valued].sort((a, b) => a.value - b.value);
    return (figure.pick === "lowest" ? sorted[0] : sorted.at(-1)!).name;
  }
  const sorted = [...shown].sort((a, b) => b.rank - a.rank || b.latency - a.latency);
  return (worse ? sorted[0] : sorted.at(-1)!).name;
}

/** The metric a figure verdict compares: the one the follow-up names, else the one asked before, else latency. */
function verdictMetric(folded: string, previous: PreviousTurn): keyof Measured {
  const said = METRIC_SAID.find(([pattern]) => pattern.test(folded))?.[1];
  if (said) return said;
  const before = fold(previous.question);
  return METRIC_SAID.find(([pattern]) => pattern.test(before))?.[1] ?? "latencyMs";
}
const words = (text: string) => fold(text).split(" ").filter(Boolean);

// The answers that explain how the console works: a question of its own, never the turn before's asked again.
const GUIDES: ReadonlySet<string> = new Set(["guideScreen", "guideTask", "guidePathCreation", "guideSiteCreation", "explainRules", "gettingStarted"]);
/** At most this many words, a follow-up that names a time, metric or severity changes the question before. */
const SHORT_FOLLOW_UP = 4;
const RANKED_BY = { latencyMs: "latency", jitterMs: "jitter", lossPercent: "loss" } as const;

/** The same tool as the turn before, with what the follow-up changes (a time range, a metric, a severity). */
function sameAgain(previous: PreviousTurn, change: Record<string, unknown>): ToolIntent | null {
  const call = lastCall(previous);
  if (!call || isAssistantAction(call.toolName)) return null;
  return { kind: "tool", toolName: call.toolName as ToolIntent["toolName"], input: { ...call.input, ...change } };
}

/**
 * The follow-up's meaning, or null when it is a question of its own (or nothing before it helps). `own`: the
 * follow-up read alone.
 */
export function readFollowUp(text: string, own: Understanding & { intent: string }, previous: PreviousTurn | null, readers: FollowUpReaders): Understanding | null {
  if (!previous) return null;
  const folded = fold(text);

  // "make it 5am" after a proposal: the same request at the new time (its day kept when only the hour changes).
  const retime = RETIME.exec(folded);
  const newTime = retime ? readers.details(retime[1]).at : null;
  if (retime && newTime) {
    const asked = readers.read(previous.question);
    if (asked.kind === "tool" && isAssistantAction(asked.toolName) && typeof asked.input.at === "string") {
      return { ...asked, input: { ...asked.input, at: retimed(Date.parse(asked.input.at), newTime, retime[1]) } };
    }
  }

  // "do it" after a how-to: the how-to's request, as a request.
  const doIt = DO_IT.exec(folded);
  // "ok vas-y, demain 2h": what follows the go-ahead completes the request (its time, a note).
  const tail = doIt?.[1] && (readers.details(doIt[1]).range !== null || /\d/.test(doIt[1])) ? text.slice(text.length - doIt[1].length) : doIt?.[1] ? null : "";
  if (doIt && tail !== null) {
    const request = previous.question.replace(HOW_TO, "");
    if (request !== previous.question) {
      const asked = readers.read(tail ? `${request.replace(/\s*[?.!]+\s*$/, "")} ${tail}` : request);
      if (asked.kind === "tool" && isAssistantAction(asked.toolName)) return asked;
    }
    const guide = previous.calls.find((call) => call.toolName === "guidePathCreation");
    if (guide && guide.input.source && guide.input.destination) return { kind: "tool", toolName: "createPath", input: guide.input };
    return null;
  }

  // "list em" after "how many are unassigned?": the same read, as a list rather than counts.
  if (LIST_THEM.test(folded)) {
    const call = lastCall(previous);
    if (call && !isAssistantAction(call.toolName)) {
      const { byStatus: _byStatus, groupBy: _groupBy, total: _total, ...input } = call.input;
      return { kind: "tool", toolName: call.toolName as ToolIntent["toolName"], input };
    }
  }

  // "and the day before?", "et la veille ?": the same read over the period just before the one it covered.
  const periodBefore = BEFORE_THAT.exec(folded);
  const ranged = lastCall(previous);
  if (periodBefore && ranged && !isAssistantAction(ranged.toolName) && typeof ranged.input.from === "string") {
    const from = Date.parse(ranged.input.from);
    const to = typeof ranged.input.to === "string" ? Date.parse(ranged.input.to) : Date.now();
    const unit = periodBefore.slice(1).find(Boolean);
    const span = unit ? UNIT_MS[unit] : to - from;
    return sameAgain(previous, { from: new Date(from - span).toISOString(), to: new Date(from).toISOString() });
  }

  // "why?": about the first the turn before listed (the worst path), else about what it was about.
  if (WHY.test(folded)) {
    const [first] = listedBy(previous.calls);
    if (first) return { kind: "tool", toolName: "explainPathSla", input: { path: first } };
    const call = lastCall(previous);
    if (call?.toolName === "explainPathSla" || call?.toolName === "pathStatistics") return { kind: "tool", toolName: "explainPathSla", input: { path: call.input.path } };
    // "any alarms on paris ⇄ azure?" → "why?": why that object is as it is, read as a question of its own.
    const about = subjectOf(previous, ["about"]);
    const asked = about ? readers.read(`why ${about}`) : null;
    return asked?.kind === "tool" && !isAssistantAction(asked.toolName) ? asked : null;
  }

  // "the second one", "le dernier": that place in the list or the candidates the turn before showed.
  const place = ordinalOf(folded);
  if (place !== null) {
    const listed = listedBy(previous.calls);
    const pool = listed.length > 0 ? listed : (previous.earlierListed ?? []);
    const chosen = place < 0 ? pool.at(place) : pool[place];
    if (chosen) return askedAbout(previous, chosen);
  }

  // "the l2 one, what vlan?", "why's the unknown one unknown?": the listed path of that layer or state; none of that
  // state is said by the list of that state, empty.
  const hinted = HINTED_ONE.exec(folded);
  const listedRows = listedPaths(previous.calls);
  if (hinted && listedRows.length > 0) {
    const hint = HINTS[hinted[1] ?? hinted[2]];
    const matching = listedRows.filter((row) => (!hint.layer || row.layer === hint.layer) && (!hint.sla || row.sla === hint.sla));
    if (matching[0]) return aboutPath(text, own, matching[0].name, readers);
    const list = previous.calls.find((call) => call.toolName === "listPaths");
    if (hint.sla && list) return { kind: "tool", toolName: "listPaths", input: { ...list.input, health: hint.sla } };
  }

  // "and lyon?", "et pour milan ?": the question before, about that name (of the same kind as what it was about).
  const other = AND_NAME.exec(folded);
  const before = lastCall(previous);
  if (other && before && !isAssistantAction(before.toolName) && readers.names) {
    const key = NAME_KEYS.find((candidate) => typeof before.input[candidate] === "string");
    const subject = key ? String(before.input[key]) : null;
    const said = readers.names(other[1]);
    // A path by one new end ("milan" after Madrid ⇄ Oracle): the one that keeps most of the path before. A search or
    // a subject of any kind ("how many paths does contoso have" → "same for fabrikam") takes the name of any kind.
    const kind = key === "device" ? "node" : key;
    const anyKind = key === "query" || key === "about";
    const shared = (name: string) => words(name).filter((word) => subject !== null && words(subject).includes(word)).length;
    const candidates = said.filter((name) => (anyKind || name.kind === kind) && name.name !== subject).sort((a, b) => shared(b.name) - shared(a.name));
    if (candidates[0] && key) return { kind: "tool", toolName: before.toolName as ToolIntent["toolName"], input: { ...before.input, [key]: candidates[0].name } };
    // "and initech?" where no name the user sees matches, and nothing else is asked: the same question about the
    // words as written, which the tool answers as not seen.
    const asWritten = text.trim().replace(/[?!.\s]+$/, "").split(/\s+/).slice(-other[1].split(" ").length).join(" ");
    const { range, metric, severity } = readers.details(other[1]);
    // Only words that could be a name: none of the conversation's own ("the other one", "ses connecteurs").
    const plain =
      other[1].split(" ").length <= 3 &&
      !range && !metric && !severity && !/\d/.test(other[1]) &&
      !OTHER.test(other[1]) && !BACK.test(other[1]) &&
      !other[1].split(" ").some((word) => VOCABULARY_WORDS.has(word) || /^(?:the|one|ones|le|la|les|l|un|une|des|du|de|a|an)$/.test(word));
    if (key && said.length === 0 && own.kind !== "tool" && plain && !isAssistantAction(before.toolName)) {
      return { kind: "tool", toolName: before.toolName as ToolIntent["toolName"], input: { ...before.input, [key]: asWritten } };
    }
  }

  // "which one is worse?" after a comparison: the worse of the two, explained.
  const verdict = VERDICT.exec(folded);
  if (verdict) {
    const worse = !/^(?:better|best|meilleur|meilleure)$/.test(verdict[1]);
    const pick = FIGURE_VERDICT[verdict[1]];
    const chosen = verdictOf(previous, worse, pick ? { metric: verdictMetric(folded, previous), pick } : null);
    if (chosen) return { kind: "tool", toolName: "explainPathSla", input: { path: chosen } };
  }

  // "compare w/ madrid ⇄ oracle" after a path: both, side by side, with the question before's tool.
  const compared = compareWith(folded, own, previous);
  if (compared) return compared;

  // A question that names its own object stands.
  const ownInput = own.kind === "tool" ? own.input : {};
  const namesItsOwn = ["path", "site", "node", "device", "connector", "about", "query"].some((key) => typeof ownInput[key] === "string");
  if (own.kind === "tool" && namesItsOwn && !OTHER.test(folded) && !THE_ONE.test(folded)) return null;

  // "and the other one?", "the one to AWS", "et celui vers Oracle": among the names the turn before could mean. A
  // request names its own ("ack the lyon one, note …").
  if ((OTHER.test(folded) || THE_ONE.test(folded)) && readers.names && !(own.kind === "tool" && isAssistantAction(own.toolName))) {
    const subject = subjectOf(previous);
    const meant = readers.names(previous.question).filter((name) => name.kind === "path");
    const mentioned = readers.names(text).filter((name) => name.kind === "path");
    const pool = [...new Set([...meant.map((name) => name.name), ...listedBy(previous.calls), ...(previous.earlierListed ?? []), ...mentioned.map((name) => name.name)])];
    const hints = readers.names(text).flatMap((name) => name.words);
    const hinted = hints.length > 0 ? pool.filter((name) => hints.some((hint) => words(name).includes(hint))) : pool;
    const choices = OTHER.test(folded) ? hinted.filter((name) => name !== subject) : hinted;
    if (choices.length >= 1) {
      // "the aws one, what bandwidth is it provisioned at?": the question's own tool, about that path.
      if (own.kind === "tool" && typeof own.input.path === "string" && !isAssistantAction(own.toolName)) return { ...own, input: { ...own.input, path: choices[0] } };
      const call = lastCall(previous);
      const tool = call && (call.toolName === "pathStatistics" || call.toolName === "explainPathSla") ? call : { toolName: "explainPathSla", input: {} };
      return { kind: "tool", toolName: tool.toolName as ToolIntent["toolName"], input: { ...tool.input, path: choices[0] } };
    }
  }

  // An action on what the turn before showed: "reboot it tomorrow at 3", "redémarre-le", "ack them all".
  const named = subjectOf(previous);
  const topic = named ? null : (TOPIC_WORDS[lastCall(previous)?.toolName ?? ""] ?? null);
  const subject = named ?? topic;
  if (subject && (own.kind !== "tool" || !namesItsOwn) && (BACK.test(folded) || own.kind !== "tool")) {
    const withSubject = readers.read(`${text} ${subject}`);
    if (withSubject.kind === "tool" && isAssistantAction(withSubject.toolName)) return withSubject;
    // A question about it: "quels chemins passent par lui ?", "any alarms on it?", "where is it?".
    const input = withSubject.kind === "tool" ? withSubject.input : {};
    // A bare word that asks nothing alone ("uptime?", "and the alarms?") is asked of it, unless it changes the time,
    // metric or severity of the question before (read below).
    const { range, metric, severity } = readers.details(text);
    const changes = Boolean(range ?? metric ?? severity);
    if ((BACK.test(folded) || (own.kind !== "tool" && !changes)) && Object.values(input).includes(subject)) return withSubject;
    // "which of those are down?" after the sites: the same list, filtered as asked.
    if (topic && BACK.test(folded) && withSubject.kind === "tool" && withSubject.toolName === lastCall(previous)?.toolName) return withSubject;
  }

  // "what about yesterday?", "and the jitter?", "which of them are major?": the same again, changed. A how-to or a
  // rule asked on its own ("comment comparer … avec la semaine dernière sur le tableau de bord ?") stands.
  if (own.kind !== "tool" || (!namesItsOwn && !GUIDES.has(own.toolName))) {
    const { range, metric, severity } = readers.details(text);
    const change: Record<string, unknown> = {};
    if (range) Object.assign(change, { from: range.from, to: range.to }, range.compare ? { compare: true } : {});
    if (metric) change.metric = metric;
    if (severity) change.severity = severity;
    if (Object.keys(change).length === 0) return null;
    const call = lastCall(previous);
    // A whole question of its own ("quel lien du backbone a la pire latence ?" after the users) stands: only a short
    // one ("and the jitter?") or one asking the same tool again ("which of them are major?") changes the one before.
    if (own.kind === "tool" && own.toolName !== call?.toolName && words(text).length > SHORT_FOLLOW_UP) return null;
    // A metric alone asked of a path's state ("and the jitter?") is its figure now, which the state shows.
    if (call?.toolName === "explainPathSla" && metric && !range && !mentions(folded, "statistic")) return sameAgain(previous, {});
    // A metric asked of a path's state over a time, or as a statistic, is a question about its statistics.
    if (call?.toolName === "explainPathSla" && (metric || range)) {
      return { kind: "tool", toolName: "pathStatistics", input: { path: call.input.path, ...change } };
    }
    // A metric asked of a ranking ranks by it ("top 3 by latency", then "and the jitter?").
    if (call?.toolName === "listPaths" && metric && typeof call.input.sort === "string") {
      const { metric: _metric, ...rest } = change;
      return sameAgain(previous, { ...rest, sort: RANKED_BY[metric] });
    }
    return sameAgain(previous, change);
  }
  return null;
}
