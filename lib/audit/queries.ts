import { pagedQueryOptions } from "@/lib/api/paging";
import { api } from "@/lib/api/client";
import type { ApiAnswer } from "@/lib/api/route-types";
import { auditSearchParams, readAuditSearch, type AuditFormat, type AuditSearchValues } from "./search";

export type AuditPage = ApiAnswer<"get", "/api/v1/organization/{organizationId}/audit">;
export type AuditRow = AuditPage["items"][number];

export const AUDIT_PAGE_SIZE = 50;

type SearchParamsRecord = Record<string, string | string[] | undefined>;

/** The audit page's search from the server page's searchParams or the browser's URL (a repeated one: its first value). */
export function parseAuditSearch(params: URLSearchParams | SearchParamsRecord): AuditSearchValues {
  return readAuditSearch((name) => {
    if (params instanceof URLSearchParams) return params.get(name) ?? undefined;
    const value = params[name];
    return Array.isArray(value) ? value[0] : value;
  });
}

export const auditKeys = {
  all: ["audit"] as const,
  lists: () => [...auditKeys.all, "list"] as const,
  list: (organizationId: string, search: AuditSearchValues) => [...auditKeys.lists(), organizationId, auditSearchParams(search)] as const,
};

// GET /api/v1/organization/{organizationId}/audit — newest first, a page at a time (keyset cursor).
export const auditQueryOptions = (organizationId: string, search: AuditSearchValues) =>
  pagedQueryOptions({
    queryKey: auditKeys.list(organizationId, search),
    queryFn: ({ pageParam, signal }) =>
      api.get("/api/v1/organization/{organizationId}/audit", {
        params: { path: { organizationId }, query: { ...auditSearchParams(search), limit: AUDIT_PAGE_SIZE, cursor: pageParam } },
        signal,
      }),
  });

/** The export of exactly what the page's filter shows: a download the browser makes (a file, not data for the page). */
export function auditExportHref(organizationId: string, search: AuditSearchValues, format: AuditFormat, language: string): string {
  // The console's language, which a download's Accept-Language (the browser's) may not be.
  const query = new URLSearchParams({ ...auditSearchParams(search), format, language });
  return `/api/v1/organization/${encodeURIComponent(organizationId)}/audit/export?${query}`;
}
