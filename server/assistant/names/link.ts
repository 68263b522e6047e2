import "server-only";
import { foldText } from "@/lib/locations/text";
import type { NamedEntry, NameForm, NameIndex, WordMatch } from "./name-index";

// Names first: the spans of a question that stand for names the user may see, each with the names it may mean, best
// first. A word is part of a name only when the index holds it (exactly, with a slip, clipped); a word that is no
// name's ("inactive", "monday", "avons-nous", "highest") is never turned into one. A span needs one word that is not
// the product's own vocabulary ("path" alone is not "Path 00042", "Paris" alone is a name).

export interface QuestionWord {
  text: string;
  folded: string;
  /** Offsets in the question. */
  start: number;
  end: number;
}

export interface NameCandidate {
  entry: NamedEntry;
  /** How much of the name the span says (1: all of it), times how well its words were typed. */
  score: number;
}

export interface LinkedSpan {
  start: number;
  end: number;
  text: string;
  /** The names it may mean, best first; several at the top score: the user must say which. */
  candidates: NameCandidate[];
}

/** Words between two names of one span: "Paris to Frankfurt", "Lyon et Paris", "Madrid à Oracle". */
const JOINING = new Set(["to", "vers", "a", "and", "et", "x"]);
const CANDIDATES_MAX = 12;
const FORMS_PER_SPAN_MAX = 400;
/** A name the span says less of than this is no candidate ("HQ" alone for "Paris HQ" is one; "a" for "Path A to B" is not). */
const COVERAGE_MIN = 0.3;
/** Candidates within this of the best are as good as it: the question does not tell them apart. */
const TIE = 0.02;

export function questionWords(question: string): QuestionWord[] {
  return [...question.matchAll(/[\p{L}\p{N}]+/gu)].map((match) => ({
    text: match[0],
    folded: foldText(match[0]),
    start: match.index,
    end: match.index + match[0].length,
  }));
}

interface Scored {
  form: NameForm;
  score: number;
}

/** How well the words from..to (joining words aside) say a form: every word must be one of the form's, each once. */
function scoreSpan(form: NameForm, matches: WordMatch[][], from: number, to: number, joining: boolean[]): number {
  const used = new Set<number>();
  let typed = 0;
  let said = 0;
  for (let i = from; i <= to; i++) {
    if (joining[i]) continue;
    let best = 0;
    let bestAt = -1;
    for (const match of matches[i]) {
      for (let k = 0; k < form.words.length; k++) {
        if (!used.has(k) && form.words[k] === match.word && match.score > best) {
          best = match.score;
          bestAt = k;
        }
      }
    }
    if (bestAt < 0) return 0;
    used.add(bestAt);
    typed += best;
    said += 1;
  }
  if (said === 0) return 0;
  const coverage = used.size / form.words.length;
  return coverage * (typed / said);
}

/**
 * The names a question gives. `vocabulary`: the product's own words (folded), which lengthen a name but never make
 * one alone.
 */
export function linkNames(question: string, index: NameIndex, vocabulary: ReadonlySet<string>): LinkedSpan[] {
  const words = questionWords(question);
  const matches = words.map((word) => index.matches(word.folded).slice(0, 6));
  const joining = words.map((word) => JOINING.has(word.folded));
  const named = words.map((_, i) => matches[i].length > 0);
  const spans: LinkedSpan[] = [];

  // Runs of name words, joining words kept inside when a name word follows them.
  let i = 0;
  while (i < words.length) {
    if (!named[i]) {
      i++;
      continue;
    }
    let end = i;
    while (end + 1 < words.length && (named[end + 1] || (joining[end + 1] && end + 2 < words.length && named[end + 2]))) end++;
    spans.push(...linkRun(question, words, matches, joining, vocabulary, index, i, end));
    i = end + 1;
  }
  return spans.sort((a, b) => a.start - b.start);
}

