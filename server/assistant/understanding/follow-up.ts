import "server-only";
import { isAssistantAction } from "@/lib/assistant/tools";
import { fold } from "../text";
import type { Reading, ToolIntent, Understanding } from "./intents";

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
  /** What a text changes of a question: its time range, metric and severity. */
  details(text: string): Pick<Reading, "range" | "metric" | "severity">;
  /** The names each span of a text may mean (all of its top candidates), in the text's order. */
  names?: NameLister;
}

const WHY = /^(?:why|pourquoi|how come|comment ca|why so|and why|et pourquoi)(?: (?:is that|that|so|it|ca|donc))?$/;
const DO_IT =
  /^(?:(?:ok|okay|yes|yep|oui|d accord|alright|great|super|parfait|bien)\s*)*(?:do it|go ahead|go for it|proceed|please do|do that|let s do it|make it so|vas y|allez y|fais le|faites le|fais ca|faites ca|lance|lance le|on y va|c est parti)(?: (?:please|now|stp|svp|maintenant))?$/;
const OTHER = /(?:^| )(?:other|another|autre|l autre)(?= |$)/;
const THE_ONE = /^(?:and |et )?(?:the one|that one|celui|celle|ceux|the path)(?= |$)/;
// As written (a serial number's or a time's punctuation matters when the request is read again).
const HOW_TO = /^\s*(?:how (?:would|do|can|should|could) (?:i|we|you)|comment (?:puis[- ]je|je peux|on peut|faire pour|faut[- ]il|dois[- ]je)|can you show me how to|tell me how to)\s+/i;
// Words that point back to what the turn before was about.
const BACK = /(?:^| )(?:it|them|em|those|these|that|this one|les|le|la|lui|eux|celui ci|celle ci|ceux ci|ca)(?= |$)/;

// What a list the turn before showed is, in words a request can take ("ack them" after the alarms).
const TOPIC_WORDS: Record<string, string> = { listOpenAlarms: "alarms", listPaths: "paths", listSites: "sites" };

