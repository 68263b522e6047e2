import { EVENT_AREAS, EVENT_TYPES_BY_AREA } from "@/lib/events/types";
import { inSearchRange, SEARCH_STRING_MAX, toSearchDate, toSearchString } from "@/lib/events/search";

// The audit log's search without zod (the page reads its URL with it); lib/audit/schema.ts builds the API's from it.

/** The kinds of object people change, as the events name them. */
export const AUDIT_KINDS = EVENT_AREAS.flatMap((area) => Object.keys(EVENT_TYPES_BY_AREA[area])) as [string, ...string[]];
export const AUDIT_FORMATS = ["csv", "json"] as const;
export type AuditFormat = (typeof AUDIT_FORMATS)[number];

export interface AuditSearchValues {
  user?: string;
  kind?: string;
  object?: string;
  startTime?: Date;
  endTime?: Date;
}

const FIELDS = ["user", "kind", "object", "startTime", "endTime"] as const;

/** The search from a URL: an unknown kind or a time out of range is left out (the API would refuse it). */
export function readAuditSearch(get: (name: (typeof FIELDS)[number]) => string | undefined): AuditSearchValues {
  const time = (value: string | undefined) => {
    const date = toSearchDate(value);
    return date && inSearchRange(date) ? date : undefined;
  };
  const text = (value: string | undefined) => toSearchString(value)?.slice(0, SEARCH_STRING_MAX);
  const kind = text(get("kind"));
  return {
    ...(text(get("user")) ? { user: text(get("user")) } : {}),
    ...(kind && AUDIT_KINDS.includes(kind) ? { kind } : {}),
    ...(text(get("object")) ? { object: text(get("object")) } : {}),
    ...(time(get("startTime")) ? { startTime: time(get("startTime")) } : {}),
    ...(time(get("endTime")) ? { endTime: time(get("endTime")) } : {}),
  };
}

/** The search as URL (and API) parameters: times in ISO form, absent values left out. */
export function auditSearchParams(search: AuditSearchValues): Record<string, string> {
  const params: Record<string, string> = {};
  for (const name of FIELDS) {
    const value = search[name];
    if (value) params[name] = value instanceof Date ? value.toISOString() : value;
  }
  return params;
}
