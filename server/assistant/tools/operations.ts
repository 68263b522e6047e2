import "server-only";
import {
  ASSISTANT_EVENTS_DEFAULT,
  ASSISTANT_LIST_MAX,
  type ListOpenAlarmsInput,
  type ListOpenAlarmsOutput,
  type RecentEventsInput,
  type RecentEventsOutput,
} from "@/lib/assistant/tools";
import { localizedAlarm } from "@/lib/alarms/message";
import { ALARM_SEVERITIES } from "@/lib/alarms/schema";
import { countAlarms, listAlarms } from "@/server/alarms/service";
import { listEvents } from "@/server/events/service";
import { changedFields, entityChanges, entityNames, snapshotName } from "../queries";
import { resolveConnector, resolveNode, resolveSite } from "../resolve";
import { consoleLink, type ChatScope } from "../scope";
import { fold } from "../text";
import { findPaths } from "./path-sla";
import type { ToolEnvironment } from "./shared";

// listOpenAlarms and recentEvents — what the alarms and events pages of the chat's organization show, through the
// same services (the caller's tenants only), narrowed to a severity, a type or one object when asked.

const ALARM_SCAN = 200;

export async function listOpenAlarms(environment: ToolEnvironment, input: ListOpenAlarmsInput = {}): Promise<ListOpenAlarmsOutput> {
  const scope = await environment.scope();
  const { t } = environment;
  // The alarms page's default view, active only: open and not yet acknowledged.
  const view = { acknowledged: "false", state: "active", organizationId: scope.organizationFilter, severity: input.severity, type: input.type } as const;
  const page = await listAlarms(scope.context, { ...view, limit: ALARM_SCAN });
  const about = input.about?.trim() || null;
  const wanted = about ? fold(about) : null;
  const matching = wanted
    ? page.items.filter((alarm) => {
        const shown = localizedAlarm(t, alarm);
        return fold(shown.source).includes(wanted) || fold(shown.message).includes(wanted);
      })
    : page.items;
  const bySeverity: Record<string, number> = {};
  if (about) {
    for (const alarm of matching) bySeverity[alarm.severity] = (bySeverity[alarm.severity] ?? 0) + 1;
  } else {
    // Counted by the database: a busy network has more open alarms than one page holds.
    const severities = input.severity ? [input.severity] : ALARM_SEVERITIES;
    const counts = await Promise.all(severities.map((severity) => countAlarms(scope.context, { ...view, severity })));
    severities.forEach((severity, index) => {
      if (counts[index] > 0) bySeverity[severity] = counts[index];
    });
  }
  return {
    total: about ? matching.length : Object.values(bySeverity).reduce((sum, count) => sum + count, 0),
    filters: { severity: input.severity ?? null, type: input.type ?? null, about },
    bySeverity,
    aboutNotVisible: Boolean(about) && matching.length === 0 && !(await namesVisibleObject(scope, about!)),
    alarms: matching.slice(0, ASSISTANT_LIST_MAX).map((alarm) => {
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

/** Whether a name is one of the objects the caller sees (a path, a site, a connector or a node). */
async function namesVisibleObject(scope: ChatScope, name: string): Promise<boolean> {
  const [paths, site, connector, node] = await Promise.all([findPaths(scope, name), resolveSite(scope, name), resolveConnector(scope, name), resolveNode(scope, name)]);
  return paths.matches.length > 0 || [site, connector, node].some((resolution) => resolution.status !== "not-visible");
}

/** The ids and names of the objects a name stands for: a path, else a site, a connector or a node. */
async function objectsNamed(scope: ChatScope, name: string): Promise<Map<string, string>> {
  const named = new Map<string, string>();
  const { matches } = await findPaths(scope, name);
  if (matches.length === 1) named.set(matches[0].id, matches[0].name);
  if (named.size > 0) return named;
  for (const resolution of await Promise.all([resolveSite(scope, name), resolveConnector(scope, name), resolveNode(scope, name)])) {
    if (resolution.status === "found") named.set(resolution.item.id, resolution.item.name);
  }
  return named;
}

export async function recentEvents(environment: ToolEnvironment, input: RecentEventsInput): Promise<RecentEventsOutput> {
  const scope = await environment.scope();
  const limit = input.limit ?? ASSISTANT_EVENTS_DEFAULT;
  const about = input.about?.trim() || null;
  const links = consoleLink(scope, environment.t("assistant.links.events"), "events");
  if (about) {
    const named = await objectsNamed(scope, about);
    if (named.size === 0) return { about, aboutNotVisible: true, events: [], links };
    const changes = await entityChanges(scope, [...named.keys()], { limit });
    return {
      about,
      aboutNotVisible: false,
      events: changes.map((change) => ({
        id: change.id,
        organizationId: scope.organization.id,
        timestamp: change.timestamp,
        type: change.type,
        entityType: change.entityType,
        entityId: change.entityId,
        entityName: named.get(change.entityId) ?? null,
        source: change.source,
        actor: change.actor,
        changes: changedFields(change.before, change.after),
      })),
      links,
    };
  }
  const page = await listEvents(scope.context, { organizationId: scope.organizationFilter, limit });
  const names = await entityNames(scope, page.items);
  return {
    about: null,
    aboutNotVisible: false,
    events: page.items.map((event) => ({
      id: event.id,
      organizationId: event.organizationId,
      timestamp: event.timestamp,
      type: event.type,
      entityType: event.entityType,
      entityId: event.entityId,
      entityName: names.get(event.entityId) ?? snapshotName(event.before, event.after),
      source: event.source,
      actor: event.actor,
      changes: changedFields(event.before, event.after),
    })),
    links,
  };
}
