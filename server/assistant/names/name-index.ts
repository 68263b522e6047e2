import "server-only";
import { foldText } from "@/lib/locations/text";
import { CLIPPED_MIN, wordScore } from "./fuzzy";

// The names a user may see, indexed by their words, so a question's words find the names they stand for — exactly,
// with a slip, or clipped — without comparing every word with every name (an MSP sees 100,000 paths on the scale seed).

export type NamedKind = "site" | "path" | "connector" | "node" | "device" | "organization" | "fabric" | "link" | "alarm";

export interface NamedEntry {
  kind: NamedKind;
  id: string;
  /** The name as the console shows it. */
  name: string;
  /** Other ways people write it: a path by its ends ("Paris HQ ⇄ Frankfurt DC"), a device by its serial number. */
  aliases?: readonly string[];
  /** A connector's paths, by name: "the OCI path" is the one path over the OCI FastConnect connector. */
  paths?: readonly string[];
  /** A connector's site: "the OCI path" over a connector with several paths asks which of that site's paths. */
  site?: string;
}

/** One written form of an entry (its name or an alias), as words. */
export interface NameForm {
  entry: NamedEntry;
  words: readonly string[];
}

/** The words of a text as names are compared: folded, split at anything but letters and digits. */
export function nameWords(text: string): string[] {
  return foldText(text).split(" ").filter(Boolean);
}

/** A word of the index that a typed word may stand for, with how well. */
export interface WordMatch {
  word: string;
  score: number;
}

const FUZZY_MIN_LENGTH = 4;

export class NameIndex {
  readonly forms: readonly NameForm[];
  private readonly formsByWord = new Map<string, NameForm[]>();
  /** Words by their first two letters (a slip rarely hits both), for the fuzzy and clipped matches. */
  private readonly wordsByPrefix = new Map<string, string[]>();

  constructor(entries: Iterable<NamedEntry>) {
    const forms: NameForm[] = [];
    for (const entry of entries) {
      const written = new Set([entry.name, ...(entry.aliases ?? [])].map((text) => nameWords(text).join(" ")).filter(Boolean));
      for (const text of written) forms.push({ entry, words: text.split(" ") });
    }
    this.forms = forms;
    for (const form of forms) {
      for (const word of new Set(form.words)) {
        const holders = this.formsByWord.get(word);
        if (holders) holders.push(form);
        else {
          this.formsByWord.set(word, [form]);
          if (word.length >= FUZZY_MIN_LENGTH) {
            const key = word.slice(0, 2);
            const same = this.wordsByPrefix.get(key);
            if (same) same.push(word);
            else this.wordsByPrefix.set(key, [word]);
          }
        }
      }
    }
  }

  get size(): number {
    return this.formsByWord.size;
  }

  /** The forms holding a word of the index. */
  formsWith(word: string): readonly NameForm[] {
    return this.formsByWord.get(word) ?? [];
  }

  /** How often a word is in a name: a word in many names ("paris", "path") says less than a rare one. */
  frequency(word: string): number {
    return this.formsByWord.get(word)?.length ?? 0;
  }

  /** The index's words a typed (folded) word may stand for, best first. */
  matches(typed: string): WordMatch[] {
    const found: WordMatch[] = [];
    if (this.formsByWord.has(typed)) found.push({ word: typed, score: 1 });
    if (/^\d+$/.test(typed)) {
      // "42" for "00042": numbers written with other leading zeros.
      for (const padded of [typed.padStart(2, "0"), typed.padStart(3, "0"), typed.padStart(4, "0"), typed.padStart(5, "0"), String(Number(typed))]) {
        if (padded !== typed && this.formsByWord.has(padded)) found.push({ word: padded, score: wordScore(typed, padded) });
      }
    } else if (typed.length >= Math.min(FUZZY_MIN_LENGTH, CLIPPED_MIN)) {
      const candidates = new Set([...(this.wordsByPrefix.get(typed.slice(0, 2)) ?? []), ...(this.wordsByPrefix.get(typed[1] + typed[0]) ?? [])]);
      // A slip in the second letter: words sharing the first letter and the third.
      for (const [key, words] of this.wordsByPrefix) if (key[0] === typed[0] && key !== typed.slice(0, 2)) for (const word of words) if (word[2] === typed[2]) candidates.add(word);
      for (const word of candidates) {
        if (word === typed) continue;
        const score = wordScore(typed, word);
        if (score > 0) found.push({ word, score });
      }
    }
    return found.sort((a, b) => b.score - a.score);
  }
}