function linkRun(
  question: string,
  words: QuestionWord[],
  matches: WordMatch[][],
  joining: boolean[],
  vocabulary: ReadonlySet<string>,
  index: NameIndex,
  from: number,
  to: number,
): LinkedSpan[] {
  // Trim joining words at the ends.
  while (from <= to && joining[from] && !matches[from].length) from++;
  while (to >= from && joining[to] && !matches[to].length) to--;
  if (from > to) return [];
  // Part of one written token whose other part names nothing ("MX-C100-0151" where only "MX-C100" is a name's): an
  // identifier the names do not hold, never the name it shares a prefix with.
  const glued = (a: number, b: number) => /^[-_./]$/.test(question.slice(words[a].end, words[b].start));
  if ((from > 0 && glued(from - 1, from) && matches[from - 1].length === 0) || (to + 1 < words.length && glued(to, to + 1) && matches[to + 1].length === 0)) return [];
  // A word of its own: not the product's vocabulary, and not a bare number ("at 03:30" names nothing; "path 42" does,
  // with its noun).
  const hasLetter = (k: number) => /\p{L}/u.test(words[k].folded);
  const distinctive = (k: number) => !joining[k] && !vocabulary.has(words[k].folded) && hasLetter(k);
  const numberWithNoun = (start: number, end: number) => {
    let number = false;
    let noun = false;
    for (let k = start; k <= end; k++) {
      if (joining[k]) continue;
      if (hasLetter(k)) noun = true;
      else number = true;
    }
    return number && noun;
  };
  if (![...Array(to - from + 1).keys()].some((k) => distinctive(from + k)) && !numberWithNoun(from, to)) return [];

  // The forms any word of the run may belong to, those sharing most of its words first.
  const hits = new Map<NameForm, number>();
  for (let k = from; k <= to; k++) {
    for (const match of matches[k]) for (const form of index.formsWith(match.word)) hits.set(form, (hits.get(form) ?? 0) + match.score);
  }
  const forms = [...hits].sort((a, b) => b[1] - a[1]).slice(0, FORMS_PER_SPAN_MAX).map(([form]) => form);

  // The split of the run into spans that says the most: each span's best score times its words, summed
  // ("paris-frankfurt and madrid-oracle" is two paths, even if a "Frankfurt ⇄ Madrid" exists).
  const spanOf = new Map<string, Scored[]>();
  const scoredSpan = (start: number, end: number): Scored[] => {
    const key = `${start}:${end}`;
    let scored = spanOf.get(key);
    if (!scored) {
      let hasDistinctive = numberWithNoun(start, end);
      for (let k = start; k <= end; k++) if (distinctive(k)) hasDistinctive = true;
      scored =
        joining[start] || joining[end] || !hasDistinctive
          ? []
          : forms.map((form) => ({ form, score: scoreSpan(form, matches, start, end, joining) })).filter((item) => item.score >= COVERAGE_MIN);
      spanOf.set(key, scored);
    }
    return scored;
  };
  const said = (start: number, end: number) => {
    let count = 0;
    for (let k = start; k <= end; k++) if (!joining[k]) count++;
    return count;
  };
  // best[k]: the most the words from..k-1 can say, and the span that ends there (null: word k-1 is left out).
  const best: { value: number; span: [number, number] | null }[] = [{ value: 0, span: null }];
  for (let end = from; end <= to; end++) {
    let choice = { value: best[end - from].value, span: null as [number, number] | null };
    for (let start = from; start <= end; start++) {
      const scored = scoredSpan(start, end);
      if (scored.length === 0) continue;
      const value = best[start - from].value + Math.max(...scored.map((item) => item.score)) * said(start, end);
      if (value > choice.value + 1e-9) choice = { value, span: [start, end] };
    }
    best.push(choice);
  }
  const chosen: [number, number][] = [];
  for (let k = to + 1; k > from; ) {
    const step = best[k - from];
    if (step.span) {
      chosen.unshift(step.span);
      k = step.span[0];
    } else k--;
  }
  return chosen.map(([start, end]) => {
    const byEntry = new Map<NamedEntry, number>();
    for (const { form, score } of scoredSpan(start, end)) byEntry.set(form.entry, Math.max(byEntry.get(form.entry) ?? 0, score));
    const candidates = [...byEntry].map(([entry, score]) => ({ entry, score })).sort((x, y) => y.score - x.score || x.entry.name.localeCompare(y.entry.name));
    return {
      start: words[start].start,
      end: words[end].end,
      text: words
        .slice(start, end + 1)
        .map((word) => word.text)
        .join(" "),
      candidates: candidates.slice(0, CANDIDATES_MAX),
    };
  });
}

/** The candidates a span cannot tell apart: those at its best score. */
export function topCandidates(span: LinkedSpan): NameCandidate[] {
  const top = span.candidates[0]?.score ?? 0;
  return span.candidates.filter((candidate) => candidate.score >= top - TIE);
}
