import "server-only";

// How close a typed word is to a word of a name, tuned on names as people type them: short words and numbers must be
// exact ("01" is not "02", "dc" is not "de"), a longer word may carry a slip or two ("frankfrut", "latncy" are not
// names, "madird" is Madrid), and a clipped word may stand for the whole ("frank" for Frankfurt). 0 when unrelated.

/** Jaro–Winkler similarity (0–1): transpositions and a shared prefix weigh as a typist's slips do. */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  if (!a || !b) return 0;
  const window = Math.max(0, Math.floor(Math.max(a.length, b.length) / 2) - 1);
  const aMatched = new Array<boolean>(a.length).fill(false);
  const bMatched = new Array<boolean>(b.length).fill(false);
  let matches = 0;
  for (let i = 0; i < a.length; i++) {
    for (let j = Math.max(0, i - window); j < Math.min(b.length, i + window + 1); j++) {
      if (bMatched[j] || a[i] !== b[j]) continue;
      aMatched[i] = bMatched[j] = true;
      matches++;
      break;
    }
  }
  if (matches === 0) return 0;
  let transpositions = 0;
  for (let i = 0, j = 0; i < a.length; i++) {
    if (!aMatched[i]) continue;
    while (!bMatched[j]) j++;
    if (a[i] !== b[j]) transpositions++;
    j++;
  }
  const jaro = (matches / a.length + matches / b.length + (matches - transpositions / 2) / matches) / 3;
  let prefix = 0;
  while (prefix < Math.min(4, a.length, b.length) && a[prefix] === b[prefix]) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}

/** Edits (insert, delete, substitute, swap two neighbours) from a to b; stops counting past `max` (answers max + 1). */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before = Array.from({ length: b.length + 1 }, (_, j) => j);
  let previous: number[] = [];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(before[j] + 1, row[j - 1] + 1, before[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, previous[j - 2] + 1);
      row.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    previous = before;
    before = row;
  }
  return before[b.length];
}

const hasDigit = (word: string) => /\d/.test(word);
/** The shortest clipped word that stands for a longer one ("frank" → "frankfurt"). */
export const CLIPPED_MIN = 4;

/**
 * How well a typed word (folded) stands for a name's word (folded), 0–1: 1 the same word; 0.9 a number written with
 * other leading zeros ("1" for "01"); ~0.8–0.9 a slip in a long word; 0.8 a clipped word; 0 otherwise.
 */
export function wordScore(typed: string, name: string): number {
  if (typed === name) return 1;
  if (hasDigit(typed) || hasDigit(name)) {
    // Numbers are exact, but for leading zeros ("path 42" is "Path 00042").
    return /^\d+$/.test(typed) && /^\d+$/.test(name) && Number(typed) === Number(name) ? 0.9 : 0;
  }
  if (typed.length >= CLIPPED_MIN && name.length > typed.length && name.startsWith(typed)) return 0.8;
  if (typed.length < 4 || name.length < 4) return 0;
  const allowed = typed.length >= 8 ? 2 : 1;
  const edits = editDistance(typed, name, allowed);
  if (edits > allowed) return 0;
  // The first letter is rarely the slip; a word whose first letter differs needs to be close otherwise too.
  const similarity = jaroWinkler(typed, name);
  if (typed[0] !== name[0] && similarity < 0.9) return 0;
  return Math.min(0.9, 0.5 + similarity * 0.4 - (edits - 1) * 0.05);
}
