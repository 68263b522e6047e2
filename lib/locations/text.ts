// Text folding for location search: case- and accent-insensitive, punctuation as word breaks.
// "São Paulo" → "sao paulo", "Saint-Étienne" → "saint etienne", "Zürich" → "zurich", "Łódź" → "lodz".

// Letters that do not decompose into a base letter plus a combining mark.
const SPECIAL_LETTERS: Record<string, string> = {
  ß: "ss",
  ẞ: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  đ: "d",
  ð: "d",
  ħ: "h",
  ı: "i",
  ł: "l",
  þ: "th",
  ŧ: "t",
};
const SPECIAL_PATTERN = new RegExp(`[${Object.keys(SPECIAL_LETTERS).join("")}]`, "g");

export function foldText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(SPECIAL_PATTERN, (letter) => SPECIAL_LETTERS[letter] ?? letter)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** Offsets in a folded text where a word starts ("new york" → [0, 4]). */
export function wordStarts(folded: string): number[] {
  const starts: number[] = [];
  for (let index = 0; index < folded.length; index++) {
    if (folded[index] !== " " && (index === 0 || folded[index - 1] === " ")) starts.push(index);
  }
  return starts;
}

/** Whether the folded query is a prefix of the folded text or of one of its words. */
export function matchesWordPrefix(foldedText: string, foldedQuery: string): boolean {
  return foldedText.startsWith(foldedQuery) || foldedText.includes(` ${foldedQuery}`);
}
