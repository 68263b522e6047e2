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
import { MAX_PAGE_SIZE } from "@/lib/pagination";
import { listEvents } from "@/server/events/service";
import { and, eq, or } from "drizzle-orm";
import { connectors, paths } from "@/server/db/schema";
import { changedFields, entityChanges, entityNames, inScope, snapshotName } from "../queries";
import { resolveConnector, resolveNode, resolveSite } from "../resolve";
import { consoleLink, type ChatScope } from "../scope";
import { fold } from "../text";
import { findPaths } from "./path-sla";
import type { ToolEnvironment } from "./shared";

// listOpenAlarms and recentEvents — what the alarms and events pages of the chat's organization show, through the
// same services (the caller's tenants only), narrowed to a severity, a type or one object when asked.

const ALARM_SCAN = 200;
// How many alarms or events a range is read through at most, a page at a time (a busy network's day holds hundreds).
const RANGE_SCAN = 2000;
/** How far back an acknowledged alarm that has cleared is still looked for, when none about the object is open. */
const CLEARED_LOOKBACK_MS = 7 * 24 * 3600_000;

type Range = { from: Date | null; to: Date };

/** The range a tool's input asks for (`to` defaults to now), or null when it names none. */
function rangeOf(input: { from?: string; to?: string }, now: number): Range | null {
  if (!input.from && !input.to) return null;
  return { from: input.from ? new Date(input.from) : null, to: input.to ? new Date(input.to) : new Date(now) };
}

const rangeOutput = (range: Range | null) => range && { from: range.from?.toISOString() ?? null, to: range.to.toISOString() };

/** Whether an instant is in [from, to): a calendar day's midnight starts it, and ends the day before. */
const inRange = (range: Range, iso: string) => {
  const time = Date.parse(iso);
  return time < range.to.getTime() && (range.from === null || time >= range.from.getTime());
};

type AlarmView = Parameters<typeof listAlarms>[1];
type ListedAlarm = Awaited<ReturnType<typeof listAlarms>>["items"][number];

/** The alarms of a view raised in a range: the alarms service lists the latest raised first, so pages are read until one is older. */
async function alarmsRaisedIn(scope: ChatScope, view: Omit<AlarmView, "limit" | "cursor">, range: Range): Promise<ListedAlarm[]> {
  const found: ListedAlarm[] = [];
  let cursor: string | undefined;
  for (let scanned = 0; scanned < RANGE_SCAN; scanned += ALARM_SCAN) {
    const page = await listAlarms(scope.context, { ...view, limit: ALARM_SCAN, cursor });
    found.push(...page.items.filter((alarm) => inRange(range, alarm.raisedAt)));
    const oldest = page.items.at(-1);
    if (!page.nextCursor || !oldest || (range.from && Date.parse(oldest.raisedAt) < range.from.getTime())) break;
    cursor = page.nextCursor;
  }
  return found;
}

export async function listOpenAlarms(environment: ToolEnvironment, input: ListOpenAlarmsInput = {}, now = Date.now()): Promise<ListOpenAlarmsOutput> {
  const scope = await environment.scope();
  const { t } = environment;
  // The alarms page's default view, active only: open and not yet acknowledged.
  // Or, asked for, the acknowledged ones with their notes.
  const view = { acknowledged: input.acknowledged ? "true" : "false", state: "active", organizationId: scope.organizationFilter, severity: input.severity, type: input.type } as const;
  const range = rangeOf(input, now);
  // "Alarms raised in the last 24 hours", "any alarms since this morning?": every alarm raised then, whatever became of
  // it since (still open, acknowledged, cleared), each saying so.
  const everyState = range !== null && !input.acknowledged;
  const open = range
    ? await alarmsRaisedIn(scope, everyState ? { ...view, acknowledged: "all", state: "all" } : view, range)
    : (await listAlarms(scope.context, { ...view, limit: ALARM_SCAN })).items;
  const about = input.about?.trim() || null;
  const wanted = about ? fold(about) : null;
  // A site's alarms are also those of its paths and connectors ("alarms for Madrid Office": Madrid ⇄ Milan's too).
  const parts = about ? await siteParts(scope, about) : new Set<string>();
  const matchingAbout = (items: ListedAlarm[]) =>
    wanted
      ? items.filter((alarm) => {
          const shown = localizedAlarm(t, alarm);
          return fold(shown.source).includes(wanted) || fold(shown.message).includes(wanted) || parts.has(fold(shown.source));
        })
      : items;
  let matching = matchingAbout(open);
  // "Who acked the alarm on Paris ⇄ Azure?" after it cleared: the acknowledged alarms about it that cleared this week.
  const recentlyCleared = Boolean(input.acknowledged && about && matching.length === 0);
  if (recentlyCleared) {
    const week: Range = { from: new Date(now - CLEARED_LOOKBACK_MS), to: new Date(now) };
    matching = matchingAbout(await alarmsRaisedIn(scope, { ...view, state: "cleared" }, range ?? week));
  }
  const bySeverity: Record<string, number> = {};
  const counted = about !== null || range !== null || recentlyCleared;
  if (counted) {
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
    total: counted ? matching.length : Object.values(bySeverity).reduce((sum, count) => sum + count, 0),
    filters: { severity: input.severity ?? null, type: input.type ?? null, about },
    range: rangeOutput(range),
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
        ...(input.acknowledged ? { acknowledgedBy: alarm.acknowledgedBy, note: alarm.note } : {}),
        ...(everyState && alarm.acknowledged ? { acknowledgedBy: alarm.acknowledgedBy } : {}),
        ...(recentlyCleared || everyState ? { clearedAt: alarm.clearedAt } : {}),
      };
    }),
    ...(input.acknowledged ? { acknowledged: true } : {}),
    ...(recentlyCleared && matching.length > 0 ? { recentlyCleared: true } : {}),
    ...(everyState ? { everyState: true, stillOpen: matching.filter((alarm) => !alarm.clearedAt && !alarm.acknowledged).length } : {}),
    links: consoleLink(scope, t("assistant.links.alarms"), "alarms"),
  };
}

