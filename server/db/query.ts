/** A LIKE/ILIKE pattern matching the text anywhere, its wildcards taken literally (the lists' search boxes). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
