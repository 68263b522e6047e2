import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, apiUrl } from "@/lib/api/client";
import { pagedQueryOptions } from "@/lib/api/paging";
import { sortKey, type ListSort, type SortColumn } from "@/lib/sorting";
import type { ApiAnswer } from "@/lib/api/route-types";
import { eventKeys } from "@/lib/events/queries";
import { ALARM_SEARCH_MAX } from "./constants";
import type { AlarmAcknowledge, AlarmAcknowledgedFilter, AlarmSeverity, AlarmStateFilter, AlarmType } from "./schema";

/** The alarms page's view: the show-acknowledged toggle, active or cleared, and the filters (absent = any). */
export interface AlarmListFilter {
  acknowledged: AlarmAcknowledgedFilter;
  state: AlarmStateFilter;
  severity?: AlarmSeverity;
  type?: AlarmType;
  /** The search box's text (the alarm's text, what it is about, its type). */
  search?: string;
}

export type AlarmPage = ApiAnswer<"get", "/api/v1/alarm">;

export const ALARM_PAGE_SIZE = 50;
/** The view a page opens with: unacknowledged alarms, active or cleared, of every severity and type (SPEC §4). */
export const DEFAULT_ALARM_FILTER: AlarmListFilter = { acknowledged: "false", state: "all" };

/** The API query of a view: the filter, and the console's organization (absent: all the user may see). */
export interface AlarmViewQuery extends AlarmListFilter {
  organizationId?: string;
}

/** One key per view: undefined filters are left out, so the server's prefetch and the page agree. */
function normalize(filter: AlarmListFilter, organizationId?: string): AlarmViewQuery {
  return {
    acknowledged: filter.acknowledged,
    state: filter.state,
    ...(filter.severity ? { severity: filter.severity } : {}),
    ...(filter.type ? { type: filter.type } : {}),
    ...(filter.search?.trim() ? { search: filter.search.trim().slice(0, ALARM_SEARCH_MAX) } : {}),
    ...(organizationId ? { organizationId } : {}),
  };
}

export const alarmKeys = {
  all: ["alarms"] as const,
  lists: () => [...alarmKeys.all, "list"] as const,
  list: (filter: AlarmListFilter, organizationId?: string) => [...alarmKeys.lists(), normalize(filter, organizationId)] as const,
};

// GET /api/v1/alarm — latest first, a page at a time (keyset cursor). The first page's parameter is "" (no cursor).
export const alarmsQueryOptions = (filter: AlarmListFilter, organizationId?: string, sort?: ListSort<SortColumn<"alarms">>) =>
  pagedQueryOptions({
    queryKey: [...alarmKeys.list(filter, organizationId), ...sortKey(sort)],
    queryFn: ({ pageParam, signal }) =>
      api.get("/api/v1/alarm", { params: { query: { ...normalize(filter, organizationId), ...sort, limit: ALARM_PAGE_SIZE, cursor: pageParam } }, signal }),
  });

// GET /api/v1/alarm.csv — the alarms the filter keeps, as CSV.
export const alarmsExportHref = (filter: AlarmListFilter, organizationId?: string, sort?: ListSort<SortColumn<"alarms">>) =>
  apiUrl("get", "/api/v1/alarm.csv", { query: { ...normalize(filter, organizationId), ...sort } });


function useRefreshAlarms() {
  const queryClient = useQueryClient();
  // Acknowledging writes an event too.
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: alarmKeys.all }), queryClient.invalidateQueries({ queryKey: eventKeys.all })]);
}

// POST /api/v1/alarm/acknowledge
export function useAcknowledgeAlarms() {
  const refresh = useRefreshAlarms();
  return useMutation({
    mutationFn: (body: AlarmAcknowledge) => api.post("/api/v1/alarm/acknowledge", { body }),
    onSettled: refresh,
  });
}

// POST /api/v1/alarm/unacknowledge
export function useUnacknowledgeAlarms() {
  const refresh = useRefreshAlarms();
  return useMutation({
    mutationFn: (alarmIds: string[]) => api.post("/api/v1/alarm/unacknowledge", { body: { alarmIds } }),
    onSettled: refresh,
  });
}