/** The object the turn before was about: the path, site, node or device its tools were called for. */
function subjectOf(previous: PreviousTurn): string | null {
  for (const call of [...previous.calls].reverse()) {
    for (const key of ["path", "device", "node", "site", "connector"]) {
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

const lastCall = (previous: PreviousTurn) => previous.calls.at(-1);
const words = (text: string) => fold(text).split(" ").filter(Boolean);

const AND_NAME = /^(?:and|et|et pour|et sur|et a|and for|and on|what about|how about|same for|same with|pareil pour|idem pour|meme chose pour)(?= )/;
// The kind of object each input of a tool names.
const INPUT_KINDS: [string, readonly string[]][] = [
  ["path", ["path"]],
  ["site", ["site"]],
  ["node", ["node", "device"]],
  ["device", ["device", "node"]],
  ["connector", ["connector"]],
  ["about", ["site", "path", "connector", "node", "device"]],
];

/**
 * The turn before's question asked of the object a follow-up names, when it is of the kind the question was about;
 * a path named by one end ("et pour milan ?" after Madrid ⇄ Oracle) is the one sharing the other end.
 */
function sameOfAnother(previous: PreviousTurn, named: ReturnType<NameLister>): ToolIntent | null {
  const call = lastCall(previous);
  if (!call || isAssistantAction(call.toolName) || named.length === 0) return null;
  const entry = INPUT_KINDS.find(([key]) => typeof call.input[key] === "string");
  if (!entry) return null;
  const [key, kinds] = entry;
  const fitting = named.filter((name) => kinds.includes(name.kind) && name.name !== call.input[key]);
  const before = words(String(call.input[key]));
  const sharing = fitting.filter((name) => words(name.name).some((word) => before.includes(word)));
  const chosen = (sharing.length === 1 ? sharing : fitting.length === 1 ? fitting : sharing.length > 0 ? sharing : fitting)[0];
  return chosen ? { kind: "tool", toolName: call.toolName as ToolIntent["toolName"], input: { ...call.input, [key]: chosen.name } } : null;
}

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

  // "do it" after a how-to: the how-to's request, as a request.
  if (DO_IT.test(folded)) {
    const request = previous.question.replace(HOW_TO, "");
    if (request !== previous.question) {
      const asked = readers.read(request);
      if (asked.kind === "tool" && isAssistantAction(asked.toolName)) return asked;
    }
    const guide = previous.calls.find((call) => call.toolName === "guidePathCreation");
    if (guide && guide.input.source && guide.input.destination) return { kind: "tool", toolName: "createPath", input: guide.input };
    return null;
  }

  // "why?": about the first the turn before listed (the worst path), else about what it was about.
  if (WHY.test(folded)) {
    const [first] = listedBy(previous.calls);
    if (first) return { kind: "tool", toolName: "explainPathSla", input: { path: first } };
    const call = lastCall(previous);
    if (call?.toolName === "explainPathSla" || call?.toolName === "pathStatistics") return { kind: "tool", toolName: "explainPathSla", input: { path: call.input.path } };
    return null;
  }

  // A question that names its own object stands.
  const ownInput = own.kind === "tool" ? own.input : {};
  const namesItsOwn = ["path", "site", "node", "device", "connector", "about", "query"].some((key) => typeof ownInput[key] === "string");
  if (own.kind === "tool" && namesItsOwn && !OTHER.test(folded) && !THE_ONE.test(folded)) return null;

  // "and the other one?", "the one to AWS", "et celui vers Oracle": among the names the turn before could mean.
  if ((OTHER.test(folded) || THE_ONE.test(folded)) && readers.names) {
    const subject = subjectOf(previous);
    const meant = readers.names(previous.question).filter((name) => name.kind === "path");
    const mentioned = readers.names(text).filter((name) => name.kind === "path");
    const pool = [...new Set([...meant.map((name) => name.name), ...listedBy(previous.calls), ...(previous.earlierListed ?? []), ...mentioned.map((name) => name.name)])];
    const hints = readers.names(text).flatMap((name) => name.words);
    const hinted = hints.length > 0 ? pool.filter((name) => hints.some((hint) => words(name).includes(hint))) : pool;
    const choices = OTHER.test(folded) ? hinted.filter((name) => name !== subject) : hinted;
    if (choices.length >= 1) {
      const call = lastCall(previous);
      const tool = call && (call.toolName === "pathStatistics" || call.toolName === "explainPathSla") ? call : { toolName: "explainPathSla", input: {} };
      return { kind: "tool", toolName: tool.toolName as ToolIntent["toolName"], input: { ...tool.input, path: choices[0] } };
    }
  }

  // "and lyon?", "et pour milan ?", "what about frankfurt?": the same question of another object.
  const other = AND_NAME.test(folded) && readers.names ? sameOfAnother(previous, readers.names(text)) : null;
  if (other) return other;

  // An action on what the turn before showed: "reboot it tomorrow at 3", "redémarre-le", "ack them all".
  const subject = subjectOf(previous) ?? TOPIC_WORDS[lastCall(previous)?.toolName ?? ""] ?? null;
  if (subject && (own.kind !== "tool" || !namesItsOwn) && (BACK.test(folded) || own.kind !== "tool")) {
    const withSubject = readers.read(`${text} ${subject}`);
    if (withSubject.kind === "tool" && isAssistantAction(withSubject.toolName)) return withSubject;
    // A question about it: "quels chemins passent par lui ?", "any alarms on it?", "where is it?".
    const input = withSubject.kind === "tool" ? withSubject.input : {};
    if (BACK.test(folded) && Object.values(input).includes(subject)) return withSubject;
  }

  // "what about yesterday?", "and the jitter?", "which of them are major?": the same again, changed.
  if (own.kind !== "tool" || !namesItsOwn) {
    const { range, metric, severity } = readers.details(text);
    const change: Record<string, unknown> = {};
    if (range) Object.assign(change, { from: range.from, to: range.to }, range.compare ? { compare: true } : {});
    if (metric) change.metric = metric;
    if (severity) change.severity = severity;
    if (Object.keys(change).length === 0) return null;
    const call = lastCall(previous);
    // A metric asked of a path's state is a question about its statistics.
    if (call?.toolName === "explainPathSla" && (metric || range)) {
      return { kind: "tool", toolName: "pathStatistics", input: { path: call.input.path, ...change } };
    }
    return sameAgain(previous, change);
  }
  return null;
}
