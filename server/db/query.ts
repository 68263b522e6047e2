import "server-only";

/** A LIKE/ILIKE pattern matching the text anywhere, its wildcards taken literally (the lists' search boxes). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The constraint a unique violation (SQLSTATE 23505) broke, on PostgreSQL and PGlite alike; null for other errors. */
export function uniqueViolation(error: unknown): string | null {
  for (let cause = error, depth = 0; cause && typeof cause === "object" && depth < 5; cause = (cause as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (code === "23505") return typeof constraint === "string" ? constraint : "";
  }
  return null;
}
