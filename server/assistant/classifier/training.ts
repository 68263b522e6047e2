import { LABELS, TEMPLATES, type IntentLabel } from "./templates";

// The classifier's training sentences (issue 40, scope 2), generated from the templates: each alternative picked at
// random, each slot filled with the kind's token (as a question's linked names are read) or a name of the seed
// network as people type it, and a share of the sentences given typos (a letter dropped, doubled, swapped or hit next
// to it on the keyboard). Deterministic: the same seed gives the same sentences, so the committed weights can be
// checked against them.

export interface Example {
  text: string;
  label: IntentLabel;
}

/** mulberry32: a small seeded generator. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

type Node = string | { options: Node[][]; optional: boolean };

/** "(a|b) [c]" as a tree of alternatives. */
function parse(template: string): Node[] {
  let at = 0;
  const sequence = (close: string | null): Node[][] => {
    const options: Node[][] = [[]];
    let literal = "";
    const flush = () => {
      if (literal) options[options.length - 1].push(literal);
      literal = "";
    };
    while (at < template.length) {
      const char = template[at++];
      if (char === "(" || char === "[") {
        flush();
        options[options.length - 1].push({ options: sequence(char === "(" ? ")" : "]"), optional: char === "[" });
      } else if (close && char === close) {
        flush();
        return options;
      } else if (close && char === "|") {
        flush();
        options.push([]);
      } else literal += char;
    }
    flush();
    return options;
  };
  return sequence(null)[0];
}

function expand(nodes: Node[], next: () => number): string {
  return nodes
    .map((node) => {
      if (typeof node === "string") return node;
      if (node.optional && next() < 0.5) return "";
      return expand(node.options[Math.floor(next() * node.options.length)], next);
    })
    .join("");
}

// Names as people type them in the seed network (server/seed/demo-network.ts), for the share of slots not linked.
const TYPED: Record<string, string[]> = {
  path: ["paris to frankfurt", "Paris ⇄ Azure", "madrid-milan", "frankfurt aws", "lyon to paris", "seattle dublin", "gcp to seattle", "madrid ⇄ oracle", "the aws one", "path 00042"],
  site: ["Paris HQ", "lyon branch", "frankfurt dc", "Madrid Office", "seattle", "the dublin office", "AWS eu-central-1", "milan"],
  connector: ["Paris fiber A", "frankfurt cross-connect", "lyon ipsec", "the aws hosted connection", "Madrid DIA", "seattle fiber b", "expressroute"],
  node: ["edge-fra-01", "the paris edge", "core-lon", "cpe-contoso-lyon", "bw-edge-mad-01"],
  serial: ["MX-E200-0102", "FDO2231X0AB", "the mx-c100"],
  city: ["Paris", "Lyon", "Frankfurt", "Madrid", "Seattle", "Dublin", "Milan", "London", "Tokyo", "New York", "Berlin"],
};
const TOKEN_SHARE = 0.7;
const TIME_EN = ["yesterday", "last week", "since monday", "over the last 3 hours", "today", "this morning", "last 24h", "in the past hour", "over the weekend", "since friday", "last month", "this week"];
const TIME_FR = ["hier", "la semaine derniere", "depuis lundi", "sur les 3 dernieres heures", "aujourd'hui", "ce matin", "dernieres 24h", "depuis une heure", "ce week-end", "depuis vendredi", "le mois dernier"];

function fill(text: string, next: () => number): string {
  const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)];
  return text.replace(/\{(\w+)\}/g, (_, slot: string) => {
    if (slot === "time") return pick(TIME_EN);
    if (slot === "timefr") return pick(TIME_FR);
    if (slot === "city") return next() < 0.5 ? "zsite" : pick(TYPED.city);
    return next() < TOKEN_SHARE || !TYPED[slot] ? `z${slot}` : pick(TYPED[slot]);
  });
}

const KEYBOARD = ["qwertyuiop", "asdfghjkl", "zxcvbnm"];
function neighbour(letter: string, next: () => number): string {
  for (const row of KEYBOARD) {
    const at = row.indexOf(letter);
    if (at >= 0) return row[Math.min(row.length - 1, Math.max(0, at + (next() < 0.5 ? -1 : 1)))];
  }
  return letter;
}

/** A typo in one word of four letters or more: a letter dropped, doubled, swapped with the next or hit beside it. */
export function typo(text: string, next: () => number): string {
  const words = text.split(" ");
  const candidates = words.flatMap((word, index) => (word.length >= 4 && !/^z[a-z]+$/.test(word) && /^[a-z]+$/i.test(word) ? [index] : []));
  if (candidates.length === 0) return text;
  const index = candidates[Math.floor(next() * candidates.length)];
  const word = words[index];
  const at = 1 + Math.floor(next() * (word.length - 2));
  const kind = Math.floor(next() * 4);
  words[index] =
    kind === 0
      ? word.slice(0, at) + word.slice(at + 1)
      : kind === 1
        ? word.slice(0, at) + word[at] + word.slice(at)
        : kind === 2
          ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2)
          : word.slice(0, at) + neighbour(word[at], next) + word.slice(at + 1);
  return words.join(" ");
}

export const TRAINING_SEED = 40;
const PER_LABEL = 260;
const PER_TEMPLATE = 30;
const TYPO_SHARE = 0.35;

/** The training sentences: up to PER_LABEL distinct ones per label (PER_TEMPLATE per template at least), a share of them with one or two typos. */
export function trainingExamples(seed = TRAINING_SEED): Example[] {
  const next = random(seed);
  const examples: Example[] = [];
  for (const label of LABELS) {
    const templates = TEMPLATES[label].map(parse);
    const seen = new Set<string>();
    // Every template has its share, however many a label has.
    const wanted = Math.max(PER_LABEL, PER_TEMPLATE * templates.length);
    for (let attempt = 0; attempt < wanted * 6 && seen.size < wanted; attempt++) {
      let text = fill(expand(templates[attempt % templates.length], next), next).replace(/\s+/g, " ").trim();
      if (next() < TYPO_SHARE) text = typo(text, next);
      if (next() < TYPO_SHARE / 3) text = typo(text, next);
      if (!text || seen.has(text)) continue;
      seen.add(text);
      examples.push({ text, label });
    }
  }
  return examples;
}
