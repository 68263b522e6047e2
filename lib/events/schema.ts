import { z } from "zod";
import { NODE_KINDS } from "@/lib/nodes/schema";
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

// The events page (and GET /api/v1/event): time range, node, site, path and event type.
export const eventSearchSchema = z.object({
  startTime: searchDate(),
  endTime: searchDate(),
  /** A node's id or name: the events that happened on it. */
  nodeId: searchString(),
  /** A site's id or name: its events, its connectors', its paths' and their SLA alarms'. */
  siteId: searchString(),
  /** A path's id or name: its events and its SLA alarms'. */
  pathId: searchString(),
  /** An event type ("path.updated"), or text its code or label contains ("path", "Path updated"). */
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

/** Where the page of the object an event is about is, when the caller still sees it. */
export const eventEntityPlaceSchema = z.object({
  /** A path's (source) site, a connector's site. */
  siteId: z.string().nullable(),
  /** A node's kind and core fabric. */
  nodeKind: z.enum(NODE_KINDS).nullable(),
  fabricId: z.string().nullable(),
});
export type EventEntityPlace = z.infer<typeof eventEntityPlaceSchema>;

/** The node an event happened on, when the caller sees it. */
export const eventNodeSchema = z.object({ id: z.string(), name: z.string(), kind: z.enum(NODE_KINDS), fabricId: z.string().nullable() });
export type EventNode = z.infer<typeof eventNodeSchema>;

export const eventSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  timestamp: z.string(),
  /** Who or what caused it: a person's email, or a system component. */
  source: z.string(),
  type: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  /** What people call the object: its name when the event was written (kept once it is deleted), else as it is now. */
  entityName: z.string().nullable(),
  /** Where its page is; null when it is gone, out of the caller's sight, or has no page of its own. */
  entityPlace: eventEntityPlaceSchema.nullable(),
  nodeId: z.string().nullable(),
  node: eventNodeSchema.nullable(),
  /** The name (or email) of the person who made the change, when a person did. */
  actor: z.string().nullable(),
  /** The configuration before and after the change (SPEC §3: configuration-changed). */
  before: z.unknown(),
  after: z.unknown(),
});
export type Event = z.infer<typeof eventSchema>;

// GET /api/v1/event/subjects: the events page's suggestions for its node, site and path filters.
export const EVENT_SUBJECT_KINDS = ["node", "site", "path"] as const;
export type EventSubjectKind = (typeof EVENT_SUBJECT_KINDS)[number];
export const eventSubjectQuerySchema = z.object({
  kind: z.enum(EVENT_SUBJECT_KINDS, { error: "validation.eventSubjectKind" }),
  /** Text the name contains (case aside); absent: the first names. */
  search: searchString(),
});
export const eventSubjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** No longer there: only its events name it. */
  gone: z.boolean(),
});
export type EventSubject = z.infer<typeof eventSubjectSchema>;
