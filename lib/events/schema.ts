import { z } from "zod";
import { organizationFilter } from "@/lib/validation/fields";

// SPEC §2 and §5: the events page's search parameters, one schema for the page (URL search parameters) and the API
// (query string). Times are a date or a non-empty string parsed to a date, else undefined; nodeId is converted to a
// string; configuration pages take a boolean properties flag.

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
const SEARCH_DATE_MIN = new Date("0001-01-01T00:00:00.000Z");
const SEARCH_DATE_MAX = new Date("9999-12-31T23:59:59.999Z");
const inRange = () =>
  z.date().min(SEARCH_DATE_MIN, "validation.dateOutOfRange").max(SEARCH_DATE_MAX, "validation.dateOutOfRange");

export const searchDate = () => z.preprocess(toSearchDate, inRange().optional());
export const searchString = (max = 64) =>
  z.preprocess((value) => toSearchString(value)?.slice(0, max), z.string().optional());
/** The configuration pages' properties flag, coerced to a boolean (missing → false). */
export const searchFlag = () => z.preprocess(toSearchFlag, z.boolean());

// The events page (and GET /api/v1/event): time range, node and event type.
export const eventSearchSchema = z.object({
  startTime: searchDate(),
  endTime: searchDate(),
  nodeId: searchString(),
  /** An event type ("path.updated", "alarm.acknowledged"…). */
  type: searchString(100),
});
export type EventSearch = z.infer<typeof eventSearchSchema>;

// GET /api/v1/event: the page's search plus the console's organization, which is the URL's path, not a search
// parameter of the page.
export const eventListQuerySchema = eventSearchSchema.extend({
  /** The console of one organization: its events only (within those the caller may see). */
  organizationId: organizationFilter(),
});
export type EventListQuery = z.infer<typeof eventListQuerySchema>;

// Configuration pages (SPEC §2): ?properties=true opens the properties panel.
export const configurationSearchSchema = z.object({ properties: searchFlag() });
export type ConfigurationSearch = z.infer<typeof configurationSearchSchema>;

export const eventSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  timestamp: z.string(),
  /** Who or what caused it: a person's email, or a system component. */
  source: z.string(),
  type: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  nodeId: z.string().nullable(),
  /** The name (or email) of the person who made the change, when a person did. */
  actor: z.string().nullable(),
  /** The configuration before and after the change (SPEC §3: configuration-changed). */
  before: z.unknown(),
  after: z.unknown(),
});
export type Event = z.infer<typeof eventSchema>;
