import { z } from "zod";
import { eventSchema, searchDate, searchString } from "@/lib/events/schema";
import { LOCALES } from "@/lib/constants";
import { AUDIT_FORMATS, AUDIT_KINDS } from "./search";

// The audit log (issue 43, scope 3): the changes people made, with who, when, the object and the fields that changed.
// One schema for the page's URL and the API's query string.

export const auditSearchSchema = z.object({
  /** A user's address or id: the changes they made. */
  user: searchString(),
  /** An object kind ("path", "site", "user"…). */
  kind: z.preprocess((value) => (value === "" ? undefined : value), z.enum(AUDIT_KINDS, { error: "validation.auditKind" }).optional()),
  /** An object's name (as it is now or as its changes named it) or id. */
  object: searchString(),
  startTime: searchDate(),
  endTime: searchDate(),
});
export type AuditSearch = z.infer<typeof auditSearchSchema>;

export const auditExportQuerySchema = auditSearchSchema.extend({
  /** csv (the default) or json. */
  format: z.enum(AUDIT_FORMATS, { error: "validation.auditFormat" }).default("csv"),
  /** The CSV's language (its headings and words); by default the request's (Accept-Language). */
  language: z.preprocess((value) => (value === "" ? undefined : value), z.enum(LOCALES, { error: "validation.auditLanguage" }).optional()),
});

export const auditChangeSchema = z.object({
  /** The field's dotted path ("location.latitude"). */
  field: z.string(),
  /** The value before and after; a secret's as "[redacted]", a field that was not there as null. */
  before: z.unknown(),
  after: z.unknown(),
});

export const auditActorSchema = z.object({
  userId: z.string().nullable(),
  /** Their address (now, else the one the change was written with). */
  email: z.string().nullable(),
  name: z.string().nullable(),
  /** The API token the change was made with (issue 43, scope 1); null for a session's. */
  token: z.object({ id: z.string(), name: z.string() }).nullable(),
});

// An event's object, time and type as the events list answers them; who made the change and only what it changed.
export const auditEntrySchema = eventSchema
  .pick({ id: true, organizationId: true, timestamp: true, type: true, entityType: true, entityId: true, entityName: true, entityPlace: true, node: true })
  .extend({
    actor: auditActorSchema,
    requestId: z.string().nullable(),
    /** Only the fields that changed. */
    changes: z.array(auditChangeSchema),
  });
export type AuditEntry = z.infer<typeof auditEntrySchema>;