/** Whether a name is one of the objects the caller sees (a path, a site, a connector or a node). */
async function namesVisibleObject(scope: ChatScope, name: string): Promise<boolean> {
  const [paths, site, connector, node] = await Promise.all([findPaths(scope, name), resolveSite(scope, name), resolveConnector(scope, name), resolveNode(scope, name)]);
  return paths.matches.length > 0 || [site, connector, node].some((resolution) => resolution.status !== "not-visible");
}

/** The folded names of the paths and connectors of the site a name gives (none when it names no one site in sight). */
async function siteParts(scope: ChatScope, name: string): Promise<Set<string>> {
  const site = await resolveSite(scope, name);
  if (site.status !== "found") return new Set();
  const { db } = scope.context;
  const [pathRows, connectorRows] = await Promise.all([
    db
      .select({ name: paths.name })
      .from(paths)
      .where(and(inScope(scope, paths.organizationId), or(eq(paths.sourceSiteId, site.item.id), eq(paths.destinationSiteId, site.item.id)))),
    db.select({ name: connectors.name }).from(connectors).where(and(inScope(scope, connectors.organizationId), eq(connectors.siteId, site.item.id))),
  ]);
  return new Set([...pathRows, ...connectorRows].map((row) => fold(row.name)));
}

/** The ids and names of the objects a name stands for: a site, connector or node named whole, else a path, else any found. */
async function objectsNamed(scope: ChatScope, name: string): Promise<Map<string, string>> {
  const named = new Map<string, string>();
  const [{ matches }, ...resolutions] = await Promise.all([findPaths(scope, name), resolveSite(scope, name), resolveConnector(scope, name), resolveNode(scope, name)]);
  const found = resolutions.flatMap((resolution) => (resolution.status === "found" ? [resolution.item] : []));
  // A site, connector or node named whole is that object, not the one path whose end it is ("Lyon Branch").
  const whole = found.filter((item) => fold(item.name) === fold(name));
  if (whole.length === 0 && matches.length === 1) named.set(matches[0].id, matches[0].name);
  else for (const item of whole.length > 0 ? whole : found) named.set(item.id, item.name);
  return named;
}

type ListedEvent = Awaited<ReturnType<typeof listEvents>>["items"][number];

/** The organization's events in a range, newest first, through the events service's time filter a page at a time. */
async function eventsIn(scope: ChatScope, range: Range): Promise<ListedEvent[]> {
  const found: ListedEvent[] = [];
  let cursor: string | undefined;
  do {
    // The service's end is inclusive; a range's is not (midnight starts the next day).
    const page = await listEvents(scope.context, {
      organizationId: scope.organizationFilter,
      startTime: range.from ?? undefined,
      endTime: new Date(range.to.getTime() - 1),
      limit: MAX_PAGE_SIZE,
      cursor,
    });
    found.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor && found.length < RANGE_SCAN);
  return found;
}

export async function recentEvents(environment: ToolEnvironment, input: RecentEventsInput, now = Date.now()): Promise<RecentEventsOutput> {
  const scope = await environment.scope();
  const limit = input.limit ?? ASSISTANT_EVENTS_DEFAULT;
  const about = input.about?.trim() || null;
  const range = rangeOf(input, now);
  const links = consoleLink(scope, environment.t("assistant.links.events"), "events");
  // With a range, how many events it holds (the answer says it); without, the latest `limit` are all there is to say.
  const counted = (count: number | null) => ({ range: rangeOutput(range), total: range ? count : null, atLeast: range !== null && count !== null && count >= RANGE_SCAN });
  if (about) {
    const named = await objectsNamed(scope, about);
    if (named.size === 0) return { about, aboutNotVisible: true, ...counted(null), events: [], links };
    const changes = await entityChanges(scope, [...named.keys()], { since: range?.from ?? undefined, until: range?.to, limit: range ? RANGE_SCAN : limit });
    return {
      about,
      aboutNotVisible: false,
      ...counted(changes.length),
      events: changes.slice(0, limit).map((change) => ({
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
  const all = range ? await eventsIn(scope, range) : (await listEvents(scope.context, { organizationId: scope.organizationFilter, limit })).items;
  const shown = all.slice(0, limit);
  const names = await entityNames(scope, shown);
  return {
    about: null,
    aboutNotVisible: false,
    ...counted(all.length),
    events: shown.map((event) => ({
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
