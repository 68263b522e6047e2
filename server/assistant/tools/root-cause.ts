import "server-only";
import type { AssistantLink, ExplainPathSlaOutput } from "@/lib/assistant/tools";
import { localizedAlarm } from "@/lib/alarms/message";
import { connectorHealth, DEGRADED_PATH_SLA_STATES, type PathSla } from "@/lib/health";
import type { Path } from "@/lib/paths/schema";
import { listAlarmsAbout } from "@/server/alarms/service";
import { otherDegradedPathsOver } from "@/server/paths/service";
import { pathTopology } from "@/server/paths/topology";
import { changedFields, entityChanges } from "../queries";
import { consoleLink, type ChatScope } from "../scope";
import { fieldLabel } from "../summaries";
import type { ToolEnvironment } from "./shared";

// Root cause of a degraded path (issue 16, scope 3): the breached metrics (explainPathSla) correlated with the route
// the path takes (the nodes, connectors and links it crosses and their health), the open alarms on the path or its
// route (by what each is about: the path, its links, its nodes' devices and ports), and the configuration changes on
// its ends or route in the day before — and which of them is the likely cause.

const CHANGE_WINDOW_MS = 24 * 3600_000;
const CHANGES_SHOWN = 5;
const ALARMS_SHOWN = 5;

type Cause = NonNullable<Extract<ExplainPathSlaOutput, { status: "found" }>["rootCause"]>;

export async function pathRootCause(
  environment: ToolEnvironment,
  scope: ChatScope,
  path: Path,
  now: number,
  options: { route: boolean },
): Promise<{ cause: Cause; links: AssistantLink[] }> {
  const { t } = environment;
  const { db, principal } = scope.context;
  const [topology, othersDegraded] = await Promise.all([
    options.route ? pathTopology(scope.context, path.id, now).catch(() => null) : null,
    options.route ? otherDegradedPathsOver(db, principal, [path.sourceConnectorId, path.destinationConnectorId], path.id) : new Map<string, number>(),
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
  const view = { acknowledged: "false", state: "active", organizationId: scope.organizationFilter } as const;
  const nodes = elements.filter((element) => element.type === "edge" || element.type === "cpe" || element.type === "core");
  const routeLinks = route.filter((element) => element.type === "link");
  const none = { items: [], total: 0 };
  // The open alarms on the route (its links, its nodes' devices and ports) and on the path itself, each read over all
  // the open alarms: on a large network the ones that matter are rarely among the latest.
  const [routeAlarmPage, pathAlarmPage, changes] = await Promise.all([
    options.route ? listAlarmsAbout(scope.context, view, { subjects: routeLinks.map((link) => `link:${link.id}`), nodeIds: nodes.map((node) => node.objectId) }, ALARMS_SHOWN) : none,
    options.route ? listAlarmsAbout(scope.context, view, { subjects: [`path:${path.id}`], nodeIds: [] }, ALARMS_SHOWN) : none,
    entityChanges(
      scope,
      [path.id, path.sourceSiteId, path.destinationSiteId, path.sourceConnectorId, path.destinationConnectorId, ...route.map((element) => element.id)],
      { since: new Date(now - CHANGE_WINDOW_MS), limit: CHANGES_SHOWN },
    ),
  ]);
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
  const likely: Cause["likely"] = !options.route ? "none" : unhealthy.length > 0 ? "route" : routeAlarmPage.total > 0 ? "alarm" : changes.length > 0 ? "change" : "path";
  const topologyPage = scope.organization.organizationType === "msp" ? `paths/${encodeURIComponent(path.id)}/pathTopology` : null;
  return {
    cause: {
      route: route.map(({ name, type, state, healthy }) => ({ name, type, state, healthy })),
      alarms: alarms.map((alarm) => ({ severity: alarm.severity, message: alarm.message, source: alarm.source })),
      alarmsTotal,
      echoes: echoes.map((element) => element.name),
      changes: changes.map((change) => ({
        timestamp: change.timestamp,
        entityType: change.entityType,
        entityName: names.get(change.entityId) ?? change.entityType,
        actor: change.actor,
        fields: changedFields(change.before, change.after).map((field) => `${fieldLabel(t, field.field)}: ${field.before} → ${field.after}`),
      })),
      likely,
    },
    links: [
      ...consoleLink(scope, t("assistant.links.route"), topologyPage),
      ...(alarmsTotal > 0 ? consoleLink(scope, t("assistant.links.alarms"), "alarms") : []),
      ...(changes.length > 0 ? consoleLink(scope, t("assistant.links.events"), "events") : []),
    ],
  };
}
