import "server-only";
import {
  ASSISTANT_EVENTS_DEFAULT,
  ASSISTANT_LIST_MAX,
  type ListOpenAlarmsOutput,
  type RecentEventsInput,
  type RecentEventsOutput,
} from "@/lib/assistant/tools";
import { localizedAlarm } from "@/lib/alarms/message";
import { countAlarms, listAlarms } from "@/server/alarms/service";
import { listEvents } from "@/server/events/service";
import { consoleLink } from "../scope";
import type { ToolEnvironment } from "./shared";

// listOpenAlarms and recentEvents — what the alarms and events pages of the chat's organization show first, through
// the same services (the caller's tenants only).

export async function listOpenAlarms(environment: ToolEnvironment): Promise<ListOpenAlarmsOutput> {
  const scope = await environment.scope();
  const { t } = environment;
  // The alarms page's default view, active only: open and not yet acknowledged.
  const view = { acknowledged: "false", state: "active", organizationId: scope.organizationFilter } as const;
  const [page, total] = await Promise.all([listAlarms(scope.context, { ...view, limit: ASSISTANT_LIST_MAX }), countAlarms(scope.context, view)]);
  return {
    total,
    alarms: page.items.map((alarm) => {
      const shown = localizedAlarm(t, alarm);
      return {
        id: shown.id,
        organizationId: shown.organizationId,
        severity: shown.severity,
        type: shown.type,
        message: shown.message,
        source: shown.source,
        raisedAt: shown.raisedAt,
      };
    }),
    links: consoleLink(scope, t("assistant.links.alarms"), "alarms"),
  };
}

export async function recentEvents(environment: ToolEnvironment, input: RecentEventsInput): Promise<RecentEventsOutput> {
  const scope = await environment.scope();
  const page = await listEvents(scope.context, { organizationId: scope.organizationFilter, limit: input.limit ?? ASSISTANT_EVENTS_DEFAULT });
  return {
    events: page.items.map((event) => ({
      id: event.id,
      organizationId: event.organizationId,
      timestamp: event.timestamp,
      type: event.type,
      entityType: event.entityType,
      entityId: event.entityId,
      source: event.source,
      actor: event.actor,
    })),
    links: consoleLink(scope, environment.t("assistant.links.events"), "events"),
  };
}
