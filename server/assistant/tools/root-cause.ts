import "server-only";
import { inArray, sql } from "drizzle-orm";
import type { AssistantLink, ExplainPathSlaOutput } from "@/lib/assistant/tools";
import { localizedAlarm } from "@/lib/alarms/message";
import { connectorHealth, DEGRADED_PATH_SLA_STATES, type PathSla } from "@/lib/health";
import type { Path } from "@/lib/paths/schema";
import { listAlarmsAbout } from "@/server/alarms/service";
import { queryRows } from "@/server/db/client";
import { sites } from "@/server/db/schema";
import { otherDegradedPathsOver } from "@/server/paths/service";
import { pathTopology } from "@/server/paths/topology";
import { TELEMETRY } from "@/server/telemetry/config";
import { changedFields, entityChanges, type EntityChange } from "../queries";
import { consoleLink, type ChatScope } from "../scope";
import { fieldLabel } from "../summaries";
import { breachOnset, judgeChanges, SUSPECT_WINDOW_MS, type BreachOnset, type SlaWindow } from "./root-cause-rules";
import type { ToolEnvironment } from "./shared";

// Root cause of a degraded path (issue 16, scope 3): the breached metrics (explainPathSla) correlated with the route
// the path takes (the nodes, connectors and links it crosses and their health), the open alarms on the path or its
// route (by what each is about: the path, its links, its nodes' devices and ports), and the configuration changes on
// its ends or route in the day before — and which of them is the likely cause. Issue 40 (scope 7): the breach's onset
// read from the path's samples, and a change is blamed only by the rules of root-cause-rules.ts; an inactive end
// (its site inactive, its connector's last mile down) comes first.

const CHANGES_SHOWN = 5;
const ALARMS_SHOWN = 5;
/** Enough changes of the path's objects over a day and more to see which were undone since. */
const CHANGES_JUDGED = 200;
/** How far back the samples are read for the breach's onset (the raw samples are kept longer). */
const ONSET_LOOKBACK_MS = 24 * 3600_000;

/** The path's figures per SLA window over the lookback, oldest first. */
async function slaWindows(scope: ChatScope, pathId: string, from: number, now: number): Promise<SlaWindow[]> {
  const step = sql.raw(`interval '${TELEMETRY.slaWindowMs / 1000} seconds'`);
  const rows = await queryRows<{ start: number; samples: number; latency: number | null; jitter: number | null; loss: number | null }>(
    scope.context.db,
    sql`select (extract(epoch from date_bin(${step}, "time", timestamptz '1970-01-01 00:00:00+00')) * 1000)::float8 as start,
               count(*)::int as samples, avg(latency_ms)::float8 as latency, avg(jitter_ms)::float8 as jitter, avg(loss_percent)::float8 as loss
        from telemetry_path_samples
        where path_id = ${pathId} and "time" > ${new Date(from).toISOString()}::timestamptz and "time" <= ${new Date(now).toISOString()}::timestamptz
        group by 1 order by 1`,
  );
  return rows.map((row) => ({ start: row.start, samples: row.samples, latencyMs: row.latency, jitterMs: row.jitter, lossPercent: row.loss }));
}

type Cause = NonNullable<Extract<ExplainPathSlaOutput, { status: "found" }>["rootCause"]>;

/** The path's ends that carry no traffic: an inactive site, a connector whose last mile is down. */
async function inactiveEnds(scope: ChatScope, path: Path, connectorsDown: ReadonlySet<string>, connectorNames: ReadonlyMap<string, string>): Promise<Cause["inactiveEnds"]> {
  const ends = await scope.context.db
    .select({ id: sites.id, name: sites.name, active: sites.active })
    .from(sites)
    .where(inArray(sites.id, [path.sourceSiteId, path.destinationSiteId]));
  return [
    ...[path.sourceSiteId, path.destinationSiteId].flatMap((id) =>
      ends.filter((site) => site.id === id && !site.active).map((site) => ({ name: site.name, type: "site" as const, state: "inactive" })),
    ),
    ...[path.sourceConnectorId, path.destinationConnectorId]
      .filter((id) => connectorsDown.has(id))
      .map((id) => ({ name: connectorNames.get(id) ?? id, type: "connector" as const, state: "down" })),
  ].filter((end, index, all) => all.findIndex((other) => other.name === end.name) === index);
}

