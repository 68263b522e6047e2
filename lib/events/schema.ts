import { z } from "zod";
import { sortQueryShape } from "@/lib/pagination-schema";
import { organizationFilter } from "@/lib/validation/fields";
import { SEARCH_DATE_MAX, SEARCH_DATE_MIN, SEARCH_DATE_OUT_OF_RANGE, SEARCH_STRING_MAX, SEARCH_TYPE_MAX, toSearchDate, toSearchFlag, toSearchString } from "./search";

// SPEC §2 and §5: the events page's search parameters, one schema for the page (URL search parameters) and the API
// (query string). Times are a date or a non-empty string parsed to a date, else undefined; nodeId is converted to a
// string; configuration pages take a boolean properties flag.

const inRange = () =>
  z.date().min(SEARCH_DATE_MIN, SEARCH_DATE_OUT_OF_RANGE).max(SEARCH_DATE_MAX, SEARCH_DATE_OUT_OF_RANGE);

export const searchDate = () => z.preprocess(toSearchDate, inRange().optional());
export const searchString = (max = SEARCH_STRING_MAX) =>
  z.preprocess((value) => toSearchString(value)?.slice(0, max), z.string().optional());
/** The configuration pages' properties flag, coerced to a boolean (missing → false). */
export const searchFlag = () => z.preprocess(toSearchFlag, z.boolean());

// The events page (and GET /api/v1/event): time range, node and event type.
export const eventSearchSchema = z.object({
  startTime: searchDate(),
  endTime: searchDate(),
  nodeId: searchString(),
  /** An event type ("path.updated", "alarm.acknowledged"…). */
  type: searchString(SEARCH_TYPE_MAX),
});
export type EventSearch = z.infer<typeof eventSearchSchema>;

// GET /api/v1/event: the page's search plus the console's organization, which is the URL's path, not a search
// parameter of the page.
export const eventListQuerySchema = eventSearchSchema.extend({
  /** The console of one organization: its events only (within those the caller may see). */
  organizationId: organizationFilter(),
  ...sortQueryShape("events"),
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
