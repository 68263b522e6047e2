import { foldText } from "@/lib/locations/text";

// A question's features for the intent classifier: its folded words, word pairs, and each word's character 3- and
// 4-grams with its edges marked — the n-grams carry a typed word ("latncy", "conecteur") to the word it misses.
// Slot tokens ("zpath", "zsite", …) stand for the names the question gives and count as words only.

const SLOT = /^z(?:path|site|connector|node|device|serial|organization|fabric|link|alarm|num|prefix)$/;

export function features(text: string): string[] {
  const words = foldText(text).split(" ").filter(Boolean);
  const out = new Set<string>();
  words.forEach((word, index) => {
    out.add(`w:${word}`);
    if (index > 0) out.add(`b:${words[index - 1]} ${word}`);
    if (SLOT.test(word) || word.length < 3) return;
    const marked = `<${word}>`;
    for (let size = 3; size <= 4; size++) for (let start = 0; start + size <= marked.length; start++) out.add(`c:${marked.slice(start, start + size)}`);
  });
  if (words.length > 0) out.add(`b:<s> ${words[0]}`);
  return [...out];
}