export async function pathRootCause(
  environment: ToolEnvironment,
  scope: ChatScope,
  path: Path,
  now: number,
  options: { route: boolean },
): Promise<{ cause: Cause; links: AssistantLink[] }> {
  const { t } = environment;
  const { db, principal } = scope.context;
  const view = { acknowledged: "false", state: "active", organizationId: scope.organizationFilter } as const;
  const none = { items: [], total: 0 };
  const historyFrom = now - ONSET_LOOKBACK_MS;
  const [topology, othersDegraded, windows, pathAlarmPage] = await Promise.all([
    options.route ? pathTopology(scope.context, path.id, now).catch(() => null) : null,
    options.route ? otherDegradedPathsOver(db, principal, [path.sourceConnectorId, path.destinationConnectorId], path.id) : new Map<string, number>(),
    options.route ? slaWindows(scope, path.id, historyFrom, now) : [],
    options.route ? listAlarmsAbout(scope.context, view, { subjects: [`path:${path.id}`], nodeIds: [] }, ALARMS_SHOWN) : none,
  ]);
  const elements = (topology?.elements ?? []).filter((element) => element.type !== "site");
  // A connector's state is the worst SLA of the paths over it, this one's included: it points at the connector only
  // when its last mile is down or another path over it is degraded too; otherwise it echoes this path's own SLA.
  const accessDown = new Set(
    (topology?.connections ?? []).filter((connection) => connection.type === "access" && connection.status === "down").map((connection) => connection.id.replace(/^access:/, "")),
  );
  // The state a degraded path's SLA alone gives its connectors (lib/health's connector health, last mile up).
  const degraded = (DEGRADED_PATH_SLA_STATES as readonly PathSla[]).includes(path.slaHealth);
  const ownState = degraded ? connectorHealth("up", path.slaHealth) : null;
  const echoes = elements.filter(
    (element) =>
      element.type === "connector" &&
      element.state === ownState &&
      !accessDown.has(element.objectId) &&
      !othersDegraded.get(element.objectId),
  );
  let hop = 0;
  const route = [
    ...elements.map((element) => ({
      id: element.objectId,
      name: element.name,
      type: element.type,
      state: element.state,
      healthy: element.tone === "healthy" || element.tone === "unknown" || echoes.includes(element),
    })),
    ...(topology?.connections ?? [])
      .filter((connection) => connection.type === "link")
      .map((connection) => ({
        id: connection.linkId ?? connection.id,
        name: connection.name ?? t("assistant.rootCause.hop", { hop: ++hop }),
        type: "link",
        state: connection.state,
        healthy: connection.tone === "healthy" || connection.tone === "unknown",
      })),
  ];
  const nodes = elements.filter((element) => element.type === "edge" || element.type === "cpe" || element.type === "core");
  const routeLinks = route.filter((element) => element.type === "link");
  // When the breach began: from the samples, else from the path's own SLA alarm; the changes are judged against it.
  const slaAlarm = pathAlarmPage.items.find((alarm) => alarm.type === "sla-bad");
  const onset: BreachOnset | null =
    breachOnset(windows, historyFrom, TELEMETRY.slaWindowMs) ?? (slaAlarm ? { at: Date.parse(slaAlarm.raisedAt), atLeast: false } : null);
  const reference = onset?.at ?? now;
  const radius = [path.id, path.sourceSiteId, path.destinationSiteId, path.sourceConnectorId, path.destinationConnectorId, ...route.map((element) => element.id)];
  // The open alarms on the route (its links, its nodes' devices and ports) and on the path itself, each read over all
  // the open alarms: on a large network the ones that matter are rarely among the latest.
  const [routeAlarmPage, recent, ends] = await Promise.all([
    options.route ? listAlarmsAbout(scope.context, view, { subjects: routeLinks.map((link) => `link:${link.id}`), nodeIds: nodes.map((node) => node.objectId) }, ALARMS_SHOWN) : none,
    entityChanges(scope, radius, { since: new Date(reference - SUSPECT_WINDOW_MS), limit: options.route ? CHANGES_JUDGED : CHANGES_SHOWN }),
    inactiveEnds(scope, path, accessDown, new Map(route.map((element) => [element.id, element.name]))),
  ]);
  // A healthy path's recent changes are only listed; a degraded one's are judged, and only the suspects shown.
  const judged = options.route ? judgeChanges(recent, new Set(radius), reference) : null;
  const changes: EntityChange[] = judged ? judged.filter((entry) => entry.verdict === "suspect").map((entry) => entry.change) : recent;
  const ruledOut = (verdict: "after" | "cosmetic" | "reverted") => judged?.filter((entry) => entry.verdict === verdict).length ?? 0;
  // The route's alarms first: they explain; the path's own (its SLA breach) is the symptom.
  const alarms = [...routeAlarmPage.items, ...pathAlarmPage.items].slice(0, ALARMS_SHOWN).map((alarm) => localizedAlarm(t, alarm));
  const alarmsTotal = routeAlarmPage.total + pathAlarmPage.total;
  const names = new Map<string, string>([
    [path.id, path.name],
    [path.sourceSiteId, path.sourceSiteName],
    [path.destinationSiteId, path.destinationSiteName],
    ...route.map((element): [string, string] => [element.id, element.name]),
  ]);
  const unhealthy = route.filter((element) => !element.healthy);
  const likely: Cause["likely"] = !options.route
    ? "none"
    : ends.length > 0
    ? "end"
    : unhealthy.length > 0
    ? "route"
    : routeAlarmPage.total > 0
    ? "alarm"
    : changes.length > 0
    ? "change"
    : "path";
  const described = (change: EntityChange) => ({
    timestamp: change.timestamp,
    entityType: change.entityType,
    entityName: names.get(change.entityId) ?? change.entityType,
    actor: change.actor,
    fields: changedFields(change.before, change.after).map((field) => `${fieldLabel(t, field.field)}: ${field.before} → ${field.after}`),
  });
  const topologyPage = scope.organization.organizationType === "msp" ? `paths/${encodeURIComponent(path.id)}/pathTopology` : null;
  return {
    cause: {
      route: route.map(({ name, type, state, healthy }) => ({ name, type, state, healthy })),
      alarms: alarms.map((alarm) => ({ severity: alarm.severity, message: alarm.message, source: alarm.source })),
      alarmsTotal,
      echoes: echoes.map((element) => element.name),
      onset: onset ? { at: new Date(onset.at).toISOString(), atLeast: onset.atLeast } : null,
      inactiveEnds: ends,
      changes: changes.slice(0, CHANGES_SHOWN).map(described),
      ruledOut: { after: ruledOut("after"), cosmetic: ruledOut("cosmetic"), reverted: ruledOut("reverted") },
      ruledOutChanges: (judged ?? [])
        .filter((entry): entry is typeof entry & { verdict: "after" | "cosmetic" | "reverted" } => ["after", "cosmetic", "reverted"].includes(entry.verdict))
        .slice(0, CHANGES_SHOWN)
        .map((entry) => ({ ...described(entry.change), verdict: entry.verdict })),
      likely,
    },
    links: [
      ...consoleLink(scope, t("assistant.links.route"), topologyPage),
      ...(alarmsTotal > 0 ? consoleLink(scope, t("assistant.links.alarms"), "alarms") : []),
      ...(changes.length > 0 ? consoleLink(scope, t("assistant.links.events"), "events") : []),
    ],
  };
}
