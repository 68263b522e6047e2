// SPEC §2 and §5: the rules that read the events page's search parameters (and a configuration page's properties
// flag), without zod, so that a page reads its URL with the code it already has. lib/events/schema.ts builds the API's
// schema from the same rules; a test holds the two readings equal.

/** A Date, or a non-empty string that parses to one; anything else (empty, garbage, other types) → undefined. */
export function toSearchDate(value: unknown): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  if (typeof value !== "string" || value.trim() === "") return undefined;
  const date = new Date(value.trim());
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** nodeId as a string (a number from a URL or a form becomes "42"); empty → undefined. */
export function toSearchString(value: unknown): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  if (first === undefined || first === null) return undefined;
  if (typeof first !== "string" && typeof first !== "number" && typeof first !== "bigint" && typeof first !== "boolean") return undefined;
  const text = String(first).trim();
  return text === "" ? undefined : text;
}

const TRUE_TEXTS = new Set(["true", "1", "yes", "on"]);

/** A flag from a URL: true, "true", "1", "yes", "on" (or any non-zero number) → true; anything else → false. */
export function toSearchFlag(value: unknown): boolean {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first === "boolean") return first;
  if (typeof first === "number") return first !== 0 && !Number.isNaN(first);
  if (typeof first === "string") return TRUE_TEXTS.has(first.trim().toLowerCase());
  return false;
}

// Years a timestamp column and every ISO reader agree on: JavaScript takes -271821 to 275760, PostgreSQL refuses
// year 0 and a signed six-digit year, so anything outside 1–9999 is a validation error rather than a database error.
export const SEARCH_DATE_MIN = new Date("0001-01-01T00:00:00.000Z");
export const SEARCH_DATE_MAX = new Date("9999-12-31T23:59:59.999Z");
export const SEARCH_DATE_OUT_OF_RANGE = "validation.dateOutOfRange";
/** The longest node, site or path (id or name) and event type a search keeps (longer text is cut). */
export const SEARCH_STRING_MAX = 64;
export const SEARCH_TYPE_MAX = 100;

/** A date a search may hold: inside the years every store and reader agree on. */
export function inSearchRange(date: Date): boolean {
  return date >= SEARCH_DATE_MIN && date <= SEARCH_DATE_MAX;
}

/** The events page's search as the page's fields or the URL give it. */
export interface EventSearchInput {
  startTime?: unknown;
  endTime?: unknown;
  nodeId?: unknown;
  siteId?: unknown;
  pathId?: unknown;
  type?: unknown;
}

/** The search read from its fields, or null when a time is outside the years a search may hold. */
export function readEventSearch(
  input: EventSearchInput,
): { startTime?: Date; endTime?: Date; nodeId?: string; siteId?: string; pathId?: string; type?: string } | null {
  const startTime = toSearchDate(input.startTime);
  const endTime = toSearchDate(input.endTime);
  if ((startTime && !inSearchRange(startTime)) || (endTime && !inSearchRange(endTime))) return null;
  const nodeId = toSearchString(input.nodeId)?.slice(0, SEARCH_STRING_MAX);
  const siteId = toSearchString(input.siteId)?.slice(0, SEARCH_STRING_MAX);
  const pathId = toSearchString(input.pathId)?.slice(0, SEARCH_STRING_MAX);
  const type = toSearchString(input.type)?.slice(0, SEARCH_TYPE_MAX);
  return { startTime, endTime, nodeId, siteId, pathId, type };
}
